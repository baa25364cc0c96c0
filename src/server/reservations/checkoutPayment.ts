import type { PaymentMethod } from "../../domain/booking.js";
import type { AppContext } from "../context.js";
import { HttpError } from "../errors.js";
import type { CheckoutSession } from "../integrations/index.js";
import { releaseDiscountUses } from "../discountCodes/index.js";
import { returnGiftCardShares } from "../giftCards/index.js";
import { PAYMENT_START_FAILED, paymentRepository } from "../payments/index.js";
import { reservationRepository, type PaymentRow, type ReservationRow } from "./repository.js";

/**
 * After the checkout's transaction has committed (reservations/service.ts): asks the payment provider
 * where to send the visitor. If the provider fails, the hold, the gift card's share and the
 * discount are released at once (the visitor may try again) and the visitor gets a 502.
 */
export async function startCheckoutPayment(
  ctx: AppContext,
  o: {
    reservation: ReservationRow;
    payment: PaymentRow;
    method: PaymentMethod;
    description: string;
    returnUrls: { success: string; cancel: string };
  },
): Promise<CheckoutSession> {
  const { reservation, payment } = o;
  let session;
  try {
    session = await ctx.payments.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      method: o.method,
      description: o.description,
      email: reservation.email,
      expiresAt: reservation.holdExpiresAt ?? undefined,
      returnUrls: o.returnUrls,
    });
  } catch {
    await undoFailedStart(ctx, reservation.id, payment.id);
    throw new HttpError(502, PAYMENT_START_FAILED);
  }
  if (session.providerRef !== payment.providerRef)
    await paymentRepository(ctx.db).setProviderRef(payment.id, session.providerRef);
  return session;
}

/** Releases the hold, the gift-card share and the discount of a checkout whose payment never started. */
async function undoFailedStart(ctx: AppContext, reservationId: string, paymentId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const reservations = reservationRepository(tx);
    await reservations.cancel(reservationId, ctx.now(), "payment_start_failed");
    await paymentRepository(tx).markFailed(paymentId);
    await returnGiftCardShares(tx, [paymentId], ctx.now());
    await releaseDiscountUses(tx, [reservationId], ctx.now());
  });
}
