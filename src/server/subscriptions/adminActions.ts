import { and, asc, eq, sql } from "drizzle-orm";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import { isOverdue } from "../../domain/membership.js";
import { addDays } from "../../domain/membershipPeriods.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { customers, invoices, payments, refunds, subscriptions } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../errors.js";
import type { AdminActor } from "../plugins/adminAuth.js";
import { recordAudit } from "../services/audit.js";
import { returnGiftCardShares } from "../giftCards/service.js";
import { INVOICE_NOT_FOUND } from "../invoices/service.js";
import {
  formatDay,
  invoiceCreditMail,
  invoicePaidMail,
  newInvoiceMail,
  overdueMail,
  tierChangeCancelledMail,
  tierChangeMail,
} from "./mail.js";
import { cancelMembership, periodContaining, type SubscriptionRow } from "./service.js";
import { tierOn } from "../prices/service.js";
import { recordRefund, sendRefund } from "../services/refunds.js";
import { getSettings } from "../settings/service.js";
import { membershipPriceOf } from "./tierChange.js";
import { deliverAudited } from "../services/admin/system.js";

/**
 * What an admin does on a member's behalf (decision 022): cancel by the member's own rules, change
 * the tier from the next period, void an open invoice, credit a paid one, send an invoice again.
 * Each writes its audit row in its own transaction; e-mails and refunds go out after the commit.
 */

export const MEMBERSHIP_NOT_FOUND = "Jäsenyyttä ei löytynyt.";

const notActive: Record<SubscriptionRow["status"], string> = {
  active: "",
  pending:
    "Jäsenyys odottaa ensimmäisen laskun maksua. Sitä ei voi vielä muuttaa; se vanhenee itsestään, jos laskua ei makseta.",
  cancelled: "Jäsenyys on jo irtisanottu.",
  expired: "Jäsenyys ei koskaan alkanut (ensimmäistä laskua ei maksettu).",
};

/** Locks a membership that must be active (404 unknown, 409 in another state). */
async function lockActive(tx: Tx, id: string): Promise<SubscriptionRow> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  if (!sub) throw notFound(MEMBERSHIP_NOT_FOUND);
  if (sub.status !== "active") throw conflict(notActive[sub.status]);
  return sub;
}

async function customerOf(tx: Tx, sub: SubscriptionRow) {
  const [customer] = sub.customerId
    ? await tx.select().from(customers).where(eq(customers.id, sub.customerId))
    : [];
  return customer ?? null;
}

/** What the audit row keeps of a membership's tier. */
const tierState = (s: SubscriptionRow) => ({
  tierLevel: s.tierLevel,
  tierName: s.tierName,
  hoursQuota: s.hoursQuota,
  monthlyPriceCents: s.monthlyPriceCents,
  nextTierLevel: s.nextTierLevel,
  nextTierFrom: s.nextTierFrom,
});

async function deliverQuietly(ctx: AppContext, mailId: number | null) {
  await ctx.mail.sendCommitted(ctx.db, mailId);
}

/** Cancels on the member's behalf: the same rules, e-mail and answer as the member's own cancel. */
export async function adminCancelMembership(ctx: AppContext, actor: AdminActor, id: string) {
  const { sub, withinCommitment } = await cancelMembership(ctx, {
    lock: (tx) => lockActive(tx, id),
    record: (tx, before, after) =>
      recordAudit(tx, actor, {
        action: "membership.cancel",
        entity: "membership",
        entityId: id,
        before,
        after,
      }),
  });
  const lastDay = formatDay(addDays(sub.endsOn!, -1));
  return {
    message: withinCommitment
      ? `Jäsenyys irtisanottu. Sitoumus on voimassa ${formatDay(sub.commitmentEndDate!)} asti, joten jäsenyys ja laskutus jatkuvat ${lastDay} asti. Jäsenelle lähetettiin vahvistus sähköpostilla.`
      : `Jäsenyys irtisanottu. Jäsenyys on käytössä maksetun jakson loppuun, ${lastDay} asti, eikä uusia laskuja tule. Jäsenelle lähetettiin vahvistus sähköpostilla.`,
  };
}

/**
 * Schedules a tier change from the next period: its invoice is made at the new tier's price and
 * its quota applies from then on. Inside a 12-month commitment the tier may go up, not down.
 */
