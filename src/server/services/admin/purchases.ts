import { and, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Purchase, PurchaseList, PurchaseQuery } from "../../../domain/admin/purchases.js";
import { formatTimeRange, toHelsinkiIso, wallClock } from "../../../domain/helsinkiTime.js";
import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/index.js";
import { invoices, payments, refunds, reservations } from "../../db/schema.js";
import { conflict, notFound } from "../../errors.js";
import type { AdminActor } from "../../plugins/adminAuth.js";
import { recordAudit } from "../audit.js";
import { recordRefund, sendRefund, type RefundReason } from "../refunds.js";
import { csvDocument, euros } from "./csv.js";
import {
  labelOf,
  paymentMethodLabels,
  paymentProviderLabels,
  paymentStatusLabels,
} from "../../../domain/admin/labels.js";

/** Ostokset: every payment with what it paid for and its refund; refunds made from here. */

const MAX_ROWS = 2000;
const ADMIN_REFUND = "admin_refund" as RefundReason; // refunds.ts lists the other reasons

function conditions(query: PurchaseQuery): SQL | undefined {
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

async function purchasesWhere(db: DbOrTx, where: SQL | undefined, limit = MAX_ROWS): Promise<Purchase[]> {
  const rows = await db
    .select({ payment: payments, reservation: reservations, invoice: invoices })
    .from(payments)
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(limit);
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
  const purchases = await purchasesWhere(ctx.db, conditions(query));
  const providers = (await ctx.db.selectDistinct({ provider: payments.provider }).from(payments))
    .map((p) => p.provider)
    .sort();
  return {
    purchases,
    totals: {
      paidCents: purchases
        .filter((p) => p.status === "paid" || p.status === "refunded")
        .reduce((sum, p) => sum + p.amountCents, 0),
      refundedCents: purchases.reduce((sum, p) => sum + p.refundedCents, 0),
    },
    providers,
  };
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
    const amountCents = payment.amountCents - payment.refundedCents;
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
  const [purchase] = await purchasesWhere(ctx.db, eq(payments.id, id), 1);
  const amount = formatEuros(purchase!.refund?.amountCents ?? 0);
  return {
    message:
      outcome === "succeeded"
        ? `${amount} palautettu.`
        : `Palautus ${amount} on kirjattu; maksupalvelu ei vastannut vielä, joten sitä yritetään uudelleen.`,
    purchase: purchase!,
  };
}

/** The filtered list as CSV for a Finnish spreadsheet: semicolons, decimal commas, a BOM. */
export async function purchasesCsv(ctx: AppContext, query: PurchaseQuery): Promise<string> {
  const { purchases } = await listPurchases(ctx, query);
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
  const lines = purchases.map((p) => [
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
  ]);
  return csvDocument([header, ...lines]);
}
