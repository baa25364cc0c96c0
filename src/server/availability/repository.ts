import { createHash } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { type DbOrTx, isLiveStatus, periodOverlaps } from "../db/index.js";
import { areas, blocks, openingExceptions, reservations } from "../schema/index.js";

/**
 * The availability's queries (decision 037): what the booking rules read of the calendar (the
 * primary area, opening exceptions, blocks, the live bookings and holds), the admin's blocks, and
 * the advisory locks every booking of an area takes turns through. Takes the database or the
 * caller's transaction; the service decides where the transaction begins.
 */

export type Area = { id: number; name: string };
export type BlockRow = typeof blocks.$inferSelect;
export type NewBlock = typeof blocks.$inferInsert;
type ReservationWithArea = typeof reservations.$inferSelect & { areaName: string };

/*
 * Bookings of an area take turns through transaction-scoped advisory locks (two-int keys), so a
 * booking is checked and held with no competing booking in between. Without them, simultaneous
 * inserts can wait on each other inside the exclusion constraint until PostgreSQL's deadlock
 * detector breaks the cycle, a second each; the constraint stays as the last guard.
 * - The area as a whole (LOCK_AREA, area id): held exclusively by whatever books or blocks with
 *   the database's full view (admin bookings, blocks, member bookings), shared by checkouts.
 * - The hours of the area a checkout's slot and changeover gap touch (LOCK_HOURS + area id, hour
 *   since the epoch): two checkouts wait on each other only when one could take the other's time.
 * - A hold owner's e-mail address and IP address, so the limits on unpaid holds stay exact: a
 *   checkout's with its area's, a move's or a waitlist offer's (lockHoldOwner) right after its
 *   area's exclusive lock, before it writes anything (reservations/hold.ts).
 * Everyone takes the area lock first and the rest in one sorted order: no cycle, no deadlock.
 */
const LOCK_AREA = 1;
const LOCK_EMAIL = 2;
const LOCK_IP = 3;
const LOCK_HOURS = 1_000_000;
const HOUR_MS = 3_600_000;

/** A string's advisory-lock key: 32 bits of its SHA-1 (a collision only makes two wait). */
const keyOf = (text: string) => createHash("sha1").update(text).digest().readInt32BE(0);

