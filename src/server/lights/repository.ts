import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { lightOverrides, lightSwitches, reservations } from "../schema/index.js";

/**
 * The lights' queries (decision 037): the switches made (light_switches), the admin's overrides
 * (light_overrides), and the confirmed bookings whose lights window holds a moment. Takes the
 * database or the caller's transaction; the service decides where the transaction begins and
 * holds the advisory lock.
 */

export type LightSwitchRow = typeof lightSwitches.$inferSelect;
export type NewLightSwitch = typeof lightSwitches.$inferInsert;
export type LightOverrideRow = typeof lightOverrides.$inferSelect;
export type NewLightOverride = typeof lightOverrides.$inferInsert;

/** No booking is longer than a day, so one in play started within it (keeps the scan indexed). */
const LONGEST_BOOKING_MS = 24 * 3_600_000;

/**
 * Confirmed bookings (single, member, the admin's) whose lights window [start − before, end +
 * grace) holds `now`: by start within the longest booking (reservations_starts_at). Exported for
 * the query-plan test.
 */
export function lightsWindowQuery(db: DbOrTx, now: Date, beforeMs: number, graceMs: number) {
  return db
    .select({ startsAt: reservations.startsAt, endsAt: reservations.endsAt })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, "confirmed"),
        gt(reservations.startsAt, new Date(now.getTime() - LONGEST_BOOKING_MS - graceMs)),
        lte(reservations.startsAt, new Date(now.getTime() + beforeMs)),
        gt(reservations.endsAt, new Date(now.getTime() - graceMs)),
      ),
    );
}

export function lightsRepository(db: DbOrTx) {
  return {
    bookingsInWindow: (now: Date, beforeMs: number, graceMs: number) =>
      lightsWindowQuery(db, now, beforeMs, graceMs),

    /** The admin's latest override (mode auto included), if any. */
    async latestOverride(): Promise<LightOverrideRow | undefined> {
      const [latest] = await db.select().from(lightOverrides).orderBy(desc(lightOverrides.id)).limit(1);
      return latest;
    },

    async addOverride(values: NewLightOverride): Promise<LightOverrideRow> {
      const [row] = await db.insert(lightOverrides).values(values).returning();
      return row!;
    },

    /** The last switch made or tried (the state the lights were last sent to). */
    async lastSwitch(): Promise<LightSwitchRow | undefined> {
      const [last] = await db.select().from(lightSwitches).orderBy(desc(lightSwitches.id)).limit(1);
      return last;
    },

    /** A failed (or lost) switch claimed again: pending, one more attempt. */
    async retrySwitch(id: number, now: Date): Promise<LightSwitchRow> {
      const [again] = await db
        .update(lightSwitches)
        .set({ result: "pending", attempts: sql`${lightSwitches.attempts} + 1`, triedAt: now })
        .where(eq(lightSwitches.id, id))
        .returning();
      return again!;
    },

    async addSwitch(values: NewLightSwitch): Promise<LightSwitchRow> {
      const [row] = await db.insert(lightSwitches).values(values).returning();
      return row!;
    },

    /** What the device said to a claimed switch. */
    async finishSwitch(
      id: number,
      outcome: { result: "ok" | "failed"; error: string | null; finishedAt: Date },
    ): Promise<void> {
      await db.update(lightSwitches).set(outcome).where(eq(lightSwitches.id, id));
    },

    /** The latest switches, newest first (the table grows: a fixed number is read). */
    latestSwitches: (limit: number): Promise<LightSwitchRow[]> =>
      db.select().from(lightSwitches).orderBy(desc(lightSwitches.id)).limit(limit),
  };
}
