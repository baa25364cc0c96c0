/** The gate's log. */
import { boolean, index, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
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
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("door_events_created").on(t.createdAt),
    index("door_events_reservation").on(t.reservationId, t.createdAt),
  ],
);
