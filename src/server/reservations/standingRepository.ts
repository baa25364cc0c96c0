import { and, asc, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { customers, reservations, standingSlots, standingSlotWeeks, subscriptions } from "../schema/index.js";
import type { Customer } from "../../domain/customer.js";

/**
 * The standing slots' queries (standing.ts, decision 056): the series, their weeks with each week's
 * booking, and the job's series with weeks still to make. Takes the database or a transaction.
 */

export type StandingSlotRow = typeof standingSlots.$inferSelect;
export type NewStandingSlot = typeof standingSlots.$inferInsert;
export type StandingWeekRow = typeof standingSlotWeeks.$inferSelect;

/** A week with its booking's time and status as they now are (a moved week's new time). */
export type StandingWeekWithBooking = StandingWeekRow & {
  startsAt: Date | null;
  endsAt: Date | null;
  status: (typeof reservations.$inferSelect)["status"] | null;
};

export function standingRepository(db: DbOrTx) {
  return {
    async insert(row: NewStandingSlot): Promise<StandingSlotRow> {
      const [created] = await db.insert(standingSlots).values(row).returning();
      return created!;
    },

    /** The series, its row locked for the caller's transaction; undefined when not found. */
    async lock(id: string): Promise<StandingSlotRow | undefined> {
      const [row] = await db.select().from(standingSlots).where(eq(standingSlots.id, id)).for("update");
      return row;
    },

    /** The series of a customer's memberships, newest first. */
    async listOfCustomer(customerId: string, limit: number): Promise<StandingSlotRow[]> {
      return db
        .select({ slot: standingSlots })
        .from(standingSlots)
        .innerJoin(subscriptions, eq(subscriptions.id, standingSlots.subscriptionId))
        .where(eq(subscriptions.customerId, customerId))
        .orderBy(desc(standingSlots.createdAt))
        .limit(limit)
        .then((rows) => rows.map((r) => r.slot));
    },

    /** The series of one membership, newest first (the admin's member page). */
    async listOfSubscription(subscriptionId: string, limit: number): Promise<StandingSlotRow[]> {
      return db
        .select()
        .from(standingSlots)
        .where(eq(standingSlots.subscriptionId, subscriptionId))
        .orderBy(desc(standingSlots.createdAt))
        .limit(limit);
    },

    /** The weeks of some series from `since` on, with their bookings, oldest first. */
    async weeksOf(ids: string[], since: string): Promise<StandingWeekWithBooking[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          standingSlotId: standingSlotWeeks.standingSlotId,
          date: standingSlotWeeks.date,
          reservationId: standingSlotWeeks.reservationId,
          reason: standingSlotWeeks.reason,
          createdAt: standingSlotWeeks.createdAt,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          status: reservations.status,
        })
        .from(standingSlotWeeks)
        .leftJoin(reservations, eq(reservations.id, standingSlotWeeks.reservationId))
        .where(and(inArray(standingSlotWeeks.standingSlotId, ids), gte(standingSlotWeeks.date, since)))
        .orderBy(asc(standingSlotWeeks.date));
    },

    /** Every week of one series (its calendar event names the weeks it skips). */
    async allWeeksOf(id: string): Promise<StandingWeekWithBooking[]> {
      return this.weeksOf([id], "2000-01-01");
    },

    async addWeek(week: {
      standingSlotId: string;
      date: string;
      reservationId: string | null;
      reason: string | null;
    }) {
      await db.insert(standingSlotWeeks).values(week);
    },

    /** The series a booking is a week of, if any. */
    async seriesOfReservation(reservationId: string): Promise<StandingSlotRow | undefined> {
      const [row] = await db
        .select({ slot: standingSlots })
        .from(standingSlotWeeks)
        .innerJoin(standingSlots, eq(standingSlots.id, standingSlotWeeks.standingSlotId))
        .where(eq(standingSlotWeeks.reservationId, reservationId))
        .limit(1);
      return row?.slot;
    },

    async update(id: string, values: Partial<NewStandingSlot>): Promise<StandingSlotRow> {
      const [row] = await db.update(standingSlots).set(values).where(eq(standingSlots.id, id)).returning();
      return row!;
    },

    async bumpSequence(id: string): Promise<StandingSlotRow> {
      return this.update(id, { sequence: sql`${standingSlots.sequence} + 1` as never });
    },

    /**
     * The job's candidates: series not done whose next week may have come inside the window
     * (nothing made yet, or the last made week at most `through` minus a week).
     */
    async dueForFill(through: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: standingSlots.id })
        .from(standingSlots)
        .where(
          and(
            isNull(standingSlots.doneAt),
            sql`(${standingSlots.filledThrough} is null or ${standingSlots.filledThrough} <= ${through}::date - 7)`,
          ),
        )
        .orderBy(asc(standingSlots.filledThrough))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The customer whose membership the series is (null after the customer was erased). */
    async customerOf(series: StandingSlotRow): Promise<Customer | null> {
      const [row] = await db
        .select({
          id: customers.id,
          email: customers.email,
          name: customers.name,
          phone: customers.phone,
          createdAt: customers.createdAt,
        })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(eq(subscriptions.id, series.subscriptionId));
      return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
    },

    /** The live bookings of a series' weeks from `from` on. */
    async liveBookingsFrom(id: string, from: string): Promise<string[]> {
      const rows = await db
        .select({ id: reservations.id })
        .from(standingSlotWeeks)
        .innerJoin(reservations, eq(reservations.id, standingSlotWeeks.reservationId))
        .where(
          and(
            eq(standingSlotWeeks.standingSlotId, id),
            gte(standingSlotWeeks.date, from),
            eq(reservations.status, "confirmed"),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
