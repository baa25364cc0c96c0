import type { DbOrTx } from "../db/index.js";
import type { ReservationRow } from "../reservations/index.js";
import { doorRepository } from "./repository.js";

const sameCustomer = (
  a: Pick<ReservationRow, "customerId" | "email">,
  b: Pick<ReservationRow, "customerId" | "email">,
) =>
  (a.customerId !== null && a.customerId === b.customerId) || a.email.toLowerCase() === b.email.toLowerCase();

/**
 * Handover protection (issue 23): before its own start, a booking's gate link does not open while
 * another customer's confirmed booking of the same area is running, whatever door.opensBeforeMinutes
 * says; returns when that booking ends, or null when nothing holds the gate. Inside the booking's own
 * time nothing is asked: its press always works. The exclusion constraint allows one live booking of
 * an area at a time, so at most one row is running (repository.ts: runningBookingOfArea).
 */
export async function handoverUntil(db: DbOrTx, r: ReservationRow, now: Date): Promise<Date | null> {
  if (now >= r.startsAt) return null;
  const running = await doorRepository(db).runningBookingOfArea(r.areaId, r.id, now);
  if (!running || sameCustomer(running, r)) return null;
  return running.endsAt;
}
