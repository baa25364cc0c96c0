import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { lockFileOf } from "../../src/server/db/dataDirLock.js";
import { openDatabase } from "../../src/server/db/database.js";

describe("one process per embedded database folder", () => {
  let parent: string;
  let dir: string;
  beforeEach(() => {
    parent = mkdtempSync(path.join(tmpdir(), "kp-lock-"));
    dir = path.join(parent, "pglite");
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it("refuses a second opener while the first holds the folder, and frees it on close", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    expect(readFileSync(lockFileOf(dir), "utf8").trim()).toBe(String(process.pid));
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(
      `in use by another server process (pid ${process.pid})`,
    );
    await first.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    await again.close();
  });

  it("refuses while another live process owns the lock", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(lockFileOf(dir), `${other.pid}\n`);
      await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a stale lock whose process is gone (kill -9)", async () => {
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    writeFileSync(lockFileOf(dir), `${gone.pid}\n`);
    const db = await openDatabase({ kind: "pglite", dataDir: dir });
    expect(readFileSync(lockFileOf(dir), "utf8").trim()).toBe(String(process.pid));
    await db.close();
  });
});
