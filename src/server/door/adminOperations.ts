import { DateTime } from "luxon";
import type {
  DoorEventList,
  DoorEventQuery,
  Heatmap,
  Timeline,
  TimelineBooking,
} from "../../domain/admin/operations.js";
import { HELSINKI, helsinkiDate, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { logWindow, pageOf } from "../lists/index.js";
import { doorEventConditions, operationsRepository } from "./operationsRepository.js";

/**
 * Toiminta: what happens in the park today and how full it usually is. Every figure is one query
 * over indexed columns (reservations by start, gate events by time and booking), never a loop over
 * every row.
 */

const NEXT_ARRIVALS = 10;

type BookingRow = Awaited<ReturnType<ReturnType<typeof operationsRepository>["dayBookings"]>>[number];

const toTimelineBooking = (r: BookingRow): TimelineBooking => ({
  id: r.id,
  areaId: r.areaId,
  areaName: r.areaName,
  start: toHelsinkiIso(r.startsAt),
  end: toHelsinkiIso(r.endsAt),
  status: r.status === "pending" ? "pending" : "confirmed",
  kind: r.kind,
  name: r.name,
  dogs: r.dogs,
  gateOpenedAt: r.gateOpenedAt ? toHelsinkiIso(r.gateOpenedAt) : null,
});

/** A Helsinki day's bookings per area (live ones: held or confirmed), who is in now, who comes next. */
export async function timeline(ctx: AppContext, date?: string): Promise<Timeline> {
  const now = ctx.now();
  const day = date ?? helsinkiDate(now);
  const dayStart = wallClock(day, "00:00").toJSDate();
  const dayEnd = wallClock(day, "24:00").toJSDate();
  const repository = operationsRepository(ctx.db);
  const [dayRows, inParkRows, nextRows, areaRows] = await Promise.all([
    repository.dayBookings(dayStart, dayEnd),
    repository.inParkNow(now),
    repository.nextArrivals(now, NEXT_ARRIVALS),
    repository.areas(),
  ]);
  const dayBookings = dayRows.map(toTimelineBooking);
  const inParkNow = inParkRows.map(toTimelineBooking);
  const nextArrivals = nextRows.map(toTimelineBooking);
  return {
    date: day,
    now: toHelsinkiIso(now),
    areas: areaRows
      .filter((a) => a.active || dayBookings.some((b) => b.areaId === a.id))
      .map((a) => ({ id: a.id, name: a.name, bookings: dayBookings.filter((b) => b.areaId === a.id) })),
    inParkNow,
    nextArrivals,
  };
}

/**
 * Weekday × hour occupancy over the whole weeks before today (today excluded, so every weekday
 * counts `weeks` times). Hours are grouped by Helsinki wall clock in SQL (AT TIME ZONE), so a DST
 * change is counted as it was lived: the repeated autumn hour twice, the skipped spring hour never.
 * Helsinki's offset is whole hours, so each UTC hour is exactly one Helsinki hour.
 */
export async function heatmap(ctx: AppContext, weeks: number): Promise<Heatmap> {
  const today = DateTime.fromJSDate(ctx.now(), { zone: HELSINKI }).startOf("day");
  const fromDay = today.minus({ days: 7 * weeks });
  const from = fromDay.toJSDate();
  const to = today.toJSDate();
  const repository = operationsRepository(ctx.db);
  const rows = await repository.heatRows(from, to);
  const areaCount = await repository.activeAreaCount();
  return {
    weeks,
    from: fromDay.toISODate()!,
    to: today.minus({ days: 1 }).toISODate()!,
    areaCount,
    cells: rows.map((r) => {
      const capacity = Number(r.slots) * Math.max(areaCount, 1) * 60;
      return {
        weekday: Number(r.weekday),
        hour: Number(r.hour),
        bookings: Number(r.bookings),
        bookedMinutes: Number(r.minutes),
        percent: Math.min(100, Math.round((100 * Number(r.minutes)) / capacity)),
      };
    }),
  };
}

/**
 * A page of the gate events of a date window (the last RECENT_DAYS days unless asked), newest
 * first with the booking they were for, and the window's filtered events counted by reason (their
 * sum is how many match): all through door_events_created, so the cost follows the window, not
 * the years of events.
 */
export async function listDoorEvents(ctx: AppContext, query: DoorEventQuery): Promise<DoorEventList> {
  const window = logWindow(ctx.now(), query);
  const page = pageOf(query.page);
  const where = doorEventConditions(window, query);
  const repository = operationsRepository(ctx.db);
  const [rows, counts] = await Promise.all([
    repository.doorEventPage(where, page),
    repository.doorEventCounts(where),
  ]);
  return {
    events: rows.map(({ event: e, name, areaName }) => ({
      id: e.id,
      at: toHelsinkiIso(e.createdAt),
      allowed: e.allowed,
      reason: e.reason,
      provider: e.provider,
      ip: e.ip,
      reservationId: e.reservationId,
      name,
      areaName,
    })),
    total: counts.reduce((sum, c) => sum + c.count, 0),
    page: page.page,
    pageSize: page.pageSize,
    from: window.from,
    to: window.to,
    counts: counts.map(({ reason, allowed, count: n }) => ({ reason, allowed, count: n })),
  };
}
