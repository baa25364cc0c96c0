import { and, asc, count, desc, eq, gt, inArray, lt, lte, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { reservations, waitlistEntries } from "../schema/index.js";

/**
 * The waitlist's queries (decision 033, decision 037): the only place that reads or writes
 * waitlist_entries, and the end of the offers' holds (reservations of kind `waitlist`; made by
 * reservations/hold.ts, as every unpaid hold is).
 * Takes the database or the caller's transaction; the service decides where the transaction begins.
 */

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type NewWaitlistEntry = typeof waitlistEntries.$inferInsert;

export const LIVE_STATUSES = ["waiting", "offered"] as const;

/** At most this many slots are offered per run; the rest on the next (the job runs every minute). */
const SLOTS_PER_RUN = 20;

type Slot = { areaId: number; start: Date; end: Date };

const sameSlot = (o: Slot) =>
  and(
    eq(waitlistEntries.areaId, o.areaId),
    eq(waitlistEntries.startsAt, o.start),
    eq(waitlistEntries.endsAt, o.end),
  );

/**
 * The job's one look at the slots (exported for the query-plan test): live entries by start (the
 * partial index), without an offered entry for the same slot, and without a live booking of the area
 * whose blocked period (its buffers and gap, decision 036) meets the range an offer would block
 * (the range and the changeover gap after it; the exclusion constraint's index). A range is a
 * candidate only when all of it is free. Slots come in the order their first waiting entry joined,
 * so of two overlapping ranges the one whose person joined first is offered first, whatever their
 * starts. The full rules (blocks, opening hours) are checked per slot under its lock.
 */
export function candidatesQuery(now: Date, changeoverMinutes = 0) {
  const at = now.toISOString();
  return sql`
    SELECT e.area_id, e.starts_at, e.ends_at
    FROM waitlist_entries e
    WHERE e.status in ('waiting', 'offered') AND e.starts_at > ${at}::timestamptz AND e.status = 'waiting'
      AND NOT EXISTS (SELECT 1 FROM waitlist_entries o
        WHERE o.status in ('waiting', 'offered') AND o.status = 'offered' AND o.starts_at = e.starts_at
          AND o.area_id = e.area_id AND o.ends_at = e.ends_at)
      AND NOT EXISTS (SELECT 1 FROM reservations r
        WHERE r.area_id = e.area_id AND r.status in ('pending', 'confirmed')
          AND tstzrange(r.blocked_from, r.blocked_until, '[)')
            && tstzrange(e.starts_at, e.ends_at + ${changeoverMinutes}::int * interval '1 minute', '[)')
          AND (r.status = 'confirmed' OR r.hold_expires_at > ${at}::timestamptz))
    GROUP BY e.area_id, e.starts_at, e.ends_at
    ORDER BY min(e.created_at), e.starts_at
    LIMIT ${SLOTS_PER_RUN}
  `;
}

export function waitlistRepository(db: DbOrTx) {
  return {
    // ---------------------------------------------------------------- joining and leaving

    /** The join times from this IP since `since`, newest first, at most `limit`. */
    async joinsFromIp(ip: string, since: Date, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ at: waitlistEntries.createdAt })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.ip, ip), gt(waitlistEntries.createdAt, since)))
        .orderBy(desc(waitlistEntries.createdAt))
        .limit(limit);
      return rows.map((r) => r.at);
    },

    /** How many joins this mailbox made since `since`. */
    async joinsForMailbox(mailbox: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.mailbox, mailbox), gt(waitlistEntries.createdAt, since)));
      return row!.n;
    },

    /** The new entry, or undefined when the address is already in this slot's line (the unique index). */
    async insertEntry(values: NewWaitlistEntry): Promise<WaitlistEntryRow | undefined> {
      const [entry] = await db.insert(waitlistEntries).values(values).onConflictDoNothing().returning();
      return entry;
    },

    /**
     * Live entries (waiting or offered) for slots within [start, end) of an area. Entries are found
     * by start on the live partial index (a slot is at most a day long).
     */
    async countLive(o: { areaId: number; start: Date; end: Date }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(waitlistEntries)
        .where(
          and(
            inArray(waitlistEntries.status, [...LIVE_STATUSES]),
            gt(waitlistEntries.startsAt, new Date(o.start.getTime() - 24 * 3_600_000)),
            lt(waitlistEntries.startsAt, o.end),
            gt(waitlistEntries.endsAt, o.start),
            eq(waitlistEntries.areaId, o.areaId),
          ),
        );
      return row?.n ?? 0;
    },

    async byToken(token: string): Promise<WaitlistEntryRow | undefined> {
      const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.accessToken, token));
      return entry;
    },

    /** The entry of this token, locked for the rest of the transaction. */
    async lockByToken(token: string): Promise<WaitlistEntryRow | undefined> {
      const [entry] = await db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.accessToken, token))
        .for("update");
      return entry;
    },

    /**
     * Gives up an offer's hold at once (expired now), only while it is still pending; whether it
     * was.
     */
    async expireOfferHold(holdId: string, cancelReason: string, now: Date): Promise<boolean> {
      const released = await db
        .update(reservations)
        .set({ status: "expired", cancelReason, holdExpiresAt: now })
        .where(and(eq(reservations.id, holdId), eq(reservations.status, "pending")))
        .returning({ id: reservations.id });
      return released.length > 0;
    },

    /** The entry leaves the line, if it is still in it. */
    async markLeft(id: string, now: Date): Promise<void> {
      await db
        .update(waitlistEntries)
        .set({ status: "left", endedAt: now })
        .where(and(eq(waitlistEntries.id, id), inArray(waitlistEntries.status, [...LIVE_STATUSES])));
    },

    async markBooked(id: string, now: Date): Promise<void> {
      await db
        .update(waitlistEntries)
        .set({ status: "booked", endedAt: now })
        .where(eq(waitlistEntries.id, id));
    },

    /** The hold of a live offer of `token` for exactly this slot, with when the offer ends. */
    async offerOf(o: {
      token: string;
      start: Date;
      end: Date;
    }): Promise<{ holdId: string | null; expires: Date | null } | undefined> {
      const [entry] = await db
        .select({ holdId: waitlistEntries.offerReservationId, expires: waitlistEntries.offerExpiresAt })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.accessToken, o.token),
            eq(waitlistEntries.status, "offered"),
            eq(waitlistEntries.startsAt, o.start),
            eq(waitlistEntries.endsAt, o.end),
          ),
        );
      return entry;
    },

    // ---------------------------------------------------------------- the offers' job

    /** Every live entry whose slot has started ends; the count. */
    async endStarted(now: Date): Promise<number> {
      const ended = await db
        .update(waitlistEntries)
        .set({ status: "ended", endedAt: now })
        .where(and(inArray(waitlistEntries.status, [...LIVE_STATUSES]), lte(waitlistEntries.startsAt, now)))
        .returning({ id: waitlistEntries.id });
      return ended.length;
    },

    /** The offers not used in time, locked (skipping those another run holds). */
    lockMissedOffers(now: Date): Promise<Array<{ id: string; holdId: string | null }>> {
      return db
        .select({ id: waitlistEntries.id, holdId: waitlistEntries.offerReservationId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)))
        .for("update", { skipLocked: true });
    },

    async markMissed(ids: string[], now: Date): Promise<void> {
      await db
        .update(waitlistEntries)
        .set({ status: "missed", endedAt: now })
        .where(inArray(waitlistEntries.id, ids));
    },

    /** The slots to offer (candidatesQuery), for offers that block the changeover gap after them. */
    async candidates(now: Date, changeoverMinutes = 0): Promise<Slot[]> {
      const result = await db.execute(candidatesQuery(now, changeoverMinutes));
      return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((slot) => ({
        areaId: Number(slot.area_id),
        start: new Date(String(slot.starts_at)),
        end: new Date(String(slot.ends_at)),
      }));
    },

    /** Whether the slot has a live offer. */
    async hasOffer(slot: Slot): Promise<boolean> {
      const [live] = await db
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(sameSlot(slot), eq(waitlistEntries.status, "offered")))
        .limit(1);
      return live !== undefined;
    },

    /** The first in the slot's line but those passed over this time (not locked: see lockWaiting). */
    async firstWaiting(slot: Slot, passedOver: string[] = []): Promise<WaitlistEntryRow | undefined> {
      const [first] = await db
        .select()
        .from(waitlistEntries)
        .where(
          and(
            sameSlot(slot),
            eq(waitlistEntries.status, "waiting"),
            passedOver.length > 0 ? notInArray(waitlistEntries.id, passedOver) : undefined,
          ),
        )
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
        .limit(1);
      return first;
    },

    /** The entry, locked, if it is still waiting (skipping it when another transaction holds it). */
    async lockWaiting(id: string): Promise<WaitlistEntryRow | undefined> {
      const [entry] = await db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, "waiting")))
        .for("update", { skipLocked: true });
      return entry;
    },

    async markOffered(id: string, o: { holdId: string; now: Date; offerExpiresAt: Date }): Promise<void> {
      await db
        .update(waitlistEntries)
        .set({
          status: "offered",
          offerReservationId: o.holdId,
          offeredAt: o.now,
          offerExpiresAt: o.offerExpiresAt,
        })
        .where(eq(waitlistEntries.id, id));
    },
  };
}
