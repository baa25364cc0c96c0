/** Admin-editable settings and the effective-dated prices of single bookings and the VAT rate. */
import { boolean, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { tstz, effectivePeriod, effectivePeriodCheck } from "./columns.js";

/** Admin-editable settings, one JSON value per key; the shapes live in settings/service.ts. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/**
 * Single-booking price rules, one row per version of a rule: rule_id names the rule (the id of
 * its first version). The applicable rule for a slot is the matching one in force on the slot's
 * Helsinki date with the highest priority; rules without weekdays or times are the base prices.
 */
export const priceRules = pgTable(
  "price_rules",
  {
    id: serial("id").primaryKey(),
    ruleId: integer("rule_id").notNull(),
    name: text("name").notNull(),
    lengthMinutes: integer("length_minutes").notNull(),
    priceCents: integer("price_cents").notNull(),
    weekdays: integer("weekdays").array(), // ISO 1 = Monday .. 7 = Sunday; null = every day
    fromTime: text("from_time"), // HH:MM slot start at or after; null = any
    toTime: text("to_time"), // HH:MM slot start before; null = any
    priority: integer("priority").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...effectivePeriod(),
  },
  () => [effectivePeriodCheck("price_rules")],
);

/** The VAT rate of bookings and memberships, effective-dated (one rate in force on any date). */
export const vatRates = pgTable(
  "vat_rates",
  {
    id: serial("id").primaryKey(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    ...effectivePeriod(),
  },
  () => [effectivePeriodCheck("vat_rates")],
);
