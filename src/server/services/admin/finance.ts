import { and, asc, count, eq, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  financeMethods,
  financeProducts,
  KNOWN_VAT_RATES,
  methodTitles,
  productTitles,
  vatRateOfSale,
  type FinanceFlow,
  type FinanceMethod,
  type FinanceProduct,
  type FinanceQuery,
  type FinanceReport,
} from "../../../domain/admin/finance.js";
import { datesBetween, helsinkiDate, toHelsinkiIso, wallClock } from "../../../domain/helsinkiTime.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/index.js";
import { giftCardTransactions, invoices, payments, refunds, reservations } from "../../db/schema.js";
import { loadVatRates, vatRateOn } from "../../prices/service.js";
import { attendanceBetween } from "../attendance.js";
import { csvDocument, euros } from "./csv.js";

/**
 * v2/talous (decision 020). Every figure is summed by the database over the period's rows, found
 * through indexes on the dates (migration 0011); only the groups come back. A group is one
 * (Helsinki day or month, product, method, sale price) of money in (paid payments, by paid_at) or
 * money back (provider refunds by completed_at; a paid sale's gift-card share returned to its card,
 * by the later of the return and the payment). VAT is what each sale stored: the invoice's rate and
 * VAT, the booking's VAT (its rate found from its price and VAT), the payment's VAT for its share.
 */

const MAX_INVOICE_ROWS = 500;

/** A row of one of the flow queries: the cents and the VAT they contain, and what identifies the rate. */
type FlowRow = {
  period: string;
  membership: boolean;
  method: string;
  cents: number;
  vat: number;
  discount: number;
  /** The extra dogs' share of the sales (after the discount, pro rata) and its VAT (decision 036). */
  extraDogs?: number;
  extraDogsVat?: number;
  invoiceRate: number | null;
  salePrice: number | null;
  saleVat: number | null;
};

