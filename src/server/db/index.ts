import { mkdirSync } from "node:fs";
import { lockDataDir } from "./dataDirLock.js";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** One type for both drivers, so services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenDatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      /** Told when PostgreSQL drops a connection (restart, failover, idle timeout); defaults to stderr. */
      onConnectionError?: (error: Error) => void;
    }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/** Opens the database and applies every pending migration before anyone can use it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 10_000 });
    // Without listeners a dropped connection is an unhandled 'error' event that ends the process.
    // Every client reports on itself, idle or checked out (between a transaction's queries); the
    // pool repeats an idle client's error, already reported. pg discards the broken client and the
    // next query opens a new one.
    const onConnectionError =
      options.onConnectionError ??
      ((error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    pool.on("connect", (client) => client.on("error", onConnectionError));
    pool.on("error", () => {});
    try {
      const db = drizzlePg({ client: pool, schema });
      await migratePg(db, { migrationsFolder });
      return { db, kind: "postgres", close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // PGlite is one process's database: a second process on the same folder would lose writes.
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(options.dataDir, { extensions: { btree_gist } });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db,
      kind: "pglite",
      close: async () => {
        try {
          await opened.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    unlock();
    throw error;
  }
}
