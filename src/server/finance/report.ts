import {
  financeMethods,
  financeProducts,
  type FinanceFlow,
  type FinanceMethod,
  type FinanceProduct,
  type FinanceQuery,
  type FinanceReport,
} from "../../domain/admin/finance.js";
import { datesBetween, helsinkiDate, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { attendanceBetween } from "../door/index.js";
import { financeRepository } from "./repository.js";

/**
 * v2/talous (decisions 020 and 038). Every euro is a ledger entry, summed by the database over the
 * period (the queries in repository.ts, the CSV in csv.ts); only the groups come back. A group is
 * one (Helsinki day or month, product, method, VAT rate) of money in (a payment's provider share
 * and its gift card's share, when paid) or money back (provider refunds when they succeeded;
 * shares returned to gift cards when returned). Each entry carries the VAT it contains at the rate
 * of the charge it pays, so the VAT per rate is a sum of entries; nothing is added up from the
 * payments', refunds' or bookings' own columns, and entries never change, so neither does a closed
 * month (but for a refund that succeeds later, in the month it succeeds).
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
  const [{ flows, charges }, soldCents, attendance] = await Promise.all([
    finance.periodMoney(q, start, end),
    finance.giftCardsSold(start, end),
    attendanceBetween(ctx.db, start, end, ctx.now()),
  ]);
  const invoiceReport = await openInvoices(ctx, today);

  const inBy = {
    period: new Map<string, number>(),
    product: new Map<FinanceProduct, number>(),
    method: new Map<FinanceMethod, number>(),
  };
  const backBy = {
    period: new Map<string, number>(),
    product: new Map<FinanceProduct, number>(),
    method: new Map<FinanceMethod, number>(),
  };
  const periodProduct = new Map<string, number>();
  const vatLines = new Map<number, { sales: number; refunds: number; vat: number }>();
  for (const r of flows) {
    const product: FinanceProduct = r.membership ? "membership" : "single";
    const method = r.method as FinanceMethod;
    const by = r.back ? backBy : inBy;
    add(by.period, r.period, r.cents);
    add(by.product, product, r.cents);
    add(by.method, method, r.cents);
    if (!r.back) add(periodProduct, `${r.period}|${product}`, r.cents);
    const line = vatLines.get(r.rate) ?? { sales: 0, refunds: 0, vat: 0 };
    vatLines.set(r.rate, line);
    if (r.back) {
      line.refunds += r.cents;
      line.vat -= r.vat;
    } else {
      line.sales += r.cents;
      line.vat += r.vat;
    }
  }

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
    ...flow(inBy.method.get(method) ?? 0, backBy.method.get(method) ?? 0),
  }));

  return {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    series: periodsOf(q).map((period) => ({
      period,
      singleCents: periodProduct.get(`${period}|single`) ?? 0,
      membershipCents: periodProduct.get(`${period}|membership`) ?? 0,
      ...flow(inBy.period.get(period) ?? 0, backBy.period.get(period) ?? 0),
    })),
    products: financeProducts.map((product) => ({
      product,
      ...flow(inBy.product.get(product) ?? 0, backBy.product.get(product) ?? 0),
    })),
    methods,
    vat,
    totals: {
      salesCents: total((l) => l.salesCents),
      refundsCents: total((l) => l.refundsCents),
      grossCents: total((l) => l.grossCents),
      vatCents: total((l) => l.vatCents),
      netCents: total((l) => l.netCents),
      discountsCents: charges.discountCents,
    },
    giftCards: { soldCents, redeemedCents: methods.find((m) => m.method === "gift_card")!.netCents },
    extraDogs: { cents: charges.extraDogsCents, vatCents: charges.extraDogsVat },
    noShows: { bookings: attendance.noShows, minutes: Math.round(attendance.noShowMinutes) },
    invoices: invoiceReport,
  };
}
