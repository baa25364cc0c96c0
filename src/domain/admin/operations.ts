import * as z from "zod/mini";
import { isoDate, isoDateTime, requestDate } from "../booking";
import { pageNumber, pagedFields, windowFields } from "./paging";

/** Toiminta (v2/toiminta): today's park, the occupancy heat map, gate events, the next arrivals. */

export const timelineQuerySchema = z.object({ date: z.optional(requestDate) });
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineBookingSchema = z.object({
  id: z.string(),
  areaId: z.int(),
  areaName: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  status: z.enum(["pending", "confirmed"]),
  kind: z.string(),
  name: z.string(),
  dogs: z.int(),
  /** When the gate last opened for this booking, if it has. */
  gateOpenedAt: z.nullable(isoDateTime),
});
export type TimelineBooking = z.infer<typeof timelineBookingSchema>;

/** "In the park now" on the day's timeline: a confirmed booking whose [start, end) holds `now`. */
export function isInProgress(
  booking: Pick<TimelineBooking, "status" | "start" | "end">,
  now: string,
): boolean {
  const at = Date.parse(now);
  return booking.status === "confirmed" && Date.parse(booking.start) <= at && at < Date.parse(booking.end);
}

export const timelineSchema = z.object({
  date: isoDate,
  now: isoDateTime,
  areas: z.array(z.object({ id: z.int(), name: z.string(), bookings: z.array(timelineBookingSchema) })),
  /** Confirmed bookings running now: who is in the park. */
  inParkNow: z.array(timelineBookingSchema),
  /** The next confirmed bookings from now on, soonest first. */
  nextArrivals: z.array(timelineBookingSchema),
});
export type Timeline = z.infer<typeof timelineSchema>;

export const HEATMAP_MAX_WEEKS = 52;
export const heatmapQuerySchema = z.object({
  weeks: z._default(
    z.coerce
      .number({ message: "Viikkojen määrä on luku." })
      .check(
        z.int("Viikkojen määrä on kokonaisluku."),
        z.minimum(1, "Viikkoja on oltava vähintään yksi."),
        z.maximum(HEATMAP_MAX_WEEKS, `Viikkoja voi olla enintään ${HEATMAP_MAX_WEEKS}.`),
      ),
    4,
  ),
});
export type HeatmapQuery = z.input<typeof heatmapQuerySchema>;

export const heatmapCellSchema = z.object({
  /** ISO weekday, 1 = Monday. */
  weekday: z.int().check(z.minimum(1), z.maximum(7)),
  /** Helsinki hour of day, 0–23. */
  hour: z.int().check(z.minimum(0), z.maximum(23)),
  /** Confirmed bookings that overlapped this hour, summed over the weeks. */
  bookings: z.int(),
  /** Booked area-minutes within this hour, summed over the weeks. */
  bookedMinutes: z.int(),
  /** Booked share of the active areas' minutes in this hour over the weeks, 0–100. */
  percent: z.int(),
});
export type HeatmapCell = z.infer<typeof heatmapCellSchema>;

export const heatmapSchema = z.object({
  weeks: z.int(),
  /** The Helsinki dates the map covers, inclusive. */
  from: isoDate,
  to: isoDate,
  areaCount: z.int(),
  /** Only the weekday and hour pairs with bookings; the rest are zero. */
  cells: z.array(heatmapCellSchema),
});
export type Heatmap = z.infer<typeof heatmapSchema>;

export const doorReasonValues = [
  "opened",
  "too_early",
  "handover",
  "ended",
  "cancelled",
  "not_confirmed",
  "suspended",
  "paused",
  "unknown_token",
  "provider_error",
  "rate_limited",
  "bad_token_format",
] as const;

export const doorEventQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  allowed: z.optional(z.enum(["true", "false"], { message: "Valitse sallittu tai estetty." })),
  reason: z.optional(z.enum(doorReasonValues, { message: "Tuntematon syy." })),
  page: pageNumber,
});
export type DoorEventQuery = z.infer<typeof doorEventQuerySchema>;

export const doorEventSchema = z.object({
  id: z.int(),
  at: isoDateTime,
  allowed: z.boolean(),
  reason: z.string(),
  provider: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  reservationId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  areaName: z.nullable(z.string()),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;

export const doorEventListSchema = z.object({
  /** One page of the events matching the filters in the window, newest first. */
  events: z.array(doorEventSchema),
  ...pagedFields,
  ...windowFields,
  /** Counts of the whole filtered set in the window by reason (every page's, not this page's). */
  counts: z.array(z.object({ reason: z.string(), allowed: z.boolean(), count: z.int() })),
});
export type DoorEventList = z.infer<typeof doorEventListSchema>;

/** The gate's reasons in Finnish, for the list and the filter. */
export const doorReasonText: Record<(typeof doorReasonValues)[number], string> = {
  opened: "Avattu",
  too_early: "Liian aikaisin",
  handover: "Edellinen varaus käynnissä",
  ended: "Varaus päättynyt",
  cancelled: "Varaus peruttu",
  not_confirmed: "Varaus ei voimassa",
  suspended: "Jäsenyys keskeytetty",
  paused: "Jäsenyys tauolla",
  unknown_token: "Tuntematon linkki",
  provider_error: "Laitevirhe",
  rate_limited: "Liian monta yritystä",
  bad_token_format: "Virheellinen linkki",
};
