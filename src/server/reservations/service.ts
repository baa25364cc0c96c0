import { checkBooking } from "../../domain/availability.js";
import type {
  CreateReservationRequest,
  CreateReservationResponse,
  PublicReservation,
} from "../../domain/booking.js";
import { buffersFor, extraDogsCents } from "../../domain/dogRules.js";
import { formatTimeRange, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import { refuseBookingRange } from "../availability/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { holdSlot } from "./checkoutHold.js";
import { startCheckoutPayment } from "./checkoutPayment.js";
import { releaseDiscountUses } from "../discountCodes/index.js";
import { returnGiftCardShares } from "../giftCards/index.js";
import { releaseMoveHolds } from "./moveHold.js";
import { releaseCharges } from "../ledger/index.js";
import { settleOwedBack, sendRefund, paymentRepository } from "../payments/index.js";
import { cancellationMail } from "./receipt.js";
import { confirmReservationPayment } from "./fulfilment.js";
import { reservationRepository } from "./repository.js";
import { beforeDeadline, changeDeadline } from "../../domain/changeWindow.js";
import { findReservation, latestPayment, publicReservationOf } from "./view.js";
import { getSettings } from "../settings/index.js";

/**
 * Checkout (hold + pending reservation + payment) and the visitor's own reservation by token. The
 * checkout's transaction is checkoutHold.ts, its provider call and undo checkoutPayment.ts.
 */

export const NOT_FOUND_MESSAGE = "Varausta ei löytynyt. Tarkista linkki.";

/** Admin and member bookings make their tokens as the checkout does. */
export { newToken } from "./checkoutHold.js";

export type PaymentOutcome = "success" | "cancelled" | "failed";

/** Where the payment page returns the visitor in the SPA: /checkout/{start}/{end}?payment=..&token=.. */
export function checkoutReturnPath(
  r: { startsAt: Date; endsAt: Date; accessToken: string },
  outcome: PaymentOutcome,
): string {
  const start = encodeURIComponent(toHelsinkiIso(r.startsAt));
  const end = encodeURIComponent(toHelsinkiIso(r.endsAt));
  return `/checkout/${start}/${end}?payment=${outcome}&token=${encodeURIComponent(r.accessToken)}`;
}

/**
 * Validates the slot, holds it with a pending reservation and its payment in one transaction
 * (checkoutHold.ts), then asks the payment provider where to send the visitor (checkoutPayment.ts).
 * When nothing is left to pay, the booking is confirmed at once and there is no payment page.
 */
export async function createReservation(
  ctx: AppContext,
  input: CreateReservationRequest,
  client: { ip: string | null } = { ip: null },
): Promise<CreateReservationResponse> {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const now = ctx.now();
  // A range no booking can have is refused before anything is loaded for it.
  refuseBookingRange(await ctx.availability.settings(), { start, end, now });
  // Settings, area, opening hours, blocks and prices from memory (availability/cache.ts).
  const { rules, area, settings } = await ctx.availability.rulesFor(start, end, now);
  const { maxDogs, holdMinutes } = settings.slotRules;
  if (input.dogs > maxDogs) throw badRequest(`Mukaan voi ottaa enintään ${maxDogs} koiraa.`);
  // Everything but the other bookings is decided before any lock; a slot already known taken too.
  // The dogs' options widen what the booking blocks; each dog after the first adds to the price.
  const buffers = buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, input);
  const check = checkBooking(rules, start, end, { buffers });
  // A slot offered from the waitlist is taken by its own hold: the checkout's transaction decides.
  if (!check.ok && !(check.code === "taken" && input.waitlistToken))
    throw check.code === "taken" ? conflict(check.reason) : badRequest(check.reason);
  const extraDogs = extraDogsCents(settings.dogRules, input.dogs);

  const { reservation, payment } = await holdSlot(ctx, {
    input,
    ip: client.ip,
    start,
    end,
    now,
    area,
    settings,
    listPriceCents: check.priceCents + extraDogs,
    extraDogsCents: extraDogs,
    vatRateBasisPoints: check.vatRateBasisPoints,
    buffers,
  });
  const ref = {
    id: reservation.id,
    accessToken: reservation.accessToken,
    start: toHelsinkiIso(reservation.startsAt),
    end: toHelsinkiIso(reservation.endsAt),
  };

  if (payment.amountCents === 0) {
    // Nothing left to pay: confirmed through the same fulfilment path as a paid one, no redirect.
    await confirmReservationPayment(ctx, { ...payment, reservationId: reservation.id });
    return {
      success: true,
      redirectUrl: "",
      message:
        payment.giftCardCents > 0
          ? "Varaus vahvistettu. Lahjakortti kattoi koko hinnan."
          : "Varaus vahvistettu.",
      reservation: ref,
    };
  }

  const session = await startCheckoutPayment(ctx, {
    reservation,
    payment,
    method: input.paymentMethod,
    description: `${area.name} ${formatTimeRange(start, end)}`,
    returnUrls: {
      success: ctx.config.publicUrl + checkoutReturnPath(reservation, "success"),
      cancel: ctx.config.publicUrl + checkoutReturnPath(reservation, "cancelled"),
    },
  });

  const giftCardNote =
    payment.giftCardCents > 0
      ? ` Lahjakortilla maksetaan ${formatEuros(payment.giftCardCents)}, loput ${formatEuros(payment.amountCents)} maksetaan nyt.`
      : "";
  return {
    success: true,
    redirectUrl: session.redirectUrl,
    message: `Aika on varattu sinulle ${holdMinutes} minuutiksi.${giftCardNote} Siirry maksamaan.`,
    reservation: ref,
  };
}

