import { and, asc, count, eq, lt, sql, type SQL } from "drizzle-orm";
import type { FinanceQuery } from "../../domain/admin/finance.js";
import { chargeKinds } from "../../domain/ledger.js";
import type { DbOrTx } from "../db/index.js";
import {
  giftCardTransactions,
  invoices,
  ledgerEntries,
  refunds,
  reservations,
  vatRates,
} from "../schema/index.js";
import { DEFAULT_VAT_RATE_BASIS_POINTS } from "../prices/index.js";

/**
 * The finance report's queries (decisions 020 and 038): every euro is a ledger entry, summed by
 * the database over the period's entries, found through the entries' time index (and the
 * succeeded refunds' completion index, migration 0011); only the groups come back. What an entry
 * needs from elsewhere (its owner's charges, its payment's other entries, a booking's extra dogs)
 * is a correlated subquery, so the planner probes an index for it and the cost follows the
 * period's entries, never the ledger's size (decision 025). Written as SQL because the aliases of
 * ledger_entries in those subqueries must be named. A read model: it writes nothing (decision 037).
 */

/** One group of money in or back: its cents and the VAT they contain, at one rate. */
export type FlowRow = {
  period: string;
  membership: boolean;
  /** card, mobilepay or gift_card. */
  method: string;
  /** Money back (a provider refund, a share returned to its card); otherwise money in. */
  back: boolean;
  rate: number;
  cents: number;
  vat: number;
};

