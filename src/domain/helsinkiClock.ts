/**
 * Europe/Helsinki clock and calendar without a date library: offsets come from the platform's
 * time-zone database (Intl), formatting and calendar-day arithmetic are plain string and UTC date
 * building. The public pages format times with these alone, so luxon stays out of their first
 * load (decision 019); helsinkiTime.ts re-exports them beside what needs luxon's wall-clock
 * arithmetic, and luxon's own Helsinki offsets come from here too.
 */
export const HELSINKI = "Europe/Helsinki";

const DAY_MS = 86_400_000;

/**
 * The EU's summer-time rule, which Finland has followed since 1983 and in this form (ending in
 * October) since 1996: summer time from the last Sunday of March to the last Sunday of October,
 * both at 01:00 UTC; Helsinki is UTC+2, UTC+3 in summer. Applied as a rule rather than asked of
 * Intl: a page's first Intl.DateTimeFormat costs 30-50 ms of main thread in Chromium (ICU's set-up),
 * most of a phone's blocking time on the calendar (decision 019). The tests hold the rule to the
 * platform's time-zone database, hour by hour to 2040, so a change in the law shows up there.
 */
const RULE_SINCE_YEAR = 1996;

/** 01:00 UTC on the last Sunday of a month (1-12) of a year. */
function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY_MS;
}

const summerByYear = new Map<number, readonly [number, number]>();

let partsFormat: Intl.DateTimeFormat | undefined;

/**
 * Helsinki's offset in minutes at an instant as the platform's time-zone database (Intl) gives it:
 * what the clock asks before the rule's years, and the tests' oracle for the rule.
 */
export function tzdbHelsinkiOffset(ms: number): number {
  partsFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: HELSINKI,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const field: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(ms)) field[part.type] = Number(part.value);
  const wall = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** Helsinki's UTC offset in minutes at an instant. */
export function helsinkiOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  if (!(year >= RULE_SINCE_YEAR)) return tzdbHelsinkiOffset(ms);
  let summer = summerByYear.get(year);
  if (!summer) {
    if (summerByYear.size >= 1000) summerByYear.clear();
    summer = [lastSundayAt0100Utc(year, 3), lastSundayAt0100Utc(year, 10)];
    summerByYear.set(year, summer);
  }
  return ms >= summer[0] && ms < summer[1] ? 180 : 120;
}

/** An instant: a Date, epoch milliseconds, an ISO 8601 string, or anything whose value is its
 * epoch milliseconds (a luxon DateTime). */
export type ClockInstant = Date | string | number | { valueOf(): number };

const toMs = (instant: ClockInstant): number =>
  typeof instant === "string" ? Date.parse(instant) : Number(instant.valueOf());

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A Date whose UTC fields are the Helsinki wall-clock fields of the instant. */
function wall(instant: ClockInstant): Date {
  const ms = toMs(instant);
  return new Date(ms + helsinkiOffset(ms) * 60_000);
}

const isoDateOf = (d: Date) =>
  `${String(d.getUTCFullYear()).padStart(4, "0")}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;

/**
 * ISO 8601 of an instant at a UTC offset (the same string as toHelsinkiIso when the offset is
 * Helsinki's); plain string building for hot loops such as the availability grid.
 */
export function isoAtOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return (
    `${isoDateOf(local)}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}` +
    `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}

/** The Helsinki calendar date of an instant, YYYY-MM-DD. */
export function helsinkiDate(instant: ClockInstant): string {
  return isoDateOf(wall(instant));
}

/* ---------- Calendar days (YYYY-MM-DD; no time zone involved) ---------- */

/** Midnight UTC of a date (setUTCFullYear: Date.UTC would read years below 100 as 19xx). */
const dayMs = (date: string) =>
  new Date(0).setUTCFullYear(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );

/** Whether a YYYY-MM-DD string names a real calendar date. */
export function isValidDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && isoDateOf(new Date(dayMs(date))) === date;
}

