import type { AvailabilityWire, MoveTimesResponse } from "../../domain/booking.js";
import type { Customer } from "../../domain/customer.js";
import { expandAvailability } from "../../domain/availabilityWire.js";
import { freeTimesOf } from "../../domain/moveSlots.js";
import type { AppContext } from "../context.js";
import { notFound } from "../errors.js";
import { refuseUnmovable } from "./move.js";
import { moveQuoter, type Mover } from "./moveQuote.js";
import { reservationRepository } from "./repository.js";
import { RESERVATION_NOT_FOUND } from "./member.js";
import { findReservation, type ReservationRow } from "./view.js";

/**
 * 'Siirrä varaus': a day's free times for one booking, each with what moving there settles
 * (moveQuote.ts, the figure the move itself charges or returns), in one answer. The times are the
 * availability cache's answer for the day (with the booking's own dog buffers when it has them, as
 * the move checks it); the booking's discount code and ledger are read once for all the times.
 */

/** The visitor's booking by its access token. */
export async function moveTimesByToken(
  ctx: AppContext,
  accessToken: string,
  date: string,
): Promise<MoveTimesResponse> {
  const row = await findReservation(ctx.db, { accessToken });
  if (!row) throw notFound("Varausta ei löytynyt. Tarkista linkki.");
  return moveTimes(ctx, row, date, "visitor");
}

/** A member's own booking by id; a dearer time (which the member's move refuses) is left out. */
export async function memberMoveTimes(
  ctx: AppContext,
  customer: Customer,
  id: string,
  date: string,
): Promise<MoveTimesResponse> {
  const row = await reservationRepository(ctx.db).ownedById(customer, id);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  const answer = await moveTimes(ctx, row, date, "member");
  return { ...answer, slots: answer.slots.filter((slot) => slot.differenceCents <= 0) };
}

async function moveTimes(
  ctx: AppContext,
  row: ReservationRow,
  date: string,
  by: Mover,
): Promise<MoveTimesResponse> {
  const cache = ctx.availability;
  const settings = await cache.settings();
  refuseUnmovable(row, { now: ctx.now(), settings, admin: false });
  const options = { reactiveDog: row.reactiveDog, inHeat: row.inHeat };
  const answer = await cache.answer(date, date, options);
  // The cache's own JSON text for the day, read back (a few kilobytes).
  const [day] = expandAvailability(JSON.parse(answer.body) as AvailabilityWire).days;
  const quoteAt = await moveQuoter(ctx.db, row, by);
  return {
    date,
    slots: freeTimesOf(day).map(({ start, end, priceCents }) => ({
      start,
      end,
      ...quoteAt(priceCents).quote,
    })),
  };
}
