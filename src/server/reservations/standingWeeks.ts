import { TAKEN_MESSAGE } from "../../domain/availability.js";
import type { Customer } from "../../domain/customer.js";
import { addDays, helsinkiDate, isoWeekday } from "../../domain/helsinkiClock.js";
import { wallClock } from "../../domain/helsinkiTime.js";
import type { Area } from "../availability/index.js";
import { isSlotConflict, type Tx } from "../db/index.js";
import { HttpError } from "../errors.js";
import type { SubscriptionRow } from "../memberships/index.js";
import type { Settings } from "../settings/index.js";
import { bookInQuota } from "./member.js";
import { standingRepository, type StandingSlotRow } from "./standingRepository.js";

/**
 * A standing slot's weeks (decision 056): when each falls, which are still to make inside the
 * booking window, and making them. Each week is booked by `bookInQuota` inside a savepoint, or
 * kept with the refusal's words when it cannot be had; then recorded once under its key. The
 * member's series (standing.ts) and the job (standingFill.ts) make weeks alike.
 */

export type SeriesShape = Pick<
  StandingSlotRow,
  "weekday" | "startTime" | "minutes" | "dogs" | "reactiveDog" | "inHeat" | "firstDate" | "weeks"
>;

/** A week's booking time: the series' Helsinki wall clock on that date (DST-correct). */
export function weekTimes(series: Pick<SeriesShape, "startTime" | "minutes">, date: string) {
  const start = wallClock(date, series.startTime);
  return { start: start.toJSDate(), end: start.plus({ minutes: series.minutes }).toJSDate() };
}

/** The first date of a new series: the next day of its weekday whose start is still ahead. */
export function firstDateOf(weekday: number, startTime: string, now: Date): string {
  let date = helsinkiDate(now);
  while (isoWeekday(date) !== weekday || wallClock(date, startTime).toMillis() <= now.getTime())
    date = addDays(date, 1);
  return date;
}

/**
 * The weeks still to make after `after` (null: from the first), up to the window's end: a week
 * whose booking would end past the window waits. Stops at the series' last week or ended week.
 */
export function weeksToMake(
  series: SeriesShape & { endedFrom?: string | null },
  after: string | null,
  windowEndMs: number,
): string[] {
  const dates: string[] = [];
  let date = after === null ? series.firstDate : addDays(after, 7);
  for (;;) {
    const index = Math.round((Date.parse(date) - Date.parse(series.firstDate)) / 604_800_000);
    if (series.weeks !== null && index >= series.weeks) break;
    if (series.endedFrom && date >= series.endedFrom) break;
    if (weekTimes(series, date).end.getTime() > windowEndMs) break;
    dates.push(date);
    date = addDays(date, 7);
  }
  return dates;
}

/** Whether the series has no week left to make after `filledThrough`. */
function complete(series: SeriesShape, filledThrough: string | null): boolean {
  if (series.weeks === null || filledThrough === null) return false;
  return filledThrough >= addDays(series.firstDate, 7 * (series.weeks - 1));
}

type WeekOutcome = {
  date: string;
  start: Date;
  end: Date;
  reservationId: string | null;
  /** A booked week's gate link token, for the e-mail that lists the weeks. */
  doorToken: string | null;
  reason: string | null;
};

/**
 * Books each week in a savepoint of the caller's transaction (the membership row locked), so a
 * week refused by a rule or the exclusion constraint is listed with its reason and the others stay.
 * A week on or after the membership's last day ends the series there instead (`endsAt`).
 */
export async function makeWeeks(
  tx: Tx,
  o: {
    customer: Customer;
    sub: SubscriptionRow;
    area: Area;
    series: SeriesShape;
    dates: string[];
    now: Date;
    settings: Settings;
  },
): Promise<{ weeks: WeekOutcome[]; membershipEndsAt: string | null }> {
  const weeks: WeekOutcome[] = [];
  for (const date of o.dates) {
    if (o.sub.endsOn !== null && date >= o.sub.endsOn) return { weeks, membershipEndsAt: date };
    const { start, end } = weekTimes(o.series, date);
    try {
      const { row } = await tx.transaction((sp) =>
        bookInQuota(sp, {
          ...o,
          start,
          end,
          dogs: o.series.dogs,
          reactiveDog: o.series.reactiveDog,
          inHeat: o.series.inHeat,
        }),
      );
      weeks.push({ date, start, end, reservationId: row.id, doorToken: row.doorToken, reason: null });
    } catch (error) {
      const reason =
        error instanceof HttpError ? error.message : isSlotConflict(error) ? TAKEN_MESSAGE : null;
      if (reason === null) throw error;
      weeks.push({ date, start, end, reservationId: null, doorToken: null, reason });
    }
  }
  return { weeks, membershipEndsAt: null };
}

/**
 * Keeps the weeks just made (their key refuses a second maker) and moves the series on: the last
 * week made, and done once its last week is made or the membership's end has ended it.
 */
export async function recordWeeks(
  tx: Tx,
  series: StandingSlotRow,
  made: { weeks: WeekOutcome[]; membershipEndsAt: string | null },
  now: Date,
): Promise<StandingSlotRow> {
  const standing = standingRepository(tx);
  for (const w of made.weeks)
    await standing.addWeek({
      standingSlotId: series.id,
      date: w.date,
      reservationId: w.reservationId,
      reason: w.reason,
    });
  const filledThrough = made.weeks.at(-1)?.date ?? series.filledThrough;
  return standing.update(series.id, {
    filledThrough,
    ...(made.membershipEndsAt
      ? { endedFrom: made.membershipEndsAt, endedBy: "membership" as const, doneAt: now }
      : complete(series, filledThrough)
        ? { doneAt: now }
        : {}),
  });
}
