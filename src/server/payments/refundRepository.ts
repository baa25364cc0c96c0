import { and, asc, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { refunds } from "../schema/index.js";

/**
 * The refunds' queries (decision 037): the only place that reads or writes the refunds table. The
 * payment's own row (its lock, its refunded cents) is in repository.ts. Takes the database or the
 * caller's transaction; refunds.ts decides where a transaction begins.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

export function refundRepository(db: DbOrTx) {
  return {
    /**
     * A pending refund row; its id, or null when the payment (or the move) already has its refund
     * (the unique indexes decide).
     */
    async insertOnce(values: NewRefund): Promise<string | null> {
      const [row] = await db
        .insert(refunds)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: refunds.id });
      return row?.id ?? null;
    },

    /**
     * Claims a pending refund whose time has come by pushing its next attempt to `until`, in one
     * conditional UPDATE: the claimed row, or undefined when another worker holds it or it is done.
     */
    async claim(id: string, now: Date, until: Date): Promise<RefundRow | undefined> {
      const [claimed] = await db
        .update(refunds)
        .set({ nextAttemptAt: until })
        .where(and(eq(refunds.id, id), eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, now)))
        .returning();
      return claimed;
    },

    async statusOf(id: string): Promise<RefundRow["status"] | undefined> {
      const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, id));
      return row?.status;
    },

    async byId(id: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row;
    },

    /** A failed attempt, recorded only on a row still pending. */
    async recordAttemptFailed(
      id: string,
      values: Pick<RefundRow, "attempts" | "lastError" | "status" | "nextAttemptAt">,
    ): Promise<void> {
      await db
        .update(refunds)
        .set(values)
        .where(and(eq(refunds.id, id), eq(refunds.status, "pending")));
    },

    /** The provider reported the refund failed: left `failed` for an admin, whatever it was. */
    async markFailed(id: string, lastError: string, providerRef: string): Promise<void> {
      await db.update(refunds).set({ status: "failed", lastError, providerRef }).where(eq(refunds.id, id));
    },

    /** The refund succeeded; only a pending row changes. True when this call changed it. */
    async markSucceeded(
      id: string,
      values: { attempts: number; providerRef: string | null; completedAt: Date },
    ): Promise<boolean> {
      const done = await db
        .update(refunds)
        .set({ status: "succeeded", lastError: null, ...values })
        .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
        .returning({ id: refunds.id });
      return done.length > 0;
    },

    /** Pending refunds whose next attempt is due, the longest waiting first. */
    async dueIds(now: Date, limit: number): Promise<string[]> {
      const due = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, now)))
        .orderBy(asc(refunds.nextAttemptAt))
        .limit(limit);
      return due.map((r) => r.id);
    },
  };
}
