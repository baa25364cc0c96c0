import { helsinkiDate } from "../../domain/helsinkiClock.js";
import type { AppContext } from "../context.js";
import { markDiscountUsed, releaseDiscountUses } from "../discountCodes/index.js";
import { returnGiftCardShares } from "../giftCards/index.js";
import { isSlotConflict } from "../db/index.js";
import { vatRateOn } from "../prices/index.js";
import { lateRefundMail, receiptMail } from "./receipt.js";
import { refundAndTell, settleOwedBack, paymentRepository } from "../payments/index.js";
import { moneyOf, recordBookingCharges, recordPaid } from "../ledger/index.js";
import { reservationRepository } from "./repository.js";
import { findReservation, type PaymentRow } from "./view.js";
import { getSettings } from "../settings/index.js";

/**
 * The reservation side of the fulfilment (the dispatcher is paymentOutcomes/fulfilment.ts; the invoice
 * side is invoices/fulfilment.ts): the one path by which a booking's payment becomes paid and its
 * booking confirmed. Idempotent: the payment row is locked and only a
 * payment that is not yet paid changes, so a second call (or a concurrent duplicate webhook)
 * changes nothing and sends no second receipt.
 *
 * When the money arrives after the hold ended:
 * - reservation still pending (the release job has not run): confirmed as usual;
 * - reservation expired and its time still free: confirmed again, if the exclusion constraint
 *   allows it (checked by the database inside a savepoint, not by a racy read);
 * - time taken meanwhile, or the visitor had cancelled: the payment is recorded as paid, the
 *   reservation stays expired/cancelled, the money is refunded through the provider and the
 *   visitor gets an e-mail. The refund is recorded in the deciding transaction and sent after it
 *   commits (payments/refunds.ts); one the provider refuses now is retried by a job.
 */

export type ReservationConfirmOutcome =
  "confirmed" | "already_processed" | "refunded" | "refund_pending" | "not_found";

export async function confirmReservationPayment(
  ctx: AppContext,
  found: PaymentRow & { reservationId: string },
): Promise<{ outcome: ReservationConfirmOutcome; reservationId?: string }> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();

  const decided = await ctx.db.transaction(async (tx) => {
    const reservations = reservationRepository(tx);
    // Lock order: reservation, then payment (as the hold-release job and cancellation do).
    await reservations.lockId(found.reservationId);
    const payment = await paymentRepository(tx).lock(found.id);
    const reservation = await findReservation(tx, { id: found.reservationId });
    if (!payment || !reservation) return { outcome: "not_found" as const };
    if (payment.status === "paid" || payment.status === "refunded")
      return { outcome: "already_processed" as const };

    await paymentRepository(tx).markPaid(payment.id, now);
    // The money is the booking's (decision 038); a gift-card share given back when the hold ended
    // (the payment was cancelled then) is not money in.
    const owner = { reservationId: reservation.id };
    await recordPaid(
      tx,
      owner,
      { ...payment, giftCardCents: payment.status === "pending" ? payment.giftCardCents : 0 },
      now,
    );

    let confirmed = reservation.status === "pending" || reservation.status === "confirmed";
    // An expired hold gave its gift-card share and discount back; the money alone does not pay it.
    const creditsReleased = payment.giftCardCents > 0 || reservation.discountCents > 0;
    if (reservation.status === "expired" && !creditsReleased) {
      try {
        await tx.transaction((sp) => reservationRepository(sp).setStatus(reservation.id, "confirmed"));
        confirmed = true;
      } catch (error) {
        if (!isSlotConflict(error)) throw error;
      }
    }
    const mailContext = {
      reservation,
      areaName: reservation.areaName,
      settings,
      publicUrl: ctx.config.publicUrl,
    };
    if (confirmed) {
      await reservations.confirm(reservation.id, now);
      await markDiscountUsed(tx, reservation.id);
      const vatRateBasisPoints = await vatRateOn(tx, helsinkiDate(reservation.startsAt));
      await recordBookingCharges(tx, reservation, { vatRateBasisPoints, actor: "visitor", now });
      // Paid twice (two attempts both went through): the second is owed back at once.
      const extra = await settleOwedBack(tx, owner, { reason: "late_payment", actor: "system", now });
      // The receipt says what the ledger now holds: the charges, this payment, anything owed back.
      const { entries } = await moneyOf(tx, owner);
      const mailId = await ctx.mail.enqueue(tx, receiptMail({ ...mailContext, entries }));
      return { outcome: "confirmed" as const, mailId, payment, refundIds: extra.refundIds };
    }
    await reservations.setCancelReason(
      reservation.id,
      reservation.status === "expired" ? "slot_taken_after_hold" : reservation.cancelReason,
    );
    // Not confirmed: what the ledger says is owed back (this payment) goes back.
    const back = await settleOwedBack(tx, owner, { reason: "late_payment", actor: "system", now });
    const mailId = await ctx.mail.enqueue(
      tx,
      lateRefundMail({
        ...mailContext,
        amountCents: back.refundedCents + back.giftCardReturnedCents,
        holdExpiredAt: reservation.holdExpiresAt ?? now,
      }),
    );
    return { outcome: "refund" as const, mailId, refundIds: back.refundIds };
  });

  if (decided.outcome === "not_found" || decided.outcome === "already_processed") return decided;
  // After the commit: the provider is never called inside a transaction (payments/refunds.ts).
  if (decided.outcome === "refund")
    return { outcome: await refundAndTell(ctx, decided), reservationId: found.reservationId };
  await refundAndTell(ctx, decided);
  return { outcome: "confirmed", reservationId: found.reservationId };
}

/**
 * The payer cancelled (the demo page's Peruuta, a provider's cancel): the payment is cancelled
 * and a pending reservation releases its hold at once. Only a pending payment changes.
 */
export async function cancelReservationPayment(
  ctx: AppContext,
  found: PaymentRow & { reservationId: string },
): Promise<{ outcome: "cancelled" | "already_processed" }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const reservations = reservationRepository(tx);
    await reservations.lockId(found.reservationId);
    if (!(await paymentRepository(tx).cancelIfPending(found.id)))
      return { outcome: "already_processed" as const };
    const released = await reservations.cancelIfPending(found.reservationId, now, "payment_cancelled");
    await returnGiftCardShares(tx, [found.id], now);
    await releaseDiscountUses(tx, released ? [found.reservationId] : [], now);
    return { outcome: "cancelled" as const };
  });
}
