import {
  bookingRangeProblem,
  checkBooking,
  type BookingCheck,
  type BookingRules,
} from "../../domain/availability.js";
import type { Buffers } from "../../domain/dogRules.js";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { badRequest } from "../errors.js";
import { loadPriceRules, loadVatRates } from "../prices/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { availabilityRepository, type Area } from "./repository.js";

/**
 * Loads what the pure availability rules (src/domain/availability.ts) need from the database
 * (its queries: repository.ts). The public booking flow books the primary area: the first active
 * one in the admin's order.
 */

export type { Area };

export async function primaryArea(db: DbOrTx): Promise<Area> {
  const area = await availabilityRepository(db).primaryArea();
  if (!area) throw new Error("No active area: the seed creates one, an admin must keep one active");
  return area;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The area's pending and confirmed bookings whose blocked period overlaps from..to (live or not:
 * see isLive), but `except` (a booking being moved does not stand in its own way).
 */
export function loadLiveReservations(
  db: DbOrTx,
  options: { areaId: number; from: Date; to: Date; except?: string },
) {
  return availabilityRepository(db).liveReservations(options);
}

/**
 * Everything that can affect bookings between two instants (with a day's margin each side),
 * including the price rules and VAT rates in force on any Helsinki date of that range: the
 * domain picks, for each slot, the versions in force on its own date.
 */
export async function loadBookingRules(
  db: DbOrTx,
  options: { areaId: number; from: Date; to: Date; now: Date; settings?: Settings; except?: string },
): Promise<BookingRules> {
  const rangeStart = new Date(options.from.getTime() - DAY_MS);
  const rangeEnd = new Date(options.to.getTime() + DAY_MS);
  const settings = options.settings ?? (await getSettings(db));
  const repository = availabilityRepository(db);
  // One query after another: on a transaction they share one connection, which takes one at a time.
  const exceptionRows = await repository.exceptionsBetween(helsinkiDate(rangeStart), helsinkiDate(rangeEnd));
  const blockRows = await repository.blocksOverlapping(options.areaId, rangeStart, rangeEnd);
  const reservationRows = await repository.liveReservations({
    areaId: options.areaId,
    from: rangeStart,
    to: rangeEnd,
    except: options.except,
  });
  const firstDate = helsinkiDate(rangeStart);
  const lastDate = helsinkiDate(rangeEnd);
  const ruleRows = await loadPriceRules(db, firstDate, lastDate);
  const vatRows = await loadVatRates(db, firstDate, lastDate);
  return {
    weeklyHours: settings.openingHours.weekly,
    exceptions: exceptionRows,
    slotRules: settings.slotRules,
    blocks: blockRows,
    reservations: reservationRows,
    priceRules: ruleRows,
    vatRates: vatRows,
    now: options.now,
  };
}

/**
 * Makes every booking of one area wait until the transaction ends: the area's exclusive booking
 * lock (the locks' order and keys: repository.ts).
 */
export async function lockAreaBookings(tx: Tx, areaId: number): Promise<void> {
  await availabilityRepository(tx).lockArea(areaId);
}

/**
 * A checkout's locks (repository.ts), in one statement and key order: the area shared, then the
 * e-mail address, the IP address and the hours that busyStart..busyEnd touches.
 */
export async function lockCheckout(
  tx: Tx,
  o: { areaId: number; busyStart: Date; busyEnd: Date; email: string; ip: string | null },
): Promise<void> {
  await availabilityRepository(tx).lockCheckout(o);
}

/**
 * The locks of a hold's owner (reservations/hold.ts): its e-mail address and IP address, as a
 * checkout takes them. A caller that writes before placing a hold takes them first, after the area's
 * lock, so every path takes area, e-mail, IP in that order.
 */
export async function lockHoldOwner(tx: Tx, owner: { email: string; ip: string | null }): Promise<void> {
  await availabilityRepository(tx).lockHoldOwner(owner);
}

/** The opening rules of one Helsinki date: the weekly hours and that day's exception, if any. */
export async function openingRulesOf(
  db: DbOrTx,
  date: string,
  settings: Pick<Settings, "openingHours">,
): Promise<Pick<BookingRules, "weeklyHours" | "exceptions">> {
  const exceptions = await availabilityRepository(db).exceptionsBetween(date, date);
  return { weeklyHours: settings.openingHours.weekly, exceptions };
}

/**
 * Refuses (400, the Finnish reason) a range no booking can have now: reversed or empty, of a length
 * not booked, past, or beyond the booking window unless `ignoreWindow` (domain bookingRangeProblem).
 * For the routes that answer such a range before checking the slot (the quote, the checkout);
 * checkSlot answers it as a failed check without loading anything.
 */
export function refuseBookingRange(
  settings: Pick<Settings, "slotRules">,
  range: { start: Date; end: Date; now: Date; ignoreWindow?: boolean },
): void {
  const problem = bookingRangeProblem(
    { now: range.now, slotRules: settings.slotRules },
    range.start,
    range.end,
    range,
  );
  if (problem) throw badRequest(problem.reason);
}

/**
 * Checks one slot of an area against everything in the database (optionally inside a transaction);
 * `except` leaves one booking out (the one being moved).
 */
export async function checkSlot(
  db: DbOrTx,
  options: {
    areaId: number;
    start: Date;
    end: Date;
    now: Date;
    settings?: Settings;
    ignoreWindow?: boolean;
    except?: string;
    /** What the new booking blocks around itself (domain/dogRules.ts); default the changeover gap. */
    buffers?: Buffers;
  },
): Promise<BookingCheck> {
  const settings = options.settings ?? (await getSettings(db));
  // A range no booking can have loads nothing (a reversed one is no range to load, a long one too much).
  const problem = bookingRangeProblem(
    { now: options.now, slotRules: settings.slotRules },
    options.start,
    options.end,
    options,
  );
  if (problem)
    return { ok: false, ...problem, lengthMinutes: 0, priceCents: 0, vatCents: 0, vatRateBasisPoints: 0 };
  const rules = await loadBookingRules(db, { ...options, settings, from: options.start, to: options.end });
  return checkBooking(rules, options.start, options.end, {
    ignoreWindow: options.ignoreWindow,
    buffers: options.buffers,
  });
}
