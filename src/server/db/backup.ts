import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pgliteExtensions.js";
import { lockDataDir } from "./dataDirLock.js";

/**
 * Backup and restore of the embedded database (PGlite): a gzipped tarball of its data folder,
 * made through PGlite itself so the copy is consistent. The folder's lock makes sure the server
 * is not running meanwhile. (PostgreSQL: pg_dump and pg_restore, docs/operations.md.)
 */

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir)) throw new Error(`no embedded database in ${dataDir}`);
  const unlock = lockDataDir(dataDir);
  try {
    const db = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    unlock();
  }
}

/** Restores into an empty (or missing) folder only: a restore never overwrites live data. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`);
  const dump = new Blob([readFileSync(file)]);
  const db = await PGlite.create(dataDir, { extensions: pgliteExtensions, loadDataDir: dump });
  await db.close();
}

// npm run db:backup -- <file> | npm run db:restore -- <file> <new DATA_DIR>
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [command, file, target] = process.argv.slice(2);
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data", "pglite");
  const run =
    command === "backup" && file
      ? backupPglite(dataDir, file).then(() => console.log(`Backed up ${dataDir} to ${file}`))
      : command === "restore" && file && target
        ? restorePglite(file, path.resolve(target, "pglite")).then(() =>
            console.log(`Restored ${file} into ${target}; start the server with DATA_DIR=${target}`),
          )
        : Promise.reject(new Error("usage: backup <file> | restore <file> <new data folder>"));
  run.catch((error: Error) => {
    console.error(`Backup/restore failed: ${error.message}`);
    process.exit(1);
  });
}
