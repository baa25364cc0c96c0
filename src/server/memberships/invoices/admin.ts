import { helsinkiDate } from "../../../domain/helsinkiClock.js";
import { isOverdue } from "../../../domain/invoiceStatus.js";
import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/index.js";
import { conflict, notFound } from "../../errors.js";
import { returnGiftCardShares } from "../../giftCards/index.js";
import type { AdminActor } from "../../../domain/admin/session.js";
import { deliverAudited } from "../../mail/index.js";
import { recordAudit } from "../../system/index.js";
import {
  refundWaits,
  sendRefund,
  type RefundOutcome,
  settleOwedBack,
  paymentRepository,
} from "../../payments/index.js";
import { releaseCharges } from "../../ledger/index.js";
import { getSettings } from "../../settings/index.js";
import { invoiceCreditMail, invoicePaidMail, newInvoiceMail, overdueMail } from "../subscriptions/mail.js";
import { subscriptionRepository } from "../subscriptions/repository.js";
import { invoiceRepository } from "./repository.js";
import { bankTransferOfInvoice, INVOICE_NOT_FOUND } from "./service.js";

/**
 * What an admin does to a member's invoice (decision 022): void an open one, credit a paid one,
 * send one again. Each writes its audit row in its own transaction; e-mails and refunds go out
 * after the commit. The membership's own actions are subscriptions/adminActions.ts.
 */

async function deliverQuietly(ctx: AppContext, mailId: number | null) {
  await ctx.mail.sendCommitted(ctx.db, mailId);
}

/** Locks an invoice's membership, then the invoice: the lock order of payments and the invoice job. */
async function lockInvoice(tx: Tx, id: string) {
  const invoices = invoiceRepository(tx);
  const subscriptionId = await invoices.subscriptionIdOf(id);
  if (!subscriptionId) throw notFound(INVOICE_NOT_FOUND);
  const sub = await subscriptionRepository(tx).lockById(subscriptionId);
  const invoice = await invoices.lockById(id);
  return { sub: sub!, invoice: invoice! };
}

/**
 * Voids an open invoice: it need not be paid. A payment under way is cancelled (its gift-card share
 * returned); money that still arrives for it is refunded by the payment path (fulfilment.ts).
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
    const after = await invoiceRepository(tx).markVoid(id, now);
    await releaseCharges(tx, { invoiceId: id }, { reason: "void", actor: actor.email, now });
    const paymentIds = await paymentRepository(tx).cancelPendingOf({ invoiceIds: [id] });
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
    // The charge is taken off and everything paid goes back (decision 038): the provider's share
    // as refunds, a gift card's share to the card; a refund already under way is counted.
    const owner = { invoiceId: id };
    await releaseCharges(tx, owner, { reason: "credit", actor: actor.email, now });
    const back = await settleOwedBack(tx, owner, { reason: "invoice_credit", actor: actor.email, now });
    const returned = { refundCents: back.refundedCents, giftCardCents: back.giftCardReturnedCents };
    const after = await invoiceRepository(tx).markCredited(
      id,
      now,
      returned.refundCents + returned.giftCardCents,
    );
    await recordAudit(tx, actor, {
      action: "invoice.credit",
      entity: "invoice",
      entityId: id,
      before: invoice,
      after: { ...after, refundIds: back.refundIds, ...returned },
    });
    const mailId = invoice.customerId
      ? await ctx.mail.enqueue(
          tx,
          invoiceCreditMail({ settings, publicUrl: ctx.config.publicUrl }, invoice, returned),
        )
      : null;
    return { number: invoice.number, refundIds: back.refundIds, returned, mailId };
  });
  // After the commit, as every refund (decision 009); one the provider did not take is retried.
  const outcomes: RefundOutcome[] = [];
  for (const refundId of done.refundIds) outcomes.push(await sendRefund(ctx, refundId));
  await deliverQuietly(ctx, done.mailId);
  const { refundCents, giftCardCents } = done.returned;
  const parts = [
    refundCents > 0
      ? // A bank transfer's money goes back from the park's own bank, by hand (decision 050).
        outcomes.includes("by_hand")
        ? `Palauta ${formatEuros(refundCents)} maksajalle tilisiirrolla puiston pankista; se on kirjattu palautetuksi.`
        : !outcomes.some(refundWaits)
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
    const invoice = await invoiceRepository(tx).lockById(id);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.customerId === null)
      throw conflict("Asiakas on poistanut tilinsä, joten laskua ei lähetetä hänelle.");
    if (invoice.status === "void")
      throw conflict(`Lasku ${invoice.number} on mitätöity, eikä sitä lähetetä.`);
    const context = { settings, publicUrl: ctx.config.publicUrl };
    // A signup's first invoice is paid at once to start the membership: no transfer (decision 049).
    const membership = await invoiceRepository(tx).ofCustomerWithSubscription(id, invoice.customerId);
    const transfer = membership?.subscription.activatedAt
      ? await bankTransferOfInvoice(tx, settings.park, invoice)
      : null;
    const mail =
      invoice.status === "paid"
        ? invoicePaidMail(context, invoice)
        : isOverdue({ status: invoice.status, due_date: invoice.dueDate }, today)
          ? overdueMail(context, invoice, transfer)
          : newInvoiceMail(context, invoice, transfer);
    const mailId = await ctx.mail.enqueue(tx, mail);
    await recordAudit(tx, actor, {
      action: "invoice.resend",
      entity: "invoice",
      entityId: id,
      // The mail sent, by id: its address is the invoice's, which the log does not keep (issue 31).
      after: { status: invoice.status, mailId, kind: mail.kind },
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
