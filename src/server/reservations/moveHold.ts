import { randomUUID } from "node:crypto";
import type { PaymentMethod } from "../../domain/booking.js";
import { blockedPeriod } from "../../domain/dogRules.js";
import { formatTimeRange } from "../../domain/helsinkiTime.js";
import { vatIncludedCents } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { HttpError } from "../errors.js";
import { newToken } from "./checkoutHold.js";
import { PAYMENT_START_FAILED } from "../payments/paymentConstants.js";
import type { PaymentRow, ReservationRow } from "./view.js";
import type { Settings } from "../settings/service.js";
import type { MoveChange } from "./moveApply.js";
import { moveRepository } from "./moveRepository.js";
import { paymentRepository } from "../payments/repository.js";

/**
 * A move to a dearer time (decision 026): the new slot is held by a pending reservation row whose
 * `move_of` names the booking (so the exclusion constraint, checkSlot, the availability and the
 * hold-release job treat it as any checkout's hold), and the difference is a payment of that row
 * through the provider. The booking keeps its old time, confirmed and usable, until the payment
 * is paid; then moveFulfilment.ts swaps it in one transaction. The hold's price and VAT are the
 * difference's, its discount the discount's growth, so finance shows the difference as a sale of
 * its own. The hold's `sequence` is the booking's when held: a late payment swaps only a booking
 * that has not moved since.
 */

export type MoveOutcome = "success" | "cancelled" | "failed";

/** Where the payer comes back to: the visitor's own booking page, saying how the move went. */
export function moveReturnPath(booking: { accessToken: string }, outcome: MoveOutcome): string {
  return `/oma-varaus?varaus=${encodeURIComponent(booking.accessToken)}&siirto=${outcome}`;
}

/**
 * Where the payer of a move hold's payment goes back to, from what the database says now: moved
 * (the hold let go by the swap), not moved though paid (refunded), or cancelled.
 */
export async function moveHoldReturnPath(
  db: DbOrTx,
  hold: ReservationRow,
  payment: Pick<PaymentRow, "status">,
  settling = false,
): Promise<string | null> {
  if (!hold.moveOf) return null;
  const booking = await moveRepository(db).accessTokenOf(hold.moveOf);
  if (!booking) return null;
  if (hold.cancelReason === "move_paid" || settling) return moveReturnPath(booking, "success");
  if (payment.status === "paid" || payment.status === "refunded") return moveReturnPath(booking, "failed");
  return moveReturnPath(booking, "cancelled");
}

/**
 * Holds the new slot and records the difference's payment, in the move's transaction. The
 * difference is the quote's (moveQuote.ts: the new price less what the ledger charges), the amount
 * the picker showed.
 */
export async function holdDearerMove(
  ctx: AppContext,
  tx: Tx,
  o: Pick<
    MoveChange,
    "row" | "start" | "end" | "buffers" | "price" | "differenceCents" | "vatRateBasisPoints"
  > & {
    method: PaymentMethod;
    settings: Settings;
    now: Date;
  },
): Promise<{ hold: ReservationRow; payment: PaymentRow }> {
  const { row, differenceCents } = o;
  const differenceVat = vatIncludedCents(differenceCents, o.vatRateBasisPoints);
  const repository = moveRepository(tx);
  const hold = await repository.insertHold({
    areaId: row.areaId,
    startsAt: o.start,
    endsAt: o.end,
    ...blockedPeriod(o.start, o.end, o.buffers),
    status: "pending",
    kind: row.kind,
    // Not the customer's booking of its own: their lists show the booking, not its hold.
    customerId: null,
    name: row.name,
    email: row.email,
    phone: row.phone,
    dogs: row.dogs,
    reactiveDog: row.reactiveDog,
    inHeat: row.inHeat,
    priceCents: differenceCents,
    vatCents: differenceVat,
    discountCents: Math.max(0, o.price.discountCents - row.discountCents),
    accessToken: newToken(),
    doorToken: newToken(),
    holdExpiresAt: new Date(o.now.getTime() + o.settings.slotRules.holdMinutes * 60_000),
    sequence: row.sequence,
    moveOf: row.id,
  });
  const paymentId = randomUUID();
  const payment = await paymentRepository(tx).insert({
    id: paymentId,
    reservationId: hold!.id,
    provider: ctx.payments.name,
    providerRef: ctx.payments.refFor?.(paymentId) ?? null,
    method: o.method,
    amountCents: differenceCents,
    vatCents: differenceVat,
    createdAt: o.now,
  });
  return { hold, payment };
}

/**
 * Lets go of a booking's pending move holds (a new move, a cancel): the hold's slot is free at once
 * and its payment cancelled; money that still arrives for it is refunded (moveFulfilment.ts).
 */
export async function releaseMoveHolds(
  db: DbOrTx,
  bookingId: string,
  now: Date,
  reason = "move_replaced",
): Promise<void> {
  const repository = moveRepository(db);
  const released = await repository.cancelPendingHolds(bookingId, now, reason);
  if (released.length === 0) return;
  await repository.cancelPendingPayments(released);
}

/**
 * After the move's transaction committed: asks the provider where to send the payer. If it fails,
 * the hold is released at once (the booking never changed) and the visitor gets a 502.
 */
export async function startMovePayment(
  ctx: AppContext,
  o: { booking: ReservationRow & { areaName: string }; hold: ReservationRow; payment: PaymentRow },
): Promise<{ redirectUrl: string }> {
  const { booking, hold, payment } = o;
  let session;
  try {
    session = await ctx.payments.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      method: payment.method,
      description: `${booking.areaName} ${formatTimeRange(hold.startsAt, hold.endsAt)}: siirron lisämaksu`,
      email: booking.email,
      expiresAt: hold.holdExpiresAt ?? undefined,
      returnUrls: {
        success: ctx.config.publicUrl + moveReturnPath(booking, "success"),
        cancel: ctx.config.publicUrl + moveReturnPath(booking, "cancelled"),
      },
    });
  } catch {
    await ctx.db.transaction(async (tx) => {
      const repository = moveRepository(tx);
      await repository.endReservation(hold.id, {
        status: "cancelled",
        cancelledAt: ctx.now(),
        cancelReason: "payment_start_failed",
      });
      await paymentRepository(tx).markFailed(payment.id);
    });
    throw new HttpError(502, PAYMENT_START_FAILED);
  }
  if (session.providerRef !== payment.providerRef)
    await paymentRepository(ctx.db).setProviderRef(payment.id, session.providerRef);
  return { redirectUrl: session.redirectUrl };
}
