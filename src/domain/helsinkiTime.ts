import { DateTime, IANAZone } from "luxon";

/**
 * Europe/Helsinki wall-clock time, DST-correct through luxon. Pure and browser-safe: the server
 * and the SPA format and compute times with the same functions.
 */
export const HELSINKI = "Europe/Helsinki";

/*
 * Luxon asks the platform's Intl for a zone's offset at every instant it builds, which is most of
 * what booking and availability spend their time on. Helsinki's offset has changed only on whole
 * UTC hours since 1921, so each hour's offset is asked once and kept (on luxon's one shared zone
 * object for the name, which every DateTime in Helsinki uses).
 */
const HOUR_MS = 3_600_000;
const SINCE_WHOLE_HOURS = Date.UTC(1922, 0, 1);
const helsinkiZone = IANAZone.create(HELSINKI);
const intlOffset = helsinkiZone.offset.bind(helsinkiZone);
const offsetByHour = new Map<number, number>();
helsinkiZone.offset = (ts: number): number => {
  if (!(ts >= SINCE_WHOLE_HOURS)) return intlOffset(ts);
  const hour = Math.floor(ts / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offset = intlOffset(hour * HOUR_MS);
    offsetByHour.set(hour, offset);
  }
  return offset;
};

/** Finnish short weekday names, ISO order (1 = Monday); fixed so output never depends on ICU data. */
const WEEKDAYS_FI = ["ma", "ti", "ke", "to", "pe", "la", "su"] as const;

export type Instant = Date | string | number | DateTime;

/** The instant as a luxon DateTime in Helsinki; strings are ISO 8601 (with or without offset). */
export function inHelsinki(instant: Instant): DateTime {
  if (DateTime.isDateTime(instant))
    return instant.zoneName === HELSINKI ? instant : instant.setZone(HELSINKI);
  const dt =
    instant instanceof Date
      ? DateTime.fromJSDate(instant)
      : typeof instant === "number"
        ? DateTime.fromMillis(instant)
        : DateTime.fromISO(instant, { setZone: true });
  return dt.setZone(HELSINKI);
}

/** ISO 8601 with the Helsinki offset and no milliseconds: 2026-06-16T10:00:00+03:00. */
export function toHelsinkiIso(instant: Instant): string {
  return inHelsinki(instant).toISO({ suppressMilliseconds: true })!;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * ISO 8601 of an instant at a UTC offset the caller got from luxon (the same string as
 * toHelsinkiIso); plain string building for hot loops such as the availability grid.
 */
export function isoAtOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return (
    `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}` +
    `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}

/** Helsinki's UTC offset in minutes at an instant (from the time-zone database, via luxon). */
export function helsinkiOffset(ms: number): number {
  return DateTime.fromMillis(ms, { zone: HELSINKI }).offset;
}

/** The Helsinki calendar date of an instant, YYYY-MM-DD. */
export function helsinkiDate(instant: Instant): string {
  return inHelsinki(instant).toISODate()!;
}

/** Whether a YYYY-MM-DD string names a real calendar date. */
export function isValidDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date, { zone: HELSINKI }).isValid;
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

/** Every date from `from` to `to`, inclusive (YYYY-MM-DD). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  let day = DateTime.fromISO(from, { zone: HELSINKI });
  const last = DateTime.fromISO(to, { zone: HELSINKI });
  while (day <= last) {
    dates.push(day.toISODate()!);
    day = day.plus({ days: 1 });
  }
  return dates;
}

/** Number of calendar days from `from` to `to`, inclusive. */
export function daysInclusive(from: string, to: string): number {
  const a = DateTime.fromISO(from, { zone: "utc" });
  const b = DateTime.fromISO(to, { zone: "utc" });
  return Math.round(b.diff(a, "days").days) + 1;
}

/** "10.00" — Finnish clock time, hours without a leading zero. */
export function formatTime(instant: Instant): string {
  return inHelsinki(instant).toFormat("H.mm");
}

/** "la 20.6.2026" — Finnish weekday and date. */
export function formatDate(instant: Instant): string {
  const dt = inHelsinki(instant);
  return `${WEEKDAYS_FI[dt.weekday - 1]} ${dt.toFormat("d.M.yyyy")}`;
}

/** "la 20.6.2026 klo 10.00" */
export function formatDateTime(instant: Instant): string {
  return `${formatDate(instant)} klo ${formatTime(instant)}`;
}

/**
 * "la 20.6.2026 klo 10.00–11.00"; a range that ends on a later date names both:
 * "la 20.6.2026 klo 23.00 – su 21.6.2026 klo 1.00". An end at exactly midnight stays on the
 * start's line ("klo 22.00–24.00").
 */
export function formatTimeRange(start: Instant, end: Instant): string {
  const s = inHelsinki(start);
  const e = inHelsinki(end);
  if (s.hasSame(e, "day")) return `${formatDateTime(start)}–${formatTime(end)}`;
  if (e.equals(s.plus({ days: 1 }).startOf("day"))) return `${formatDateTime(start)}–24.00`;
  return `${formatDateTime(start)} – ${formatDateTime(end)}`;
}

/** Whole real minutes between two instants (DST-independent). */
export function minutesBetween(start: Instant, end: Instant): number {
  return Math.round((inHelsinki(end).toMillis() - inHelsinki(start).toMillis()) / 60_000);
}
