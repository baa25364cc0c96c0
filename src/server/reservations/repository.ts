import { and, desc, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, payments, refunds, reservations, standingSlotWeeks, subscriptions } from "../schema/index.js";
import type { PaymentRow } from "../payments/index.js";
import type { SubscriptionRow } from "../memberships/index.js";

/**
 * The reservations' queries (decision 037): the bookings, and the payments and refunds of a booking
 * that its checkout, cancel and fulfilment answer for. The holds' queries are holdRepository.ts, the
 * admin's lists adminRepository.ts, the visitors' look-ups and receipts lookupRepository.ts. Takes
 * the database or the caller's transaction; the services decide where a transaction begins.
 */

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type { PaymentRow };
export type ReservationStatus = ReservationRow["status"];
export type CancelReason = NonNullable<ReservationRow["cancelReason"]>;
/** A reservation with its area's name. */
export type ReservationWithArea = ReservationRow & { areaName: string };
export type { SubscriptionRow };

const withArea = { reservation: reservations, areaName: areas.name };
const flatten = (r: { reservation: ReservationRow; areaName: string }): ReservationWithArea => ({
  ...r.reservation,
  areaName: r.areaName,
});

/** Whose bookings a customer sees: their subscriber bookings and single bookings with their e-mail. */
const ownedBy = (customer: { id: string; email: string }) =>
  or(
    eq(reservations.customerId, customer.id),
    sql`lower(${reservations.email}) = ${customer.email.toLowerCase()}`,
  );

/** A booking's cancel: its status and time, and one more calendar SEQUENCE for the cancel's .ics. */
const cancelledAt = (now: Date) => ({
  status: "cancelled" as const,
  cancelledAt: now,
  sequence: sql`${reservations.sequence} + 1`,
});

