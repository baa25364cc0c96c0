import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PurchaseQuery } from "../../domain/admin/purchases.js";
import { wallClock } from "../../domain/helsinkiTime.js";
import type { DbOrTx } from "../db/index.js";
import { invoices, payments, reservations } from "../db/schema.js";
import type { ReservationRow } from "../reservations/repository.js";
import type { InvoiceRow } from "../invoices/repository.js";

/**
 * Ostokset's queries (decision 037): every payment with the booking or the invoice it paid for, a
 * page at a time through payments_created, the filtered set's count and sums, the providers seen.
 * The builders are exported for the query-plan test and the bench, which EXPLAIN them.
 */

/** The list's filters; the dates are Helsinki dates, `to` inclusive. */
export type PurchaseFilters = Pick<PurchaseQuery, "from" | "to" | "status" | "method" | "provider">;

export function purchaseConditions(query: PurchaseFilters): SQL | undefined {
  return and(
    query.from ? gte(payments.createdAt, wallClock(query.from, "00:00").toJSDate()) : undefined,
    query.to ? lt(payments.createdAt, wallClock(query.to, "24:00").toJSDate()) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    query.provider ? eq(payments.provider, query.provider) : undefined,
  );
}

/** A page of payments, newest first, through payments_created (exported for the query-plan test). */
export function purchasesPageQuery(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  return db
    .select({ payment: payments, reservation: reservations, invoice: invoices })
    .from(payments)
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many payments match and their sums, over the whole filtered set (exported for the test). */
export function purchasesSummaryQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      total: count(),
      paidCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} in ('paid', 'refunded')), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
    })
    .from(payments)
    .where(where);
}

/** A payment with the booking or the invoice it paid for. */
export type PurchaseRow = Awaited<ReturnType<typeof purchasesPageQuery>>[number];
export type { ReservationRow };
export type { InvoiceRow };

export function purchaseRepository(db: DbOrTx) {
  return {
    /** Page `page` of the filtered payments, newest first. */
    page(filters: PurchaseFilters, page: { limit: number; offset: number }): Promise<PurchaseRow[]> {
      return purchasesPageQuery(db, purchaseConditions(filters), page);
    },

    /**
     * The next `limit` filtered payments after the payment `after` (newest first), by keyset
     * (created_at, id), for the CSV that streams them all.
     */
    after(filters: PurchaseFilters, after: string | null, limit: number): Promise<PurchaseRow[]> {
      // After the last row written, compared with its stored time (microseconds, which a JS Date would cut).
      const keyset: SQL | undefined = after
        ? sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from ${payments} p where p.id = ${after}::uuid)`
        : undefined;
      return purchasesPageQuery(db, and(purchaseConditions(filters), keyset), { limit, offset: 0 });
    },

    /** One payment as the list shows it. */
    async byId(id: string): Promise<PurchaseRow | undefined> {
      const [row] = await purchasesPageQuery(db, eq(payments.id, id), { limit: 1, offset: 0 });
      return row;
    },

    /** How many filtered payments there are and their sums. */
    async summary(filters: PurchaseFilters) {
      const [summary] = await purchasesSummaryQuery(db, purchaseConditions(filters));
      return {
        total: Number(summary?.total ?? 0),
        paidCents: Number(summary?.paidCents ?? 0),
        refundedCents: Number(summary?.refundedCents ?? 0),
      };
    },

    /**
     * The providers that have payments, for the filter: a skip scan over payments_provider_ref
     * (provider first), one index probe per provider instead of reading every payment.
     */
    async providersSeen(): Promise<string[]> {
      const result = await db.execute(sql`
    with recursive p(provider) as (
      select min(provider) from ${payments}
      union all
      select (select min(provider) from ${payments} where provider > p.provider) from p where p.provider is not null
    )
    select provider from p where provider is not null`);
      return (result as unknown as { rows: Array<{ provider: string }> }).rows.map((r) => r.provider).sort();
    },
  };
}
