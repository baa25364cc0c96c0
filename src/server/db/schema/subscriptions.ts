/** Memberships: the tiers offered and the subscriptions taken, with the subscription statuses. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/**
 * A customer's membership. The tier's name, quota and price are copied at signup;
 * monthly_price_cents follows the tier's price in force on each later period's start, except
 * inside a 12-month commitment (services/invoiceCreation.ts); invoices already made keep their amount.
 * Periods run monthly from start_date (domain/membershipPeriods.ts). ends_on (exclusive) is set when it is cancelled: access and billing run
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
    check("subscriptions_next_tier", sql`(${t.nextTierLevel} IS NULL) = (${t.nextTierFrom} IS NULL)`),
  ],
);
