/** The gate's log. */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { reservations } from "./reservations.js";

/** Every attempt to open the gate, allowed or refused, with its reason. */
export const doorEvents = pgTable(
  "door_events",
  {
    id: serial("id").primaryKey(),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    allowed: boolean("allowed").notNull(),
    reason: text("reason").notNull(),
    provider: text("provider"),
    /** The presser's address, for the limits; cleared after a day (system/retention.ts). */
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("door_events_created").on(t.createdAt),
    index("door_events_reservation").on(t.reservationId, t.createdAt),
    // The IP clean-up's rows: presses still holding an address, by age.
    index("door_events_ip_kept")
      .on(t.createdAt)
      .where(sql`${t.ip} is not null`),
  ],
);

/**
 * One row per gate health check window (door/gateHealth.ts): the server that inserts the
 * window's row asks the device, so with two servers each window is checked once. Its result is
 * filled in after the device answered (or did not). The gate's state history.
 */
export const gateChecks = pgTable(
  "gate_checks",
  {
    id: serial("id").primaryKey(),
    /** The start of the check window (the job's interval): unique, the claim. */
    windowStart: tstz("window_start").notNull().unique(),
    provider: text("provider").notNull(),
    /** Null while the device is being asked. */
    ok: boolean("ok"),
    detail: text("detail"),
    checkedAt: tstz("checked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("gate_checks_created").on(t.createdAt)],
);

/**
 * A time the gate did not answer, from the first failed check to the first good one after it.
 * At most one is open (the partial unique index), so two servers can never start two outages,
 * and its e-mail flags are set in the transaction that queues the e-mail: one per outage.
 */
export const gateOutages = pgTable(
  "gate_outages",
  {
    id: serial("id").primaryKey(),
    startedAt: tstz("started_at").notNull(),
    endedAt: tstz("ended_at"),
    detail: text("detail"),
    ownerDownMailedAt: tstz("owner_down_mailed_at"),
    ownerUpMailedAt: tstz("owner_up_mailed_at"),
  },
  (t) => [
    // On an expression, as NULLs never collide in a unique index: every open outage has `true`.
    uniqueIndex("gate_outages_one_open")
      .on(sql`(${t.endedAt} is null)`)
      .where(sql`${t.endedAt} is null`),
    index("gate_outages_started").on(t.startedAt),
  ],
);

/** The fallback e-mail of one booking in one outage: the primary key makes it once. */
export const gateFallbackNotices = pgTable(
  "gate_fallback_notices",
  {
    outageId: integer("outage_id")
      .notNull()
      .references(() => gateOutages.id, { onDelete: "cascade" }),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.outageId, t.reservationId] }),
    index("gate_fallback_reservation").on(t.reservationId),
  ],
);
