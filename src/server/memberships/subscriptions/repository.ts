import { and, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.js";
import type { MembershipPause } from "../../../domain/membershipPeriods.js";
import { customers, invoices, nextInvoiceDay, reservations, subscriptions } from "../../schema/index.js";

/**
 * The memberships' queries: the only place that reads or writes subscriptions, and the member
 * hours a membership answers for (its subscriber bookings), decision 037. The customer row is read
 * here for the membership's e-mails and locked for a signup. Takes the database or the caller's
 * transaction; the service decides where the transaction begins.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;

/**
 * The memberships with access whose current period has no invoice yet (invoices_one_per_period
 * finds each one's invoice covering today): the job's work, found in one query, so an hour with
 * nothing due costs one query and no lock (issue 21). A membership's invoices are made in period
 * order, so one that covers today means the earlier ones exist too. The range on the day the
 * next invoice is due (nextInvoiceDay) is the index subscriptions_invoice_due: the memberships
 * billed past today (nearly all, most hours) and those that ended are not read.
 */
export function dueSubscriptionsQuery(db: DbOrTx, today: string) {
  return (
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          sql`${nextInvoiceDay(subscriptions)} <= ${today}`,
          or(
            eq(subscriptions.status, "active"),
            and(eq(subscriptions.status, "cancelled"), sql`${subscriptions.endsOn} > ${today}`),
          ),
          sql`${subscriptions.startDate} <= ${today}`,
          sql`not exists (select 1 from ${invoices} i where i.subscription_id = ${subscriptions.id}
          and i.period_start <= ${today} and i.period_end > ${today})`,
          // A pause has no period to bill (decision 058): the one after it is due from its end.
          sql`not exists (select 1 from jsonb_array_elements(${subscriptions.pauses}) p
          where p->>'startsOn' <= ${today} and p->>'endsOn' > ${today})`,
        ),
      )
      // In the order they were made, as invoice numbers have always followed.
      .orderBy(subscriptions.createdAt, subscriptions.id)
  );
}

