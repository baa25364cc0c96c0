import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import {
  checkBooking,
  computeAvailability,
  type BookingCheck,
  type BookingRules,
} from "../../domain/availability.js";
import type { AvailabilityResponse } from "../../domain/booking.js";
import { helsinkiDate, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { areas, blocks, openingExceptions, priceRules, reservations } from "../db/schema.js";
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

/** Everything that can affect bookings between two instants (with a day's margin each side). */
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
  const reservationRows = await db
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
        lt(reservations.startsAt, rangeEnd),
        gt(reservations.endsAt, rangeStart),
      ),
    );
  const ruleRows = await db
    .select()
    .from(priceRules)
    .where(eq(priceRules.active, true))
    .orderBy(asc(priceRules.id));
  return {
    weeklyHours: settings.openingHours.weekly,
    exceptions: exceptionRows,
    slotRules: settings.slotRules,
    blocks: blockRows,
    reservations: reservationRows,
    priceRules: ruleRows,
    vatRateBasisPoints: settings.vat.rateBasisPoints,
    now: options.now,
  };
}

/** The slot grid of the primary area for Helsinki dates from..to (validated by the caller). */
export async function getAvailability(
  ctx: AppContext,
  from: string,
  to: string,
): Promise<AvailabilityResponse> {
  const area = await primaryArea(ctx.db);
  const rules = await loadBookingRules(ctx.db, {
    areaId: area.id,
    from: wallClock(from, "00:00").toJSDate(),
    to: wallClock(to, "24:00").toJSDate(),
    now: ctx.now(),
  });
  return computeAvailability(rules, from, to);
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
