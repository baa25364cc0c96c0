import { sql } from "drizzle-orm";
import { check, date, timestamp } from "drizzle-orm/pg-core";

/** Column helpers shared by the schema's tables (not tables themselves, so schema.ts does not re-export them). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An effective-dated row is in force on the Helsinki dates [effective_from, effective_until);
 * until null is open-ended. The versions of one thing (a price rule, a tier, the VAT rate) never
 * overlap: each table has an exclusion constraint on its key and daterange (migration 0009).
 * Rows whose period has begun are never changed, except to be closed from a later date.
 */
export const effectivePeriod = () => ({
  effectiveFrom: date("effective_from", { mode: "string" }).notNull().default("2000-01-01"),
  effectiveUntil: date("effective_until", { mode: "string" }),
});
export const effectivePeriodCheck = (name: string) =>
  check(`${name}_effective_period`, sql`effective_until IS NULL OR effective_until > effective_from`);
