import * as z from "zod/mini";
import { isoDate, isoDateTime, requestDate } from "./formats.js";

/**
 * Vakiovuoro (issue 35, decision 056): a member's standing weekly slot. A series names a weekday,
 * a start time and a length, for a number of weeks or until further notice; each week is a normal
 * member booking, made as the booking window reaches it, and a week that cannot be had is listed
 * with its reason and not booked. The API's payloads, shared by the server and the SPA.
 */

export const WEEKDAY_NAMES = [
  "maanantai",
  "tiistai",
  "keskiviikko",
  "torstai",
  "perjantai",
  "lauantai",
  "sunnuntai",
] as const;
/** "tiistaisin" and the like, for "joka viikko tiistaisin". */
export const WEEKDAY_ADVERBS = [
  "maanantaisin",
  "tiistaisin",
  "keskiviikkoisin",
  "torstaisin",
  "perjantaisin",
  "lauantaisin",
  "sunnuntaisin",
] as const;

export const STANDING_MIN_WEEKS = 2;
export const STANDING_MAX_WEEKS = 52;

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Aloitusaika muodossa TT:MM."));

// POST /api/v2/reservations/standing/preview and POST /api/v2/reservations/standing
export const standingSlotRequestSchema = z.object({
  /** ISO weekday: 1 = maanantai … 7 = sunnuntai. */
  weekday: z.int().check(z.minimum(1, "Valitse viikonpäivä."), z.maximum(7, "Valitse viikonpäivä.")),
  start_time: hhmm,
  minutes: z.int().check(z.minimum(5, "Valitse kesto."), z.maximum(24 * 60, "Valitse kesto.")),
  /** A number of weeks, or null: until further notice. */
  weeks: z.nullable(
    z
      .int()
      .check(
        z.minimum(STANDING_MIN_WEEKS, `Viikkoja on oltava ${STANDING_MIN_WEEKS}–${STANDING_MAX_WEEKS}.`),
        z.maximum(STANDING_MAX_WEEKS, `Viikkoja on oltava ${STANDING_MIN_WEEKS}–${STANDING_MAX_WEEKS}.`),
      ),
  ),
  dogs: z._default(z.int().check(z.minimum(1, "Koiria on oltava vähintään yksi"), z.maximum(20)), 1),
  /** The dogs' options (decision 036), every week: a reactive dog's buffer, a female in heat's gap. */
  reactiveDog: z._default(z.boolean(), false),
  inHeat: z._default(z.boolean(), false),
});
export type StandingSlotRequest = z.infer<typeof standingSlotRequestSchema>;

/** One week as checked before confirming: can it be had, and if not, why. */
export const standingWeekCheckSchema = z.object({
  date: isoDate,
  start: isoDateTime,
  end: isoDateTime,
  ok: z.boolean(),
  reason: z.nullable(z.string()),
});
export type StandingWeekCheck = z.infer<typeof standingWeekCheckSchema>;

export const standingPreviewSchema = z.object({
  /** "Joka viikko tiistaisin klo 17.00–18.00", as the series will be called. */
  summary: z.string(),
  /** The weeks inside the booking window, checked now. */
  weeks: z.array(standingWeekCheckSchema),
  /** Weeks past the window, added later by the job with the same checks; null: until further notice. */
  later_weeks: z.nullable(z.int()),
  /** The booking window, days: how far ahead weeks are booked at a time. */
  window_days: z.int(),
});
export type StandingPreview = z.infer<typeof standingPreviewSchema>;

export const standingWeekStatusSchema = z.enum(["booked", "moved", "cancelled", "skipped"]);
export type StandingWeekStatus = z.infer<typeof standingWeekStatusSchema>;

/** A week of a series as it now is: booked (maybe moved alone), cancelled, or not had (with why). */
export const standingWeekSchema = z.object({
  date: isoDate,
  status: standingWeekStatusSchema,
  /** The booking's own time (a moved week's new one); the series' time for a skipped week. */
  start: isoDateTime,
  end: isoDateTime,
  reservation_id: z.nullable(z.uuid()),
  reason: z.nullable(z.string()),
});
export type StandingWeek = z.infer<typeof standingWeekSchema>;

export const standingSlotSchema = z.object({
  id: z.uuid(),
  summary: z.string(),
  weekday: z.int(),
  start_time: z.string(),
  minutes: z.int(),
  dogs: z.int(),
  reactive_dog: z.boolean(),
  in_heat: z.boolean(),
  first_date: isoDate,
  /** The number of weeks asked for; null: until further notice. */
  weeks: z.nullable(z.int()),
  /** The series' last week: the N-th, or the one before the week it was ended from; null: open. */
  last_date: z.nullable(isoDate),
  /** The week the series was ended from (its bookings from then on cancelled). */
  ended_from: z.nullable(isoDate),
  /** Whether weeks are still to come (booked or to be added). */
  active: z.boolean(),
  /** Its weeks so far, oldest first. */
  weeks_list: z.array(standingWeekSchema),
});
export type StandingSlot = z.infer<typeof standingSlotSchema>;

export const standingSlotsResponseSchema = z.object({ standing: z.array(standingSlotSchema) });

export const standingSlotResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  standing: standingSlotSchema,
});
export type StandingSlotResult = z.infer<typeof standingSlotResultSchema>;

// POST /api/v2/reservations/standing/:id/end
export const endStandingSlotRequestSchema = z.object({ from: requestDate });

/** "Joka viikko tiistaisin klo 17.00–18.00". */
export function standingSummary(weekday: number, startTime: string, minutes: number): string {
  const [h, m] = startTime.split(":").map(Number) as [number, number];
  const endMinutes = (h * 60 + m + minutes) % (24 * 60);
  const clock = (total: number) => `${Math.floor(total / 60)}.${String(total % 60).padStart(2, "0")}`;
  return `Joka viikko ${WEEKDAY_ADVERBS[weekday - 1]} klo ${clock(h * 60 + m)}–${clock(endMinutes)}`;
}
