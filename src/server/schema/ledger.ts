/** The money ledger (decision 038): every euro of a booking and of an invoice, entry by entry. */
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ledgerKinds } from "../../domain/ledger.js";
import { createdAt } from "./columns.js";
import { invoices } from "./invoices.js";
import { payments, refunds } from "./payments.js";
import { reservations } from "./reservations.js";

/**
 * One entry of a booking's or an invoice's money, owned by it for good (never by a dearer move's
 * hold, never moved to another owner, never deleted). Charges are signed (price, discount, move,
 * credit, cancel); money is positive (payment, gift_card in; refund, gift_card_return back). A
 * refund's entry takes its status from its refunds row (src/domain/ledger.ts sums them).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reservationId: uuid("reservation_id").references(() => reservations.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    kind: text("kind", { enum: ledgerKinds }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points"),
    vatCents: integer("vat_cents").notNull().default(0),
    paymentId: uuid("payment_id").references(() => payments.id),
    refundId: uuid("refund_id").references(() => refunds.id),
    /** The move (reservation_moves.id) whose price difference a `move` entry is. */
    moveId: uuid("move_id"),
    method: text("method"),
    provider: text("provider"),
    reason: text("reason"),
    actor: text("actor"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_one_owner", sql`num_nonnulls(${t.reservationId}, ${t.invoiceId}) = 1`),
    index("ledger_entries_reservation")
      .on(t.reservationId, t.id)
      .where(sql`${t.reservationId} is not null`),
    index("ledger_entries_invoice")
      .on(t.invoiceId, t.id)
      .where(sql`${t.invoiceId} is not null`),
    index("ledger_entries_payment")
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // A payment is paid once, a refund recorded once.
    uniqueIndex("ledger_entries_paid_once")
      .on(t.paymentId, t.kind)
      .where(sql`${t.kind} in ('payment', 'gift_card')`),
    uniqueIndex("ledger_entries_refund_once")
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    // Talous: the month's entries by time.
    index("ledger_entries_created").on(t.createdAt),
  ],
);
