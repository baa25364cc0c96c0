import { randomUUID } from "node:crypto";
import type { PaymentMethod } from "../../domain/booking.js";
import { blockedPeriod } from "../../domain/dogRules.js";
import { formatTimeRange } from "../../domain/helsinkiTime.js";
import { vatIncludedCents } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { conflict, HttpError } from "../errors.js";
import { placeHold } from "./hold.js";
import { minutesText, TooManyHoldsError } from "./holdLimits.js";
import { newToken } from "./checkoutHold.js";
import { onlineMethod, PAYMENT_START_FAILED, paymentRepository } from "../payments/index.js";
import type { PaymentRow, ReservationRow } from "./view.js";
import type { Settings } from "../settings/index.js";
import type { MoveChange } from "./moveApply.js";
import { moveRepository } from "./moveRepository.js";

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
 * the picker showed. The hold is made by placeHold (hold.ts) under every hold rule, counted for the
 * booking's address and the IP that moves it; a refusal is a 409 that says the booking stays.
 */
export async function holdDearerMove(
  ctx: AppContext,
  tx: Tx,
  o: Pick<
    MoveChange,
    "row" | "start" | "end" | "buffers" | "price" | "differenceCents" | "vatRateBasisPoints"
  > & {
    method: PaymentMethod;
    /** The IP address the move came from (its hold counts against it). */
    ip: string | null;
    settings: Settings;
    now: Date;
  },
): Promise<{ hold: ReservationRow; payment: PaymentRow }> {
  const { row, differenceCents } = o;
  const differenceVat = vatIncludedCents(differenceCents, o.vatRateBasisPoints);
  let hold: ReservationRow;
  try {
    hold = await placeHold(tx, {
      place: { areaId: row.areaId, start: o.start, end: o.end, ...blockedPeriod(o.start, o.end, o.buffers) },
      owner: { email: row.email, ip: o.ip },
      expiresAt: new Date(o.now.getTime() + o.settings.slotRules.holdMinutes * 60_000),
      now: o.now,
      settings: o.settings,
      row: () => ({
        kind: row.kind,
        // Not the customer's booking of its own: their lists show the booking, not its hold.
        customerId: null,
        name: row.name,
        phone: row.phone,
        dogs: row.dogs,
        reactiveDog: row.reactiveDog,
        inHeat: row.inHeat,
        priceCents: differenceCents,
        vatCents: differenceVat,
        discountCents: Math.max(0, o.price.discountCents - row.discountCents),
        accessToken: newToken(),
        doorToken: newToken(),
        sequence: row.sequence,
        moveOf: row.id,
      }),
    });
  } catch (error) {
    if (error instanceof TooManyHoldsError) throw conflict(moveHoldRefused(error));
    throw error;
  }
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
 * Why a dearer move's hold was refused, in the visitor's words: a move is not a checkout, so a 409
 * (the booking is as it was), and it says the booking keeps its time.
 */
export function moveHoldRefused(error: TooManyHoldsError): string {
  const kept = "Varauksesi pysyy nykyisellä ajalla.";
  if (error.rule !== "day") return `${error.message} ${kept}`;
  return (
    "Uuden ajan päivästä moni aika odottaa juuri nyt maksua, joten sitä ei voi pitää sinulle. " +
    `Valitse toinen päivä tai yritä uudelleen ${minutesText(error.retryAfterSeconds)} kuluttua. ${kept}`
  );
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
  await paymentRepository(db).cancelPendingOf({ reservationIds: released });
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
      method: onlineMethod(payment.method),
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
