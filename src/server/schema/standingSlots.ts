/** Vakiovuorot: a member's standing weekly slots and their weeks (reservations/standing.ts, decision 056). */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { reservations } from "./reservations.js";
import { subscriptions } from "./subscriptions.js";

/**
 * A series: the same weekday, start time (Helsinki wall clock) and length every week, for `weeks`
 * weeks from `first_date` or until further notice (null). Its weeks are made as the booking window
 * reaches them; `filled_through` is the last week already made (booked or not had), so the job goes
 * on from the week after. `done_at` is set once no week is left to make (its last week made, the
 * series ended, the membership over): the job reads only the series not done.
 */
export const standingSlots = pgTable(
  "standing_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    weekday: integer("weekday").notNull(),
    startTime: text("start_time").notNull(),
    minutes: integer("minutes").notNull(),
    dogs: integer("dogs").notNull().default(1),
    /** The dogs' options every week is booked with (decision 036). */
    reactiveDog: boolean("reactive_dog").notNull().default(false),
    inHeat: boolean("in_heat").notNull().default(false),
    firstDate: date("first_date", { mode: "string" }).notNull(),
    weeks: integer("weeks"),
    filledThrough: date("filled_through", { mode: "string" }),
    /** The week the series was ended from: no weeks from it on, its bookings from it on cancelled. */
    endedFrom: date("ended_from", { mode: "string" }),
    endedBy: text("ended_by", { enum: ["customer", "admin", "membership"] }),
    doneAt: tstz("done_at"),
    /** The series' calendar event's SEQUENCE: one more with each change the e-mail tells. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("standing_slots_weekday", sql`${t.weekday} between 1 and 7`),
    check("standing_slots_minutes", sql`${t.minutes} > 0`),
    check("standing_slots_weeks", sql`${t.weeks} is null or ${t.weeks} >= 1`),
    index("standing_slots_subscription").on(t.subscriptionId, t.createdAt),
    // The job's rows: series with weeks still to make.
    index("standing_slots_open")
      .on(t.filledThrough)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * One week of a series, made once: its booking, or why it could not be had. The key (series, date)
 * is what keeps two servers from making the same week twice.
 */
export const standingSlotWeeks = pgTable(
  "standing_slot_weeks",
  {
    standingSlotId: uuid("standing_slot_id")
      .notNull()
      .references(() => standingSlots.id),
    date: date("date", { mode: "string" }).notNull(),
    reservationId: uuid("reservation_id").references(() => reservations.id),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.standingSlotId, t.date] }),
    check("standing_slot_weeks_outcome", sql`(${t.reservationId} is null) <> (${t.reason} is null)`),
    index("standing_slot_weeks_reservation")
      .on(t.reservationId)
      .where(sql`${t.reservationId} is not null`),
  ],
);
