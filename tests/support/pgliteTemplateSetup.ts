import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/**
 * Vitest globalSetup: one empty PGlite database migrated through every migration, dumped to a
 * file that test processes inherit through KP_TEST_PGLITE_TEMPLATE (tests/support/database.ts
 * starts each test's in-memory database from it). Creating and migrating PGlite takes seconds;
 * done once here instead of for every test.
 */
let dir: string | null = null;

export async function setup() {
  if (process.env.KP_TEST_PGLITE_TEMPLATE) return;
  const client = await PGlite.create(undefined, { extensions: { btree_gist } });
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

export async function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
