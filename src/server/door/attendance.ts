import type { DbOrTx } from "../db/index.js";
import { doorRepository } from "./repository.js";

/**
 * Attendance from the gate (issue 23, decision 029): a confirmed booking with an allowed press is
 * attended (reservations.attended_at, set by the press); one without is a no-show once it has
 * ended. Read from the bookings alone, so counting stays as cheap as the bookings counted, however
 * long the gate's log grows.
 */

/** A period's confirmed bookings by start (reservations_starts_at): attended, no-shows, still to come. */
export async function attendanceBetween(db: DbOrTx, from: Date, to: Date, now: Date) {
  const repository = doorRepository(db);
  const [counts, noShows] = await Promise.all([
    repository.attendanceCounts(from, to, now),
    repository.noShows(from, to, now),
  ]);
  return { ...counts, noShowList: noShows };
}
