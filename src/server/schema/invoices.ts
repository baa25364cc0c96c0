/** Membership invoices and the gap-free counters that number them, with the invoice statuses. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { customers } from "./customers.js";
import { subscriptions } from "./subscriptions.js";

export const invoiceStatuses = ["open", "paid", "void"] as const;

/**
 * One invoice per subscription and period (unique), so a job run twice, or on two servers at
 * once, never bills twice. Numbers come from the counters table inside the creating transaction:
 * sequential and without gaps. The payer's name and e-mail are copied for the books; deleting the
 * account anonymises them.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull().unique(),
    referenceNumber: text("reference_number").notNull().unique(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name"),
    description: text("description").notNull(),
    periodStart: text("period_start").notNull(), // YYYY-MM-DD
    periodEnd: text("period_end").notNull(), // YYYY-MM-DD, exclusive
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
    /** The quota hours of the billed period (null on invoices made before migration 0013). */
    hoursQuota: integer("hours_quota"),
    status: text("status", { enum: invoiceStatuses }).notNull().default("open"),
    issuedAt: tstz("issued_at").notNull(),
    dueDate: text("due_date").notNull(), // YYYY-MM-DD
    paidAt: tstz("paid_at"),
    overdueNotifiedAt: tstz("overdue_notified_at"),
    voidedAt: tstz("voided_at"),
    /**
     * An admin credited the paid invoice (decision 022): what was paid went back (the provider's
     * share as a refund, a gift card's share to the card) and the invoice became void.
     */
    creditedAt: tstz("credited_at"),
    creditedCents: integer("credited_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_one_per_period").on(t.subscriptionId, t.periodStart),
    // A member's newest invoices first, read by index however long their history (issue 37).
    index("invoices_customer_number").on(t.customerId, t.number),
    index("invoices_open_due").on(t.status, t.dueDate),
  ],
);

/** Named sequences without gaps (invoice numbers): incremented inside the using transaction. */
export const counters = pgTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull(),
});

/**
 * A charge that waits for the membership's next invoice (decision 057): the price difference of a
 * tier raised mid-period, for the rest of that period. The next invoice takes every waiting one
 * (invoice_id set in its transaction) and adds each as its own ledger charge.
 */
export const membershipCharges = pgTable(
  "membership_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("membership_charges_positive", sql`${t.amountCents} > 0`),
    // The next invoice's read: a membership's charges not yet billed.
    index("membership_charges_waiting")
      .on(t.subscriptionId)
      .where(sql`${t.invoiceId} is null`),
    index("membership_charges_invoice").on(t.invoiceId),
  ],
);
