import { and, count, countDistinct, desc, eq, ilike, inArray, lt, ne, not, or, sql } from "drizzle-orm";
import type { SubscriptionStatus } from "../../../domain/membership.js";
import type { DbOrTx } from "../../db/index.js";
import { customers, invoices, membershipTiers, subscriptions } from "../../schema/index.js";
import type { SubscriptionRow } from "./repository.js";

/**
 * The admin's Jäsenyydet list (decision 022): the memberships with their members filtered and
 * paged in SQL, the counts over all of them, the open and overdue invoices' sums, and the tier
 * versions the list names. The queries of the rest of the aggregate are repository.ts.
 */

export type TierVersion = typeof membershipTiers.$inferSelect;

export type MembershipFilters = {
  tier?: number;
  status?: SubscriptionStatus;
  overdue?: "true" | "false";
  /** A LIKE pattern (escaped) for the member's e-mail or name. */
  pattern?: string;
  today: string;
};

/** An open invoice past its due date: the member is behind with payments. */
const overdueInvoice = (today: string) => and(eq(invoices.status, "open"), lt(invoices.dueDate, today));

function membershipsMatching(filters: MembershipFilters) {
  // Correlated on the subscription: the invoices_one_per_period index (subscription, period).
  const behind = sql`exists (select 1 from ${invoices} where ${invoices.subscriptionId} = ${subscriptions.id} and ${overdueInvoice(filters.today)})`;
  return and(
    filters.status ? eq(subscriptions.status, filters.status) : ne(subscriptions.status, "expired"),
    filters.tier ? eq(subscriptions.tierLevel, filters.tier) : undefined,
    filters.overdue === "true" ? behind : filters.overdue === "false" ? not(behind) : undefined,
    filters.pattern
      ? or(ilike(customers.email, filters.pattern), ilike(customers.name, filters.pattern))
      : undefined,
  );
}

export function membershipListRepository(db: DbOrTx) {
  return {
    /** A page of the memberships matching the filters, newest first, with their members. */
    async page(
      filters: MembershipFilters,
      page: { limit: number; offset: number },
    ): Promise<Array<{ sub: SubscriptionRow; name: string | null; email: string | null }>> {
      return db
        .select({ sub: subscriptions, name: customers.name, email: customers.email })
        .from(subscriptions)
        .leftJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(membershipsMatching(filters))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** How many memberships match the filters. */
    async count(filters: MembershipFilters): Promise<number> {
      const [matching] = await db
        .select({ total: count() })
        .from(subscriptions)
        .leftJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(membershipsMatching(filters));
      return Number(matching?.total ?? 0);
    },

    /** All memberships by status. */
    async countsByStatus() {
      return db
        .select({ status: subscriptions.status, count: count() })
        .from(subscriptions)
        .groupBy(subscriptions.status)
        .orderBy(subscriptions.status);
    },

    /** How many memberships have an overdue invoice, and those invoices' sum. */
    async overdueTotals(today: string): Promise<{ count: number; cents: number }> {
      const [overdue] = await db
        .select({
          count: countDistinct(invoices.subscriptionId),
          cents: sql<number>`coalesce(sum(${invoices.amountCents}), 0)::int`,
        })
        .from(invoices)
        .where(overdueInvoice(today));
      return { count: Number(overdue?.count ?? 0), cents: Number(overdue?.cents ?? 0) };
    },

    /** Every version of every tier, by level, the newest version of each first. */
    async tierVersions(): Promise<TierVersion[]> {
      return db
        .select()
        .from(membershipTiers)
        .orderBy(membershipTiers.level, desc(membershipTiers.effectiveFrom));
    },

    /** The open invoices' count and sum of each of these memberships, and of those overdue. */
    async openInvoiceSums(subscriptionIds: string[], today: string) {
      if (!subscriptionIds.length) return [];
      return db
        .select({
          id: invoices.subscriptionId,
          openCount: count(),
          openCents: sql<number>`sum(${invoices.amountCents})::int`,
          overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${today}))::int`,
          overdueCents: sql<number>`coalesce(sum(${invoices.amountCents}) filter (where ${invoices.dueDate} < ${today}), 0)::int`,
        })
        .from(invoices)
        .where(and(inArray(invoices.subscriptionId, subscriptionIds), eq(invoices.status, "open")))
        .groupBy(invoices.subscriptionId);
    },
  };
}