export async function scheduleTierChange(ctx: AppContext, actor: AdminActor, id: string, tierLevel: number) {
  const settings = await getSettings(ctx.db);
  const today = helsinkiDate(ctx.now());
  const done = await ctx.db.transaction(async (tx) => {
    const sub = await lockActive(tx, id);
    const from = periodContaining(sub, today).endExclusive;
    const tier = await tierOn(tx, tierLevel, from);
    if (!tier) throw badRequest(`Tasoa ${tierLevel} ei ole tarjolla ${formatDay(from)} alkaen.`);
    if (tier.level === sub.tierLevel)
      throw conflict(
        sub.nextTierLevel === null
          ? `Jäsenyys on jo tasolla ${sub.tierName}.`
          : `Jäsenyys on jo tasolla ${sub.tierName}. Jos haluat pitää sen, peru odottava tasomuutos.`,
      );
    const price = membershipPriceOf(sub.commitment, tier.monthlyPriceCents, settings);
    if (sub.commitmentEndDate !== null && from < sub.commitmentEndDate && price < sub.monthlyPriceCents)
      throw conflict(
        `Jäsenyydellä on 12 kuukauden sitoumus ${formatDay(sub.commitmentEndDate)} asti. Sitoumuksen aikana tasoa voi nostaa mutta ei laskea; halvempaan tasoon voi vaihtaa sitoumuksen päätyttyä.`,
      );
    const [billed] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, id), eq(invoices.periodStart, from)));
    if (billed) throw conflict("Seuraavan jakson lasku on jo tehty. Yritä uudelleen, kun jakso on alkanut.");
    const [after] = await tx
      .update(subscriptions)
      .set({ nextTierLevel: tier.level, nextTierFrom: from })
      .where(eq(subscriptions.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "membership.tier_change",
      entity: "membership",
      entityId: id,
      before: tierState(sub),
      after: { ...tierState(after!), nextMonthlyPriceCents: price },
    });
    const customer = await customerOf(tx, sub);
    const change = { tierName: tier.name, hoursQuota: tier.hoursQuota, monthlyPriceCents: price, from };
    const mailId = customer
      ? await ctx.mail.enqueue(
          tx,
          tierChangeMail({ settings, publicUrl: ctx.config.publicUrl }, change, customer),
        )
      : null;
    return { change, mailId };
  });
  await deliverQuietly(ctx, done.mailId);
  const { change } = done;
  return {
    message: `Taso vaihtuu ${change.tierName}-tasoon ${formatDay(change.from)} alkavasta jaksosta: ${change.hoursQuota} h kuukaudessa, ${formatEuros(change.monthlyPriceCents)}/kk. Jäsenelle lähetettiin tieto sähköpostilla.`,
  };
}

/** Withdraws a scheduled tier change before it takes effect. */
export async function cancelTierChange(ctx: AppContext, actor: AdminActor, id: string) {
  const settings = await getSettings(ctx.db);
  const mailId = await ctx.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    if (!sub) throw notFound(MEMBERSHIP_NOT_FOUND);
    if (sub.nextTierLevel === null) throw conflict("Jäsenyydellä ei ole odottavaa tasomuutosta.");
    const [after] = await tx
      .update(subscriptions)
      .set({ nextTierLevel: null, nextTierFrom: null })
      .where(eq(subscriptions.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "membership.tier_change.cancel",
      entity: "membership",
      entityId: id,
      before: tierState(sub),
      after: tierState(after!),
    });
    const customer = await customerOf(tx, after!);
    return customer
      ? ctx.mail.enqueue(
          tx,
          tierChangeCancelledMail({ settings, publicUrl: ctx.config.publicUrl }, after!, customer),
        )
      : null;
  });
  await deliverQuietly(ctx, mailId);
  return { message: "Odottava tasomuutos peruttu. Jäsenelle lähetettiin tieto sähköpostilla." };
}

/** Locks an invoice's membership, then the invoice: the lock order of payments and the invoice job. */
async function lockInvoice(tx: Tx, id: string) {
  const [found] = await tx
    .select({ subscriptionId: invoices.subscriptionId })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!found) throw notFound(INVOICE_NOT_FOUND);
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, found.subscriptionId))
    .for("update");
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return { sub: sub!, invoice: invoice! };
}

/**
 * Voids an open invoice: it need not be paid. A payment under way is cancelled (its gift-card share
 * returned); money that still arrives for it is refunded by the payment path (invoiceFulfilment.ts).
 */