export function availabilityRepository(db: DbOrTx) {
  return {
    /** The first active area in the admin's order (the one the public booking flow books). */
    async primaryArea(): Promise<Area | undefined> {
      const [area] = await db
        .select({ id: areas.id, name: areas.name })
        .from(areas)
        .where(eq(areas.active, true))
        .orderBy(asc(areas.sortOrder), asc(areas.id))
        .limit(1);
      return area;
    },

    /**
     * The area's pending and confirmed bookings whose blocked period overlaps from..to (live or
     * not: see isLive), but `except` (a booking being moved does not stand in its own way). The
     * query itself, not awaited (the query-plan test explains it).
     */
    liveReservations(options: { areaId: number; from: Date; to: Date; except?: string }) {
      return db
        .select({
          id: reservations.id,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          status: reservations.status,
          holdExpiresAt: reservations.holdExpiresAt,
          blockedFrom: reservations.blockedFrom,
          blockedUntil: reservations.blockedUntil,
        })
        .from(reservations)
        .where(
          and(
            eq(reservations.areaId, options.areaId),
            isLiveStatus(reservations.status),
            // The blocked period: what the exclusion constraint (and its index) compares.
            periodOverlaps(reservations.blockedFrom, reservations.blockedUntil, options.from, options.to),
            options.except === undefined ? undefined : ne(reservations.id, options.except),
          ),
        );
    },

    /** The opening exceptions of Helsinki dates from..to (inclusive). */
    exceptionsBetween(fromDate: string, toDate: string) {
      return db
        .select()
        .from(openingExceptions)
        .where(and(gte(openingExceptions.date, fromDate), lte(openingExceptions.date, toDate)));
    },

    /** The blocks of the area (or of every area) that overlap from..to. */
    blocksOverlapping(areaId: number, from: Date, to: Date) {
      return db
        .select({ startsAt: blocks.startsAt, endsAt: blocks.endsAt })
        .from(blocks)
        .where(
          and(
            or(isNull(blocks.areaId), eq(blocks.areaId, areaId)),
            lt(blocks.startsAt, to),
            gt(blocks.endsAt, from),
          ),
        );
    },

    /** Makes every booking of one area wait until the transaction ends (see above). */
    async lockArea(areaId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_AREA}::int, ${areaId}::int)`);
    },

    /**
     * A checkout's locks (see above), in one statement and key order: the area shared, then the
     * e-mail address, the IP address and the hours that busyStart..busyEnd touches.
     */
    async lockCheckout(o: {
      areaId: number;
      busyStart: Date;
      busyEnd: Date;
      email: string;
      ip: string | null;
    }): Promise<void> {
      const keys: Array<[number, number]> = [
        [LOCK_AREA, o.areaId],
        [LOCK_EMAIL, keyOf(o.email.trim().toLowerCase())],
      ];
      if (o.ip) keys.push([LOCK_IP, keyOf(o.ip)]);
      const lastHour = Math.ceil(o.busyEnd.getTime() / HOUR_MS);
      for (let hour = Math.floor(o.busyStart.getTime() / HOUR_MS); hour < lastHour; hour++)
        keys.push([LOCK_HOURS + o.areaId, hour]);
      keys.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      const column = (i: 0 | 1) =>
        sql.join(
          keys.map((k) => sql`${k[i]}`),
          sql`, `,
        );
      // OFFSET 0 keeps the ordered subquery apart, so the locks are taken in its order.
      await db.execute(sql`
        SELECT CASE WHEN k.a = ${LOCK_AREA} THEN pg_advisory_xact_lock_shared(k.a, k.b)
          ELSE pg_advisory_xact_lock(k.a, k.b) END
        FROM (SELECT a, b FROM unnest(ARRAY[${column(0)}]::int[], ARRAY[${column(1)}]::int[])
          WITH ORDINALITY AS u(a, b, n) ORDER BY n OFFSET 0) k
      `);
    },

    /**
     * The locks of a hold's owner, its e-mail address and IP address (the same keys a checkout takes
     * with its area's): taken after the area's lock, and before the transaction writes anything, so
     * a move or a waitlist offer counts the owner's holds as exactly as a checkout does.
     */
    async lockHoldOwner(o: { email: string; ip: string | null }): Promise<void> {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(${LOCK_EMAIL}::int, ${keyOf(o.email.trim().toLowerCase())}::int)`,
      );
      if (o.ip) await db.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IP}::int, ${keyOf(o.ip)}::int)`);
    },

    // ---------------------------------------------------------------- the admin's blocks

    /** Every area's id, in id order (the order every path locks areas in). */
    async areaIds(): Promise<number[]> {
      return (await db.select({ id: areas.id }).from(areas).orderBy(asc(areas.id))).map((a) => a.id);
    },

    async areaExists(id: number): Promise<boolean> {
      return (await db.select().from(areas).where(eq(areas.id, id))).length > 0;
    },

    async areaName(id: number): Promise<string | undefined> {
      const [area] = await db.select({ name: areas.name }).from(areas).where(eq(areas.id, id));
      return area?.name;
    },

    /** The live bookings of these areas whose times overlap start..end, with their area's name. */
    async liveBookingsOverlapping(areaIds: number[], start: Date, end: Date): Promise<ReservationWithArea[]> {
      const rows = await db
        .select({ reservation: reservations, areaName: areas.name })
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(
          and(
            inArray(reservations.areaId, areaIds),
            isLiveStatus(reservations.status),
            periodOverlaps(reservations.startsAt, reservations.endsAt, start, end),
          ),
        );
      return rows.map((r) => ({ ...r.reservation, areaName: r.areaName }));
    },

    async insertBlock(values: NewBlock): Promise<BlockRow> {
      const [block] = await db.insert(blocks).values(values).returning();
      return block!;
    },

    /** Deletes the block; the row it was, or undefined when there was none. */
    async deleteBlock(id: number): Promise<BlockRow | undefined> {
      const [row] = await db.delete(blocks).where(eq(blocks.id, id)).returning();
      return row;
    },
  };
}
