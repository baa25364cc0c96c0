import { and, count, desc, eq, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import type { PurchaseQuery } from "../../domain/admin/purchases.js";
import { wallClock } from "../../domain/helsinkiTime.js";
import type { DbOrTx } from "../db/index.js";
import { invoices, ledgerEntries, payments, refunds, reservations } from "../schema/index.js";
import { GIFT_CARD_PROVIDER } from "./paymentConstants.js";

/**
 * Ostokset's queries (decision 037): every payment with the booking or the invoice it paid for, a
 * page at a time through payments_created, the filtered set's count and its ledger's sums, the
 * providers seen.
 * The builders are exported for the query-plan test and the bench, which EXPLAIN them.
 */

/** The list's filters; the dates are Helsinki dates, `to` inclusive. */
export type PurchaseFilters = Pick<PurchaseQuery, "from" | "to" | "status" | "method" | "provider">;

export function purchaseConditions(query: PurchaseFilters): SQL | undefined {
  return and(
    query.from ? gte(payments.createdAt, wallClock(query.from, "00:00").toJSDate()) : undefined,
    query.to ? lt(payments.createdAt, wallClock(query.to, "24:00").toJSDate()) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
    ...methodConditions(query.method),
    query.provider ? eq(payments.provider, query.provider) : undefined,
  );
}

/**
 * The method as the list shows it: a payment a gift card paid in full keeps the form's method in
 * its row but reads (and filters) as the gift card (provider gift_card).
 */
function methodConditions(method: PurchaseFilters["method"]): Array<SQL | undefined> {
  if (!method) return [];
  if (method === "gift_card") return [eq(payments.provider, GIFT_CARD_PROVIDER)];
  return [eq(payments.method, method), ne(payments.provider, GIFT_CARD_PROVIDER)];
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

/**
 * What each payment's ledger entries say came in and went back (decision 038), one index probe of
 * ledger_entries_payment per payment: in, its provider payment and its gift card's share; back,
 * its refunds that did not fail (their status is their refunds row's) and its card returns. The
 * same sums as domain/ledger.ts paymentsOf, so the list's totals are its rows' figures added up.
 */
const moneyOfPayment = (db: DbOrTx) =>
  db
    .select({
      paidCents:
        sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('payment', 'gift_card')), 0)`.as(
          "money_in_cents",
        ),
      refundedCents:
        sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where (${ledgerEntries.kind} = 'refund' and ${refunds.status} is distinct from 'failed') or ${ledgerEntries.kind} = 'gift_card_return'), 0)`.as(
          "money_back_cents",
        ),
    })
    .from(ledgerEntries)
    .leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .where(eq(ledgerEntries.paymentId, payments.id))
    // Names of their own: the outer query sees them unqualified, beside payments' own columns.
    .as("money");

/** How many payments match and their ledger's sums, over the whole filtered set (exported for the test). */
export function purchasesSummaryQuery(db: DbOrTx, where: SQL | undefined) {
  const money = moneyOfPayment(db);
  return db
    .select({
      total: count(),
      paidCents: sql<number>`coalesce(sum(${money.paidCents}), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${money.refundedCents}), 0)::int`,
    })
    .from(payments)
    .leftJoinLateral(money, sql`true`)
    .where(where);
}

/** A payment with the booking or the invoice it paid for. */
export type PurchaseRow = Awaited<ReturnType<typeof purchasesPageQuery>>[number];

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
