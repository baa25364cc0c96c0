import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "../../src/server/db/pgliteExtensions.js";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openDatabase } from "../../src/server/db/database.js";

/**
 * Vitest globalSetup: the run's empty databases, migrated through every migration once, that
 * tests/support/database.ts copies for each test. Creating PGlite and migrating takes seconds,
 * which every test paid before. Test processes inherit where they are:
 * - KP_TEST_PGLITE_TEMPLATE: a dump of a migrated PGlite database (loaded with loadDataDir);
 * - KP_TEST_PG_TEMPLATE: a migrated PostgreSQL database on DATABASE_URL's server, used as the
 *   TEMPLATE of each test's database and dropped after the run.
 */
let dir: string | null = null;
let pgTemplate: string | null = null;

export async function setup() {
  if (!process.env.KP_TEST_PGLITE_TEMPLATE) {
    const client = await PGlite.create(undefined, { extensions: pgliteExtensions });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: "src/server/db/migrations" });
      const dump = await client.dumpDataDir("none");
      dir = mkdtempSync(path.join(tmpdir(), "kp-pglite-template-"));
      const file = path.join(dir, "migrated.tar");
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      process.env.KP_TEST_PGLITE_TEMPLATE = file;
    } finally {
      await client.close();
    }
  }

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && !process.env.KP_TEST_PG_TEMPLATE) {
    pgTemplate = `kp_template_${randomBytes(6).toString("hex")}`;
    await onServer(serverUrl, `CREATE DATABASE "${pgTemplate}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${pgTemplate}`;
    // Migrated through the app's own path, then closed: a template must have no connections.
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    await database.close();
    process.env.KP_TEST_PG_TEMPLATE = pgTemplate;
  }
}

export async function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (pgTemplate && process.env.DATABASE_URL)
    await onServer(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS "${pgTemplate}" WITH (FORCE)`);
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