export function subscriptionRepository(db: DbOrTx) {
  const set = async (id: string, values: Partial<NewSubscription>): Promise<SubscriptionRow> => {
    const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
    return row!;
  };
  return {
    async byId(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row;
    },

    /** The membership, locked for the rest of the transaction. */
    async lockById(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
      return row;
    },

    /** The customer's active membership, locked (the member's own cancel). */
    async lockActiveOf(customerId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, "active")))
        .for("update");
      return row;
    },

    /** The customer's membership as shown: the newest one that ever started (expired signups don't). */
    async current(customerId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.customerId, customerId), ne(subscriptions.status, "expired")))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** A customer's memberships, newest first (the admin's member page). */
    async allOf(customerId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customerId))
        .orderBy(desc(subscriptions.createdAt));
    },

    /** The invoice job's work (dueSubscriptionsQuery). */
    async dueForInvoice(today: string): Promise<Array<{ id: string }>> {
      return dueSubscriptionsQuery(db, today);
    },

    /** Pending signups whose payment time ran out, locked; those another server holds are skipped. */
    async lockAbandonedSignups(now: Date): Promise<Array<{ id: string }>> {
      return db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.status, "pending"), lt(subscriptions.pendingExpiresAt, now)))
        .for("update", { skipLocked: true });
    },

    async insert(values: NewSubscription): Promise<SubscriptionRow> {
      const [row] = await db.insert(subscriptions).values(values).returning();
      return row!;
    },

    /** A paid first invoice starts the membership. */
    async activate(id: string, now: Date): Promise<SubscriptionRow> {
      return set(id, { status: "active", activatedAt: now, pendingExpiresAt: null });
    },

    /** Cancelled from `now`, access and billing to `endsOn` (exclusive); a scheduled tier change is dropped. */
    async cancel(id: string, now: Date, endsOn: string): Promise<SubscriptionRow> {
      return set(id, {
        status: "cancelled",
        cancelledAt: now,
        endsOn,
        nextTierLevel: null,
        nextTierFrom: null,
      });
    },

    /** A tier change from the period starting on `from` (decision 022). */
    async scheduleTierChange(id: string, tierLevel: number, from: string): Promise<SubscriptionRow> {
      return set(id, { nextTierLevel: tierLevel, nextTierFrom: from });
    },

    /** A pause added (decision 058), with the commitment's end it moves; the row is locked. */
    async addPause(
      sub: SubscriptionRow,
      pause: MembershipPause,
      commitmentEndDate: string | null,
    ): Promise<SubscriptionRow> {
      return set(sub.id, { pauses: [...sub.pauses, pause], commitmentEndDate });
    },

    /** The pauses after one was taken back, with the commitment's end as it was. */
    async setPauses(
      id: string,
      pauses: MembershipPause[],
      commitmentEndDate: string | null,
    ): Promise<SubscriptionRow> {
      return set(id, { pauses, commitmentEndDate });
    },

    async dropTierChange(id: string): Promise<SubscriptionRow> {
      return set(id, { nextTierLevel: null, nextTierFrom: null });
    },

    /**
     * What a period's invoice changes on the membership: its price, and the tier a scheduled change
     * copies in (clearing the change).
     */
    async applyPeriodTerms(
      id: string,
      values: Pick<
        Partial<NewSubscription>,
        "monthlyPriceCents" | "nextTierLevel" | "nextTierFrom" | "tierLevel" | "tierName" | "hoursQuota"
      >,
    ): Promise<void> {
      await db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
    },

    /** The pending ones of `ids` become expired; the ids that did. */
    async expirePending(ids: string[]): Promise<string[]> {
      const expired = await db
        .update(subscriptions)
        .set({ status: "expired", pendingExpiresAt: null })
        .where(and(inArray(subscriptions.id, ids), eq(subscriptions.status, "pending")))
        .returning({ id: subscriptions.id });
      return expired.map((s) => s.id);
    },

    /** The membership's customer, if the account still exists. */
    async customerOf(sub: SubscriptionRow): Promise<CustomerRow | null> {
      const [customer] = sub.customerId
        ? await db.select().from(customers).where(eq(customers.id, sub.customerId))
        : [];
      return customer ?? null;
    },

    /** A member (the admin's member page). */
    async customerById(customerId: string): Promise<CustomerRow | undefined> {
      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
      return customer;
    },

    /** One signup of a customer at a time: the customer's row is the lock. */
    async lockCustomer(customerId: string): Promise<void> {
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    },

    /**
     * Hours of confirmed subscriber bookings in several windows (memberships or periods) in one
     * query, each window summed by its own FILTER; the OR of the windows reads
     * reservations_subscription (subscription, starts_at).
     */
    async hoursBookedIn(
      windows: ReadonlyArray<{ subscriptionId: string; from: Date; to: Date }>,
    ): Promise<number[]> {
      if (windows.length === 0) return [];
      const inWindow = windows.map((w) =>
        and(
          eq(reservations.subscriptionId, w.subscriptionId),
          gte(reservations.startsAt, w.from),
          lt(reservations.startsAt, w.to),
        )!,
      );
      const minutes = (condition: SQL) =>
        sql<number>`coalesce(sum(extract(epoch from ${reservations.endsAt} - ${reservations.startsAt})) filter (where ${condition}) / 60, 0)::int`;
      const [row] = await db
        .select(Object.fromEntries(inWindow.map((condition, i) => [`w${i}`, minutes(condition)])))
        .from(reservations)
        .where(
          and(eq(reservations.kind, "subscriber"), eq(reservations.status, "confirmed"), or(...inWindow)),
        );
      return inWindow.map((_, i) => Number(row?.[`w${i}`] ?? 0) / 60);
    },
  };
}
