import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.js";
import { counters, invoices, membershipCharges, subscriptions } from "../../schema/index.js";
import type { SubscriptionRow } from "../subscriptions/repository.js";

/**
 * The membership invoices' queries: the only place that reads or writes invoices, and the counter
 * of their gapless numbers (decision 037). Their payments are payments/repository.ts's. Takes the
 * database or the caller's transaction; the service decides where the transaction begins.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * A customer's invoices as they see them, newest first (by invoices_customer_number); a signup
 * left unpaid voids its first invoice and is left out (visibleToCustomer).
 */
export function memberInvoicesQuery(db: DbOrTx, customerId: string) {
  return db
    .select({ invoice: invoices, activatedAt: subscriptions.activatedAt })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(
      and(
        eq(invoices.customerId, customerId),
        or(sql`${invoices.status} <> 'void'`, sql`${subscriptions.activatedAt} IS NOT NULL`),
      ),
    )
    .orderBy(desc(invoices.number))
    .$dynamic();
}

export function invoiceRepository(db: DbOrTx) {
  return {
    async byId(id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    /** The invoice, locked for the rest of the transaction. */
    async lockById(id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for("update");
      return row;
    },

    /** Locks the invoice's row only (nothing read): one payment attempt at a time per invoice. */
    async lock(id: string): Promise<void> {
      await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id)).for("update");
    },

    /** The invoice with this reference number (unique), by its index. */
    async byReference(referenceNumber: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.referenceNumber, referenceNumber));
      return row;
    },

    /** Which membership the invoice is of (to lock that first, in the lock order). */
    async subscriptionIdOf(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ subscriptionId: invoices.subscriptionId })
        .from(invoices)
        .where(eq(invoices.id, id));
      return row?.subscriptionId;
    },

    /** The customer's invoice with its membership; undefined when it is not the customer's. */
    async ofCustomerWithSubscription(
      id: string,
      customerId: string,
    ): Promise<{ invoice: InvoiceRow; subscription: SubscriptionRow } | undefined> {
      const [found] = await db
        .select({ invoice: invoices, subscription: subscriptions })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .where(and(eq(invoices.id, id), eq(invoices.customerId, customerId)));
      return found;
    },

    /**
     * The customer's invoices as they see them, newest first: the newest `count` (null: all), and
     * every open one however old (an unpaid invoice is never out of sight); `more` when older ones
     * were left out. A signup left unpaid (cancelled or abandoned) voids its first invoice: the membership
     * never started, so there is nothing for the member to see or pay; it is left out of their
     * view. `membershipStarted`: whether the invoice's membership has begun (a signup's first
     * invoice waits for its payment before). Both reads go by index (invoices_customer_number,
     * invoices_open_due), so a long history costs no more (issue 37).
     */
    async visibleToCustomer(
      customerId: string,
      count: number | null,
    ): Promise<{ rows: Array<{ invoice: InvoiceRow; membershipStarted: boolean }>; more: boolean }> {
      const columns = { invoice: invoices, activatedAt: subscriptions.activatedAt };
      const newestQuery = memberInvoicesQuery(db, customerId);
      if (count === null) {
        const all = await newestQuery;
        return {
          rows: all.map((r) => ({ invoice: r.invoice, membershipStarted: r.activatedAt !== null })),
          more: false,
        };
      }
      const [newest, open] = await Promise.all([
        newestQuery.limit(count + 1),
        db
          .select(columns)
          .from(invoices)
          .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
          .where(and(eq(invoices.customerId, customerId), eq(invoices.status, "open"))),
      ]);
      const shown = newest.slice(0, count);
      const ids = new Set(shown.map((r) => r.invoice.id));
      const rows = [...shown, ...open.filter((r) => !ids.has(r.invoice.id))]
        .sort((a, b) => b.invoice.number - a.invoice.number)
        .map((r) => ({ invoice: r.invoice, membershipStarted: r.activatedAt !== null }));
      return { rows, more: newest.length > count };
    },

    /** All the customer's invoices, newest first (the admin's member page). */
    async allOfCustomer(customerId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, customerId))
        .orderBy(desc(invoices.number));
    },

    /** The customer's oldest overdue invoice, if any. */
    async oldestOverdue(customerId: string, today: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.customerId, customerId), eq(invoices.status, "open"), lt(invoices.dueDate, today)),
        )
        .orderBy(asc(invoices.dueDate))
        .limit(1);
      return row ?? null;
    },

    /** Numbers of the customer's open invoices. */
    async openNumbersOf(customerId: string): Promise<number[]> {
      const rows = await db
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.customerId, customerId), inArray(invoices.status, ["open"])));
      return rows.map((r) => r.number);
    },

    /** The first days of the periods a membership has an invoice for. */
    async periodStartsOf(subscriptionId: string): Promise<Set<string>> {
      const rows = await db
        .select({ start: invoices.periodStart })
        .from(invoices)
        .where(eq(invoices.subscriptionId, subscriptionId));
      return new Set(rows.map((r) => r.start));
    },

    /** The membership's invoice of the period starting on `periodStart`, if made. */
    async ofPeriod(subscriptionId: string, periodStart: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.periodStart, periodStart)));
      return row;
    },

    /**
     * The next invoice number, starting at `first`; the counter row stays locked until the
     * caller's transaction ends, so a rollback returns the number and numbers have no gaps.
     */
    async nextNumber(first: number): Promise<number> {
      const [row] = await db
        .insert(counters)
        .values({ name: "invoice", value: first })
        .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
        .returning({ value: counters.value });
      return row!.value;
    },

    /** A charge for the membership's next invoice (decision 057: a tier raised mid-period). */
    async addCharge(values: { subscriptionId: string; amountCents: number; description: string }) {
      await db.insert(membershipCharges).values(values);
    },

    /** A membership's charges waiting for its next invoice (decision 057), oldest first. */
    async waitingCharges(subscriptionId: string) {
      return db
        .select()
        .from(membershipCharges)
        .where(and(eq(membershipCharges.subscriptionId, subscriptionId), isNull(membershipCharges.invoiceId)))
        .orderBy(asc(membershipCharges.createdAt));
    },

    async billCharges(ids: string[], invoiceId: string): Promise<void> {
      if (ids.length === 0) return;
      await db.update(membershipCharges).set({ invoiceId }).where(inArray(membershipCharges.id, ids));
    },

    async insert(values: NewInvoice): Promise<InvoiceRow> {
      const [row] = await db.insert(invoices).values(values).returning();
      return row!;
    },

    async markPaid(id: string, now: Date): Promise<InvoiceRow> {
      const [row] = await db
        .update(invoices)
        .set({ status: "paid", paidAt: now })
        .where(eq(invoices.id, id))
        .returning();
      return row!;
    },

    /** An admin voided the invoice: it need not be paid. */
    async markVoid(id: string, now: Date): Promise<InvoiceRow> {
      const [row] = await db
        .update(invoices)
        .set({ status: "void", voidedAt: now })
        .where(eq(invoices.id, id))
        .returning();
      return row!;
    },

    /** An admin credited the paid invoice: it becomes void with what went back. */
    async markCredited(id: string, now: Date, creditedCents: number): Promise<InvoiceRow> {
      const [row] = await db
        .update(invoices)
        .set({ status: "void", voidedAt: now, creditedAt: now, creditedCents })
        .where(eq(invoices.id, id))
        .returning();
      return row!;
    },

    /** The open invoices of these memberships become void (their signups expired); their ids. */
    async voidOpenOf(subscriptionIds: string[], now: Date): Promise<string[]> {
      const voided = await db
        .update(invoices)
        .set({ status: "void", voidedAt: now })
        .where(and(inArray(invoices.subscriptionId, subscriptionIds), eq(invoices.status, "open")))
        .returning({ id: invoices.id });
      return voided.map((v) => v.id);
    },

    /**
     * An open invoice past its due date gets one reminder: the conditional UPDATE claims each
     * invoice once, however many servers run the job. The invoices claimed.
     */
    async claimOverdueReminders(today: string, now: Date): Promise<InvoiceRow[]> {
      return db
        .update(invoices)
        .set({ overdueNotifiedAt: now })
        .where(
          and(eq(invoices.status, "open"), lt(invoices.dueDate, today), isNull(invoices.overdueNotifiedAt)),
        )
        .returning();
    },
  };
}
