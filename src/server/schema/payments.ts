/** Payments, refunds and the payment providers' webhook deliveries, with their statuses. */
import { sql } from "drizzle-orm";
import { PAYMENT_METHODS } from "../../domain/paymentMethods.js";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { giftCards } from "./giftCardsAndDiscounts.js";
import { invoices } from "./invoices.js";
import { reservations } from "./reservations.js";

export const paymentStatuses = ["pending", "paid", "cancelled", "failed", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One payment attempt for a reservation or an invoice. amountCents is what the provider charges;
 * a gift card's share (reserved from its balance with the attempt) is giftCardCents, so the sum
 * is the price. A gift card that covers everything makes a payment of provider "gift_card" and
 * amount 0, confirmed through the same fulfilment path without a redirect.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id").references(() => reservations.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    provider: text("provider").notNull(), // demo, stripe, gift_card, bank (a transfer read from a statement)
    providerRef: text("provider_ref"),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The VAT contained in amountCents; the service's own VAT is on the reservation or invoice. */
    vatCents: integer("vat_cents").notNull(),
    giftCardId: uuid("gift_card_id").references((): AnyPgColumn => giftCards.id),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    /**
     * When the provider's hosted checkout of a payment that must no longer be paid (cancelled,
     * expired, replaced) was closed through its API; null while that is still to do.
     */
    checkoutClosedAt: tstz("checkout_closed_at"),
    paidAt: tstz("paid_at"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: tstz("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_reservation").on(t.reservationId),
    index("payments_invoice").on(t.invoiceId),
    // The admin's purchases list: newest first, over all payments or one status.
    index("payments_created").on(t.createdAt),
    index("payments_status_created").on(t.status, t.createdAt),
    uniqueIndex("payments_provider_ref").on(t.provider, t.providerRef),
  ],
);

export const refundStatuses = ["pending", "succeeded", "failed"] as const;

/**
 * Money to return through the payment provider. The row is written (pending) in the transaction
 * that decides the refund, and the provider is called only after that commits, with the row's id
 * as the idempotency key; a job retries pending rows. How much goes back is decided from the
 * owner's ledger (decision 038) under the owner's and the payment's locks, so no decision counts
 * money another has already given back; a move to a cheaper time refunds its difference once per
 * move (unique payment and moveId). A payment may have several refunds (an admin's partial ones,
 * then a cancel's rest); each has its own ledger entry.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    amountCents: integer("amount_cents").notNull(),
    /** Why: customer_cancel, late_payment, invoice_not_needed, ... */
    reason: text("reason").notNull(),
    /** The move (reservation_moves.id) whose price difference this refund returns; null otherwise. */
    moveId: uuid("move_id"),
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    providerRef: text("provider_ref"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refunds_one_per_move").on(t.paymentId, t.moveId),
    index("refunds_due").on(t.status, t.nextAttemptAt),
    check("refunds_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every webhook event a payment provider delivered, by its id: a duplicate delivery finds its row
 * and does nothing. processedAt stays null until the event has been acted on, so an event whose
 * handling failed is handled again when the provider retries it.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    id: text("id").notNull(),
    type: text("type").notNull(),
    receivedAt: tstz("received_at").notNull(),
    processedAt: tstz("processed_at"),
    outcome: text("outcome"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] }), index("webhook_events_received").on(t.receivedAt)],
);
