import type { AppContext } from "../context.js";
import { notFound } from "../errors.js";
import { checkoutReturnPath, moveHoldReturnPath, findReservation } from "../reservations/index.js";
import { applyPaymentOutcome } from "./fulfilment.js";
import { paymentRepository } from "../payments/index.js";
import { invoicePaymentReturnPath } from "../memberships/index.js";

/**
 * Where a payer goes back to from a payment page, decided from what the database says now (never
 * from the page's own URL): a booking to /checkout/{start}/{end}?payment=...&token=..., a membership
 * invoice to the signup's pages or /oma-tili. `settling` (a payment the provider is still
 * processing) sends a booking to its success page, which waits for the confirmation.
 */
export async function paymentReturnPath(
  ctx: AppContext,
  paymentId: string,
  options: { settling?: boolean } = {},
): Promise<string> {
  const repository = paymentRepository(ctx.db);
  const payment = await repository.byId(paymentId);
  if (!payment) throw notFound("Maksua ei löytynyt.");
  if (payment.invoiceId) {
    const found = await repository.invoiceWithSubscription(payment.invoiceId);
    if (!found) throw notFound("Maksua ei löytynyt.");
    const asPaid = options.settling ? { ...found.invoice, status: "paid" as const } : found.invoice;
    return invoicePaymentReturnPath(
      asPaid,
      found.subscription,
      options.settling ? { status: "paid" } : payment,
    );
  }
  const reservation = payment.reservationId
    ? await findReservation(ctx.db, { id: payment.reservationId })
    : null;
  if (!reservation) throw notFound("Maksua ei löytynyt.");
  const moved = await moveHoldReturnPath(ctx.db, reservation, payment, options.settling);
  if (moved) return moved;
  if (reservation.status === "confirmed" || options.settling)
    return checkoutReturnPath(reservation, "success");
  if (payment.status === "paid" || payment.status === "refunded")
    return checkoutReturnPath(reservation, "failed");
  return checkoutReturnPath(reservation, "cancelled");
}

/**
 * The payer is back from the provider's page: the provider is asked where its checkout stands,
 * and the answer goes to the payment-outcome dispatcher (paymentOutcomes/fulfilment.ts) as a webhook's
 * does. Paid: confirmed (once, whoever is first). Still open (the payer went back or cancelled):
 * closed at the provider, then cancelled here, so the hold is released at once. Expired: cancelled. Still settling: left to the webhook.
 */
export async function settleReturnFromProvider(ctx: AppContext, paymentId: string): Promise<string> {
  const repository = paymentRepository(ctx.db);
  const payment = await repository.byId(paymentId);
  if (
    !payment ||
    payment.provider !== ctx.payments.name ||
    !payment.providerRef ||
    !ctx.payments.checkoutState
  )
    throw notFound("Maksua ei löytynyt.");
  const ref = { provider: payment.provider, paymentId: payment.id };
  let state;
  try {
    state = await ctx.payments.checkoutState(payment.providerRef);
  } catch {
    // The provider did not answer: the success page waits for the webhook's word.
    return paymentReturnPath(ctx, payment.id, { settling: payment.status === "pending" });
  }
  if (state === "paid") await applyPaymentOutcome(ctx, { outcome: "paid", payment: ref });
  if (state === "open") {
    await ctx.payments.closeCheckout?.(payment.providerRef);
    await repository.markCheckoutClosed(payment.id, ctx.now());
    await applyPaymentOutcome(ctx, { outcome: "cancelled", payment: ref });
  }
  if (state === "expired") await applyPaymentOutcome(ctx, { outcome: "expired", payment: ref });
  return paymentReturnPath(ctx, payment.id, { settling: state === "processing" });
}