export async function voidInvoice(ctx: AppContext, actor: AdminActor, id: string) {
  const now = ctx.now();
  const number = await ctx.db.transaction(async (tx) => {
    const { sub, invoice } = await lockInvoice(tx, id);
    if (invoice.status === "paid")
      throw conflict(
        `Lasku ${invoice.number} on maksettu, joten sitä ei voi mitätöidä. Hyvitä se, jos maksu palautetaan.`,
      );
    if (invoice.status === "void") throw conflict(`Lasku ${invoice.number} on jo mitätöity.`);
    if (sub.status === "pending")
      throw conflict(
        `Lasku ${invoice.number} on liittymisen ensimmäinen lasku. Liittyminen vanhenee itsestään, jos sitä ei makseta.`,
      );
    const [after] = await tx
      .update(invoices)
      .set({ status: "void", voidedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    const cancelled = await tx
      .update(payments)
      .set({ status: "cancelled" })
      .where(and(eq(payments.invoiceId, id), eq(payments.status, "pending")))
      .returning({ id: payments.id });
    const paymentIds = cancelled.map((p) => p.id);
    const giftCardReturnedCents = await returnGiftCardShares(tx, paymentIds, now);
    await recordAudit(tx, actor, {
      action: "invoice.void",
      entity: "invoice",
      entityId: id,
      before: invoice,
      after: { ...after, cancelledPayments: paymentIds, giftCardReturnedCents },
    });
    return invoice.number;
  });
  return { message: `Lasku ${number} mitätöity. Sitä ei tarvitse maksaa.` };
}

/**
 * Credits a paid invoice: what its payment paid goes back (the provider's share as a refund through
 * the refunds outbox, sent after the commit; a gift card's share to the card) and the invoice
 * becomes void with credited_at. The membership itself is not changed.
 */
export async function creditInvoice(ctx: AppContext, actor: AdminActor, id: string) {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const { invoice } = await lockInvoice(tx, id);
    if (invoice.creditedAt) throw conflict(`Lasku ${invoice.number} on jo hyvitetty.`);
    if (invoice.status !== "paid")
      throw conflict(
        invoice.status === "open"
          ? `Lasku ${invoice.number} on maksamatta, joten hyvitettävää ei ole. Mitätöi se, jos sitä ei tarvitse maksaa.`
          : `Lasku ${invoice.number} on mitätöity.`,
      );
    // The payment that paid it: a later duplicate already has its own refund (invoice_not_needed).
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.invoiceId, id),
          eq(payments.status, "paid"),
          sql`not exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id})`,
        ),
      )
      .orderBy(asc(payments.paidAt))
      .limit(1)
      .for("update");
    if (!payment)
      throw conflict(`Laskun ${invoice.number} maksu on jo palautettu, tai sen palautus on kesken.`);
    const refundCents = payment.amountCents - payment.refundedCents;
    const refundId = await recordRefund(tx, {
      paymentId: payment.id,
      amountCents: refundCents,
      reason: "invoice_credit",
      now,
    });
    const giftCardCents = await returnGiftCardShares(tx, [payment.id], now);
    const returned = { refundCents: refundId ? refundCents : 0, giftCardCents };
    const [after] = await tx
      .update(invoices)
      .set({
        status: "void",
        voidedAt: now,
        creditedAt: now,
        creditedCents: returned.refundCents + returned.giftCardCents,
      })
      .where(eq(invoices.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "invoice.credit",
      entity: "invoice",
      entityId: id,
      before: invoice,
      after: { ...after, paymentId: payment.id, refundId, ...returned },
    });
    const mailId = invoice.customerId
      ? await ctx.mail.enqueue(
          tx,
          invoiceCreditMail({ settings, publicUrl: ctx.config.publicUrl }, invoice, returned),
        )
      : null;
    return { number: invoice.number, refundId, returned, mailId };
  });
  // After the commit, as every refund (decision 009); one the provider did not take is retried.
  const outcome = done.refundId ? await sendRefund(ctx, done.refundId) : "succeeded";
  await deliverQuietly(ctx, done.mailId);
  const { refundCents, giftCardCents } = done.returned;
  const parts = [
    refundCents > 0
      ? outcome === "succeeded"
        ? `${formatEuros(refundCents)} palautettu maksutavalle.`
        : `${formatEuros(refundCents)} palautetaan maksutavalle; maksupalvelu ei vastannut vielä, joten palautusta yritetään uudelleen.`
      : "",
    giftCardCents > 0 ? `Lahjakortille palautettiin ${formatEuros(giftCardCents)}.` : "",
  ].filter(Boolean);
  return { message: [`Lasku ${done.number} hyvitetty.`, ...parts].join(" ") };
}

/**
 * Sends an invoice's e-mail again: an open one as the invoice (or the reminder once overdue), a paid
 * one as its receipt. The message is put in the outbox with the audit row and committed; the mail
 * server is called after that, and its answer is a second audit row (as the outbox's own resend).
 */
export async function resendInvoiceMail(ctx: AppContext, actor: AdminActor, id: string) {
  const settings = await getSettings(ctx.db);
  const today = helsinkiDate(ctx.now());
  const queued = await ctx.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.customerId === null)
      throw conflict("Asiakas on poistanut tilinsä, joten laskua ei lähetetä hänelle.");
    if (invoice.status === "void")
      throw conflict(`Lasku ${invoice.number} on mitätöity, eikä sitä lähetetä.`);
    const context = { settings, publicUrl: ctx.config.publicUrl };
    const mail =
      invoice.status === "paid"
        ? invoicePaidMail(context, invoice)
        : isOverdue({ status: invoice.status, due_date: invoice.dueDate }, today)
          ? overdueMail(context, invoice)
          : newInvoiceMail(context, invoice);
    const mailId = await ctx.mail.enqueue(tx, mail);
    await recordAudit(tx, actor, {
      action: "invoice.resend",
      entity: "invoice",
      entityId: id,
      before: { status: invoice.status, email: invoice.email },
      after: { mailId, kind: mail.kind, to: mail.to },
    });
    return { mailId, number: invoice.number, to: mail.to };
  });
  const outcome = await deliverAudited(ctx, actor, queued.mailId, {
    action: "invoice.resend.result",
    entity: "invoice",
    entityId: id,
  });
  return {
    message: outcome.sent
      ? `Lasku ${queued.number} lähetetty osoitteeseen ${queued.to}.`
      : `Laskun ${queued.number} viesti on jonossa, mutta lähetys epäonnistui (${outcome.error ?? "tuntematon virhe"}). Sitä yritetään uudelleen automaattisesti.`,
  };
}
