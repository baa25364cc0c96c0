import { and, eq, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { idempotencyKeys } from "../schema/index.js";

/**
 * The queries of the Idempotency-Key plugin (idempotency.ts, decision 037): the only place that
 * reads or writes idempotency_keys. The table belongs to the plugin, not to an aggregate: a key's
 * scope is the request (method, path, customer), whatever the route does.
 */

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
type Key = { scope: string; key: string };

export function idempotencyRepository(db: DbOrTx) {
  const where = ({ scope, key }: Key) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  return {
    /** Claims the key for a first request (one INSERT, the primary key decides); false if taken. */
    async claim(claim: Key & { requestHash: string; createdAt: Date }): Promise<boolean> {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values(claim)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return claimed !== undefined;
    },

    async byKey(key: Key): Promise<IdempotencyKeyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(where(key));
      return row;
    },

    /** Drops a claim left without an answer since before `claimedBefore` (its server died). */
    async dropAbandoned(key: Key, claimedBefore: Date): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(
          and(where(key), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, claimedBefore)),
        );
    },

    /** Drops a claim, so a retry runs again. */
    async drop(key: Key): Promise<void> {
      await db.delete(idempotencyKeys).where(where(key));
    },

    /** Stores the first request's answer, for its repeats. */
    async storeAnswer(key: Key, answer: { statusCode: number; responseBody: string; completedAt: Date }) {
      await db.update(idempotencyKeys).set(answer).where(where(key));
    },
  };
}
