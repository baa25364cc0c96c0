import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The lock sits beside the folder, not in it: the folder is PGlite's own (and goes into backups). */
export const lockFileOf = (dataDir: string) =>
  path.join(path.dirname(path.resolve(dataDir)), `${path.basename(path.resolve(dataDir))}.lock`);

/** Whether a process with this pid runs (signal 0 only checks; EPERM means it exists). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the embedded database folder for this process: a lock file created exclusively, holding
 * our pid. A lock whose process no longer runs (kill -9, a crash, a reboot) is stale and taken
 * over; a live one refuses with a message naming its pid. Returns the release function, which
 * also runs if the process exits without closing the database.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner))
        throw new Error(
          `the folder is in use by another server process (pid ${owner}). Stop that process first; ` +
            `to run several servers on one database, set DATABASE_URL to a PostgreSQL server.`,
        );
      rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    // Only our own lock: never a file another process wrote after a stale takeover.
    try {
      if (Number.parseInt(readFileSync(file, "utf8"), 10) === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.on("exit", release);
  return release;
}
