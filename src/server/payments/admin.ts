import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  PURCHASE_PAGE_SIZE,
  type Purchase,
  type PurchaseList,
  type PurchaseQuery,
} from "../../domain/admin/purchases.js";
import { formatTimeRange, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/index.js";
import { invoices, payments, refunds, reservations } from "../db/schema.js";
import { conflict, notFound } from "../errors.js";
import type { AdminActor } from "../plugins/adminAuth.js";
import { recordAudit } from "../services/audit.js";
import { recordRefund, refundableCents, sendRefund, type RefundReason } from "./refunds.js";
import { csvLine, euros } from "../services/admin/csv.js";
import {
  labelOf,
  paymentMethodLabels,
  paymentProviderLabels,
  paymentStatusLabels,
} from "../../domain/admin/labels.js";

/**
 * Ostokset: every payment with what it paid for and its refund, a page at a time with the
 * filtered set's count and sums from SQL; the CSV streams every row; refunds made from here.
 */

const ADMIN_REFUND = "admin_refund" as RefundReason; // refunds.ts lists the other reasons
/** Rows the CSV reads per query while it streams. */
const CSV_BATCH = 500;

export function purchaseConditions(query: PurchaseQuery): SQL | undefined {
  return and(
    query.from ? gte(payments.createdAt, wallClock(query.from, "00:00").toJSDate()) : undefined,
    query.to ? lt(payments.createdAt, wallClock(query.to, "24:00").toJSDate()) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    query.provider ? eq(payments.provider, query.provider) : undefined,
  );
}

/** What a payment paid for, in the admin's words: a booking's time or an invoice's number. */
export function whatWasPaid(
  r: Pick<typeof reservations.$inferSelect, "startsAt" | "endsAt"> | null,
  i: Pick<typeof invoices.$inferSelect, "number" | "description"> | null,
): { kind: "reservation" | "invoice"; description: string } {
  if (i) return { kind: "invoice", description: `Lasku ${i.number}: ${i.description}` };
  return { kind: "reservation", description: r ? `Varaus ${formatTimeRange(r.startsAt, r.endsAt)}` : "" };
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

type PurchaseRow = Awaited<ReturnType<typeof purchasesPageQuery>>[number];

async function purchasesWhere(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<Purchase[]> {
  return toPurchases(db, await purchasesPageQuery(db, where, page));
}

async function toPurchases(db: DbOrTx, rows: PurchaseRow[]): Promise<Purchase[]> {
  const ids = rows.map((r) => r.payment.id);
  const refundRows = ids.length ? await db.select().from(refunds).where(inArray(refunds.paymentId, ids)) : [];
  const refundOf = new Map(refundRows.map((r) => [r.paymentId, r]));
  return rows.map(({ payment: p, reservation: r, invoice: i }) => {
    const refund = refundOf.get(p.id);
    return {
      id: p.id,
      createdAt: toHelsinkiIso(p.createdAt),
      paidAt: p.paidAt ? toHelsinkiIso(p.paidAt) : null,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      vatCents: p.vatCents,
      refundedCents: p.refundedCents,
      ...whatWasPaid(r, i),
      payerName: r?.name ?? i?.name ?? null,
      payerEmail: r?.email ?? i?.email ?? null,
      reservationId: r?.id ?? null,
      refund: refund
        ? {
            status: refund.status,
            amountCents: refund.amountCents,
            reason: refund.reason,
            createdAt: toHelsinkiIso(refund.createdAt),
          }
        : null,
    };
  });
}

export async function listPurchases(ctx: AppContext, query: PurchaseQuery): Promise<PurchaseList> {
  const where = purchaseConditions(query);
  const page = query.page ?? 1;
  const offset = (page - 1) * PURCHASE_PAGE_SIZE;
  const purchases = await purchasesWhere(ctx.db, where, { limit: PURCHASE_PAGE_SIZE, offset });
  const [summary] = await purchasesSummaryQuery(ctx.db, where);
  return {
    purchases,
    total: Number(summary?.total ?? 0),
    page,
    pageSize: PURCHASE_PAGE_SIZE,
    totals: {
      paidCents: Number(summary?.paidCents ?? 0),
      refundedCents: Number(summary?.refundedCents ?? 0),
    },
    providers: await providersSeen(ctx.db),
  };
}

/**
 * The providers that have payments, for the filter: a skip scan over payments_provider_ref
 * (provider first), one index probe per provider instead of reading every payment.
 */
async function providersSeen(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive p(provider) as (
      select min(provider) from ${payments}
      union all
      select (select min(provider) from ${payments} where provider > p.provider) from p where p.provider is not null
    )
    select provider from p where provider is not null`);
  return (result as unknown as { rows: Array<{ provider: string }> }).rows.map((r) => r.provider).sort();
}

/**
 * Refunds what is left of a paid payment through its provider (the booking itself stays; cancel
 * it in varaukset to free the time). One refund per payment: a second answers 409.
 */
export async function refundPurchase(ctx: AppContext, actor: AdminActor, id: string) {
  const now = ctx.now();
  const refundId = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (!payment) throw notFound("Maksua ei löytynyt.");
    if (payment.status !== "paid") throw conflict("Vain maksetun maksun voi palauttaa.");
    const amountCents = await refundableCents(tx, payment);
    const recorded = await recordRefund(tx, { paymentId: id, amountCents, reason: ADMIN_REFUND, now });
    if (!recorded) throw conflict("Maksulle on jo tehty palautus.");
    await recordAudit(tx, actor, {
      action: "payment.refund",
      entity: "payment",
      entityId: id,
      before: payment,
      after: { refundId: recorded, amountCents },
    });
    return recorded;
  });
  // After the commit, as every refund (decision 009); a failure is retried by the job.
  const outcome = await sendRefund(ctx, refundId);
  const [purchase] = await purchasesWhere(ctx.db, eq(payments.id, id), { limit: 1, offset: 0 });
  const amount = formatEuros(purchase!.refund?.amountCents ?? 0);
  return {
    message:
      outcome === "succeeded"
        ? `${amount} palautettu.`
        : `Palautus ${amount} on kirjattu; maksupalvelu ei vastannut vielä, joten sitä yritetään uudelleen.`,
    purchase: purchase!,
  };
}

/**
 * The filtered list as CSV for a Finnish spreadsheet (semicolons, decimal commas, a BOM), every
 * matching row, read CSV_BATCH at a time by keyset (created_at, id) and written out as it goes, so
 * a year of payments never sits in the server's memory at once.
 */
export async function* purchasesCsv(ctx: AppContext, query: PurchaseQuery): AsyncGenerator<string> {
  const header = [
    "Aika",
    "Maksettu",
    "Mitä",
    "Maksaja",
    "Sähköposti",
    "Palvelu",
    "Tapa",
    "Tila",
    "Summa €",
    "ALV €",
    "Palautettu €",
  ];
  yield `\uFEFF${csvLine(header)}`;
  const where = purchaseConditions(query);
  let after: string | null = null;
  for (;;) {
    // After the last row written, compared with its stored time (microseconds, which a JS Date would cut).
    const keyset: SQL | undefined = after
      ? sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from ${payments} p where p.id = ${after}::uuid)`
      : undefined;
    const rows = await purchasesPageQuery(ctx.db, and(where, keyset), { limit: CSV_BATCH, offset: 0 });
    if (!rows.length) return;
    after = rows[rows.length - 1]!.payment.id;
    const lines = (await toPurchases(ctx.db, rows)).map((p) =>
      csvLine([
        p.createdAt,
        p.paidAt,
        p.description,
        p.payerName,
        p.payerEmail,
        labelOf(paymentProviderLabels, p.provider),
        labelOf(paymentMethodLabels, p.method),
        labelOf(paymentStatusLabels, p.status),
        euros(p.amountCents),
        euros(p.vatCents),
        euros(p.refundedCents),
      ]),
    );
    yield lines.join("");
    if (rows.length < CSV_BATCH) return;
  }
}
