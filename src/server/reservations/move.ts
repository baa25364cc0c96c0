import type { PaymentMethod } from "../../domain/booking.js";
import { TAKEN_MESSAGE } from "../../domain/availability.js";
import { buffersFor } from "../../domain/dogRules.js";
import { formatTimeRange, helsinkiDate, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { refuseWhileSuspended } from "../memberships/index.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { checkSlot, lockAreaBookings, lockHoldOwner } from "../availability/index.js";
import { expireHolds } from "./holds.js";
import { applyMove, enqueueMoveMail } from "./moveApply.js";
import { holdDearerMove, releaseMoveHolds, startMovePayment } from "./moveHold.js";
import { returnDifference } from "./moveMoney.js";
import { moveQuoter } from "./moveQuote.js";
import { moveRepository } from "./moveRepository.js";
import { isSlotConflict } from "../db/index.js";
import { sendRefund } from "../payments/index.js";
import { beforeDeadline, changeDeadline } from "../../domain/changeWindow.js";
import { findReservation, publicReservationOf, type ReservationRow } from "./view.js";
import { getSettings, type Settings } from "../settings/index.js";

/**
 * Moving a booking to another time (siirrä varaus, decision 026): the visitor by the access token,
 * the member by id, the admin from varaukset. One transaction under the area's exclusive booking
 * lock (the lock every checkout takes shared): the new slot is checked by the same rules as a new
 * booking (checkSlot, with this booking left out), then one UPDATE moves the times, so the booking
 * never holds both slots or neither; the exclusion constraint stays the last guard. A cheaper
 * time's difference is recorded as a refund in the transaction and sent after the commit. A dearer
 * one (the visitor's) only holds the new slot and starts a payment of the difference: the booking
 * moves when it is paid (moveHold.ts, moveFulfilment.ts); an admin's move keeps the price. The
 * UPDATE itself is moveApply.ts (shared with that swap), the new price and what it settles
 * moveQuote.ts (the same figure the picker shows, moveTimes.ts), the money back moveMoney.ts, the
 * queries moveRepository.ts.
 */

export type MovedBy =
  /** The visitor, from this IP address (a dearer move's hold counts against it). */
  { kind: "visitor"; ip?: string | null } | { kind: "member" } | { kind: "admin"; actor: AdminActor };

export const CANNOT_MOVE_CANCELLED = "Peruttua varausta ei voi siirtää.";
export const MOVE_PRICE_CHANGED =
  "Siirron hintaero on muuttunut sen jälkeen, kun ajat haettiin. Tarkista uusi hintaero ja vahvista siirto uudelleen.";

export type MoveInput = {
  start: string;
  end: string;
  paymentMethod?: PaymentMethod;
  /** The difference the picker showed; a move whose own differs changes nothing (409). */
  expectedDifferenceCents?: number;
};

export type MoveResult = {
  reservation: ReservationRow;
  refundedCents: number;
  giftCardReturnedCents: number;
  /** A dearer move: not moved yet, the new slot held until the difference is paid there. */
  payment: { redirectUrl: string; differenceCents: number; holdExpiresAt: Date } | null;
  message: string;
};

export async function moveReservation(
  ctx: AppContext,
  id: string,
  input: MoveInput,
  by: MovedBy,
): Promise<MoveResult> {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const now = ctx.now();
  const settings = await getSettings(ctx.db);
  const found = await findReservation(ctx.db, { id });
  if (!found) throw notFound("Varausta ei löytynyt.");
  const admin = by.kind === "admin";

  let decided;
  try {
    decided = await ctx.db.transaction(async (tx) => {
      // Lock order as a member booking's: the membership, the area, then the booking and its payment.
      const repository = moveRepository(tx);
      const sub = found.subscriptionId ? await repository.lockSubscription(found.subscriptionId) : undefined;
      await lockAreaBookings(tx, found.areaId);
      // The locks of whose a dearer move's hold would be (hold.ts), before anything is written.
      const ip = by.kind === "visitor" ? (by.ip ?? null) : null;
      await lockHoldOwner(tx, { email: found.email, ip });
      const row = await repository.lockReservation(id);
      refuseUnmovable(row!, { now, settings, admin });
      // A member moves a member booking as they book one: not while the membership is suspended.
      if (by.kind === "member" && row!.kind === "subscriber" && row!.customerId)
        await refuseWhileSuspended(
          tx,
          row!.customerId,
          helsinkiDate(now),
          settings.membership.suspendAfterDays,
        );
      const none = {
        refundIds: [] as string[],
        refundedCents: 0,
        giftCardReturnedCents: 0,
        mailId: null,
        pay: null,
      };
      // Already there (a repeat whose first answer was lost, say): nothing changes, nothing is sent.
      if (row!.startsAt.getTime() === start.getTime() && row!.endsAt.getTime() === end.getTime())
        return { moved: row!, unchanged: true, ...none };
      // A new move replaces a dearer move still waiting for its payment: only one hold at a time.
      await releaseMoveHolds(tx, row!.id, now);
      await expireHolds(tx, now, row!.areaId);
      // The booking's dogs keep their buffers at the new time, by the rules in force now (decision 036).
      const buffers = buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, row!);
      const check = await checkSlot(tx, {
        areaId: row!.areaId,
        start,
        end,
        now,
        settings,
        ignoreWindow: admin,
        except: row!.id,
        buffers,
      });
      // An admin may move a booking priced apart from the price list (a manual one) to an unpriced length.
      const overridden = !check.ok && admin && row!.kind !== "single" && check.code === "no_price";
      if (!check.ok && !overridden)
        throw check.code === "taken" ? conflict(check.reason) : badRequest(check.reason);

      const { price, quote } = (await moveQuoter(tx, row!, by.kind))(check.priceCents);
      if (by.kind === "member" && quote.differenceCents > 0)
        // The member's page has no payment step for a move yet: their dearer move is refused.
        throw conflict(
          `Uusi aika maksaisi ${formatEuros(price.totalCents)}, nykyinen varauksesi ` +
            `${formatEuros(price.totalCents - quote.differenceCents)}. ` +
            "Kalliimpaan aikaan voi siirtää varauksen sen omalta sivulta (Oma varaus); täällä valitse yhtä edullinen tai edullisempi aika.",
        );
      if (
        input.expectedDifferenceCents !== undefined &&
        input.expectedDifferenceCents !== quote.differenceCents
      )
        throw conflict(MOVE_PRICE_CHANGED);
      const change = {
        row: row!,
        start,
        end,
        buffers,
        price,
        differenceCents: quote.differenceCents,
        vatRateBasisPoints: check.vatRateBasisPoints,
      };
      if (quote.differenceCents > 0) {
        // Dearer: the new slot is held and the difference paid first; the booking stays as it is.
        const held = await holdDearerMove(ctx, tx, {
          ...change,
          method: input.paymentMethod ?? "card",
          ip,
          settings,
          now,
        });
        return { moved: row!, unchanged: true, ...none, pay: held };
      }
      const { moved, moveId } = await applyMove(ctx, tx, {
        ...change,
        movedBy: by.kind,
        sub,
        now,
      });
      const money = await returnDifference(tx, {
        reservationId: row!.id,
        moveId,
        actor: by.kind === "admin" ? by.actor.email : by.kind,
        now,
      });
      if (by.kind === "admin")
        await recordAudit(tx, by.actor, {
          action: "reservation.move",
          entity: "reservation",
          entityId: row!.id,
          before: row,
          after: { ...moved, ...money },
        });
      const mailId = await enqueueMoveMail(
        ctx,
        tx,
        { row: row!, movedBy: by.kind, mail: { areaName: found.areaName, settings, ...money } },
        moved,
      );
      return { moved, unchanged: false, ...money, mailId, pay: null };
    });
  } catch (error) {
    // The constraint is the last guard: a slot taken past the checks is the same clear 409.
    if (isSlotConflict(error)) throw conflict(TAKEN_MESSAGE);
    throw error;
  }
  if (decided.pay) {
    // Committed: the provider is asked only now; if it fails, the hold is let go (a 502).
    const { redirectUrl } = await startMovePayment(ctx, { booking: found, ...decided.pay });
    const differenceCents = decided.pay.payment.amountCents;
    return {
      reservation: decided.moved,
      refundedCents: 0,
      giftCardReturnedCents: 0,
      payment: {
        redirectUrl,
        differenceCents,
        holdExpiresAt: decided.pay.hold.holdExpiresAt!,
      },
      message:
        `Uusi aika ${formatTimeRange(start, end)} maksaa ${formatEuros(differenceCents)} enemmän. ` +
        `Aika on pidetty sinulle ${settings.slotRules.holdMinutes} minuuttia: maksa lisämaksu, niin varaus siirretään. ` +
        "Siihen asti varauksesi pysyy nykyisellä ajalla.",
    };
  }
  // Committed: only now is the provider asked (a failure stays pending for the retry job).
  for (const id of decided.refundIds) await sendRefund(ctx, id);
  await ctx.mail.sendCommitted(ctx.db, decided.mailId);
  const back = [
    decided.refundedCents > 0 ? `Palautamme ${formatEuros(decided.refundedCents)} maksutavallesi.` : "",
    decided.giftCardReturnedCents > 0
      ? `Lahjakortillesi palautettiin ${formatEuros(decided.giftCardReturnedCents)}.`
      : "",
  ].filter(Boolean);
  return {
    reservation: decided.moved,
    refundedCents: decided.refundedCents,
    giftCardReturnedCents: decided.giftCardReturnedCents,
    payment: null,
    message: decided.unchanged
      ? `Varaus on jo ajalla ${formatTimeRange(start, end)}.`
      : [`Varaus siirretty: ${formatTimeRange(start, end)}.`, ...back].join(" "),
  };
}

