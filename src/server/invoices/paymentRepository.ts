import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { payments } from "../db/schema.js";

/**
 * The queries of an invoice's payments by the invoice (payments.invoice_id): the attempts a new
 * one replaces (decision 037; what an admin's credit pays back is the invoice's ledger's, 038). A single payment's own
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
  };
}
