import { mkdirSync } from "node:fs";
import { lockDataDir } from "./dataDirLock.js";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pgliteExtensions.js";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../schema/index.js";

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
  /**
   * Follows the change notices of the tables availability depends on (migration 0010, channel
   * availability_changed), from this process and every other one on the same database. A write
   * made through `db` is told before its commit resolves; another server's soon after its commit.
   * `live(false)` says notices may be missed (the listening connection was lost): whoever caches
   * must stop trusting the cache until `live(true)`. Returns a function that stops following.
   */
  watchChanges(watcher: ChangeWatcher): () => void;
};

export const CHANGES_CHANNEL = "availability_changed";
export type ChangeWatcher = { notice(payload: string): void; live(live: boolean): void };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenDatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      /** Told when PostgreSQL drops a connection (restart, failover, idle timeout); defaults to stderr. */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * dataDir undefined keeps the database in memory (tests). loadDataDir starts it from a copy of
   * a database folder (PGlite's dumpDataDir), migrated further as any other.
   */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/** Opens the database and applies every pending migration before anyone can use it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 10_000,
      // Every pooled connection LISTENs before the pool hands it out (see postgresChanges).
      onConnect: async (client: pg.ClientBase) => void (await client.query(`LISTEN ${CHANGES_CHANNEL}`)),
    });
    // Without listeners a dropped connection is an unhandled 'error' event that ends the process.
    // Every client reports on itself, idle or checked out (between a transaction's queries); the
    // pool repeats an idle client's error, already reported. pg discards the broken client and the
    // next query opens a new one.
    const onConnectionError =
      options.onConnectionError ??
      ((error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const changes = postgresChanges(options.url, pool, onConnectionError);
    pool.on("connect", (client) => {
      client.on("error", onConnectionError);
      changes.ownConnection(client);
    });
    pool.on("error", () => {});
    try {
      const db = drizzlePg({ client: pool, schema });
      await migratePg(db, { migrationsFolder });
      return {
        db,
        kind: "postgres",
        watchChanges: changes.watch,
        close: async () => {
          changes.close();
          await pool.end();
        },
      };
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
    client = await PGlite.create(options.dataDir, {
      extensions: pgliteExtensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db,
      kind: "pglite",
      // One process owns the database: its notices arrive before the writing query resolves.
      watchChanges(watcher) {
        const stop = opened.listen(CHANGES_CHANNEL, (payload) => watcher.notice(payload));
        watcher.live(true);
        return () => void stop.then((unlisten) => unlisten()).catch(() => {});
      },
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

/**
 * Change notices on PostgreSQL. Every pooled connection LISTENs too: PostgreSQL hands a session its
 * own notices together with its COMMIT, so this process sees its own writes before they resolve
 * (read-your-writes without waiting). One dedicated connection hears everyone else's; notices of
 * our own pooled sessions (by backend pid) it skips, as they were told already. When it is lost,
 * watchers hear live(false) until a new one LISTENs again (retried every second).
 */
function postgresChanges(url: string, pool: pg.Pool, onConnectionError: (error: Error) => void) {
  const watchers = new Set<ChangeWatcher>();
  const ownPids = new Set<number>();
  let listener: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const tell = (payload: string) => watchers.forEach((w) => w.notice(payload));
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    watchers.forEach((w) => w.live(value));
  };
  const pidOf = (client: pg.Client | pg.PoolClient) =>
    (client as unknown as { processID?: number }).processID;

  async function connect() {
    retry = null;
    if (closed || watchers.size === 0 || listener) return;
    const client = new pg.Client({ connectionString: url, application_name: "koirapuisto-listener" });
    listener = client;
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      setLive(false);
      if (error) onConnectionError(error);
      client.end().catch(() => {});
      if (!closed && watchers.size > 0) retry = setTimeout(() => void connect(), 1000);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL || ownPids.has(message.processId)) return;
      tell(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (listener === client) setLive(true);
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    ownConnection(client: pg.PoolClient) {
      const pid = pidOf(client);
      if (pid !== undefined) ownPids.add(pid);
      client.on("end", () => pid !== undefined && ownPids.delete(pid));
      client.on("notification", (message) => {
        if (message.channel === CHANGES_CHANNEL && message.processId === pidOf(client))
          tell(message.payload ?? "");
      });
    },
    watch(watcher: ChangeWatcher) {
      watchers.add(watcher);
      watcher.live(live);
      void connect();
      return () => {
        watchers.delete(watcher);
      };
    },
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      setLive(false);
      void client?.end().catch(() => {});
    },
  };
}
