import { DateTime } from "luxon";
import { HELSINKI, type Instant, inHelsinki } from "./helsinkiTime.js";

/*
 * A membership's billing periods on the Helsinki calendar (issue 7). Apart from the membership
 * schemas in membership.ts because these need luxon, and the schemas are parsed on every page of
 * the SPA while these are only needed by the account pages and the server (decision 019).
 */

const date = (iso: string) => DateTime.fromISO(iso, { zone: HELSINKI });

/**
 * The first day of period `index` of a membership that started on `startDate`: counted from the
 * start date each time, so a month end clamps without drifting (31 Jan → 28/29 Feb → 31 Mar).
 */
export function periodStart(startDate: string, index: number): string {
  return date(startDate).plus({ months: index }).toISODate()!;
}

/** Adds days to a calendar date. */
export function addDays(isoDay: string, days: number): string {
  return date(isoDay).plus({ days }).toISODate()!;
}

/** The index of the period that contains `day` (−1 before the start). */
export function periodIndexOn(startDate: string, day: string): number {
  if (day < startDate) return -1;
  const start = date(startDate);
  let index = Math.max(0, Math.floor(date(day).diff(start, "months").months) - 1);
  while (periodStart(startDate, index + 1) <= day) index++;
  return index;
}

/** Period `index` as its first day and its exclusive end (the next period's first day). */
export function periodBounds(startDate: string, index: number): { start: string; endExclusive: string } {
  return { start: periodStart(startDate, index), endExclusive: periodStart(startDate, index + 1) };
}

/** The instant a Helsinki calendar day begins (DST-correct). */
export function startOfHelsinkiDay(isoDay: string): Date {
  return date(isoDay).startOf("day").toJSDate();
}

/** Spec §4: days remaining until a date, the day difference rounded up; never below 0. */
export function daysRemaining(untilDate: string, now: Instant): number {
  const ms = startOfHelsinkiDay(untilDate).getTime() - inHelsinki(now).toMillis();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}