/** What may not be moved: a booking no longer live, or (but by an admin) past its deadline. */
export function refuseUnmovable(
  row: ReservationRow,
  o: { now: Date; settings: Settings; admin: boolean },
): void {
  if (row.status === "cancelled" || row.status === "expired") throw conflict(CANNOT_MOVE_CANCELLED);
  if (row.status !== "confirmed")
    throw conflict("Vain vahvistetun varauksen voi siirtää. Maksa varaus ensin.");
  if (row.endsAt.getTime() <= o.now.getTime()) throw conflict("Päättynyttä varausta ei voi siirtää.");
  if (o.admin) return;
  if (!beforeDeadline(o.now, changeDeadline(row, o.settings.slotRules.cancellationHours)))
    throw conflict(
      row.kind === "subscriber"
        ? "Alkanutta varausta ei voi enää siirtää."
        : `Varauksen voi siirtää viimeistään ${o.settings.slotRules.cancellationHours} tuntia ennen alkua.`,
    );
}

/** The visitor moves their booking by its access token; the answer is their page's view of it. */
export async function moveByToken(
  ctx: AppContext,
  accessToken: string,
  input: MoveInput,
  client: { ip: string | null } = { ip: null },
) {
  const found = await findReservation(ctx.db, { accessToken });
  if (!found) throw notFound("Varausta ei löytynyt. Tarkista linkki.");
  const moved = await moveReservation(ctx, found.id, input, { kind: "visitor", ip: client.ip });
  const row = (await findReservation(ctx.db, { id: found.id }))!;
  const settings = await getSettings(ctx.db);
  return {
    success: true,
    message: moved.message,
    reservation: await publicReservationOf(ctx, row, settings),
    payment: moved.payment
      ? {
          redirectUrl: moved.payment.redirectUrl,
          differenceCents: moved.payment.differenceCents,
          holdExpiresAt: toHelsinkiIso(moved.payment.holdExpiresAt),
        }
      : null,
  };
}