/** The date `days` calendar days after (or before, when negative) a date. */
export function addDays(date: string, days: number): string {
  return isoDateOf(new Date(dayMs(date) + days * DAY_MS));
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return ((new Date(dayMs(date)).getUTCDay() + 6) % 7) + 1;
}

/** Inclusive range of Helsinki dates (YYYY-MM-DD). */
export type DateRange = { from: string; to: string };

/** The Monday–Sunday week around a date (ISO weeks start on Monday). */
export function weekOf(date: string): DateRange {
  const monday = addDays(date, 1 - isoWeekday(date));
  return { from: monday, to: addDays(monday, 6) };
}

/**
 * The seven days a calendar loads for a date: from today in steps of seven days, or (no today) its
 * Monday–Sunday week. The booking calendar's machine, and the entry that asks for its first week
 * before the app has loaded (src/web/main.tsx, decision 045).
 */
export function rangeOf(date: string, today?: string): DateRange {
  if (!today) return weekOf(date);
  const from = addDays(today, 7 * Math.floor((Date.parse(date) - Date.parse(today)) / 6048e5));
  return { from, to: addDays(from, 6) };
}

/** Number of calendar days from `from` to `to`, inclusive. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

/** Every date from `from` to `to`, inclusive (YYYY-MM-DD). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/* ---------- Finnish formats ---------- */

/** Finnish short weekday names, ISO order (1 = Monday); fixed so output never depends on ICU data. */
const WEEKDAYS_FI = ["ma", "ti", "ke", "to", "pe", "la", "su"] as const;

const timeOf = (d: Date) => `${d.getUTCHours()}.${pad2(d.getUTCMinutes())}`;
const dateOf = (d: Date) =>
  `${WEEKDAYS_FI[(d.getUTCDay() + 6) % 7]} ${d.getUTCDate()}.${d.getUTCMonth() + 1}.${String(d.getUTCFullYear()).padStart(4, "0")}`;
const dateTimeOf = (d: Date) => `${dateOf(d)} klo ${timeOf(d)}`;

/** "10.00" — Finnish clock time, hours without a leading zero. */
export function formatTime(instant: ClockInstant): string {
  return timeOf(wall(instant));
}

/** "la 20.6.2026" — Finnish weekday and date. */
export function formatDate(instant: ClockInstant): string {
  return dateOf(wall(instant));
}

/** "la 20.6.2026" for a Helsinki calendar day given as "2026-06-20". */
export const formatDay = (isoDay: string) => formatDate(`${isoDay}T12:00:00`);

/** "la 20.6.2026 klo 10.00" */
export function formatDateTime(instant: ClockInstant): string {
  return dateTimeOf(wall(instant));
}

/**
 * "la 20.6.2026 klo 10.00–11.00"; a range that ends on a later date names both:
 * "la 20.6.2026 klo 23.00 – su 21.6.2026 klo 1.00". An end at exactly midnight stays on the
 * start's line ("klo 22.00–24.00").
 */
export function formatTimeRange(start: ClockInstant, end: ClockInstant): string {
  const s = wall(start);
  const e = wall(end);
  const startDate = isoDateOf(s);
  const endDate = isoDateOf(e);
  if (startDate === endDate) return `${dateTimeOf(s)}–${timeOf(e)}`;
  const midnight = e.getUTCHours() === 0 && e.getUTCMinutes() === 0 && e.getUTCSeconds() === 0;
  if (midnight && e.getUTCMilliseconds() === 0 && endDate === addDays(startDate, 1)) {
    return `${dateTimeOf(s)}–24.00`;
  }
  return `${dateTimeOf(s)} – ${dateTimeOf(e)}`;
}

/** Whole real minutes between two instants (DST-independent). */
export function minutesBetween(start: ClockInstant, end: ClockInstant): number {
  return Math.round((toMs(end) - toMs(start)) / 60_000);
}
