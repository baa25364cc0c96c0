import { TAKEN_MESSAGE, windowEnd } from "../../domain/availability.js";
import type { Customer } from "../../domain/customer.js";
import { addDays, formatDay, helsinkiDate, isoWeekday } from "../../domain/helsinkiClock.js";
import { toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import {
  standingSummary,
  type StandingPreview,
  type StandingSlot,
  type StandingSlotRequest,
  type StandingWeek,
  type StandingWeekCheck,
} from "../../domain/standingSlot.js";
import type { AppContext } from "../context.js";
import { isSlotConflict, type Tx } from "../db/index.js";
import { badRequest, conflict, HttpError, notFound } from "../errors.js";
import { primaryArea, type Area } from "../availability/index.js";
import type { SubscriptionRow } from "../memberships/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { recordAudit } from "../system/index.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { bookInQuota, lockMemberAccess, memberAccess } from "./member.js";
import { reservationRepository } from "./repository.js";
import {
  standingRepository,
  type StandingSlotRow,
  type StandingWeekWithBooking,
} from "./standingRepository.js";
import {
  heldAtSeriesTime,
  standingCreatedMail,
  standingEndedMail,
  standingWeeksMissedMail,
} from "./standingMail.js";

/**
 * Vakiovuoro (issue 35, decision 056). A series is a weekday, a start time and a length, for a
 * number of weeks or until further notice. Each week is made once, as a normal member booking made
 * by `bookInQuota` (every slot rule, the exclusion constraint, the quota of its period), or, when
 * it cannot be had, as a week with the reason, not booked. Weeks are made as far ahead as the
 * booking window reaches: at once when the series is made, later by the job `fill-standing-slots`.
 * The preview runs the very same booking of each week in a transaction it rolls back, so what it
 * lists is what the database would say.
 */

export const STANDING_NOT_FOUND = "Vakiovuoroa ei löytynyt.";
const NONE_AVAILABLE = "Yhtään viikkoa ei voi varata tällä ajalla. Valitse toinen aika.";
/** Weeks listed per series: from four weeks back on (older ones stay in the database). */
const LISTED_WEEKS_BACK_DAYS = 28;
const LISTED_SERIES = 20;
const FILL_BATCH = 50;

type SeriesShape = Pick<
  StandingSlotRow,
  "weekday" | "startTime" | "minutes" | "dogs" | "firstDate" | "weeks"
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
function weeksToMake(
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
async function makeWeeks(
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
        bookInQuota(sp, { ...o, start, end, dogs: o.series.dogs, reactiveDog: false, inHeat: false }),
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
async function recordWeeks(
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

function checkRequest(request: StandingSlotRequest, settings: Settings) {
  if (request.dogs > settings.slotRules.maxDogs)
    throw badRequest(`Mukaan voi ottaa enintään ${settings.slotRules.maxDogs} koiraa.`);
  if (!settings.slotRules.lengthsMinutes.includes(request.minutes))
    throw badRequest("Valitse kesto puiston varauspituuksista.");
}

const seriesOf = (request: StandingSlotRequest, now: Date): SeriesShape => ({
  weekday: request.weekday,
  startTime: request.start_time,
  minutes: request.minutes,
  dogs: request.dogs,
  firstDate: firstDateOf(request.weekday, request.start_time, now),
  weeks: request.weeks,
});

class Rollback extends Error {}

/** Every week inside the window checked as it would be booked now; nothing is kept. */
export async function previewStandingSlot(
  ctx: AppContext,
  customer: Customer,
  request: StandingSlotRequest,
): Promise<StandingPreview> {
  const now = ctx.now();
  const settings = await getSettings(ctx.db);
  checkRequest(request, settings);
  const series = seriesOf(request, now);
  const area = await primaryArea(ctx.db);
  const dates = weeksToMake(series, null, windowEnd({ now, slotRules: settings.slotRules }));
  let checked: StandingWeekCheck[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const sub = await lockMemberAccess(tx, customer, helsinkiDate(now), settings);
      const made = await makeWeeks(tx, { customer, sub, area, series, dates, now, settings });
      checked = made.weeks.map((w) => ({
        date: w.date,
        start: toHelsinkiIso(w.start),
        end: toHelsinkiIso(w.end),
        ok: w.reservationId !== null,
        reason: w.reason,
      }));
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return {
    summary: standingSummary(series.weekday, series.startTime, series.minutes),
    weeks: checked,
    later_weeks: series.weeks === null ? null : Math.max(0, series.weeks - checked.length),
    window_days: settings.slotRules.bookingWindowDays,
  };
}

/** Makes the series and books its weeks inside the window; the ones not had are listed, not booked. */
export async function createStandingSlot(ctx: AppContext, customer: Customer, request: StandingSlotRequest) {
  const now = ctx.now();
  const settings = await getSettings(ctx.db);
  checkRequest(request, settings);
  const shape = seriesOf(request, now);
  const area = await primaryArea(ctx.db);
  const dates = weeksToMake(shape, null, windowEnd({ now, slotRules: settings.slotRules }));
  const created = await ctx.db.transaction(async (tx) => {
    const sub = await lockMemberAccess(tx, customer, helsinkiDate(now), settings);
    const made = await makeWeeks(tx, { customer, sub, area, series: shape, dates, now, settings });
    if (!made.weeks.some((w) => w.reservationId !== null)) throw conflict(NONE_AVAILABLE);
    const standing = standingRepository(tx);
    const series = await recordWeeks(
      tx,
      await standing.insert({ ...shape, subscriptionId: sub.id }),
      made,
      now,
    );
    const weeks = await standing.allWeeksOf(series.id);
    const doorTokens = new Map(
      made.weeks.flatMap((w) => (w.reservationId ? [[w.reservationId, w.doorToken!]] : [])),
    );
    const mailId = await ctx.mail.enqueue(
      tx,
      standingCreatedMail({
        series,
        weeks,
        doorTokens,
        to: { name: customer.name ?? customer.email, email: customer.email },
        settings,
        publicUrl: ctx.config.publicUrl,
      }),
    );
    return {
      series,
      weeks,
      booked: made.weeks.filter((w) => w.reservationId).length,
      missed: made.weeks.filter((w) => !w.reservationId).length,
      mailId,
    };
  });
  await ctx.mail.sendCommitted(ctx.db, created.mailId);
  const summary = standingSummary(shape.weekday, shape.startTime, shape.minutes);
  return {
    success: true,
    message:
      `Vakiovuoro vahvistettu: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}. Varattu ${created.booked} ${created.booked === 1 ? "viikko" : "viikkoa"}` +
      (created.missed > 0
        ? `; ${created.missed === 1 ? "1 viikko jäi" : `${created.missed} viikkoa jäi`} saamatta.`
        : "."),
    standing: toStandingSlot(created.series, created.weeks, helsinkiDate(now)),
  };
}

function weekStatus(series: StandingSlotRow, week: StandingWeekWithBooking): StandingWeek["status"] {
  if (week.reservationId === null) return "skipped";
  if (week.status !== "confirmed") return "cancelled";
  return heldAtSeriesTime(series, week) ? "booked" : "moved";
}

/** The series as the API shows it, with its weeks from `since` on. */
export function toStandingSlot(
  series: StandingSlotRow,
  weeks: StandingWeekWithBooking[],
  today: string,
): StandingSlot {
  const since = addDays(today, -LISTED_WEEKS_BACK_DAYS);
  const lastByCount = series.weeks === null ? null : addDays(series.firstDate, 7 * (series.weeks - 1));
  const lastByEnd = series.endedFrom === null ? null : addDays(series.endedFrom, -7);
  const last = [lastByCount, lastByEnd].filter((d): d is string => d !== null).sort()[0] ?? null;
  return {
    id: series.id,
    summary: standingSummary(series.weekday, series.startTime, series.minutes),
    weekday: series.weekday,
    start_time: series.startTime,
    minutes: series.minutes,
    dogs: series.dogs,
    first_date: series.firstDate,
    weeks: series.weeks,
    last_date: last,
    ended_from: series.endedFrom,
    active: last === null || last >= today,
    weeks_list: weeks
      .filter((w) => w.standingSlotId === series.id && w.date >= since)
      .map((w) => {
        const own = weekTimes(series, w.date);
        return {
          date: w.date,
          status: weekStatus(series, w),
          start: toHelsinkiIso(w.startsAt ?? own.start),
          end: toHelsinkiIso(w.endsAt ?? own.end),
          reservation_id: w.reservationId,
          reason: w.reason,
        };
      }),
  };
}

/** The customer's series, newest first, with their weeks from four weeks back on. */
export async function listStandingSlots(ctx: AppContext, customer: Customer): Promise<StandingSlot[]> {
  const today = helsinkiDate(ctx.now());
  const standing = standingRepository(ctx.db);
  const series = await standing.listOfCustomer(customer.id, LISTED_SERIES);
  const weeks = await standing.weeksOf(
    series.map((s) => s.id),
    addDays(today, -LISTED_WEEKS_BACK_DAYS),
  );
  return series.map((s) => toStandingSlot(s, weeks, today));
}

/**
 * Ends a series from the week of `from` on: no more weeks are made, and its bookings from that week
 * on that have not started are cancelled (their hours return). By its member or by an admin
 * (audited). The week is the first of the series' days on or after `from`.
 */
export async function endStandingSlot(
  ctx: AppContext,
  id: string,
  from: string,
  by: { customer: Customer } | { admin: AdminActor },
) {
  const now = ctx.now();
  const today = helsinkiDate(now);
  const settings = await getSettings(ctx.db);
  const result = await ctx.db.transaction(async (tx) => {
    const standing = standingRepository(tx);
    const found = await standing.lock(id);
    const owner = found ? await standing.customerOf(found) : null;
    if (!found || ("customer" in by && owner?.id !== by.customer.id)) throw notFound(STANDING_NOT_FOUND);
    if (found.endedFrom !== null)
      throw conflict(`Vakiovuoro on jo päätetty ${formatDay(found.endedFrom)} alkaen.`);
    let week = from < found.firstDate ? found.firstDate : from;
    while (isoWeekday(week) !== found.weekday) week = addDays(week, 1);
    if (found.weeks !== null && week > addDays(found.firstDate, 7 * (found.weeks - 1)))
      throw badRequest("Vakiovuorolla ei ole viikkoja tämän päivän jälkeen.");
    if (week < today) throw badRequest("Vakiovuoron voi päättää tästä päivästä alkaen.");
    const reservations = reservationRepository(tx);
    let cancelled = 0;
    for (const reservationId of await standing.liveBookingsFrom(id, week))
      if (await reservations.cancelIfNotStarted(reservationId, now, "customer" in by ? "customer" : "admin"))
        cancelled += 1;
    await standing.update(id, {
      endedFrom: week,
      endedBy: "customer" in by ? "customer" : "admin",
      doneAt: found.doneAt ?? now,
    });
    const series = await standing.bumpSequence(id);
    if ("admin" in by)
      await recordAudit(tx, by.admin, {
        action: "standing_slot.end",
        entity: "standing_slot",
        entityId: id,
        before: { endedFrom: null },
        after: { endedFrom: week, cancelledBookings: cancelled },
      });
    const weeks = await standing.allWeeksOf(id);
    const mailId = owner
      ? await ctx.mail.enqueue(
          tx,
          standingEndedMail({
            series,
            weeks,
            cancelled,
            to: { name: owner.name ?? owner.email, email: owner.email },
            settings,
            publicUrl: ctx.config.publicUrl,
          }),
        )
      : null;
    return { series, weeks, cancelled, mailId };
  });
  await ctx.mail.sendCommitted(ctx.db, result.mailId);
  const n = result.cancelled;
  return {
    success: true,
    message:
      `Vakiovuoro päättyy ${formatDay(result.series.endedFrom!)} alkaen.` +
      (n > 0
        ? ` ${n === 1 ? "Yksi varaus peruttiin" : `${n} varausta peruttiin`}, ja tunnit palautuivat kiintiöön.`
        : ""),
    standing: toStandingSlot(result.series, result.weeks, today),
  };
}

/**
 * The job: makes the weeks the booking window has reached since (decision 056). Each series in its
 * own transaction, its row locked and skipped when another server holds it; the week's key keeps a
 * week from being made twice whatever runs. A series of a suspended membership waits until the
 * invoice is paid; one whose membership has ended is ended. Weeks not had are e-mailed.
 */
export async function fillStandingSlots(ctx: AppContext): Promise<{ series: number; weeks: number }> {
  const now = ctx.now();
  const today = helsinkiDate(now);
  const settings = await getSettings(ctx.db);
  const end = windowEnd({ now, slotRules: settings.slotRules });
  const through = helsinkiDate(new Date(end));
  const ids = await standingRepository(ctx.db).dueForFill(through, FILL_BATCH);
  const area = ids.length > 0 ? await primaryArea(ctx.db) : null;
  let seriesCount = 0;
  let weekCount = 0;
  for (const id of ids) {
    const mailId = await ctx.db.transaction(async (tx) => {
      const standing = standingRepository(tx);
      const series = await standing.lock(id);
      if (!series || series.doneAt !== null) return null;
      const dates = weeksToMake(series, series.filledThrough, end);
      if (dates.length === 0) return null;
      const customer = await standing.customerOf(series);
      const access = customer ? await memberAccess(tx, customer, today, settings) : null;
      // Suspended: the weeks wait for the payment. No membership with access: the series ends.
      if (access && "refused" in access && access.refused === "suspended") return null;
      if (!access || "refused" in access || access.sub.id !== series.subscriptionId) {
        await standing.update(id, { endedFrom: dates[0]!, endedBy: "membership", doneAt: now });
        return null;
      }
      const { sub } = access;
      const made = await makeWeeks(tx, {
        customer: customer!,
        sub,
        area: area!,
        series,
        dates,
        now,
        settings,
      });
      await recordWeeks(tx, series, made, now);
      const missed = made.weeks.filter((w) => w.reservationId === null);
      seriesCount += 1;
      weekCount += made.weeks.length;
      if (missed.length === 0 && !made.membershipEndsAt) return null;
      const updated = await standing.bumpSequence(id);
      const weeks = await standing.allWeeksOf(id);
      const to = { name: customer!.name ?? customer!.email, email: customer!.email };
      const common = { series: updated, weeks, to, settings, publicUrl: ctx.config.publicUrl };
      const missedWeeks = weeks.filter((w) => missed.some((m) => m.date === w.date));
      return ctx.mail.enqueue(
        tx,
        missed.length > 0
          ? standingWeeksMissedMail({ ...common, missed: missedWeeks })
          : standingEndedMail({ ...common, cancelled: 0 }),
      );
    });
    await ctx.mail.sendCommitted(ctx.db, mailId);
  }
  return { series: seriesCount, weeks: weekCount };
}
