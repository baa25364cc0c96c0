import { and, asc, count, desc, eq, gt, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DoorEventQuery } from "../../domain/admin/operations.js";
import { type Db, isLiveStatus, periodContains, periodOverlaps } from "../db/index.js";
import { areas, doorEvents, reservations } from "../schema/index.js";
import type { LogWindow } from "../lists/index.js";

/**
 * Toiminta's reads (decision 037): the day's bookings with the time their gate opened, the
 * weekday × hour occupancy, and the gate's log. Every figure is one query over indexed columns
 * (reservations by start, gate events by time and booking), never a loop over every row.
 */

/** The time a booking's gate last opened: one index lookup per booking (door_events_reservation). */
const gateOpenedAt = sql<Date | null>`(
  select max(${doorEvents.createdAt}) from ${doorEvents}
  where ${doorEvents.reservationId} = ${reservations.id} and ${doorEvents.reason} = 'opened'
)`;

export type HeatRow = { weekday: number; hour: number; bookings: number; minutes: number; slots: number };

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

export function operationsRepository(db: Db) {
  async function bookingsWhere(where: SQL | undefined, order: SQL, limit?: number) {
    const query = db
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
    return limit ? await query.limit(limit) : await query;
  }

  return {
    /** A day's live bookings (held or confirmed) overlapping [dayStart, dayEnd), by start. */
    dayBookings: (dayStart: Date, dayEnd: Date) =>
      bookingsWhere(
        and(
          isLiveStatus(reservations.status),
          periodOverlaps(reservations.startsAt, reservations.endsAt, dayStart, dayEnd),
        ),
        asc(reservations.startsAt),
      ),

    /** Confirmed bookings running at `now`, by start. */
    inParkNow: (now: Date) =>
      bookingsWhere(
        and(
          sql`${reservations.status} = 'confirmed'`,
          periodContains(reservations.startsAt, reservations.endsAt, now),
        ),
        asc(reservations.startsAt),
      ),

    /** The next `limit` confirmed bookings starting after `now`. */
    nextArrivals: (now: Date, limit: number) =>
      bookingsWhere(
        and(eq(reservations.status, "confirmed"), gt(reservations.startsAt, now)),
        asc(reservations.startsAt),
        limit,
      ),

    /** Every area in its order. */
    areas: () => db.select().from(areas).orderBy(asc(areas.sortOrder), asc(areas.id)),

    async activeAreaCount(): Promise<number> {
      const [active] = await db.select({ n: count() }).from(areas).where(eq(areas.active, true));
      return active?.n ?? 0;
    },

    /**
     * Confirmed bookings' weekday × Helsinki hour over [from, to): how many bookings touch each
     * hour, their minutes in it, and how many times the hour occurs in the period. Hours are grouped
     * by Helsinki wall clock in SQL (AT TIME ZONE), so a DST change is counted as it was lived: the
     * repeated autumn hour twice, the skipped spring hour never. Helsinki's offset is whole hours,
     * so each UTC hour is exactly one Helsinki hour.
     */
    async heatRows(from: Date, to: Date): Promise<HeatRow[]> {
      const wd = (h: SQL) => sql`extract(isodow from ${h} at time zone 'Europe/Helsinki')::int`;
      const hr = (h: SQL) => sql`extract(hour from ${h} at time zone 'Europe/Helsinki')::int`;
      const result = await db.execute(sql`
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
      return (result as unknown as { rows: HeatRow[] }).rows;
    },

    /** A page of the gate events matching `where`, newest first, with the booking they were for. */
    doorEventPage: (where: SQL | undefined, page: { limit: number; offset: number }) =>
      db
        .select({ event: doorEvents, name: reservations.name, areaName: areas.name })
        .from(doorEvents)
        .leftJoin(reservations, eq(reservations.id, doorEvents.reservationId))
        .leftJoin(areas, eq(areas.id, reservations.areaId))
        .where(where)
        .orderBy(desc(doorEvents.createdAt), desc(doorEvents.id))
        .limit(page.limit)
        .offset(page.offset),

    /** The events matching `where` counted by reason and outcome. */
    doorEventCounts: (where: SQL | undefined) => doorEventCountsQuery(db, where),
  };
}
