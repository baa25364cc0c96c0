/** Bookings of an area, with the reservation statuses. */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { areas } from "./calendar.js";
import { customers } from "./customers.js";
import { discountCodes } from "./giftCardsAndDiscounts.js";
import { subscriptions } from "./subscriptions.js";

export const reservationStatuses = ["pending", "confirmed", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/**
 * A booking of one area. "pending" is a hold while the visitor pays (until holdExpiresAt);
 * pending and confirmed bookings are live, and the exclusion constraint `reservations_no_overlap`
 * (migration 0001, on the blocked period since 0017) makes two live bookings of one area whose
 * blocked periods overlap impossible.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    areaId: integer("area_id")
      .notNull()
      .references(() => areas.id),
    startsAt: tstz("starts_at").notNull(),
    endsAt: tstz("ends_at").notNull(),
    status: text("status", { enum: reservationStatuses }).notNull(),
    kind: text("kind", { enum: ["single", "subscriber", "admin", "waitlist"] })
      .notNull()
      .default("single"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** A subscriber booking's membership, whose quota it uses. */
    subscriptionId: uuid("subscription_id").references((): AnyPgColumn => subscriptions.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    dogs: integer("dogs").notNull().default(1),
    /** Rules per dog (decision 036): a reactive dog, a female in heat. */
    reactiveDog: boolean("reactive_dog").notNull().default(false),
    inHeat: boolean("in_heat").notNull().default(false),
    /**
     * The period the booking keeps others out of: its own time widened by the reactive dog's buffer,
     * the in-heat cleaning gap and the changeover gap (domain/dogRules.ts), as they were when booked
     * or moved. The exclusion constraint compares these, not starts_at..ends_at.
     */
    blockedFrom: tstz("blocked_from").notNull(),
    blockedUntil: tstz("blocked_until").notNull(),
    /** The part of the list price the dogs after the first added (finance reports it apart). */
    extraDogsCents: integer("extra_dogs_cents").notNull().default(0),
    /** What the booking costs after any discount (VAT included); the list price is this + discount. */
    priceCents: integer("price_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    discountCodeId: integer("discount_code_id").references((): AnyPgColumn => discountCodes.id),
    discountCents: integer("discount_cents").notNull().default(0),
    accessToken: text("access_token").notNull().unique(),
    doorToken: text("door_token").notNull().unique(),
    holdExpiresAt: tstz("hold_expires_at"),
    /**
     * The address the checkout came from: live holds are limited per address (and per e-mail);
     * cleared after a day (system/retention.ts).
     */
    holdIp: text("hold_ip"),
    confirmedAt: tstz("confirmed_at"),
    cancelledAt: tstz("cancelled_at"),
    cancelReason: text("cancel_reason"),
    /**
     * The calendar event's SEQUENCE: 0 as booked, one more with each move, so the .ics of a move
     * replaces the event in the visitor's calendar (same UID) instead of adding one.
     */
    sequence: integer("sequence").notNull().default(0),
    /**
     * When the reminder e-mail was queued (reservations/reminders.ts). Set in the transaction that
     * queues it, only where it was null, so a booking is reminded once whatever runs the job.
     */
    reminderSentAt: tstz("reminder_sent_at"),
    /**
     * The first allowed press of the gate (door/service.ts): set once, in the press's own
     * transaction. A confirmed booking that ended without it is a no-show; kept here rather than
     * derived from door_events so counting no-shows reads only the bookings counted.
     */
    attendedAt: tstz("attended_at"),
    /**
     * A dearer move's hold (decision 026): this pending row keeps the new slot for the booking it
     * names while the difference is paid; its price and VAT are the difference's, its sequence the
     * booking's when the hold was taken (a booking moved since is not swapped by a late payment).
     */
    moveOf: uuid("move_of").references((): AnyPgColumn => reservations.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("reservations_period", sql`${t.endsAt} > ${t.startsAt}`),
    check(
      "reservations_blocked_period",
      sql`${t.blockedFrom} <= ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`,
    ),
    index("reservations_starts_at").on(t.startsAt),
    index("reservations_customer").on(t.customerId),
    index("reservations_subscription").on(t.subscriptionId, t.startsAt),
    index("reservations_email").on(sql`lower(${t.email})`),
    index("reservations_hold").on(t.status, t.holdExpiresAt),
    // The reminder job's one query: confirmed bookings not yet reminded, by start. Bookings are never
    // deleted, but the job reads only the window of starts just ahead.
    index("reservations_reminder_due")
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderSentAt} is null`),
    index("reservations_move_of")
      .on(t.moveOf)
      .where(sql`${t.moveOf} is not null`),
    index("reservations_hold_ip")
      .on(t.holdIp)
      .where(sql`${t.status} = 'pending'`),
    // The IP clean-up's rows: bookings still holding their checkout's address, by their hold's end.
    index("reservations_hold_ip_kept")
      .on(t.holdExpiresAt)
      .where(sql`${t.holdIp} is not null`),
  ],
);

/**
 * Each move of a booking (reservations/move.ts): the times before and after, the price
 * before and after, and who moved it. The booking's row holds only its current times.
 */
export const reservationMoves = pgTable(
  "reservation_moves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id),
    fromStartsAt: tstz("from_starts_at").notNull(),
    fromEndsAt: tstz("from_ends_at").notNull(),
    toStartsAt: tstz("to_starts_at").notNull(),
    toEndsAt: tstz("to_ends_at").notNull(),
    fromPriceCents: integer("from_price_cents").notNull(),
    toPriceCents: integer("to_price_cents").notNull(),
    /** visitor (by the access token), member (signed in) or admin (its e-mail is in the audit row). */
    movedBy: text("moved_by", { enum: ["visitor", "member", "admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("reservation_moves_reservation").on(t.reservationId, t.createdAt)],
);
