import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { checkBooking, type BookingCheck, type BookingRules } from "../../domain/availability.js";
import { helsinkiDate } from "../../domain/helsinkiTime.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { areas, blocks, openingExceptions, reservations } from "../db/schema.js";
import { loadPriceRules, loadVatRates } from "./prices.js";
import { getSettings, type Settings } from "./settings.js";

/**
 * Loads what the pure availability rules (src/domain/availability.ts) need from the database.
 * The public booking flow books the primary area: the first active one in the admin's order.
 */

export type Area = { id: number; name: string };

export async function primaryArea(db: DbOrTx): Promise<Area> {
  const [area] = await db
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(eq(areas.active, true))
    .orderBy(asc(areas.sortOrder), asc(areas.id))
    .limit(1);
  if (!area) throw new Error("No active area: the seed creates one, an admin must keep one active");
  return area;
}

const DAY_MS = 24 * 60 * 60_000;

/** The area's pending and confirmed bookings overlapping from..to (live or not: see isLive). */
export function loadLiveReservations(db: DbOrTx, options: { areaId: number; from: Date; to: Date }) {
  return db
    .select({
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      status: reservations.status,
      holdExpiresAt: reservations.holdExpiresAt,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.areaId, options.areaId),
        inArray(reservations.status, ["pending", "confirmed"]),
        lt(reservations.startsAt, options.to),
        gt(reservations.endsAt, options.from),
      ),
    );
}

/**
 * Everything that can affect bookings between two instants (with a day's margin each side),
 * including the price rules and VAT rates in force on any Helsinki date of that range: the
 * domain picks, for each slot, the versions in force on its own date.
 */
export async function loadBookingRules(
  db: DbOrTx,
  options: { areaId: number; from: Date; to: Date; now: Date; settings?: Settings },
): Promise<BookingRules> {
  const rangeStart = new Date(options.from.getTime() - DAY_MS);
  const rangeEnd = new Date(options.to.getTime() + DAY_MS);
  const settings = options.settings ?? (await getSettings(db));
  // One query after another: on a transaction they share one connection, which takes one at a time.
  const exceptionRows = await db
    .select()
    .from(openingExceptions)
    .where(
      and(
        gte(openingExceptions.date, helsinkiDate(rangeStart)),
        lte(openingExceptions.date, helsinkiDate(rangeEnd)),
      ),
    );
  const blockRows = await db
    .select({ startsAt: blocks.startsAt, endsAt: blocks.endsAt })
    .from(blocks)
    .where(
      and(
        or(isNull(blocks.areaId), eq(blocks.areaId, options.areaId)),
        lt(blocks.startsAt, rangeEnd),
        gt(blocks.endsAt, rangeStart),
      ),
    );
  const reservationRows = await loadLiveReservations(db, {
    areaId: options.areaId,
    from: rangeStart,
    to: rangeEnd,
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
 * Makes bookings of one area take turns until the transaction ends: whoever checks a slot and
 * then holds it does so with no other booking of the area in between. Without it, simultaneous
 * inserts can wait on each other inside the exclusion constraint until PostgreSQL's deadlock
 * detector breaks the cycle, a second each. The constraint stays as the last guard.
 */
export async function lockAreaBookings(tx: Tx, areaId: number): Promise<void> {
  await tx.select({ id: areas.id }).from(areas).where(eq(areas.id, areaId)).for("no key update");
}

/** Checks one slot of an area against everything in the database (optionally inside a transaction). */
export async function checkSlot(
  db: DbOrTx,
  options: { areaId: number; start: Date; end: Date; now: Date; settings?: Settings },
): Promise<BookingCheck> {
  const rules = await loadBookingRules(db, { ...options, from: options.start, to: options.end });
  return checkBooking(rules, options.start, options.end);
}
