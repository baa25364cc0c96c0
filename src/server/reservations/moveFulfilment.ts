import { helsinkiDate } from "../../domain/helsinkiClock.js";
import type { AppContext } from "../context.js";
import { type DbOrTx, isSlotConflict } from "../db/index.js";
import { lockAreaBookings } from "../availability/index.js";
import { applyMove, enqueueMoveMail } from "./moveApply.js";
import { moveRefundMail } from "./moveMail.js";
import { moveRepository } from "./moveRepository.js";
import { vatRateOn } from "../prices/index.js";
import { refundAndTell, settleOwedBack, paymentRepository } from "../payments/index.js";
import { moneyOf, recordPaid } from "../ledger/index.js";
import type { PaymentRow, ReservationRow } from "./view.js";
import { getSettings } from "../settings/index.js";
import { priceOf } from "../../domain/ledger.js";

/**
 * The dearer move's side of the fulfilment (decision 026; the dispatcher, fulfilment.ts, sends here
 * a payment whose reservation is a move hold). Idempotent as the booking's: the payment row is
 * locked and only one not yet paid changes. When paid, in one transaction under the area's
 * exclusive booking lock: the hold is let go and the booking takes its time (moveApply.ts), so the
 * booking never holds both slots or neither. A hold that ran out is swapped too if its time is
 * still free (a savepoint asks the exclusion constraint). The money goes back instead when the
 * time was taken, the hold was let go (the payer cancelled, a newer move replaced it), the booking
 * was moved, cancelled or has ended since, or the new time has begun; the refund is recorded here
 * and sent after the commit. A cancelled, failed or expired payment needs nothing of its own: the
 * booking's cancel path lets the hold go and the booking never changed.
 */

export type MoveHold = ReservationRow & { moveOf: string };

/** The move hold a payment's reservation is, if it is one. */
export async function moveHoldOf(db: DbOrTx, reservationId: string): Promise<MoveHold | null> {
  const row = await moveRepository(db).reservationById(reservationId);
  return row?.moveOf ? (row as MoveHold) : null;
}

export async function confirmMovePayment(
  ctx: AppContext,
  found: PaymentRow,
  hold: MoveHold,
): Promise<{
  outcome: "confirmed" | "already_processed" | "refunded" | "refund_pending";
  reservationId: string;
}> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    // Lock order as a move's: the area, the booking, its hold, then the payment.
    await lockAreaBookings(tx, hold.areaId);
    const repository = moveRepository(tx);
    const booking = await repository.lockReservation(hold.moveOf);
    const held = await repository.lockReservation(hold.id);
    const payment = await paymentRepository(tx).lock(found.id);
    if (!payment || payment.status === "paid" || payment.status === "refunded")
      return { outcome: "already_processed" as const };
    await paymentRepository(tx).markPaid(payment.id, now);
    // The difference is the booking's money, never its hold's (decision 038).
    const owner = { reservationId: booking!.id };
    await recordPaid(tx, owner, payment, now);

    const swappable =
      booking!.status === "confirmed" &&
      booking!.sequence === held!.sequence &&
      held!.startsAt.getTime() > now.getTime() &&
      (held!.status === "pending" || held!.status === "expired");
    if (swappable) {
      const areaName = await repository.areaName(held!.areaId);
      const vatRateBasisPoints = await vatRateOn(tx, helsinkiDate(held!.startsAt));
      // The hold's price is the quoted difference (moveQuote.ts): the new price less the booking's
      // price in the ledger, so its new price is that price plus what was just paid.
      const priceCents = priceOf((await moneyOf(tx, owner)).entries);
      try {
        const moved = await tx.transaction(async (sp) => {
          // The hold lets go of the slot and the booking takes it in the same transaction.
          await moveRepository(sp).endReservation(held!.id, {
            status: "cancelled",
            cancelledAt: now,
            cancelReason: "move_paid",
          });
          const minutes = (ms: number) => Math.round(ms / 60_000);
          return applyMove(ctx, sp, {
            row: booking!,
            start: held!.startsAt,
            end: held!.endsAt,
            buffers: {
              before: minutes(held!.startsAt.getTime() - held!.blockedFrom.getTime()),
              after: minutes(held!.blockedUntil.getTime() - held!.endsAt.getTime()),
            },
            price: {
              totalCents: priceCents + held!.priceCents,
              discountCents: booking!.discountCents + held!.discountCents,
            },
            differenceCents: held!.priceCents,
            vatRateBasisPoints,
            movedBy: "visitor",
            sub: null,
            now,
          });
        });
        const mailId = await enqueueMoveMail(
          ctx,
          tx,
          {
            row: booking!,
            movedBy: "visitor",
            mail: { areaName: areaName ?? "", settings, paidCents: payment.amountCents },
          },
          moved.moved,
        );
        return { outcome: "confirmed" as const, mailId };
      } catch (error) {
        if (!isSlotConflict(error)) throw error;
      }
    }
    // Not swapped: the hold is let go (if it still held anything) and the money goes back.
    await repository.endReservation(held!.id, {
      status: held!.status === "pending" ? "cancelled" : held!.status,
      cancelledAt: held!.cancelledAt ?? now,
      cancelReason:
        held!.status === "expired" ? "slot_taken_after_hold" : (held!.cancelReason ?? "move_refunded"),
    });
    const back = await settleOwedBack(tx, owner, { reason: "late_payment", actor: "system", now });
    const mailId = await ctx.mail.enqueue(
      tx,
      moveRefundMail({
        booking: booking!,
        wanted: held!,
        amountCents: back.refundedCents + back.giftCardReturnedCents,
        settings,
        publicUrl: ctx.config.publicUrl,
      }),
    );
    return { outcome: "refund" as const, mailId, refundIds: back.refundIds };
  });
  const reservationId = hold.moveOf;
  if (decided.outcome === "already_processed") return { outcome: decided.outcome, reservationId };
  if (decided.outcome === "refund") return { outcome: await refundAndTell(ctx, decided), reservationId };
  await ctx.mail.sendCommitted(ctx.db, decided.mailId);
  return { outcome: "confirmed", reservationId };
}
