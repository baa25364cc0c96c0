import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { invoices, payments, subscriptions, webhookEvents } from "../schema/index.js";

/**
 * The payments' queries (decision 037): a payment row as every side reads and changes it (a
 * booking's checkout, a move's difference, an invoice's attempt; the fulfilment, the return page,
 * the webhook and the demo page), and the provider's webhook events. The refunds'
 * queries are in refundRepository.ts, the Ostokset list's in purchaseRepository.ts. Takes the
 * database or the caller's transaction; the services decide where a transaction begins.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export function paymentRepository(db: DbOrTx) {
  return {
    async byId(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** The provider's payment by our id or by the provider's own reference to it. */
    async byProvider(
      provider: string,
      ref: { paymentId: string } | { providerRef: string },
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider),
            "paymentId" in ref ? eq(payments.id, ref.paymentId) : eq(payments.providerRef, ref.providerRef),
          ),
        );
      return row;
    },

    /** The payment, locked for the rest of the transaction. */
    async lock(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for("update");
      return row;
    },

    /** A new payment attempt (a booking's, a move's difference, an invoice's). */
    async insert(values: NewPayment): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },

    /** The provider's reference to its checkout, once it has started one. */
    async setProviderRef(id: string, providerRef: string | null): Promise<void> {
      await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
    },

    /** The provider could not start it. */
    async markFailed(id: string): Promise<void> {
      await db.update(payments).set({ status: "failed" }).where(eq(payments.id, id));
    },

    async markPaid(id: string, now: Date): Promise<void> {
      await db.update(payments).set({ status: "paid", paidAt: now }).where(eq(payments.id, id));
    },

    /** Cancels the payment only if it is still pending; whether it was (false: already processed). */
    async cancelIfPending(id: string): Promise<boolean> {
      const changed = await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.id, id), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      return changed.length > 0;
    },

    /**
     * Cancels the still pending payments of these bookings (an ended hold, a replaced move) or
     * invoices (a new attempt, a void); the cancelled payments' ids.
     */
    async cancelPendingOf(
      owners: { reservationIds: string[] } | { invoiceIds: string[] },
    ): Promise<string[]> {
      const ofOwners =
        "reservationIds" in owners
          ? inArray(payments.reservationId, owners.reservationIds)
          : inArray(payments.invoiceId, owners.invoiceIds);
      const cancelled = await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(ofOwners, eq(payments.status, "pending")))
        .returning({ id: payments.id });
      return cancelled.map((p) => p.id);
    },

    /** The invoice a payment pays, with its membership (the return page's and the demo page's). */
    async invoiceWithSubscription(
      invoiceId: string,
    ): Promise<{ invoice: InvoiceRow; subscription: SubscriptionRow } | undefined> {
      const [found] = await db
        .select({ invoice: invoices, subscription: subscriptions })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .where(eq(invoices.id, invoiceId));
      return found;
    },

    /** The payer's choice on the demo page; only a pending payment changes. */
    async setMethodIfPending(id: string, method: PaymentRow["method"]): Promise<void> {
      await db
        .update(payments)
        .set({ method })
        .where(and(eq(payments.id, id), eq(payments.status, "pending")));
    },

    /**
     * The provider's checkouts to close: its payments cancelled or failed, with a checkout at the
     * provider not yet closed.
     */
    async checkoutsToClose(provider: string, limit: number) {
      return db
        .select({ id: payments.id, providerRef: payments.providerRef })
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider),
            inArray(payments.status, ["cancelled", "failed"]),
            isNotNull(payments.providerRef),
            isNull(payments.checkoutClosedAt),
          ),
        )
        .limit(limit);
    },

    async markCheckoutClosed(id: string, at: Date): Promise<void> {
      await db.update(payments).set({ checkoutClosedAt: at }).where(eq(payments.id, id));
    },

    /**
     * A refund the provider made adds to the payment's refunded cents; the payment is `refunded`
     * once they reach its amount.
     */
    async addRefunded(id: string, amountCents: number, at: Date): Promise<void> {
      await db
        .update(payments)
        .set({
          refundedCents: sql`${payments.refundedCents} + ${amountCents}`,
          status: sql`case when ${payments.refundedCents} + ${amountCents} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
          refundedAt: at,
        })
        .where(eq(payments.id, id));
    },

    /**
     * Stores a webhook event by its id; false when the provider's id was stored already (a
     * duplicate delivery, or one whose handling failed).
     */
    async storeWebhookEvent(event: {
      provider: string;
      id: string;
      type: string;
      receivedAt: Date;
    }): Promise<boolean> {
      const [stored] = await db
        .insert(webhookEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return stored !== undefined;
    },

    async webhookEvent(provider: string, id: string): Promise<WebhookEventRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.id, id)));
      return row;
    },

    async markWebhookEventProcessed(provider: string, id: string, outcome: string, at: Date): Promise<void> {
      await db
        .update(webhookEvents)
        .set({ processedAt: at, outcome })
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.id, id)));
    },
  };
}
