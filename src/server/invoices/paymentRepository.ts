import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { payments, refunds } from "../db/schema.js";
import type { PaymentRow } from "../payments/repository.js";

/**
 * The queries of an invoice's payments by the invoice (payments.invoice_id): the attempts a new
 * one replaces, and the one an admin's credit pays back (decision 037). A single payment's own
 * changes are payments/repository.ts's. Takes the database or the caller's transaction.
 */

export function invoicePaymentRepository(db: DbOrTx) {
  return {
    /** The pending payments of these invoices are cancelled; their ids. */
    async cancelPendingOf(invoiceIds: string[]): Promise<string[]> {
      const cancelled = await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(inArray(payments.invoiceId, invoiceIds), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      return cancelled.map((p) => p.id);
    },

    /**
     * The payment that paid the invoice, locked: the first paid one with no refund (a later
     * duplicate already has its own refund, invoice_not_needed).
     */
    async lockPaidUnrefunded(invoiceId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.invoiceId, invoiceId),
            eq(payments.status, "paid"),
            sql`not exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id})`,
          ),
        )
        .orderBy(asc(payments.paidAt))
        .limit(1)
        .for("update");
      return row;
    },
  };
}
