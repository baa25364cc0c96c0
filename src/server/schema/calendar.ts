/** The park's bookable time: its areas, the dates with other opening hours, and the time an admin took out of use. */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";

/** A fenced area that one booking reserves exclusively. */
export const areas = pgTable("areas", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A date whose opening hours differ from the weekly ones; closed when opens/closes are null. */
export const openingExceptions = pgTable("opening_exceptions", {
  date: text("date").primaryKey(), // YYYY-MM-DD in Europe/Helsinki
  opensAt: text("opens_at"), // HH:MM
  closesAt: text("closes_at"), // HH:MM, "24:00" allowed
  note: text("note"),
});

/** Time an admin took out of use (maintenance, private event); areaId null blocks every area. */
export const blocks = pgTable(
  "blocks",
  {
    id: serial("id").primaryKey(),
    areaId: integer("area_id").references(() => areas.id),
    startsAt: tstz("starts_at").notNull(),
    endsAt: tstz("ends_at").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("blocks_period", sql`${t.endsAt} > ${t.startsAt}`)],
);
