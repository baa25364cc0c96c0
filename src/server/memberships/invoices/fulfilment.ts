import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import type { OutgoingMail } from "../../mail/index.js";
import { returnGiftCardShares } from "../../giftCards/index.js";
import {
  refundAndTell,
  giveBack,
  settleOwedBack,
  type PaymentRow,
  paymentRepository,
} from "../../payments/index.js";
import { recordPaid } from "../../ledger/index.js";
import { invoicePaidMail, welcomeMail } from "../subscriptions/mail.js";
import { getSettings, type Settings } from "../../settings/index.js";
import { subscriptionRepository, type SubscriptionRow } from "../subscriptions/repository.js";
import type { Tx } from "../../db/index.js";
import { expireSignups } from "../subscriptions/signupExpiry.js";
import { invoiceRepository, type InvoiceRow } from "./repository.js";

/**
 * The invoice side of the fulfilment (the dispatcher is paymentOutcomes/fulfilment.ts; the reservation
 * side is reservations/fulfilment.ts, which this does not know): a paid invoice payment marks the invoice paid and
 * activates a pending signup, exactly once (the rows are locked; only a payment not yet paid
 * changes). Money for an invoice that no longer needs it (void after an abandoned signup, or paid
 * by another attempt meanwhile) is refunded through the provider.
 */

export type InvoiceConfirmOutcome = "confirmed" | "already_processed" | "refunded" | "refund_pending";

export async function confirmInvoicePayment(
  ctx: AppContext,
  found: PaymentRow & { invoiceId: string },
): Promise<{ outcome: InvoiceConfirmOutcome; invoiceId: string }> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    const invoices = invoiceRepository(tx);
    const subs = subscriptionRepository(tx);
    const payments = paymentRepository(tx);
    const subscriptionId = await invoices.subscriptionIdOf(found.invoiceId);
    // Lock order: subscription, invoice, payment (as cancel and the invoice job do).
    const sub = await subs.lockById(subscriptionId!);
    const invoice = await invoices.lockById(found.invoiceId);
    const payment = await payments.lock(found.id);
    if (!sub || !invoice || !payment) throw new Error(`Invoice payment ${found.id} lost its rows`);
    if (payment.status === "paid" || payment.status === "refunded")
      return { outcome: "already_processed" as const };
    await payments.markPaid(payment.id, now);
    // The money is the invoice's (decision 038); a share given back with a replaced attempt is not.
    const owner = { invoiceId: invoice.id };
    const shareHeld = payment.status === "pending";
    await recordPaid(tx, owner, { ...payment, giftCardCents: shareHeld ? payment.giftCardCents : 0 }, now);
    // A replaced attempt gave its gift-card share back: its money alone does not pay the invoice.
    const replaced = !shareHeld && payment.giftCardCents > 0;
    if (invoice.status !== "open" || replaced) {
      // What is paid beyond the invoice's charge goes back (this payment, as the ledger says).
      const back = replaced
        ? await giveBack(tx, owner, payment.amountCents, {
            reason: "invoice_not_needed",
            actor: "system",
            now,
          })
        : await settleOwedBack(tx, owner, { reason: "invoice_not_needed", actor: "system", now });
      const cents = back.refundedCents + back.giftCardReturnedCents;
      const mailId =
        cents > 0 ? await ctx.mail.enqueue(tx, invoiceRefundMail(settings, invoice, cents)) : null;
      return { outcome: "refund" as const, refundIds: back.refundIds, mailId };
    }

    return {
      outcome: "confirmed" as const,
      mailId: await markInvoicePaid(ctx, tx, sub, invoice.id, { settings, now }),
    };
  });

  if (decided.outcome === "already_processed")
    return { outcome: decided.outcome, invoiceId: found.invoiceId };
  // After the commit: the provider is never called inside a transaction (payments/refunds.ts).
  if (decided.outcome === "refund")
    return { outcome: await refundAndTell(ctx, decided), invoiceId: found.invoiceId };
  await ctx.mail.sendCommitted(ctx.db, decided.mailId);
  return { outcome: "confirmed", invoiceId: found.invoiceId };
}

/**
 * The invoice's money is in (its ledger has the payment): it is marked paid, a signup's membership
 * starts, and the e-mail that says so is queued in the same transaction; its id. The caller holds
 * the subscription's and the invoice's locks (a card payment's confirmation, a bank transfer).
 */
export async function markInvoicePaid(
  ctx: AppContext,
  tx: Tx,
  sub: SubscriptionRow,
  invoiceId: string,
  o: { settings: Settings; now: Date },
): Promise<number> {
  const { now } = o;
  const mailContext = { settings: o.settings, publicUrl: ctx.config.publicUrl };
  const subs = subscriptionRepository(tx);
  const paid = await invoiceRepository(tx).markPaid(invoiceId, now);
  let mail = invoicePaidMail(mailContext, paid);
  if (sub.status === "pending") {
    const active = await subs.activate(sub.id, now);
    const customer = await subs.customerOf(sub);
    mail = welcomeMail(mailContext, active, customer ?? { email: paid.email, name: paid.name });
  }
  return ctx.mail.enqueue(tx, mail);
}

/** Tells the payer why the money comes back: the invoice was paid already, or no longer valid. */
function invoiceRefundMail(settings: Settings, invoice: InvoiceRow, amountCents: number): OutgoingMail {
  return {
    kind: "invoice_refund",
    to: invoice.email,
    subject: `Maksu palautettu: lasku ${invoice.number}`,
    text: [
      invoice.name ? `Hei ${invoice.name},` : "Hei,",
      "",
      invoice.status === "paid"
        ? `laskusi ${invoice.number} oli jo maksettu, joten palautamme tämän maksun ${formatEuros(amountCents)}.`
        : invoice.status === "open"
          ? `maksu saapui keskeytetystä maksuyrityksestä, jonka tilalle laskulle ${invoice.number} oli jo aloitettu uusi maksu. Palautamme ${formatEuros(amountCents)} maksutavallesi; lasku on yhä avoinna Oma tili -sivulla.`
          : `maksu saapui, kun lasku ${invoice.number} ei enää ollut voimassa (jäsenyyden maksuaika ehti päättyä). Palautamme ${formatEuros(amountCents)} maksutavallesi.`,
      "Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.",
      "",
      settings.park.name,
    ].join("\n"),
  };
}

/** The payer cancelled: the payment is cancelled, and a signup waiting for it expires at once. */
export async function cancelInvoicePayment(
  ctx: AppContext,
  found: PaymentRow & { invoiceId: string },
): Promise<{ outcome: "cancelled" | "already_processed" }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const invoice = await invoiceRepository(tx).byId(found.invoiceId);
    // The subscription first, in the lock order of confirmInvoicePayment.
    await subscriptionRepository(tx).lockById(invoice!.subscriptionId);
    const changed = await paymentRepository(tx).cancelIfPending(found.id);
    if (!changed) return { outcome: "already_processed" as const };
    await returnGiftCardShares(tx, [found.id], now);
    await expireSignups(tx, [invoice!.subscriptionId], now);
    return { outcome: "cancelled" as const };
  });
}