export function reservationRepository(db: DbOrTx) {
  return {
    /** A reservation with its area's name, found by one of its unique columns. */
    async findWithArea(
      by: { accessToken: string } | { doorToken: string } | { id: string },
    ): Promise<ReservationWithArea | null> {
      const where =
        "accessToken" in by
          ? eq(reservations.accessToken, by.accessToken)
          : "doorToken" in by
            ? eq(reservations.doorToken, by.doorToken)
            : eq(reservations.id, by.id);
      const [row] = await db
        .select(withArea)
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(where)
        .limit(1);
      return row ? flatten(row) : null;
    },

    /** The reservation, locked for the rest of the transaction. */
    async lock(id: string): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for("update");
      return row;
    },

    /** Locks the reservation's row (its id only is read) for the rest of the transaction. */
    async lockId(id: string): Promise<void> {
      await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.id, id))
        .for("update");
    },

    /**
     * A confirmed booking (an admin's, a member's). An unpaid hold is never inserted here: every one
     * is made by hold.ts under the hold rules (holdRepository's insertHold).
     */
    async insert(values: NewReservation & { status: "confirmed" }): Promise<ReservationRow> {
      if (values.status !== "confirmed") throw new Error("An unpaid hold is made by hold.ts, placeHold.");
      const [row] = await db.insert(reservations).values(values).returning();
      return row!;
    },

    /**
     * Cancels the reservation whatever its status; the cancelled row. Its calendar event's SEQUENCE
     * goes up, so the cancel's .ics (METHOD:CANCEL) outranks every one sent before (receipt.ts).
     */
    async cancel(id: string, now: Date, reason: CancelReason): Promise<ReservationRow | undefined> {
      const [row] = await db
        .update(reservations)
        .set({ ...cancelledAt(now), cancelReason: reason })
        .where(eq(reservations.id, id))
        .returning();
      return row;
    },

    /** Cancels the reservation only if it is still pending (a hold); whether it was. */
    async cancelIfPending(id: string, now: Date, reason: CancelReason): Promise<boolean> {
      const released = await db
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: now, cancelReason: reason })
        .where(and(eq(reservations.id, id), eq(reservations.status, "pending")))
        .returning({ id: reservations.id });
      return released.length > 0;
    },

    /**
     * Cancels a confirmed booking only if it has not started; the cancelled row, if it was (its
     * SEQUENCE raised, as cancel's).
     */
    async cancelIfNotStarted(
      id: string,
      now: Date,
      reason: CancelReason,
    ): Promise<ReservationRow | undefined> {
      const [row] = await db
        .update(reservations)
        .set({ ...cancelledAt(now), cancelReason: reason })
        .where(
          and(
            eq(reservations.id, id),
            eq(reservations.status, "confirmed"),
            sql`${reservations.startsAt} > ${now}`,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Sets the status alone. A live status is checked by the exclusion constraint: the caller may
     * run it in a savepoint to learn whether the time is still free.
     */
    async setStatus(id: string, status: ReservationStatus): Promise<void> {
      await db.update(reservations).set({ status }).where(eq(reservations.id, id));
    },

    async confirm(id: string, now: Date): Promise<void> {
      await db
        .update(reservations)
        .set({ status: "confirmed", confirmedAt: now, cancelReason: null })
        .where(eq(reservations.id, id));
    },

    async setCancelReason(id: string, reason: CancelReason | null): Promise<void> {
      await db.update(reservations).set({ cancelReason: reason }).where(eq(reservations.id, id));
    },

    /** The reservation's latest payment attempt. */
    async latestPayment(reservationId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.reservationId, reservationId))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row;
    },

    /** The reservation's latest payment attempt, locked (after the reservation: the lock order). */
    async lockLatestPayment(reservationId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.reservationId, reservationId))
        .orderBy(desc(payments.createdAt))
        .limit(1)
        .for("update");
      return row;
    },

    /**
     * What of a payment is being returned: its refunds recorded and not yet confirmed by the
     * provider. A payment has at most a few refunds (the cancel's, and one per cheaper move); by
     * payment_id's index.
     */
    async pendingRefundAmounts(paymentId: string): Promise<number[]> {
      const rows = await db
        .select({ amountCents: refunds.amountCents })
        .from(refunds)
        .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "pending")));
      return rows.map((r) => r.amountCents);
    },

    /**
     * A customer's bookings for their list: confirmed and cancelled ones (holds that never became
     * bookings are noise there) starting from `since`, newest first.
     */
    async listOwned(customer: { id: string; email: string }, since: Date, limit: number) {
      const rows = await db
        .select(withArea)
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(
          and(
            ownedBy(customer),
            or(eq(reservations.status, "confirmed"), eq(reservations.status, "cancelled")),
            gte(reservations.startsAt, since),
          ),
        )
        .orderBy(desc(reservations.startsAt))
        .limit(limit);
      return rows.map(flatten);
    },

    /** The booking, if it is the customer's own, with its area's name. */
    async ownedById(customer: { id: string; email: string }, id: string) {
      const [row] = await db
        .select(withArea)
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(and(eq(reservations.id, id), ownedBy(customer)));
      return row ? flatten(row) : undefined;
    },

    /**
     * A membership's confirmed bookings starting in [from, to) that have not started, oldest first,
     * each saying whether it is a standing slot's week (a pause cancels them, decision 058). The
     * range on reservations_subscription (subscription, starts_at).
     */
    async liveMemberBookingsIn(subscriptionId: string, from: Date, to: Date, now: Date) {
      return db
        .select({
          id: reservations.id,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          standing: sql<boolean>`exists (select 1 from ${standingSlotWeeks} w where w.reservation_id = ${reservations.id})`,
        })
        .from(reservations)
        .where(
          and(
            eq(reservations.subscriptionId, subscriptionId),
            eq(reservations.status, "confirmed"),
            gte(reservations.startsAt, from),
            lt(reservations.startsAt, to),
            gt(reservations.startsAt, now),
          ),
        )
        .orderBy(reservations.startsAt);
    },

    /**
     * The customer's membership (the latest active or cancelled subscription), locked: two bookings
     * of one member take turns and cannot both fit the last hours of the quota.
     */
    async lockMembership(customerId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.customerId, customerId),
            or(eq(subscriptions.status, "active"), eq(subscriptions.status, "cancelled")),
          ),
        )
        .orderBy(desc(subscriptions.createdAt))
        .limit(1)
        .for("update");
      return row;
    },
  };
}
