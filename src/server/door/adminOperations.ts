import { and, asc, count, desc, eq, gt, gte, lt, type SQL, sql } from "drizzle-orm";
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
import type { Db } from "../db/index.js";
import { areas, doorEvents, reservations } from "../db/schema.js";
import { isLiveStatus, periodContains, periodOverlaps } from "../db/periods.js";
import { logWindow, pageOf, type LogWindow } from "../services/admin/paging.js";

/**
 * Toiminta: what happens in the park today and how full it usually is. Every figure is one query
 * over indexed columns (reservations by start, gate events by time and booking), never a loop over
 * every row.
 */

const NEXT_ARRIVALS = 10;

/** The time a booking's gate last opened: one index lookup per booking (door_events_reservation). */
const gateOpenedAt = sql<Date | null>`(
  select max(${doorEvents.createdAt}) from ${doorEvents}
  where ${doorEvents.reservationId} = ${reservations.id} and ${doorEvents.reason} = 'opened'
)`;

async function bookingsWhere(ctx: AppContext, where: SQL | undefined, order: SQL, limit?: number) {
  const query = ctx.db
    .select({
      id: reservations.id,
      areaId: reservations.areaId,
      areaName: areas.name,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      status: reservations.status,
      kind: reservations.kind,
      name: reservations.name,
      dogs: reservations.dogs,
      gateOpenedAt: gateOpenedAt.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
    })
    .from(reservations)
    .innerJoin(areas, eq(areas.id, reservations.areaId))
    .where(where)
    .orderBy(order);
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r): TimelineBooking => ({
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
  }));
}

/** A Helsinki day's bookings per area (live ones: held or confirmed), who is in now, who comes next. */
export async function timeline(ctx: AppContext, date?: string): Promise<Timeline> {
  const now = ctx.now();
  const day = date ?? helsinkiDate(now);
  const dayStart = wallClock(day, "00:00").toJSDate();
  const dayEnd = wallClock(day, "24:00").toJSDate();
  const [dayBookings, inParkNow, nextArrivals, areaRows] = await Promise.all([
    bookingsWhere(
      ctx,
      and(
        isLiveStatus(reservations.status),
        periodOverlaps(reservations.startsAt, reservations.endsAt, dayStart, dayEnd),
      ),
      asc(reservations.startsAt),
    ),
    bookingsWhere(
      ctx,
      and(
        sql`${reservations.status} = 'confirmed'`,
        periodContains(reservations.startsAt, reservations.endsAt, now),
      ),
      asc(reservations.startsAt),
    ),
    bookingsWhere(
      ctx,
      and(eq(reservations.status, "confirmed"), gt(reservations.startsAt, now)),
      asc(reservations.startsAt),
      NEXT_ARRIVALS,
    ),
    ctx.db.select().from(areas).orderBy(asc(areas.sortOrder), asc(areas.id)),
  ]);
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

type HeatRow = { weekday: number; hour: number; bookings: number; minutes: number; slots: number };

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
  const wd = (h: SQL) => sql`extract(isodow from ${h} at time zone 'Europe/Helsinki')::int`;
  const hr = (h: SQL) => sql`extract(hour from ${h} at time zone 'Europe/Helsinki')::int`;
  const result = await ctx.db.execute(sql`
    with slots as (
      select ${wd(sql`h`)} as weekday, ${hr(sql`h`)} as hour, count(*)::int as slots
      from generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 hour', interval '1 hour') as h
      group by 1, 2
    ), booked as (
      select ${wd(sql`h`)} as weekday, ${hr(sql`h`)} as hour, count(*)::int as bookings,
        round(sum(extract(epoch from least(r.ends_at, h + interval '1 hour') - greatest(r.starts_at, h))) / 60)::int as minutes
      from ${reservations} r
      cross join lateral generate_series(
        date_trunc('hour', r.starts_at, 'UTC'), r.ends_at - interval '1 microsecond', interval '1 hour'
      ) as h
      where r.status = 'confirmed' and ${periodOverlaps(sql`r.starts_at`, sql`r.ends_at`, from, to)}
        and h >= ${from}::timestamptz and h < ${to}::timestamptz
      group by 1, 2
    )
    select b.weekday, b.hour, b.bookings, b.minutes, s.slots
    from booked b join slots s on s.weekday = b.weekday and s.hour = b.hour
    order by 1, 2`);
  const rows = (result as unknown as { rows: HeatRow[] }).rows;
  const [active] = await ctx.db.select({ n: count() }).from(areas).where(eq(areas.active, true));
  const areaCount = active?.n ?? 0;
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

/** The gate log's filters within its date window (the window through door_events_created). */
export function doorEventConditions(window: LogWindow, query: DoorEventQuery = {}) {
  return and(
    gte(doorEvents.createdAt, window.start),
    window.end ? lt(doorEvents.createdAt, window.end) : undefined,
    query.allowed ? eq(doorEvents.allowed, query.allowed === "true") : undefined,
    query.reason ? eq(doorEvents.reason, query.reason) : undefined,
  );
}

/** The filtered events of the window by reason and outcome. Exported for the query-plan test. */
export const doorEventCountsQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ reason: doorEvents.reason, allowed: doorEvents.allowed, count: count() })
    .from(doorEvents)
    .where(where)
    .groupBy(doorEvents.reason, doorEvents.allowed)
    .orderBy(desc(count()), doorEvents.reason, doorEvents.allowed);

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
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({ event: doorEvents, name: reservations.name, areaName: areas.name })
      .from(doorEvents)
      .leftJoin(reservations, eq(reservations.id, doorEvents.reservationId))
      .leftJoin(areas, eq(areas.id, reservations.areaId))
      .where(where)
      .orderBy(desc(doorEvents.createdAt), desc(doorEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    doorEventCountsQuery(ctx.db, where),
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