const sum = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::int`;

/** A timestamp's Helsinki day (YYYY-MM-DD) or month (YYYY-MM); the format is one of two literals. */
const bucket = (at: SQL, groupBy: FinanceQuery["groupBy"]) =>
  sql<string>`to_char(${at} at time zone 'Europe/Helsinki', ${sql.raw(groupBy === "day" ? "'YYYY-MM-DD'" : "'YYYY-MM'")})`;

/** The columns every flow groups by besides its own period and cents. */
const saleKeys = {
  membership: sql<boolean>`${payments.invoiceId} is not null`,
  method: payments.method,
  invoiceRate: invoices.vatRateBasisPoints,
  salePrice: reservations.priceCents,
  saleVat: reservations.vatCents,
};
/** The VAT of the whole sale (booking or invoice), as stored with it. */
const saleVatCents = sql`coalesce(${invoices.vatCents}, ${reservations.vatCents}, 0)`;

/**
 * The extra dogs' share of a booking's price (or of its VAT): their part of the list price, as
 * the discount left it (a discount applies to the total, decision 036).
 */
const extraDogsShare = (of: SQLWrapper) =>
  sql`coalesce(round(${reservations.extraDogsCents}::numeric * ${of}
    / nullif(${reservations.priceCents} + ${reservations.discountCents}, 0)), 0)`;

/** A time within [start, end): a range the date's index answers. */
const within = (at: SQL, start: Date, end: Date) =>
  sql`${at} >= ${start.toISOString()}::timestamptz and ${at} < ${end.toISOString()}::timestamptz`;

async function salesRows(db: DbOrTx, q: FinanceQuery, start: Date, end: Date): Promise<FlowRow[]> {
  return db
    .select({
      period: bucket(sql`${payments.paidAt}`, q.groupBy),
      ...saleKeys,
      cents: sum(sql`${payments.amountCents} + ${payments.giftCardCents}`),
      vat: sum(saleVatCents),
      discount: sum(sql`coalesce(${reservations.discountCents}, 0)`),
      extraDogs: sum(extraDogsShare(reservations.priceCents)),
      extraDogsVat: sum(extraDogsShare(reservations.vatCents)),
    })
    .from(payments)
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(within(sql`${payments.paidAt}`, start, end))
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
}

/** Money the provider returned, as the payment's method; its VAT is the paid share's, pro rata. */
async function refundRows(db: DbOrTx, q: FinanceQuery, start: Date, end: Date): Promise<FlowRow[]> {
  return db
    .select({
      period: bucket(sql`${refunds.completedAt}`, q.groupBy),
      ...saleKeys,
      cents: sum(sql`${refunds.amountCents}`),
      vat: sum(
        sql`round(${payments.vatCents}::numeric * ${refunds.amountCents} / nullif(${payments.amountCents}, 0))`,
      ),
      discount: sql<number>`0`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(refunds.status, "succeeded"), within(sql`${refunds.completedAt}`, start, end)))
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
}

/**
 * A paid sale's gift-card share given back to the card (the booking was cancelled): money back by
 * the gift card, with the VAT of that share (the sale's VAT less the provider share's).
 */
async function giftCardReturnRows(db: DbOrTx, q: FinanceQuery, start: Date, end: Date): Promise<FlowRow[]> {
  const at = sql`greatest(${giftCardTransactions.createdAt}, ${payments.paidAt})`;
  return db
    .select({
      period: bucket(at, q.groupBy),
      ...saleKeys,
      method: sql<string>`'gift_card'`,
      cents: sum(sql`${giftCardTransactions.amountCents}`),
      vat: sum(sql`${saleVatCents} - ${payments.vatCents}`),
      discount: sql<number>`0`,
    })
    .from(giftCardTransactions)
    .innerJoin(payments, eq(payments.id, giftCardTransactions.paymentId))
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(giftCardTransactions.kind, "return"),
        // Only a sale's share: a hold given up before it was paid took nothing in.
        sql`${payments.paidAt} is not null`,
        sql`${giftCardTransactions.createdAt} < ${end.toISOString()}::timestamptz`,
        within(at, start, end),
      ),
    )
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
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

async function openInvoices(db: DbOrTx, today: string): Promise<FinanceReport["invoices"]> {
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
    .limit(MAX_INVOICE_ROWS);
  return {
    today,
    open: { count: totals?.count ?? 0, totalCents: totals?.totalCents ?? 0 },
    overdue: { count: totals?.overdueCount ?? 0, totalCents: totals?.overdueCents ?? 0 },
    rows: rows.map((i) => ({
      id: i.id,
      number: i.number,
      name: i.name,
      email: i.email,
      description: i.description,
      issuedAt: toHelsinkiIso(i.issuedAt),
      dueDate: i.dueDate,
      amountCents: i.amountCents,
      overdue: i.dueDate < today,
    })),
  };
}

const flow = (salesCents: number, refundsCents: number): FinanceFlow => ({
  salesCents,
  refundsCents,
  netCents: salesCents - refundsCents,
});

/** The period's days, or its months, in order. */
function periodsOf(q: FinanceQuery): string[] {
  const days = datesBetween(q.from, q.to);
  return q.groupBy === "day" ? days : [...new Set(days.map((d) => d.slice(0, 7)))];
}

/** Adds to a map's number, starting from 0. */
function add<K>(map: Map<K, number>, key: K, cents: number) {
  map.set(key, (map.get(key) ?? 0) + cents);
}

export async function financeReport(ctx: AppContext, q: FinanceQuery): Promise<FinanceReport> {
  const start = wallClock(q.from, "00:00").toJSDate();
  const end = wallClock(q.to, "24:00").toJSDate();
  const today = helsinkiDate(ctx.now());
  const [sales, providerRefunds, giftReturns, soldCents, rates, todaysRate, attendance] = await Promise.all([
    salesRows(ctx.db, q, start, end),
    refundRows(ctx.db, q, start, end),
    giftCardReturnRows(ctx.db, q, start, end),
    giftCardsSold(ctx.db, start, end),
    // Every rate ever in force: a booking paid in the period may be for a slot outside it.
    loadVatRates(ctx.db, "2000-01-01", "2099-12-31"),
    vatRateOn(ctx.db, today),
    attendanceBetween(ctx.db, start, end, ctx.now()),
  ]);
  const invoiceReport = await openInvoices(ctx.db, today);

  // Candidate rates for bookings: the rates of the VAT table, the rates invoices of the period
  // stored, the Finnish ones. A booking's own price and VAT pick among them.
  const candidates = [
    ...new Set([
      ...rates.map((r) => r.rateBasisPoints),
      ...sales.flatMap((r) => (r.invoiceRate === null ? [] : [r.invoiceRate])),
      ...KNOWN_VAT_RATES,
    ]),
  ];
  const rateOf = (r: FlowRow) =>
    r.invoiceRate ?? vatRateOfSale(r.salePrice ?? 0, r.saleVat ?? 0, candidates) ?? todaysRate;

  const keyOf = (r: FlowRow) => ({
    product: (r.membership ? "membership" : "single") as FinanceProduct,
    method: r.method as FinanceMethod,
  });
  const salesBy = { period: new Map<string, number>(), product: new Map<FinanceProduct, number>() };
  const refundsBy = {
    period: new Map<string, number>(),
    product: new Map<FinanceProduct, number>(),
    method: new Map<FinanceMethod, number>(),
  };
  const periodProduct = new Map<string, number>();
  const vatLines = new Map<number, { sales: number; refunds: number; vat: number }>();
  const vatLine = (rate: number) => {
    const line = vatLines.get(rate) ?? { sales: 0, refunds: 0, vat: 0 };
    vatLines.set(rate, line);
    return line;
  };

  let discountsCents = 0;
  const extraDogs = { cents: 0, vatCents: 0 };
  for (const r of sales) {
    extraDogs.cents += r.extraDogs ?? 0;
    extraDogs.vatCents += r.extraDogsVat ?? 0;
    const { product } = keyOf(r);
    add(salesBy.period, r.period, r.cents);
    add(salesBy.product, product, r.cents);
    add(periodProduct, `${r.period}|${product}`, r.cents);
    discountsCents += r.discount;
    const line = vatLine(rateOf(r));
    line.sales += r.cents;
    line.vat += r.vat;
  }
  for (const r of [...providerRefunds, ...giftReturns]) {
    const { product, method } = keyOf(r);
    add(refundsBy.period, r.period, r.cents);
    add(refundsBy.product, product, r.cents);
    add(refundsBy.method, method, r.cents);
    const line = vatLine(rateOf(r));
    line.refunds += r.cents;
    line.vat -= r.vat;
  }
  const methodSales = await salesByMethod(ctx.db, start, end);

  const vat = [...vatLines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBasisPoints, l]) => ({
      rateBasisPoints,
      salesCents: l.sales,
      refundsCents: l.refunds,
      grossCents: l.sales - l.refunds,
      vatCents: l.vat,
      netCents: l.sales - l.refunds - l.vat,
    }));
  const total = (pick: (line: (typeof vat)[number]) => number) => vat.reduce((s, l) => s + pick(l), 0);
  const methods = financeMethods.map((method) => ({
    method,
    ...flow(methodSales.get(method) ?? 0, refundsBy.method.get(method) ?? 0),
  }));

  return {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    series: periodsOf(q).map((period) => ({
      period,
      singleCents: periodProduct.get(`${period}|single`) ?? 0,
      membershipCents: periodProduct.get(`${period}|membership`) ?? 0,
      ...flow(salesBy.period.get(period) ?? 0, refundsBy.period.get(period) ?? 0),
    })),
    products: financeProducts.map((product) => ({
      product,
      ...flow(salesBy.product.get(product) ?? 0, refundsBy.product.get(product) ?? 0),
    })),
    methods,
    vat,
    totals: {
      salesCents: total((l) => l.salesCents),
      refundsCents: total((l) => l.refundsCents),
      grossCents: total((l) => l.grossCents),
      vatCents: total((l) => l.vatCents),
      netCents: total((l) => l.netCents),
      discountsCents,
    },
    giftCards: { soldCents, redeemedCents: methods.find((m) => m.method === "gift_card")!.netCents },
    extraDogs,
    noShows: { bookings: attendance.noShows, minutes: Math.round(attendance.noShowMinutes) },
    invoices: invoiceReport,
  };
}

/** Money in by how it came: each payment's provider share by its method, and gift-card shares. */
async function salesByMethod(db: DbOrTx, start: Date, end: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({
      method: payments.method,
      provider: sum(sql`${payments.amountCents}`),
      giftCard: sum(sql`${payments.giftCardCents}`),
    })
    .from(payments)
    .where(within(sql`${payments.paidAt}`, start, end))
    .groupBy(payments.method);
  const byMethod = new Map<string, number>();
  for (const r of rows) {
    add(byMethod, r.method, r.provider);
    add(byMethod, "gift_card", r.giftCard);
  }
  return byMethod;
}

const rateText = (rateBasisPoints: number) => `${String(rateBasisPoints / 100).replace(".", ",")} %`;

/**
 * The report as CSV for the accountant (csv.ts: BOM, semicolons, decimal commas): the same
 * figures as the page, section by section, each with its totals.
 */
export function financeCsv(report: FinanceReport): string {
  const e = euros;
  const flowCells = (f: FinanceFlow) => [e(f.salesCents), e(f.refundsCents), e(f.netCents)];
  const t = report.totals;
  return csvDocument([
    ["Talousraportti", report.from, report.to],
    [],
    [
      report.groupBy === "day" ? "Päivä" : "Kuukausi",
      "Kertavaraukset €",
      "Jäsenyydet €",
      "Myynti €",
      "Palautukset €",
      "Netto €",
    ],
    ...report.series.map((s) => [s.period, e(s.singleCents), e(s.membershipCents), ...flowCells(s)]),
    [
      "Yhteensä",
      e(report.series.reduce((sum, s) => sum + s.singleCents, 0)),
      e(report.series.reduce((sum, s) => sum + s.membershipCents, 0)),
      e(t.salesCents),
      e(t.refundsCents),
      e(t.grossCents),
    ],
    [],
    ["Tuote", "Myynti €", "Palautukset €", "Netto €"],
    ...report.products.map((p) => [productTitles[p.product], ...flowCells(p)]),
    ["Yhteensä", e(t.salesCents), e(t.refundsCents), e(t.grossCents)],
    [],
    ["Maksutapa", "Myynti €", "Palautukset €", "Netto €"],
    ...report.methods.map((m) => [methodTitles[m.method], ...flowCells(m)]),
    ["Yhteensä", e(t.salesCents), e(t.refundsCents), e(t.grossCents)],
    [],
    ["ALV-kanta", "Myynti €", "Palautukset €", "Verollinen €", "ALV €", "Veroton €"],
    ...report.vat.map((v) => [
      rateText(v.rateBasisPoints),
      e(v.salesCents),
      e(v.refundsCents),
      e(v.grossCents),
      e(v.vatCents),
      e(v.netCents),
    ]),
    ["Yhteensä", e(t.salesCents), e(t.refundsCents), e(t.grossCents), e(t.vatCents), e(t.netCents)],
    [],
    ["Alennukset €", e(t.discountsCents)],
    ["Lisäkoirat €", e(report.extraDogs?.cents ?? 0), "ALV €", e(report.extraDogs?.vatCents ?? 0)],
    ["Lahjakortteja myyty €", e(report.giftCards.soldCents)],
    ["Lahjakorteilla maksettu €", e(report.giftCards.redeemedCents)],
    [],
    ["Laskut", "Kpl", "Summa €", `Tilanne ${report.invoices.today}`],
    ["Avoimet", report.invoices.open.count, e(report.invoices.open.totalCents)],
    ["Erääntyneet", report.invoices.overdue.count, e(report.invoices.overdue.totalCents)],
    [],
    ["Lasku", "Nimi", "Sähköposti", "Kuvaus", "Eräpäivä", "Summa €", "Erääntynyt"],
    ...report.invoices.rows.map((i) => [
      i.number,
      i.name,
      i.email,
      i.description,
      i.dueDate,
      e(i.amountCents),
      i.overdue ? "kyllä" : "ei",
    ]),
  ]);
}
