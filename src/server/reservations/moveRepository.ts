import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import {
  areas,
  discountCodes,
  discountCodeUses,
  reservationMoves,
  reservations,
  subscriptions,
} from "../schema/index.js";
import type { ReservationRow } from "./repository.js";
import type { PaymentRow } from "../payments/index.js";
import type { SubscriptionRow } from "../memberships/index.js";

/**
 * The queries of a booking's move (decision 026, decision 037): the rows a move locks, the one
 * UPDATE that moves the booking and its `reservation_moves` row, and the end of a dearer move's
 * holds (made by hold.ts, as every unpaid hold is). Takes the database or the caller's transaction; the move's services
 * (move.ts, moveApply.ts, moveHold.ts, moveFulfilment.ts) decide where the transaction begins.
 */

export type { ReservationRow };
export type { PaymentRow };
export type { SubscriptionRow };
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type NewReservationMove = typeof reservationMoves.$inferInsert;

/** What the move's UPDATE writes of the booking's times and price. */
export type MovedTimes = Pick<
  ReservationRow,
  "startsAt" | "endsAt" | "blockedFrom" | "blockedUntil" | "priceCents" | "vatCents" | "discountCents"
>;

export function moveRepository(db: DbOrTx) {
  return {
    // ---------------------------------------------------------------- reading and locking

    async reservationById(id: string): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
      return row;
    },

    /** The booking (or a hold), locked for the rest of the transaction. */
    async lockReservation(id: string): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for("update");
      return row;
    },

    /** The membership of a subscriber booking, locked (locked first, as a member booking's). */
    async lockSubscription(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
      return row;
    },

    /** The discount code a booking was made with (its rule prices the new time). */
    async discountCode(id: number): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      return row;
    },

    async areaName(id: number): Promise<string | undefined> {
      const [area] = await db.select({ name: areas.name }).from(areas).where(eq(areas.id, id));
      return area?.name;
    },
    // ---------------------------------------------------------------- the move

    /**
     * The one UPDATE that moves a booking: its new times and price, and one more SEQUENCE (a
     * calendar app moves the event it has). The row after.
     */
    async moveTimes(id: string, values: MovedTimes): Promise<ReservationRow> {
      const [moved] = await db
        .update(reservations)
        .set({
          ...values,
          sequence: sql`${reservations.sequence} + 1`,
          // The reminder was for the old time: the new one gets its own (reservations/reminders.ts).
          reminderSentAt: null,
        })
        .where(eq(reservations.id, id))
        .returning();
      return moved!;
    },

    /** The move's history row; its id. */
    async insertMove(values: NewReservationMove): Promise<string> {
      const [move] = await db.insert(reservationMoves).values(values).returning({ id: reservationMoves.id });
      return move!.id;
    },

    /** The booking's discount code use follows its discount at the new time. */
    async setDiscountUseAmount(reservationId: string, amountCents: number): Promise<void> {
      await db
        .update(discountCodeUses)
        .set({ amountCents })
        .where(eq(discountCodeUses.reservationId, reservationId));
    },

    // ---------------------------------------------------------------- a dearer move's hold

    /** The access token of the booking a hold moves (where its payer goes back to). */
    async accessTokenOf(id: string): Promise<{ accessToken: string } | undefined> {
      const [booking] = await db
        .select({ accessToken: reservations.accessToken })
        .from(reservations)
        .where(eq(reservations.id, id));
      return booking;
    },

    /** Ends a hold (or a booking): its status, when and why. */
    async endReservation(
      id: string,
      values: Pick<ReservationRow, "status" | "cancelledAt" | "cancelReason">,
    ): Promise<void> {
      await db.update(reservations).set(values).where(eq(reservations.id, id));
    },

    /** Cancels the booking's pending move holds (only those still pending); their ids. */
    async cancelPendingHolds(bookingId: string, now: Date, reason: string): Promise<string[]> {
      const released = await db
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: now, cancelReason: reason })
        .where(and(eq(reservations.moveOf, bookingId), eq(reservations.status, "pending")))
        .returning({ id: reservations.id });
      return released.map((r) => r.id);
    },
  };
}
