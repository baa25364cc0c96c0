import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase, type Database, type DatabaseKind } from "../../src/server/db/database.js";

/** Server tests run on in-memory PGlite always, and on PostgreSQL too when DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The run's migrated empty PGlite database (tests/support/testDatabaseTemplates.ts), read once per file. */
let template: Promise<Blob> | null = null;
const templateFile = process.env.KP_TEST_PGLITE_TEMPLATE;

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") {
    // Starting from the migrated copy skips PGlite's initdb and the migrations (seconds each time);
    // the migrations still run, finding nothing left to apply.
    if (!templateFile) return openDatabase({ kind: "pglite" });
    template ??= readFile(templateFile).then((bytes) => new Blob([bytes]));
    return openDatabase({ kind: "pglite", loadDataDir: await template });
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `kp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // From the run's migrated copy when there is one (tests/support/testDatabaseTemplates.ts).
  const pgTemplate = process.env.KP_TEST_PG_TEMPLATE;
  await admin.query(`CREATE DATABASE "${name}"${pgTemplate ? ` TEMPLATE "${pgTemplate}"` : ""}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before every backend has gone; forcing them out while a client is still
      // closing makes pg emit an unhandled 57P01 error, so wait (briefly) for them to leave first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
