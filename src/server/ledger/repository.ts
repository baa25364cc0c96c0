import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { LedgerEntry, LedgerStatus } from "../../domain/ledger.js";
import type { DbOrTx } from "../db/index.js";
import { ledgerEntries, refunds } from "../schema/index.js";

/**
 * The ledger's queries (decision 038): the only place that writes ledger_entries. A refund's entry
 * reads its status from its refunds row, so the two never disagree.
 */

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type LedgerOwner = { reservationId: string } | { invoiceId: string };

const statusOf = (refundStatus: string | null): LedgerStatus =>
  refundStatus === "pending" ? "pending" : refundStatus === "failed" ? "failed" : "done";

const columns = {
  entry: ledgerEntries,
  refundStatus: refunds.status,
};

function toEntry(r: { entry: LedgerRow; refundStatus: string | null }): LedgerEntry & { id: number } {
  const e = r.entry;
  return {
    id: e.id,
    kind: e.kind,
    amountCents: e.amountCents,
    vatCents: e.vatCents,
    vatRateBasisPoints: e.vatRateBasisPoints,
    paymentId: e.paymentId,
    refundId: e.refundId,
    method: e.method,
    provider: e.provider,
    status: statusOf(r.refundStatus),
    reason: e.reason,
    actor: e.actor,
    note: e.note,
    createdAt: e.createdAt,
  };
}

export type OwnedEntry = LedgerEntry & { id: number; reservationId: string | null; invoiceId: string | null };

export function ledgerRepository(db: DbOrTx) {
  const read = () =>
    db.select(columns).from(ledgerEntries).leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId));
  return {
    async insert(values: NewLedgerEntry[]): Promise<void> {
      if (values.length > 0) await db.insert(ledgerEntries).values(values);
    },

    /** Written once per payment and kind: false when it was there already. */
    async insertOnce(values: NewLedgerEntry): Promise<boolean> {
      const written = await db
        .insert(ledgerEntries)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: ledgerEntries.id });
      return written.length > 0;
    },

    /** A booking's or an invoice's entries, in the order they were written. */
    async of(owner: LedgerOwner): Promise<Array<LedgerEntry & { id: number }>> {
      const rows = await read()
        .where(
          "reservationId" in owner
            ? eq(ledgerEntries.reservationId, owner.reservationId)
            : eq(ledgerEntries.invoiceId, owner.invoiceId),
        )
        .orderBy(asc(ledgerEntries.id));
      return rows.map(toEntry);
    },

    /** The entries of many bookings and invoices at once (a list's page), with their owners. */
    async ofMany(owners: { reservationIds: string[]; invoiceIds: string[] }): Promise<OwnedEntry[]> {
      const { reservationIds, invoiceIds } = owners;
      if (reservationIds.length === 0 && invoiceIds.length === 0) return [];
      const conditions = [
        reservationIds.length ? inArray(ledgerEntries.reservationId, reservationIds) : undefined,
        invoiceIds.length ? inArray(ledgerEntries.invoiceId, invoiceIds) : undefined,
      ].filter((c) => c !== undefined);
      const rows = await read()
        .where(conditions.length === 1 ? conditions[0] : sql`(${conditions[0]} or ${conditions[1]})`)
        .orderBy(asc(ledgerEntries.id));
      return rows.map((r) => ({
        ...toEntry(r),
        reservationId: r.entry.reservationId,
        invoiceId: r.entry.invoiceId,
      }));
    },

    /**
     * The entries of these payments (their money in and back, by ledger_entries_payment), for a
     * list of payments: Ostokset's page and its CSV.
     */
    async ofPayments(paymentIds: string[]): Promise<Array<LedgerEntry & { id: number }>> {
      if (paymentIds.length === 0) return [];
      const rows = await read()
        .where(inArray(ledgerEntries.paymentId, paymentIds))
        .orderBy(asc(ledgerEntries.id));
      return rows.map(toEntry);
    },

    /**
     * Locks the owner's row (the booking or the invoice), as every deciding transaction takes it
     * before its payments: writing an entry checks its owner's key, so a decision that locked the
     * payment first would wait on a cancel holding the owner while the cancel waited on the payment.
     */
    async lockOwner(owner: LedgerOwner): Promise<void> {
      if ("reservationId" in owner)
        await db.execute(sql`select 1 from reservations where id = ${owner.reservationId} for update`);
      else await db.execute(sql`select 1 from invoices where id = ${owner.invoiceId} for update`);
    },

    /** Who owns a paid payment's money (its entry's owner), if it was paid. */
    async ownerOfPayment(paymentId: string): Promise<LedgerOwner | null> {
      const [row] = await db
        .select({ reservationId: ledgerEntries.reservationId, invoiceId: ledgerEntries.invoiceId })
        .from(ledgerEntries)
        .where(
          and(eq(ledgerEntries.paymentId, paymentId), inArray(ledgerEntries.kind, ["payment", "gift_card"])),
        )
        .limit(1);
      if (!row) return null;
      return row.invoiceId ? { invoiceId: row.invoiceId } : { reservationId: row.reservationId! };
    },
  };
}
