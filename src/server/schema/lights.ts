/** The park's lights (issue 23 item 2, decision 035): every switch, and the admin's override. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";

export const lightSwitchReasons = ["booking", "schedule", "manual"] as const;
export const lightSwitchResults = ["pending", "ok", "failed"] as const;

/**
 * One row per wanted change of the lights (lights/service.ts): inserted under an advisory lock
 * when the wanted state differs from the last row, so with two servers each change is one row;
 * the device is switched after that commit and the result written back. A failed row is tried
 * again by the next run (attempts counts the tries).
 */
export const lightSwitches = pgTable(
  "light_switches",
  {
    id: serial("id").primaryKey(),
    on: boolean("on").notNull(),
    /** booking: a booking in the dark begins; schedule: nobody is booked any more; manual: the override. */
    reason: text("reason", { enum: lightSwitchReasons }).notNull(),
    result: text("result", { enum: lightSwitchResults }).notNull().default("pending"),
    error: text("error"),
    provider: text("provider").notNull(),
    attempts: integer("attempts").notNull().default(1),
    /** When the latest try began (a pending try older than a few minutes was lost: tried again). */
    triedAt: tstz("tried_at").notNull(),
    finishedAt: tstz("finished_at"),
    createdAt: createdAt(),
  },
  (t) => [index("light_switches_created").on(t.createdAt)],
);

/**
 * The admin's manual override, newest row in force: on or off until a time, or until the
 * automatic state next changes (untilAt null: autoOn holds the automatic state it was set in);
 * mode auto ends any override.
 */
export const lightOverrides = pgTable(
  "light_overrides",
  {
    id: serial("id").primaryKey(),
    mode: text("mode", { enum: ["on", "off", "auto"] }).notNull(),
    untilAt: tstz("until_at"),
    autoOn: boolean("auto_on").notNull(),
    actorEmail: text("actor_email"),
    createdAt: createdAt(),
  },
  (t) => [
    index("light_overrides_created").on(t.createdAt),
    check("light_overrides_until", sql`${t.mode} <> 'auto' OR ${t.untilAt} IS NULL`),
  ],
);
