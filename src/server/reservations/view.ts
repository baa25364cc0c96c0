import type { PublicReservation } from "../../domain/booking.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { Balance } from "../../domain/ledger.js";
import type { AppContext } from "../context.js";
import { moneyOf } from "../ledger/index.js";
import { onlineMethod } from "../payments/index.js";
import type { DbOrTx } from "../db/index.js";
import { doorUrlOf } from "./receipt.js";
import {
  reservationRepository,
  type PaymentRow,
  type ReservationRow,
  type ReservationWithArea,
} from "./repository.js";
import type { Settings } from "../settings/index.js";
import { beforeDeadline, changeDeadline } from "../../domain/changeWindow.js";

export type { PaymentRow, ReservationRow };

/** A reservation with its area's name, found by one of its unique columns. */
export function findReservation(
  db: DbOrTx,
  by: { accessToken: string } | { doorToken: string } | { id: string },
): Promise<ReservationWithArea | null> {
  return reservationRepository(db).findWithArea(by);
}

/**
 * The reservation's latest payment attempt, with what of it is being returned (refunds recorded and
 * not yet confirmed by the provider): /oma-varaus says a cancel's refund from these after a reload.
 */
export async function latestPayment(
  db: DbOrTx,
  reservationId: string,
): Promise<(PaymentRow & { refundPendingCents: number }) | null> {
  const reservations = reservationRepository(db);
  const row = await reservations.latestPayment(reservationId);
  if (!row) return null;
  const pending = await reservations.pendingRefundAmounts(row.id);
  return { ...row, refundPendingCents: pending.reduce((sum, cents) => sum + cents, 0) };
}

/** What the visitor's own page sees; the door link only once the booking is confirmed. */
/**
 * The visitor's view of a booking with its money: the latest payment attempt (its method and
 * status, and while it is pending what it asks) and the booking's ledger (decision 038) for every
 * sum paid, returned or on its way back.
 */
export async function publicReservationOf(
  ctx: AppContext,
  row: ReservationRow & { areaName: string },
  settings: Pick<Settings, "slotRules">,
): Promise<PublicReservation> {
  const [latest, { balance }] = await Promise.all([
    reservationRepository(ctx.db).latestPayment(row.id),
    moneyOf(ctx.db, { reservationId: row.id }),
  ]);
  return toPublicReservation(ctx, row, latest ?? null, settings, balance);
}

export function toPublicReservation(
  ctx: AppContext,
  row: ReservationRow & { areaName: string },
  payment: PaymentRow | null,
  settings: Pick<Settings, "slotRules">,
  money: Balance,
): PublicReservation {
  const deadline = changeDeadline(row, settings.slotRules.cancellationHours);
  const open = beforeDeadline(ctx.now(), deadline);
  const live = row.status === "confirmed" || row.status === "pending";
  return {
    id: row.id,
    accessToken: row.accessToken,
    areaName: row.areaName,
    start: toHelsinkiIso(row.startsAt),
    end: toHelsinkiIso(row.endsAt),
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    dogs: row.dogs,
    reactiveDog: row.reactiveDog,
    inHeat: row.inHeat,
    extraDogsCents: row.extraDogsCents,
    priceCents: row.priceCents,
    vatCents: row.vatCents,
    discountCents: row.discountCents,
    doorUrl: row.status === "confirmed" ? doorUrlOf(ctx.config.publicUrl, row.doorToken) : null,
    holdExpiresAt: row.status === "pending" && row.holdExpiresAt ? toHelsinkiIso(row.holdExpiresAt) : null,
    cancellable: live && open,
    cancellableUntil: toHelsinkiIso(deadline),
    confirmedAt: row.confirmedAt ? toHelsinkiIso(row.confirmedAt) : null,
    movable: row.status === "confirmed" && open,
    payment: payment
      ? {
          method: onlineMethod(payment.method),
          status: payment.status,
          // While unpaid, what the attempt asks; once paid, what the ledger says came in and went back.
          amountCents:
            payment.status === "pending" ? payment.amountCents : money.paidCents - money.giftCardPaidCents,
          giftCardCents: payment.status === "pending" ? payment.giftCardCents : money.giftCardPaidCents,
          refundedCents: money.refundedCents - money.giftCardReturnedCents,
          refundPendingCents: money.refundPendingCents,
        }
      : null,
    money,
  };
}
