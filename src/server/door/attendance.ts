import { and, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, reservations } from "../db/schema.js";

/**
 * Attendance from the gate (issue 23, decision 029): a confirmed booking with an allowed press is
 * attended (reservations.attended_at, set by the press); one without is a no-show once it has
 * ended. Read from the bookings alone, so counting stays as cheap as the bookings counted, however
 * long the gate's log grows.
 */

const confirmed = eq(reservations.status, "confirmed");
const noShowAt = (now: Date) =>
  and(confirmed, isNull(reservations.attendedAt), lte(reservations.endsAt, now));

/** A customer's ended bookings and no-shows, by e-mail (reservations_email on lower(email)). */
export async function customerAttendance(db: DbOrTx, email: string, now: Date) {
  const [row] = await db
    .select({
      ended: sql<number>`count(*)`.mapWith(Number),
      noShows: sql<number>`count(*) filter (where ${reservations.attendedAt} is null)`.mapWith(Number),
    })
    .from(reservations)
    .where(
      and(confirmed, lte(reservations.endsAt, now), sql`lower(${reservations.email}) = lower(${email})`),
    );
  return { endedBookings: row!.ended, noShows: row!.noShows };
}

/** A period's confirmed bookings by start (reservations_starts_at): attended, no-shows, still to come. */
export async function attendanceBetween(db: DbOrTx, from: Date, to: Date, now: Date) {
  const inPeriod = and(confirmed, gte(reservations.startsAt, from), lt(reservations.startsAt, to));
  const [counts, noShows] = await Promise.all([
    db
      .select({
        attended: sql<number>`count(*) filter (where ${reservations.attendedAt} is not null)`.mapWith(Number),
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
      .where(inPeriod),
    db
      .select({
        id: reservations.id,
        name: reservations.name,
        startsAt: reservations.startsAt,
        endsAt: reservations.endsAt,
        areaName: areas.name,
      })
      .from(reservations)
      .innerJoin(areas, eq(areas.id, reservations.areaId))
      .where(and(inPeriod, noShowAt(now)))
      .orderBy(reservations.startsAt)
      .limit(100),
  ]);
  return { ...counts[0]!, noShowList: noShows };
}