export async function getReservationByToken(
  ctx: AppContext,
  accessToken: string,
): Promise<PublicReservation> {
  const row = await findReservation(ctx.db, { accessToken });
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  const settings = await getSettings(ctx.db);
  return publicReservationOf(ctx, row, settings);
}

/**
 * The visitor cancels by the access token, until cancellationHours before the start. A paid
 * booking's refund is recorded in the same transaction as the cancel and sent to the provider only
 * after it commits (payments/refunds.ts): a provider that cannot refund now is asked again by the
 * `retry-refunds` job, and the slot is free at once either way.
 */
export async function cancelReservation(ctx: AppContext, accessToken: string) {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const reservations = reservationRepository(tx);
    const found = await findReservation(tx, { accessToken });
    if (!found) throw notFound(NOT_FOUND_MESSAGE);
    // Lock order: reservation, then payment (as everywhere).
    const locked = await reservations.lock(found.id);
    const row = { ...found, ...locked! };
    if (row.status === "cancelled") throw conflict("Varaus on jo peruttu.");
    if (row.status === "expired") throw conflict("Varaus ei ole voimassa, joten sitä ei voi perua.");
    if (!beforeDeadline(now, changeDeadline(row, settings.slotRules.cancellationHours)))
      throw conflict(
        row.kind === "subscriber"
          ? "Alkanutta tai päättynyttä varausta ei voi enää perua."
          : `Varauksen voi perua viimeistään ${settings.slotRules.cancellationHours} tuntia ennen alkua.`,
      );

    // A payment still pending is let go, with the gift-card share its hold had taken.
    const latest = await latestPayment(tx, row.id);
    if (latest?.status === "pending" && (await paymentRepository(tx).cancelIfPending(latest.id)))
      await returnGiftCardShares(tx, [latest.id], now);
    // A dearer move still waiting for its payment is let go.
    await releaseMoveHolds(tx, row.id, now, "booking_cancelled");
    // The charge is taken off, and everything paid goes back (decision 038): the booking's own
    // payment, any paid move difference, the gift cards' shares.
    const owner = { reservationId: row.id };
    await releaseCharges(tx, owner, { reason: "customer_cancel", actor: "visitor", now });
    const back = await settleOwedBack(tx, owner, { reason: "customer_cancel", actor: "visitor", now });
    const { refundedCents, giftCardReturnedCents } = back;
    await releaseDiscountUses(tx, [row.id], now);
    const cancelled = await reservations.cancel(row.id, now, "customer");
    const mailId =
      row.status === "confirmed"
        ? await ctx.mail.enqueue(
            tx,
            cancellationMail({
              // The cancel raised the calendar event's SEQUENCE: its .ics removes the event.
              reservation: { ...row, sequence: cancelled!.sequence },
              areaName: row.areaName,
              settings,
              publicUrl: ctx.config.publicUrl,
              refundedCents,
              giftCardReturnedCents,
            }),
          )
        : null;
    return { id: row.id, refundedCents, giftCardReturnedCents, refundIds: back.refundIds, mailId };
  });
  // The transaction has committed: only now is the provider asked (a failure is retried by the job).
  for (const id of result.refundIds) await sendRefund(ctx, id);
  await ctx.mail.sendCommitted(ctx.db, result.mailId);

  const reservation = await getReservationByToken(ctx, accessToken);
  const returned = [
    result.refundedCents > 0 ? `Palautamme ${formatEuros(result.refundedCents)} maksutavallesi.` : "",
    result.giftCardReturnedCents > 0
      ? `Lahjakortillesi palautettiin ${formatEuros(result.giftCardReturnedCents)}.`
      : "",
  ].filter(Boolean);
  return {
    success: true,
    message: ["Varaus peruttu.", ...returned].join(" "),
    reservation,
  };
}
