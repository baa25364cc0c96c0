import { DateTime } from "luxon";
import type { BookingRules } from "../../domain/availability.js";
import { HELSINKI, wallClock } from "../../domain/helsinkiTime.js";
import type { Db } from "../db/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import type { BookingChange } from "./notice.js";
import { loadBookingRules, loadLiveReservations, primaryArea, type Area } from "./service.js";

/**
 * The availability cache's snapshot (decision 016, cache.ts holds it): the settings, the primary
 * area and the booking rules of a span from a week back to a week past the booking window, loaded
 * through the same loaders as an answer from the database; and its bookings loaded again alone.
 */

export type Snapshot = {
  settings: Settings;
  area: Area;
  rules: BookingRules;
  /** Helsinki dates whose bookings and blocks the rules hold. */
  spanFrom: string;
  spanTo: string;
  /** The start of the next Helsinki day: the span moves then. */
  nextMidnight: number;
  /** The generations when its loads began. */
  baseGeneration: number;
  bookingGeneration: number;
};

const DAY = 24 * 60 * 60_000;
/** Days of bookings kept before today and after the booking window. */
const SPAN_MARGIN_DAYS = 7;

/** A whole snapshot as of `now`, stamped with the generations its load began at. */
export async function loadSnapshot(
  db: Db,
  now: Date,
  baseGeneration: number,
  bookingGeneration: number,
): Promise<Snapshot> {
  const today = DateTime.fromJSDate(now, { zone: HELSINKI }).startOf("day");
  const settings = await getSettings(db);
  const area = await primaryArea(db);
  const spanFrom = today.minus({ days: SPAN_MARGIN_DAYS }).toISODate()!;
  const spanTo = today.plus({ days: settings.slotRules.bookingWindowDays + SPAN_MARGIN_DAYS }).toISODate()!;
  const rules = await loadBookingRules(db, {
    areaId: area.id,
    from: wallClock(spanFrom, "00:00").toJSDate(),
    to: wallClock(spanTo, "24:00").toJSDate(),
    now,
    settings,
  });
  return {
    settings,
    area,
    rules,
    spanFrom,
    spanTo,
    nextMidnight: today.plus({ days: 1 }).toMillis(),
    baseGeneration,
    bookingGeneration,
  };
}

/** The snapshot with its bookings loaded again (one query), stamped with `generation`. */
export async function reloadBookings(db: Db, from: Snapshot, generation: number): Promise<Snapshot> {
  const reservations = await loadLiveReservations(db, {
    areaId: from.area.id,
    from: new Date(wallClock(from.spanFrom, "00:00").toMillis() - DAY),
    to: new Date(wallClock(from.spanTo, "24:00").toMillis() + DAY),
  });
  return { ...from, rules: { ...from.rules, reservations }, bookingGeneration: generation };
}

/** The snapshot with one booking's change: its kept row dropped, and its new row kept when live. */
export function withChange(snap: Snapshot, change: BookingChange): Snapshot {
  const reservations = snap.rules.reservations.filter((r) => r.id !== change.id);
  if (change.row) reservations.push(change.row);
  return { ...snap, rules: { ...snap.rules, reservations } };
}
