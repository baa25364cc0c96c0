import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, customers, reservations, mailboxSql } from "../schema/index.js";
import { ANONYMISED_EMAIL } from "../../domain/mailbox.js";
import type { ReservationRow } from "./repository.js";

/**
 * The reminders' queries (reminders.ts, decision 037): the bookings due a reminder, their mark, and
 * the customers' preference. Takes the database or the caller's transaction.
 */

export type { ReservationRow };

/** The mailbox of a customer's address, as a subquery. */
const ofCustomersMailbox = (customerId: string) =>
  sql<string>`(select ${mailboxSql(sql.raw("c.email"))} from customers c where c.id = ${customerId})`;

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
      return db
        .select({ reservation: reservations, areaName: areas.name })
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
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
            // The preference is per mailbox (domain/mailbox.ts): an account that turned them off
            // covers every address reaching its inbox, name+tag@ and Gmail's dotted names too.
            sql`not exists (select 1 from ${customers} where not ${customers.remindersEnabled}
                and ${mailboxSql(customers.email)} = ${mailboxSql(reservations.email)})`,
            // A deleted account's bookings keep no address to write to.
            ne(reservations.email, ANONYMISED_EMAIL),
          ),
        )
        .orderBy(asc(reservations.startsAt))
        .limit(o.limit)
        .for("update", { of: reservations, skipLocked: true });
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

    /**
     * The preference of the customer's mailbox: off when any account reaching it turned reminders
     * off (undefined: no such customer).
     */
    async remindersEnabled(customerId: string): Promise<boolean | undefined> {
      const [row] = await db
        .select({ enabled: sql<boolean | null>`bool_and(${customers.remindersEnabled})` })
        .from(customers)
        .where(eq(mailboxSql(customers.email), ofCustomersMailbox(customerId)));
      return row?.enabled ?? undefined;
    },

    /** Sets the preference of every account reaching the customer's mailbox. */
    async setRemindersEnabled(customerId: string, enabled: boolean): Promise<void> {
      await db
        .update(customers)
        .set({ remindersEnabled: enabled })
        .where(eq(mailboxSql(customers.email), ofCustomersMailbox(customerId)));
    },
  };
}
