import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Db, DatabaseKind } from "../../src/server/db/database.js";
import { pgliteExtensions } from "../../src/server/db/pgliteExtensions.js";
import * as schema from "../../src/server/schema/index.js";

/**
 * A database as it was before a migration: migrated up to and including `lastIdx` of the journal
 * (a copy of the migrations folder whose journal ends there), then `migrateRest()` runs the real
 * folder on it, which applies only the later migrations, as a deployment would. PGlite in memory,
 * or a new PostgreSQL database on DATABASE_URL's server, dropped on close.
 */

const migrationsFolder = fileURLToPath(new URL("../../src/server/db/migrations", import.meta.url));

export type DatabaseBefore = { db: Db; migrateRest(): Promise<void>; close(): Promise<void> };

function foldersUpTo(lastIdx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kp-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return dir;
}

export async function openDatabaseBefore(kind: DatabaseKind, lastIdx: number): Promise<DatabaseBefore> {
  const earlier = foldersUpTo(lastIdx);
  try {
    if (kind === "pglite") {
      const client = await PGlite.create(undefined, { extensions: pgliteExtensions });
      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder: earlier });
      return {
        db,
        migrateRest: () => migratePglite(db, { migrationsFolder }),
        close: () => client.close(),
      };
    }
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error("DATABASE_URL is not set");
    const name = `kp_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder: earlier });
    return {
      db,
      migrateRest: () => migratePg(db, { migrationsFolder }),
      async close() {
        await pool.end();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      },
    };
  } finally {
    rmSync(earlier, { recursive: true, force: true });
  }
}
