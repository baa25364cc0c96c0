import { and, eq, gt, lte, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { reservations } from "../db/schema.js";
import type { ReservationRow } from "../reservations/view.js";

/** No booking is longer than a day (slotRules.lengthsMinutes), so a running one started within it. */
const LONGEST_BOOKING_MS = 24 * 3_600_000;

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
 * an area at a time, so at most one row is running; the start bound keeps the scan on the index.
 */
export async function handoverUntil(db: DbOrTx, r: ReservationRow, now: Date): Promise<Date | null> {
  if (now >= r.startsAt) return null;
  const [running] = await db
    .select({ endsAt: reservations.endsAt, customerId: reservations.customerId, email: reservations.email })
    .from(reservations)
    .where(
      and(
        eq(reservations.areaId, r.areaId),
        eq(reservations.status, "confirmed"),
        ne(reservations.id, r.id),
        lte(reservations.startsAt, now),
        gt(reservations.startsAt, new Date(now.getTime() - LONGEST_BOOKING_MS)),
        gt(reservations.endsAt, now),
      ),
    )
    .limit(1);
  if (!running || sameCustomer(running, r)) return null;
  return running.endsAt;
}
