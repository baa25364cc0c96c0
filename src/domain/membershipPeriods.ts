import { DateTime } from "luxon";
import { formatDay } from "./helsinkiClock.js";
import { HELSINKI, type Instant, inHelsinki } from "./helsinkiTime.js";
import type { Subscription } from "./membership.js";

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

/**
 * A membership's pause (issue 35, decision 058): whole weeks from the first day of a period,
 * `endsOn` exclusive. No period runs in it; the periods after it are counted from its end.
 */
export type MembershipPause = { startsOn: string; endsOn: string; weeks: number };

/** What a membership's periods are counted from: its start date and its pauses, oldest first. */
export type PeriodSchedule = { startDate: string; pauses?: readonly MembershipPause[] | null };

/**
 * The runs of periods between pauses: each counted from its own first day (the start date, then
 * each pause's end), `count` periods before the next pause (null: the last run, without end).
 */
function runsOf(schedule: PeriodSchedule) {
  const pauses = schedule.pauses ?? [];
  let first = 0;
  return [schedule.startDate, ...pauses.map((p) => p.endsOn)].map((anchor, i) => {
    const pause = pauses[i];
    // The periods that begin before the pause (it begins on a period's first day).
    const count = pause ? indexFrom(anchor, addDays(pause.startsOn, -1)) + 1 : null;
    const run = { anchor, firstIndex: first, count, pause: pause ?? null };
    if (count !== null) first += count;
    return run;
  });
}

function indexFrom(anchor: string, day: string): number {
  if (day < anchor) return -1;
  let index = Math.max(0, Math.floor(date(day).diff(date(anchor), "months").months) - 1);
  while (periodStart(anchor, index + 1) <= day) index++;
  return index;
}

/**
 * The index of the period that contains `day` (−1 before the start). Periods are numbered across
 * pauses; a day inside a pause gets the last period before it (no period contains it: `pauseOn`).
 */
export function periodIndexOn(schedule: PeriodSchedule, day: string): number {
  if (day < schedule.startDate) return -1;
  const run = runsOf(schedule).findLast((r) => r.anchor <= day)!;
  if (run.pause && day >= run.pause.startsOn) return run.firstIndex + run.count! - 1;
  return run.firstIndex + indexFrom(run.anchor, day);
}

/** Period `index` as its first day and its exclusive end (the next period's first day, or a pause's). */
export function periodBounds(
  schedule: PeriodSchedule,
  index: number,
): { start: string; endExclusive: string } {
  const runs = runsOf(schedule);
  const run = runs.find((r) => r.count === null || index < r.firstIndex + r.count)!;
  const local = index - run.firstIndex;
  const next = periodStart(run.anchor, local + 1);
  return {
    start: periodStart(run.anchor, local),
    endExclusive: run.pause && run.pause.startsOn < next ? run.pause.startsOn : next,
  };
}

/** "ke 15.7.2026–ti 11.8.2026": a pause's days as every message names them. */
export const pauseDaysText = (pause: Pick<MembershipPause, "startsOn" | "endsOn">) =>
  `${formatDay(pause.startsOn)}–${formatDay(addDays(pause.endsOn, -1))}`;

/** The pause a day falls in, or null. */
export function pauseOn(schedule: PeriodSchedule, day: string): MembershipPause | null {
  return (schedule.pauses ?? []).find((p) => p.startsOn <= day && day < p.endsOn) ?? null;
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

/**
 * When a membership cancelled now would really end (product.md "Cancel"). Inside a commitment,
 * membership and billing run until the commitment ends (`endsOn`: commitment_end_date); otherwise
 * access runs to the end of the paid period (`endsOn`: its last day, inclusive), or in a pause to
 * its last day (decision 058). `daysLeft` is
 * spec §4's day difference rounded up, to the first day without the membership.
 */
export function cancellationTerms(
  subscription: Subscription,
  now: Date,
): { kind: "commitment" | "period" | "pause"; endsOn: string; daysLeft: number } | null {
  const commitmentEnd = subscription.commitment_end_date;
  if (commitmentEnd && daysRemaining(commitmentEnd, now) > 0) {
    const lastDay = commitmentLastDay(commitmentEnd);
    return { kind: "commitment", endsOn: lastDay, daysLeft: daysOfAccessLeft(lastDay, now) };
  }
  // In a pause no period runs: the membership ends with the pause, before billing resumes.
  if (subscription.pause?.current) {
    const lastDay = subscription.pause.last_day;
    return { kind: "pause", endsOn: lastDay, daysLeft: daysOfAccessLeft(lastDay, now) };
  }
  const periodEnd = subscription.current_period?.end;
  if (!periodEnd) return null;
  return { kind: "period", endsOn: periodEnd, daysLeft: daysOfAccessLeft(periodEnd, now) };
}

/**
 * The last day a commitment binds (inclusive): commitment_end_date is start + 12 months, the first
 * day no longer bound, so a 12-month membership started 24.11.2026 is bound through 23.11.2027, and a
 * cancel inside it gives access through that same day. Every view says this one date.
 */
export const commitmentLastDay = (commitmentEndDate: string) => addDays(commitmentEndDate, -1);

/** Days until access ends after its last day (`access_ends_on`, inclusive). */
export const daysOfAccessLeft = (lastDay: string, now: Date) => daysRemaining(addDays(lastDay, 1), now);
