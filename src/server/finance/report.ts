import {
  financeMethods,
  financeProducts,
  KNOWN_VAT_RATES,
  vatRateOfSale,
  type FinanceFlow,
  type FinanceMethod,
  type FinanceProduct,
  type FinanceQuery,
  type FinanceReport,
} from "../../domain/admin/finance.js";
import { datesBetween, helsinkiDate, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { loadVatRates, vatRateOn } from "../prices/service.js";
import { attendanceBetween } from "../door/attendance.js";
import { financeRepository, type FlowRow } from "./repository.js";

/**
 * v2/talous (decision 020). Every figure is summed by the database over the period's rows, found
 * through indexes on the dates (migration 0011; the queries in repository.ts, the CSV in
 * csv.ts); only the groups come back. A group is one
 * (Helsinki day or month, product, method, sale price) of money in (paid payments, by paid_at) or
 * money back (provider refunds by completed_at; a paid sale's gift-card share returned to its card,
 * by the later of the return and the payment). VAT is what each sale stored: the invoice's rate and
 * VAT, the booking's VAT (its rate found from its price and VAT), the payment's VAT for its share.
 */

const MAX_INVOICE_ROWS = 500;

async function openInvoices(ctx: AppContext, today: string): Promise<FinanceReport["invoices"]> {
  const { totals, rows } = await financeRepository(ctx.db).openInvoices(today, MAX_INVOICE_ROWS);
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
  const finance = financeRepository(ctx.db);
  const [sales, providerRefunds, giftReturns, soldCents, rates, todaysRate, attendance] = await Promise.all([
    finance.salesRows(q, start, end),
    finance.refundRows(q, start, end),
    finance.giftCardReturnRows(q, start, end),
    finance.giftCardsSold(start, end),
    // Every rate ever in force: a booking paid in the period may be for a slot outside it.
    loadVatRates(ctx.db, "2000-01-01", "2099-12-31"),
    vatRateOn(ctx.db, today),
    attendanceBetween(ctx.db, start, end, ctx.now()),
  ]);
  const invoiceReport = await openInvoices(ctx, today);

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
  const methodSales = await salesByMethod(ctx, start, end);

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
async function salesByMethod(ctx: AppContext, start: Date, end: Date): Promise<Map<string, number>> {
  const rows = await financeRepository(ctx.db).salesByMethod(start, end);
  const byMethod = new Map<string, number>();
  for (const r of rows) {
    add(byMethod, r.method, r.provider);
    add(byMethod, "gift_card", r.giftCard);
  }
  return byMethod;
}
