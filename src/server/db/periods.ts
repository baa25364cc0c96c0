import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/*
 * How a query asks for bookings (or blocks) by period so that an index finds them. A one-sided
 * pair (`starts_at < to AND ends_at > from`) lets a B-tree bound only one end: on years of
 * history it reads every booking that started before `to`. Written as a range overlap with the
 * very expression of the GiST indexes (the exclusion constraint `reservations_no_overlap` of
 * migration 0001 for live bookings, `reservations_period` of 0015 for every status), the index
 * finds just the overlapping rows. Decision 025.
 */

/** The period [startsAt, endsAt) overlaps [from, to). */
export function periodOverlaps(startsAt: SQLWrapper, endsAt: SQLWrapper, from: Date, to: Date): SQL {
  return sql`tstzrange(${startsAt}, ${endsAt}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;
}

/** The period [startsAt, endsAt) contains the instant. */
export function periodContains(startsAt: SQLWrapper, endsAt: SQLWrapper, at: Date): SQL {
  return sql`tstzrange(${startsAt}, ${endsAt}, '[)') @> ${at.toISOString()}::timestamptz`;
}

/**
 * A live booking (held or confirmed), written with literals: the planner uses the exclusion
 * constraint's partial index only when it can prove the query implies its WHERE, which it cannot
 * from bound parameters on a generic plan.
 */
export function isLiveStatus(status: SQLWrapper): SQL {
  return sql`${status} in ('pending', 'confirmed')`;
}
