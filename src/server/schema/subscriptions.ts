/** Memberships: the tiers offered and the subscriptions taken, with the subscription statuses. */
import { sql, type AnyColumn } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MembershipPause } from "../../domain/membershipPeriods.js";
import { createdAt, tstz, effectivePeriod, effectivePeriodCheck } from "./columns.js";
import { customers } from "./customers.js";

/** Membership tiers by level, effective-dated like price rules; signup and invoices copy the price. */
export const membershipTiers = pgTable(
  "membership_tiers",
  {
    id: serial("id").primaryKey(),
    level: integer("level").notNull(),
    name: text("name").notNull(),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    hoursQuota: integer("hours_quota").notNull(),
    ...effectivePeriod(),
  },
  () => [effectivePeriodCheck("membership_tiers")],
);

export const subscriptionStatuses = ["pending", "active", "cancelled", "expired"] as const;

type BillingColumns = {
  status: AnyColumn;
  startDate: AnyColumn;
  endsOn: AnyColumn;
  invoicedUntil: AnyColumn;
};

/**
 * The day the membership's next invoice is due: the first day not yet billed (the end of the last
 * invoice's period, or the start date before the first invoice), while it may still be billed
 * (active, or cancelled and not billed up to its end); null when no invoice is to come. The
 * invoice job's index (subscriptions_invoice_due) is on it, and its query repeats it, so a
 * membership billed past today, or one that ended, is not read (issue 21). Literals, not
 * parameters, so the query's expression is the index's.
 */
export const nextInvoiceDay = (t: BillingColumns) =>
  sql`(CASE WHEN ${t.status} = 'active' OR (${t.status} = 'cancelled' AND (${t.invoicedUntil} IS NULL OR ${t.invoicedUntil} < ${t.endsOn})) THEN coalesce(${t.invoicedUntil}, ${t.startDate}) END)`;

/**
 * A customer's membership. The tier's name, quota and price are copied at signup;
 * monthly_price_cents follows the tier's price in force on each later period's start, except
 * inside a 12-month commitment (invoices/creation.ts); invoices already made keep their amount.
 * Periods run monthly from start_date, and from the end of each pause (domain/membershipPeriods.ts). ends_on (exclusive) is set when it is cancelled: access and billing run
 * until then. A customer has at most one pending or active membership (partial unique index).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    tierLevel: integer("tier_level").notNull(),
    tierName: text("tier_name").notNull(),
    hoursQuota: integer("hours_quota").notNull(),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    commitment: text("commitment", { enum: ["none", "12m"] }).notNull(),
    status: text("status", { enum: subscriptionStatuses }).notNull(),
    startDate: text("start_date").notNull(), // YYYY-MM-DD, Helsinki
    commitmentEndDate: text("commitment_end_date"), // YYYY-MM-DD: the first day no longer bound
    endsOn: text("ends_on"), // YYYY-MM-DD, exclusive: no access from this day on
    /**
     * A tier change an admin scheduled (decision 022): the level billed, and whose quota applies,
     * from the period starting on next_tier_from (YYYY-MM-DD). The invoice of that period copies
     * the tier into the columns above and clears these.
     */
    nextTierLevel: integer("next_tier_level"),
    nextTierFrom: text("next_tier_from"),
    /**
     * The end (exclusive) of the latest period invoiced, YYYY-MM-DD; null before the first invoice.
     * Kept by the trigger invoices_billed_until on every invoice inserted (migration 0021), so it is
     * right however an invoice is made; the invoice job finds the memberships due by it (issue 21).
     */
    invoicedUntil: text("invoiced_until"),
    /**
     * The member's pauses, oldest first (issue 35, decision 058): whole weeks from a period's first
     * day, during which no period runs; the periods after one are counted from its end
     * (domain/membershipPeriods.ts). Written under the membership's row lock.
     */
    pauses: jsonb("pauses").$type<MembershipPause[]>().notNull().default([]),
    pendingExpiresAt: tstz("pending_expires_at"),
    activatedAt: tstz("activated_at"),
    cancelledAt: tstz("cancelled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_one_live_per_customer")
      .on(t.customerId)
      .where(sql`${t.status} IN ('pending', 'active')`),
    index("subscriptions_status").on(t.status),
    // The admin's member page (a customer's memberships) and list (newest first).
    index("subscriptions_customer").on(t.customerId, t.createdAt),
    index("subscriptions_created").on(t.createdAt),
    // The invoice job's "what is due" (issue 21): a range on the day the next invoice is due.
    index("subscriptions_invoice_due").on(nextInvoiceDay(t)),
    check("subscriptions_next_tier", sql`(${t.nextTierLevel} IS NULL) = (${t.nextTierFrom} IS NULL)`),
  ],
);