const sum = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::int`;

/** The VAT contained in VAT-inclusive cents (vatIncludedCents of money.ts, for positive cents). */
const vatOf = (cents: SQL, rate: SQL) => sql`round(${cents}::numeric * ${rate} / (10000 + ${rate}))`;

/** A list of our own constants as SQL literals, so the planner sees them (partial indexes). */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const CHARGES = literals(chargeKinds);

/** A timestamp's Helsinki day (YYYY-MM-DD) or month (YYYY-MM); the format is one of two literals. */
const bucket = (at: SQL, groupBy: FinanceQuery["groupBy"]) =>
  sql<string>`to_char(${at} at time zone 'Europe/Helsinki', ${sql.raw(groupBy === "day" ? "'YYYY-MM-DD'" : "'YYYY-MM'")})`;

/** A time within [start, end): a range the time's index answers. */
const within = (at: SQL, start: Date, end: Date) =>
  sql`${at} >= ${start.toISOString()}::timestamptz and ${at} < ${end.toISOString()}::timestamptz`;

/**
 * The period's money entries, each once with its period and direction: money in (a payment's
 * provider share and gift-card share, when it was paid) and shares returned to gift cards by the
 * entries' time (ledger_entries_created); provider refunds when they succeeded
 * (refunds_completed_at), each with its entry by a probe of ledger_entries_refund_once. The probe
 * is a lateral subquery kept apart (offset 0): joined plainly, the planner merge-joined the period's
 * refunds with every refund entry ever made, read whole from that index (issue 37).
 */
function periodEntries(q: FinanceQuery, start: Date, end: Date) {
  const columns = sql`e.id, e.reservation_id, e.invoice_id, e.kind, e.amount_cents, e.vat_cents, e.payment_id, e.method`;
  return sql`
    select ${bucket(sql`e.created_at`, q.groupBy)} as period, e.kind = 'gift_card_return' as back, ${columns}
    from ${ledgerEntries} e
    where e.kind in ('payment', 'gift_card', 'gift_card_return') and ${within(sql`e.created_at`, start, end)}
    union all
    select ${bucket(sql`f.completed_at`, q.groupBy)}, true, ${columns}
    from ${refunds} f cross join lateral (select * from ${ledgerEntries} x where x.refund_id = f.id offset 0) e
    where f.status = 'succeeded' and ${within(sql`f.completed_at`, start, end)}`;
}

/**
 * The VAT rate of a money entry: the rate of the charge it pays for, among its owner's charges
 * (each carries its rate), by one probe of the owner's index. An owner's charges have one rate
 * but for a move across a rate change; then the payment's provider share picks the charge whose
 * rate gives exactly the VAT it stored, and a share without one (a gift card's alone) takes the
 * first charge's (the price's).
 */
function ownerRate(owner: SQL) {
  const ownCharges = sql`c.${owner} = e.${owner} and c.kind in (${CHARGES}) and c.vat_rate_basis_points is not null`;
  const fits = sql`(p.vat_cents = ${vatOf(sql`p.amount_cents`, sql`c.vat_rate_basis_points`)}) is true`;
  return sql`coalesce(
    (select min(c.vat_rate_basis_points) from ${ledgerEntries} c where ${ownCharges}
      having min(c.vat_rate_basis_points) = max(c.vat_rate_basis_points)),
    (select c.vat_rate_basis_points from ${ledgerEntries} c
      left join ${ledgerEntries} p on p.payment_id = e.payment_id and p.kind = 'payment'
      where ${ownCharges}
      order by ${fits} desc, c.id limit 1))`;
}

/**
 * A booking that was never confirmed owns no charge (a late payment for a hold whose slot went to
 * someone else, given back at once): its money is at the rate in force on its slot's Helsinki day,
 * the rate its checkout used.
 */
const slotDayRate = sql`(select v.rate_basis_points from ${reservations} r, ${vatRates} v
  where r.id = e.reservation_id
    and v.effective_from <= (r.starts_at at time zone 'Europe/Helsinki')::date
    and (v.effective_until is null or v.effective_until > (r.starts_at at time zone 'Europe/Helsinki')::date)
  limit 1)`;

const entryRate = sql`coalesce(
  case when e.reservation_id is not null then ${ownerRate(sql`reservation_id`)} else ${ownerRate(sql`invoice_id`)} end,
  ${slotDayRate},
  ${sql.raw(String(DEFAULT_VAT_RATE_BASIS_POINTS))})`;

/**
 * What of a money-back entry's share (its payment's provider share for a refund, the gift card's
 * share for a return) was still paid just before it: the share less the payment's earlier entries
 * of its kind that did not fail. Money in is all still paid: its own amount.
 */
const stillPaid = sql`case when e.kind in ('refund', 'gift_card_return') then (
    select coalesce(
      sum(x.amount_cents) filter (where x.kind = case e.kind when 'refund' then 'payment' else 'gift_card' end)
        - coalesce(sum(x.amount_cents) filter (
          where x.kind = e.kind and x.id < e.id and xr.status is distinct from 'failed'), 0),
      e.amount_cents)
    from ${ledgerEntries} x left join ${refunds} xr on xr.id = x.refund_id
    where x.payment_id = e.payment_id)
  else e.amount_cents end`;

/**
 * The period's money by (period, product, method, direction, rate). Each entry's rate and what of
 * its share was still paid are found once (a lateral subquery the planner keeps apart), each by
 * probes of the ledger's owner and payment indexes. An entry's VAT is the VAT it contains at its
 * rate: a provider share's as its payment stored it (the checkout computed it at that rate), a
 * gift card's share's computed the same way; money back carries the VAT of what was still paid
 * less the VAT of what stays, so what stays carries exactly its own VAT and a share given back in
 * parts takes back, all told, exactly the VAT it brought.
 */
export function moneyFlowsQuery(q: FinanceQuery, start: Date, end: Date) {
  const vatBack = sql`${vatOf(sql`r.still_paid`, sql`r.rate`)} - ${vatOf(sql`(r.still_paid - e.amount_cents)`, sql`r.rate`)}`;
  return sql`
    select e.period, e.invoice_id is not null as membership,
      case when e.kind in ('gift_card', 'gift_card_return') then 'gift_card' else e.method end as method,
      e.back, r.rate,
      sum(e.amount_cents)::int as cents,
      sum(case when e.kind = 'payment' then e.vat_cents else ${vatBack} end)::int as vat
    from (${periodEntries(q, start, end)}) e
    cross join lateral (select ${entryRate} as rate, ${stillPaid} as still_paid offset 0) r
    group by 1, 2, 3, 4, 5`;
}

export type BookingCharges = { discountCents: number; extraDogsCents: number; extraDogsVat: number };

/**
 * The bookings' charges made in the period (a booking is charged when it is confirmed): what
 * discount codes took off, and the extra dogs' share of the charge after its discount, pro rata,
 * with that share's VAT (decision 036). A move's difference is for time, not dogs.
 */
export function bookingChargesQuery(start: Date, end: Date) {
  const share = (of: SQL) => sql`round(b.extra_dogs_cents::numeric * ${of} / nullif(b.list_cents, 0))`;
  return sql`
    select coalesce(sum(b.discount_cents), 0)::int as "discountCents",
      coalesce(sum(${share(sql`b.charged_cents`)}), 0)::int as "extraDogsCents",
      coalesce(sum(${share(sql`b.charged_vat`)}), 0)::int as "extraDogsVat"
    from (
      select sum(e.amount_cents) filter (where e.kind = 'price') as list_cents,
        sum(e.amount_cents) as charged_cents,
        sum(e.vat_cents) as charged_vat,
        sum(-e.amount_cents) filter (where e.kind = 'discount') as discount_cents,
        (select r.extra_dogs_cents from ${reservations} r where r.id = e.reservation_id) as extra_dogs_cents
      from ${ledgerEntries} e
      where e.kind in ('price', 'discount') and e.reservation_id is not null and ${within(sql`e.created_at`, start, end)}
      group by e.reservation_id
      offset 0
    ) b`;
}

async function giftCardsSold(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sum(sql`${giftCardTransactions.amountCents}`) })
    .from(giftCardTransactions)
    .where(
      and(eq(giftCardTransactions.kind, "issue"), within(sql`${giftCardTransactions.createdAt}`, start, end)),
    );
  return row?.cents ?? 0;
}

/** The open invoices' count and sum (and of those overdue), and the first `limit` by due date. */
async function openInvoices(db: DbOrTx, today: string, limit: number) {
  const overdue = lt(invoices.dueDate, today);
  const [totals] = await db
    .select({
      count: count(),
      totalCents: sum(sql`${invoices.amountCents}`),
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueCents: sql<number>`coalesce(sum(${invoices.amountCents}) filter (where ${overdue}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.status, "open"));
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.status, "open"))
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(limit);
  return { totals, rows };
}

export function financeRepository(db: DbOrTx) {
  return {
    /**
     * The period's money and its bookings' charges. PostgreSQL's planner prices every branch of
     * each entry's lookups, so even a month looks costly enough to JIT-compile (seconds; measured
     * 2,6 s against 70 ms without) and to start parallel workers, for a query of a few index
     * probes per entry: neither, for these queries.
     */
    periodMoney: (q: FinanceQuery, start: Date, end: Date) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        const flows = await tx.execute(moneyFlowsQuery(q, start, end));
        const charges = await tx.execute(bookingChargesQuery(start, end));
        return {
          flows: (flows as unknown as { rows: FlowRow[] }).rows,
          charges: (charges as unknown as { rows: BookingCharges[] }).rows[0]!,
        };
      }),
    giftCardsSold: (start: Date, end: Date) => giftCardsSold(db, start, end),
    openInvoices: (today: string, limit: number) => openInvoices(db, today, limit),
  };
}
