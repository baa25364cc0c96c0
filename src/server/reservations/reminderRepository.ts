import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, customers, reservations } from "../db/schema.js";
import { ANONYMISED_EMAIL } from "../customers/customerData.js";
import type { ReservationRow } from "./repository.js";

/**
 * The reminders' queries (reminders.ts, decision 037): the bookings due a reminder, their mark, and
 * the customers' preference. Takes the database or the caller's transaction.
 */

export type { ReservationRow };

export function reminderRepository(db: DbOrTx) {
  return {
    /**
     * Up to `limit` confirmed bookings starting within now..horizon not yet reminded, locked with
     * `skip locked` (another run's are left to it). One indexed read (reservations_reminder_due:
     * confirmed, not reminded, by start) of the window of starts just ahead; bookings are never
     * deleted, so nothing else is scanned.
     */
    lockDue(o: {
      now: Date;
      horizon: Date;
      hoursBefore: number;
      limit: number;
    }): Promise<Array<{ reservation: ReservationRow; areaName: string }>> {
      return (
        db
          .select({ reservation: reservations, areaName: areas.name })
          .from(reservations)
          .innerJoin(areas, eq(areas.id, reservations.areaId))
          // The preference is per e-mail address (customers.email is stored lower-case and unique).
          .leftJoin(customers, eq(customers.email, sql`lower(${reservations.email})`))
          .where(
            and(
              eq(reservations.status, "confirmed"),
              isNull(reservations.reminderSentAt),
              gt(reservations.startsAt, o.now),
              lte(reservations.startsAt, o.horizon),
              // An admin's own booking (a block for events, maintenance) has nobody to remind.
              inArray(reservations.kind, ["single", "subscriber"]),
              // A booking made after its reminder's moment has just had its confirmation.
              sql`coalesce(${reservations.confirmedAt}, ${reservations.createdAt}) <= ${reservations.startsAt} - ${o.hoursBefore}::int * interval '1 hour'`,
              sql`coalesce(${customers.remindersEnabled}, true)`,
              // A deleted account's bookings keep no address to write to.
              ne(reservations.email, ANONYMISED_EMAIL),
            ),
          )
          .orderBy(asc(reservations.startsAt))
          .limit(o.limit)
          .for("update", { of: reservations, skipLocked: true })
      );
    },

    /** Marks the booking reminded, only where it is not yet: whether this call marked it. */
    async markReminded(id: string, now: Date): Promise<boolean> {
      const [marked] = await db
        .update(reservations)
        .set({ reminderSentAt: now })
        .where(and(eq(reservations.id, id), isNull(reservations.reminderSentAt)))
        .returning({ id: reservations.id });
      return marked !== undefined;
    },

    /** The customer's preference (undefined: no such customer). */
    async remindersEnabled(customerId: string): Promise<boolean | undefined> {
      const [row] = await db
        .select({ enabled: customers.remindersEnabled })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.enabled;
    },

    async setRemindersEnabled(customerId: string, enabled: boolean): Promise<void> {
      await db.update(customers).set({ remindersEnabled: enabled }).where(eq(customers.id, customerId));
    },
  };
}
