import type { AppContext } from "../context.js";
import {
  cancelInvoicePayment,
  confirmInvoicePayment,
  type InvoiceConfirmOutcome,
} from "../memberships/index.js";
import {
  confirmMovePayment,
  moveHoldOf,
  cancelReservationPayment,
  confirmReservationPayment,
  type ReservationConfirmOutcome,
} from "../reservations/index.js";
import { recordRefundNews, type RefundNews, paymentRepository, type PaymentRow } from "../payments/index.js";

/**
 * The payment-outcome dispatcher: the one door through which news of a payment comes in, whoever
 * brings it (the demo payment page, the payer's return from Stripe, Stripe's webhook). It finds the
 * payment and hands the news to the fulfilment of what the payment pays: a reservation
 * (reservations/fulfilment.ts; a dearer move's difference, reservations/moveFulfilment.ts) or a membership
 * invoice (invoices/fulfilment.ts). Those know nothing
 * of each other or of this module; each is idempotent, so news may come twice, late or out of order.
 */

export type PaymentRef = { provider: string } & ({ paymentId: string } | { providerRef: string });
export type ConfirmOutcome = ReservationConfirmOutcome | InvoiceConfirmOutcome;

/**
 * What happened, in our terms: the payment was paid; it failed, the payer cancelled or the
 * checkout expired (all three release what the payment held); or the provider's word on a refund
 * we asked for (which may also say the refund failed).
 */
export type PaymentOutcome =
  | { outcome: "paid" | "failed" | "cancelled" | "expired"; payment: PaymentRef }
  | { outcome: "refunded"; refund: RefundNews };

/** Applies one outcome; answers what it did (stored with a webhook event, returned to Stripe). */
export async function applyPaymentOutcome(ctx: AppContext, news: PaymentOutcome): Promise<string> {
  switch (news.outcome) {
    case "paid":
      return (await confirmPayment(ctx, news.payment)).outcome;
    case "failed":
    case "cancelled":
    case "expired":
      return (await cancelPayment(ctx, news.payment)).outcome;
    case "refunded":
      return recordRefundNews(ctx, news.refund);
  }
}

async function findPayment(ctx: AppContext, ref: PaymentRef): Promise<PaymentRow | null> {
  return (await paymentRepository(ctx.db).byProvider(ref.provider, ref)) ?? null;
}

/** The payment is paid: its booking is confirmed or its invoice paid (or the money refunded). */
export async function confirmPayment(
  ctx: AppContext,
  ref: PaymentRef,
): Promise<{ outcome: ConfirmOutcome; reservationId?: string; invoiceId?: string }> {
  const found = await findPayment(ctx, ref);
  if (found?.invoiceId) return confirmInvoicePayment(ctx, { ...found, invoiceId: found.invoiceId });
  if (!found?.reservationId) return { outcome: "not_found" };
  // A dearer move's difference (moveFulfilment.ts): the booking moves, or the money goes back.
  const hold = await moveHoldOf(ctx.db, found.reservationId);
  if (hold) return confirmMovePayment(ctx, found, hold);
  return confirmReservationPayment(ctx, { ...found, reservationId: found.reservationId });
}

/**
 * The payer cancelled (the demo page's Peruuta, a provider's cancel), or the payment failed or
 * expired: the payment is cancelled and what it held (a booking's hold, a pending signup) is
 * released at once. Only a pending payment changes.
 */
export async function cancelPayment(
  ctx: AppContext,
  ref: PaymentRef,
): Promise<{ outcome: "cancelled" | "already_processed" | "not_found" }> {
  const found = await findPayment(ctx, ref);
  if (found?.invoiceId) return cancelInvoicePayment(ctx, { ...found, invoiceId: found.invoiceId });
  if (!found?.reservationId) return { outcome: "not_found" };
  return cancelReservationPayment(ctx, { ...found, reservationId: found.reservationId });
}
