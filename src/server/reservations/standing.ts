import { windowEnd } from "../../domain/availability.js";
import type { Customer } from "../../domain/customer.js";
import { addDays, formatDay, helsinkiDate, isoWeekday } from "../../domain/helsinkiClock.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import {
  standingSummary,
  type StandingPreview,
  type StandingSlot,
  type StandingSlotRequest,
  type StandingWeek,
  type StandingWeekCheck,
} from "../../domain/standingSlot.js";
import type { AppContext } from "../context.js";
import { badRequest, conflict, notFound } from "../errors.js";
import { primaryArea } from "../availability/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { recordAudit } from "../system/index.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { lockMemberAccess } from "./member.js";
import { reservationRepository } from "./repository.js";
import {
  standingRepository,
  type StandingSlotRow,
  type StandingWeekWithBooking,
} from "./standingRepository.js";
import { heldAtSeriesTime, standingCreatedMail, standingEndedMail } from "./standingMail.js";
import {
  firstDateOf,
  makeWeeks,
  recordWeeks,
  weekTimes,
  weeksToMake,
  type SeriesShape,
} from "./standingWeeks.js";

/**
 * Vakiovuoro (issue 35, decision 056). A series is a weekday, a start time and a length, for a
 * number of weeks or until further notice. Each week is made once, as a normal member booking made
 * by `bookInQuota` (every slot rule, the exclusion constraint, the quota of its period), or, when
 * it cannot be had, as a week with the reason, not booked. Weeks are made as far ahead as the
 * booking window reaches: at once when the series is made, later by the job `fill-standing-slots`
 * (standingFill.ts); the weeks' own rules are standingWeeks.ts's.
 * The preview runs the very same booking of each week in a transaction it rolls back, so what it
 * lists is what the database would say.
 */

export const STANDING_NOT_FOUND = "Vakiovuoroa ei löytynyt.";
const NONE_AVAILABLE = "Yhtään viikkoa ei voi varata tällä ajalla. Valitse toinen aika.";
/** Weeks listed per series: from four weeks back on (older ones stay in the database). */
const LISTED_WEEKS_BACK_DAYS = 28;
const LISTED_SERIES = 20;

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
  reactiveDog: request.reactiveDog,
  inHeat: request.inHeat,
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
    reactive_dog: series.reactiveDog,
    in_heat: series.inHeat,
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
