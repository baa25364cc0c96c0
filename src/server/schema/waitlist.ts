/** The waitlist of a taken slot (waitlist/service.ts, decision 033). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { areas } from "./calendar.js";
import { mailboxSql } from "./mailbox.js";
import { reservations } from "./reservations.js";

/**
 * waiting: in line; offered: the slot is held for this entry (offer_reservation_id) until
 * offer_expires_at; then booked (the offer was used), missed (it was not), left (its owner left the
 * list) or ended (the slot started). Only waiting and offered are live.
 */
export const waitlistStatuses = ["waiting", "offered", "booked", "missed", "left", "ended"] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

/** One address in line for exactly one slot (start, end) of an area. */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    areaId: integer("area_id")
      .notNull()
      .references(() => areas.id),
    startsAt: tstz("starts_at").notNull(),
    endsAt: tstz("ends_at").notNull(),
    email: text("email").notNull(),
    /** The mailbox the address reaches (customerAuth.ts mailboxKey): one live entry per mailbox and slot. */
    mailbox: text("mailbox").notNull(),
    /** The secret of the entry's links (leave, and use the offer); hidden from the data export. */
    accessToken: text("access_token").notNull().unique(),
    status: text("status", { enum: waitlistStatuses }).notNull().default("waiting"),
    /** The hold (a pending reservation of kind waitlist) that keeps the slot for this entry. */
    offerReservationId: uuid("offer_reservation_id").references(() => reservations.id),
    offeredAt: tstz("offered_at"),
    offerExpiresAt: tstz("offer_expires_at"),
    endedAt: tstz("ended_at"),
    /** The address the join came from, for its limit; cleared after a day (system/retention.ts). */
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    check("waitlist_entries_period", sql`${t.endsAt} > ${t.startsAt}`),
    // A second join of one address for one slot is the same entry.
    uniqueIndex("waitlist_entries_live_mailbox")
      .on(t.areaId, t.startsAt, t.endsAt, t.mailbox)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The job's candidates and the admin's counts: live entries by slot.
    index("waitlist_entries_live")
      .on(t.startsAt, t.areaId, t.endsAt, t.createdAt)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_entries_mailbox").on(t.mailbox, t.createdAt),
    // A customer's entries, keyed in SQL as the export and the erasure find them (issue 37).
    index("waitlist_entries_mailbox_key").on(mailboxSql(t.mailbox)),
    index("waitlist_entries_ip").on(t.ip, t.createdAt),
    index("waitlist_entries_ended").on(t.endedAt),
    // The IP clean-up's rows: those still holding an address, by age.
    index("waitlist_entries_ip_kept")
      .on(t.createdAt)
      .where(sql`${t.ip} is not null`),
  ],
);
