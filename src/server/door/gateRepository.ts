import { and, count, desc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, gateChecks, gateFallbackNotices, gateOutages, reservations } from "../schema/index.js";

/**
 * The gate's health (decision 037): the health job's checks (gate_checks), the outages they find
 * (gate_outages) and the fallback e-mails sent per booking (gate_fallback_notices), with the
 * bookings in play the job looks at. Takes the database or the caller's transaction.
 */

export type GateOutageRow = typeof gateOutages.$inferSelect;
export type GateCheckRow = typeof gateChecks.$inferSelect;

/** No booking is longer than a day, so a running one started within it (keeps the scan indexed). */
const LONGEST_BOOKING_MS = 24 * 3_600_000;

export type BookingInPlay = {
  id: string;
  email: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  doorToken: string;
  areaName: string;
};

export function gateRepository(db: DbOrTx) {
  return {
    /** Confirmed bookings running now or starting before the horizon. */
    async bookingsInPlay(now: Date, horizon: Date): Promise<BookingInPlay[]> {
      return db
        .select({
          id: reservations.id,
          email: reservations.email,
          name: reservations.name,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          doorToken: reservations.doorToken,
          areaName: areas.name,
        })
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(
          and(
            eq(reservations.status, "confirmed"),
            gt(reservations.startsAt, new Date(now.getTime() - LONGEST_BOOKING_MS)),
            lt(reservations.startsAt, horizon),
            gt(reservations.endsAt, now),
          ),
        )
        .orderBy(reservations.startsAt);
    },

    /**
     * The window's check, claimed by inserting its row: the id, or undefined when another server's
     * row is already there (unique window_start).
     */
    async claimCheck(windowStart: Date, provider: string, now: Date): Promise<number | undefined> {
      const [claim] = await db
        .insert(gateChecks)
        .values({ windowStart, provider, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: gateChecks.id });
      return claim?.id;
    },

    /** What the device said to a claimed check. */
    async recordCheck(id: number, result: { ok: boolean; detail: string; checkedAt: Date }): Promise<void> {
      await db.update(gateChecks).set(result).where(eq(gateChecks.id, id));
    },

    /** The outage still going on, if any (at most one: the partial unique index). */
    async openOutage(): Promise<GateOutageRow | null> {
      const [row] = await db.select().from(gateOutages).where(isNull(gateOutages.endedAt)).limit(1);
      return row ?? null;
    },

    async startOutage(startedAt: Date, detail: string): Promise<GateOutageRow> {
      const [row] = await db.insert(gateOutages).values({ startedAt, detail }).returning();
      return row!;
    },

    async markOwnerDownMailed(outageId: number, at: Date): Promise<void> {
      await db.update(gateOutages).set({ ownerDownMailedAt: at }).where(eq(gateOutages.id, outageId));
    },

    /** The outage ends, and the owner is mailed so (the same moment). */
    async endOutage(outageId: number, at: Date): Promise<void> {
      await db
        .update(gateOutages)
        .set({ endedAt: at, ownerUpMailedAt: at })
        .where(eq(gateOutages.id, outageId));
    },

    /**
     * A fallback notice per booking of the outage, unless one is already there (unique rows): the
     * ids of the bookings whose notice is new.
     */
    async addFallbackNotices(outageId: number, reservationIds: string[], now: Date): Promise<string[]> {
      const noticed = await db
        .insert(gateFallbackNotices)
        .values(reservationIds.map((reservationId) => ({ outageId, reservationId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ reservationId: gateFallbackNotices.reservationId });
      return noticed.map((n) => n.reservationId);
    },

    /** How many bookings were sent the fallback in each of these outages. */
    async fallbackNoticeCounts(outageIds: number[]): Promise<Array<{ outageId: number; n: number }>> {
      if (!outageIds.length) return [];
      return db
        .select({ outageId: gateFallbackNotices.outageId, n: count() })
        .from(gateFallbackNotices)
        .where(inArray(gateFallbackNotices.outageId, outageIds))
        .groupBy(gateFallbackNotices.outageId);
    },

    /** The latest checks, newest first (the table grows: a fixed number is read). */
    async latestChecks(limit: number): Promise<GateCheckRow[]> {
      return db.select().from(gateChecks).orderBy(desc(gateChecks.windowStart)).limit(limit);
    },

    /** The latest outages, newest first. */
    async latestOutages(limit: number): Promise<GateOutageRow[]> {
      return db.select().from(gateOutages).orderBy(desc(gateOutages.startedAt)).limit(limit);
    },
  };
}
