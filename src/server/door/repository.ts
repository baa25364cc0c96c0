import { and, count, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, doorEvents, reservations } from "../schema/index.js";

/**
 * The gate's queries (decision 037): the presses in door_events, and what the door answers for in
 * the bookings: attended_at (set by the first allowed press) and the running booking that holds
 * the gate for the next one (handover). The gate's health (checks, outages) is in
 * gateRepository.ts, the operations page's reads in operationsRepository.ts. Takes the database or
 * the caller's transaction; the service decides where the transaction begins.
 */

export type DoorEventRow = typeof doorEvents.$inferSelect;
export type NewDoorEvent = typeof doorEvents.$inferInsert;

/** No booking is longer than a day (slotRules.lengthsMinutes), so a running one started within it. */
const LONGEST_BOOKING_MS = 24 * 3_600_000;

const confirmed = eq(reservations.status, "confirmed");
const noShowAt = (now: Date) =>
  and(confirmed, isNull(reservations.attendedAt), lte(reservations.endsAt, now));

export function doorRepository(db: DbOrTx) {
  return {
    /**
     * Presses with an unknown or malformed token (reasons `unknownReasons`) from this IP since
     * `since`, not counting those refused for the limit itself.
     */
    async recentUnknownPresses(ip: string, since: Date, unknownReasons: string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(doorEvents)
        .where(
          and(
            gt(doorEvents.createdAt, since),
            ne(doorEvents.reason, "rate_limited"),
            eq(doorEvents.ip, ip),
            isNull(doorEvents.reservationId),
            inArray(doorEvents.reason, unknownReasons),
          ),
        );
      return row!.n;
    },

    /**
     * Presses on real links since `since` (not those refused for the limit itself): from this IP,
     * and on this booking's link.
     */
    async recentLinkPresses(
      reservationId: string,
      ip: string,
      since: Date,
    ): Promise<{ byIp: number; byToken: number }> {
      const [row] = await db
        .select({
          byIp: sql<number>`count(*) filter (where ${doorEvents.ip} = ${ip})`.mapWith(Number),
          byToken:
            sql<number>`count(*) filter (where ${doorEvents.reservationId} = ${reservationId})`.mapWith(
              Number,
            ),
        })
        .from(doorEvents)
        .where(
          and(
            gt(doorEvents.createdAt, since),
            ne(doorEvents.reason, "rate_limited"),
            isNotNull(doorEvents.reservationId),
          ),
        );
      return row!;
    },

    /** A press, allowed or refused; its id. */
    async recordPress(values: NewDoorEvent): Promise<number> {
      const [event] = await db.insert(doorEvents).values(values).returning({ id: doorEvents.id });
      return event!.id;
    },

    /** Permitted, but the device failed: the recorded press keeps allowed, with the failure as the reason. */
    async markProviderError(eventId: number): Promise<void> {
      await db.update(doorEvents).set({ reason: "provider_error" }).where(eq(doorEvents.id, eventId));
    },

    /** Attendance (decision 029): set by the first allowed press only. */
    async markAttended(reservationId: string, at: Date): Promise<void> {
      await db
        .update(reservations)
        .set({ attendedAt: at })
        .where(and(eq(reservations.id, reservationId), isNull(reservations.attendedAt)));
    },

    /**
     * Another confirmed booking of the area running at `now` (not this one): the exclusion
     * constraint allows one live booking of an area at a time, so at most one row is running; the
     * start bound keeps the scan on the index.
     */
    async runningBookingOfArea(areaId: number, exceptId: string, now: Date) {
      const [running] = await db
        .select({
          endsAt: reservations.endsAt,
          customerId: reservations.customerId,
          email: reservations.email,
        })
        .from(reservations)
        .where(
          and(
            eq(reservations.areaId, areaId),
            eq(reservations.status, "confirmed"),
            ne(reservations.id, exceptId),
            lte(reservations.startsAt, now),
            gt(reservations.startsAt, new Date(now.getTime() - LONGEST_BOOKING_MS)),
            gt(reservations.endsAt, now),
          ),
        )
        .limit(1);
      return running;
    },

    /** A period's confirmed bookings by start (reservations_starts_at): attended, no-shows, still to come. */
    async attendanceCounts(from: Date, to: Date, now: Date) {
      const [counts] = await db
        .select({
          attended: sql<number>`count(*) filter (where ${reservations.attendedAt} is not null)`.mapWith(
            Number,
          ),
          noShows:
            sql<number>`count(*) filter (where ${reservations.attendedAt} is null and ${reservations.endsAt} <= ${now})`.mapWith(
              Number,
            ),
          noShowMinutes:
            sql<number>`coalesce(sum(extract(epoch from ${reservations.endsAt} - ${reservations.startsAt}) / 60) filter (where ${reservations.attendedAt} is null and ${reservations.endsAt} <= ${now}), 0)`.mapWith(
              Number,
            ),
          pending:
            sql<number>`count(*) filter (where ${reservations.attendedAt} is null and ${reservations.endsAt} > ${now})`.mapWith(
              Number,
            ),
        })
        .from(reservations)
        .where(inPeriod(from, to));
      return counts!;
    },

    /** The period's first 100 no-shows by start. */
    async noShows(from: Date, to: Date, now: Date) {
      return db
        .select({
          id: reservations.id,
          name: reservations.name,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          areaName: areas.name,
        })
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(and(inPeriod(from, to), noShowAt(now)))
        .orderBy(reservations.startsAt)
        .limit(100);
    },
  };
}

const inPeriod = (from: Date, to: Date) =>
  and(confirmed, gte(reservations.startsAt, from), lt(reservations.startsAt, to));
