import { DateTime, IANAZone } from "luxon";
import { HELSINKI, helsinkiOffset, type ClockInstant } from "./helsinkiClock.js";

/**
 * Europe/Helsinki wall-clock time, DST-correct through luxon. Pure and browser-safe: the server
 * and the SPA compute times with the same functions. What needs no wall-clock arithmetic
 * (offsets, formats, calendar days) is in helsinkiClock.ts, without luxon, and re-exported here.
 */
export {
  addDays,
  datesBetween,
  daysInclusive,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeRange,
  HELSINKI,
  helsinkiDate,
  helsinkiOffset,
  isoAtOffset,
  isValidDate,
  isoWeekday,
  minutesBetween,
} from "./helsinkiClock.js";

/*
 * Luxon asks the platform's Intl for a zone's offset at every instant it builds, which is most of
 * what booking and availability spend their time on. Its one shared zone object for Helsinki
 * takes the offsets from helsinkiOffset instead, which asks once per UTC hour and keeps them.
 */
IANAZone.create(HELSINKI).offset = helsinkiOffset;

export type Instant = ClockInstant | DateTime;

/** The instant as a luxon DateTime in Helsinki; strings are ISO 8601 (with or without offset). */
export function inHelsinki(instant: Instant): DateTime {
  if (DateTime.isDateTime(instant))
    return instant.zoneName === HELSINKI ? instant : instant.setZone(HELSINKI);
  const dt =
    typeof instant === "string"
      ? DateTime.fromISO(instant, { setZone: true })
      : DateTime.fromMillis(Number(instant.valueOf()));
  return dt.setZone(HELSINKI);
}

/** ISO 8601 with the Helsinki offset and no milliseconds: 2026-06-16T10:00:00+03:00. */
export function toHelsinkiIso(instant: Instant): string {
  return inHelsinki(instant).toISO({ suppressMilliseconds: true })!;
}

/**
 * The instant at a wall-clock time (HH:MM, "24:00" = the next midnight) on a Helsinki date.
 * A time the spring-forward gap skips moves forward by the gap (luxon's rule); an hour that
 * occurs twice in autumn resolves to its first occurrence.
 */
export function wallClock(date: string, hhmm: string): DateTime {
  const day = DateTime.fromISO(date, { zone: HELSINKI }).startOf("day");
  if (hhmm === "24:00") return day.plus({ days: 1 });
  const [hour, minute] = hhmm.split(":").map(Number) as [number, number];
  return day.set({ hour, minute });
}
