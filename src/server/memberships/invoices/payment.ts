import type { PaymentMethod } from "../../../domain/booking.js";
import { vatIncludedCents } from "../../../domain/money.js";
import { priceBreakdown } from "../../../domain/pricing.js";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/index.js";
import { HttpError } from "../../errors.js";
import { lockGiftCard, redeemGiftCard, returnGiftCardShares } from "../../giftCards/index.js";
import { GIFT_CARD_PROVIDER, PAYMENT_START_FAILED, paymentRepository } from "../../payments/index.js";
import { moneyOf } from "../../ledger/index.js";
import { confirmInvoicePayment } from "./fulfilment.js";
import { invoiceRepository, type InvoiceRow } from "./repository.js";

/** Paying an invoice: the member's payment of any invoice (service.ts) and a signup's first (subscriptions/signup.ts). */

export type InvoicePaymentStart = {
  /** The payment page; "" when a gift card paid it all (the invoice is paid already). */
  redirectUrl: string;
  giftCardCents: number;
  payableCents: number;
};

/**
 * Records a pending payment of an invoice (taking a gift card's share of its balance in the same
 * transaction), then after the commit asks the provider where to send the payer. When the gift
 * card pays it all, the payment is confirmed at once through the fulfilment path and there is no
 * payment page. If the provider fails, the payment is marked failed, the gift card's share
 * returned, `onStartFailed` undoes what the caller started (a signup expires), and the payer gets
 * a 502.
 */
export async function startInvoicePayment(
  ctx: AppContext,
  invoice: InvoiceRow,
  options: {
    method: PaymentMethod;
    returnPaths: { success: string; cancel: string };
    giftCardCode?: string | null;
    email?: string;
    onStartFailed?: (tx: Tx) => Promise<unknown>;
  },
): Promise<InvoicePaymentStart> {
  const now = ctx.now();
  let payment;
  try {
    payment = await ctx.db.transaction(async (tx) => {
      // One attempt at a time per invoice: parallel starts queue here, so each replaces the one
      // before and exactly one stays pending (lock order invoice, payment, as confirming takes them).
      await invoiceRepository(tx).lock(invoice.id);
      // A new attempt replaces an earlier unfinished one (the payer went back and tried again).
      const replaced = await paymentRepository(tx).cancelPendingOf({ invoiceIds: [invoice.id] });
      await returnGiftCardShares(tx, replaced, now);
      const card = options.giftCardCode ? await lockGiftCard(tx, options.giftCardCode, now) : null;
      // What the ledger says is still owed: a part payment by bank transfer is counted (decision 050).
      const { balance } = await moneyOf(tx, { invoiceId: invoice.id });
      const price = priceBreakdown({
        listPriceCents: Math.max(0, balance.dueCents),
        giftCardBalanceCents: card?.balanceCents,
      });
      const row = await paymentRepository(tx).insert({
        invoiceId: invoice.id,
        provider: price.payableCents > 0 ? ctx.payments.name : GIFT_CARD_PROVIDER,
        method: options.method,
        amountCents: price.payableCents,
        vatCents: vatIncludedCents(price.payableCents, invoice.vatRateBasisPoints),
        giftCardId: card && price.giftCardCents > 0 ? card.id : null,
        giftCardCents: price.giftCardCents,
        status: "pending",
      });
      if (card) await redeemGiftCard(tx, { card, paymentId: row.id, amountCents: price.giftCardCents, now });
      return row;
    });
  } catch (error) {
    // A gift card refused at the last moment (spent meanwhile): undo the caller's work too.
    if (error instanceof HttpError && options.onStartFailed)
      await ctx.db.transaction((tx) => options.onStartFailed!(tx));
    throw error;
  }
  const started = { giftCardCents: payment.giftCardCents, payableCents: payment.amountCents };
  if (payment.amountCents === 0) {
    await confirmInvoicePayment(ctx, { ...payment, invoiceId: invoice.id });
    return { redirectUrl: "", ...started };
  }
  let session;
  try {
    session = await ctx.payments.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      method: options.method,
      description: `Lasku ${invoice.number}: ${invoice.description}`,
      email: options.email ?? invoice.email,
      returnUrls: {
        success: ctx.config.publicUrl + options.returnPaths.success,
        cancel: ctx.config.publicUrl + options.returnPaths.cancel,
      },
    });
  } catch {
    await ctx.db.transaction(async (tx) => {
      await paymentRepository(tx).markFailed(payment.id);
      await returnGiftCardShares(tx, [payment.id], ctx.now());
      await options.onStartFailed?.(tx);
    });
    throw new HttpError(502, PAYMENT_START_FAILED);
  }
  await paymentRepository(ctx.db).setProviderRef(payment.id, session.providerRef);
  return { redirectUrl: session.redirectUrl, ...started };
}
