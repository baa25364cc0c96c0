import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { type DbOrTx, periodOverlaps } from "../db/index.js";
import { reservations } from "../schema/index.js";
import type { NewReservation, ReservationRow } from "./repository.js";

/**
 * The holds' queries (decision 037): the state of a slot the checkout decides on, an owner's live
 * unpaid holds and the share of a day unpaid holds cover (the hold rules, reservations/hold.ts), the
 * one insert of a hold, and the end of holds whose time is up. Takes the database or the caller's
 * transaction.
 */

/** A visitor's live holds: how many, and (epoch ms) when the first of them ends. */
export type LiveHolds = { n: number; firstEndsMs: number | null };

export type BookingStateInput = {
  areaId: number;
  /** The new booking's blocked period (its own time with its buffers). */
  blockedFrom: Date;
  blockedUntil: Date;
  now: Date;
};

/**
 * The statement of bookingState (exported for the query-plan test). The area's bookings are
 * found by a range overlap on the exclusion constraint's index (db/periods.ts).
 */
export function bookingStateQuery(o: BookingStateInput): SQL {
  const now = o.now.toISOString();
  // Blocked period against blocked period, as the exclusion constraint compares them.
  const busy = periodOverlaps(sql`r.blocked_from`, sql`r.blocked_until`, o.blockedFrom, o.blockedUntil);
  const live = sql`r.status = 'pending' AND r.hold_expires_at > ${now}::timestamptz`;
  return sql`
    SELECT
      count(*) FILTER (WHERE r.status = 'confirmed' OR (${live}))::int AS taken,
      coalesce(string_agg(r.id::text, ',') FILTER (WHERE r.status = 'pending'
        AND r.hold_expires_at <= ${now}::timestamptz), '') AS stale
    FROM reservations r
    WHERE r.area_id = ${o.areaId} AND r.status IN ('pending', 'confirmed') AND ${busy}
  `;
}

export type HoldOwnerInput = { email: string; ip: string | null; now: Date };

/**
 * The statement of liveHoldsOf (exported for the query-plan test): an owner's live unpaid holds by
 * e-mail address and by IP address, found through the e-mail and hold-IP indexes.
 */
export function liveHoldsOfQuery(o: HoldOwnerInput): SQL {
  const now = o.now.toISOString();
  const live = sql`r.status = 'pending' AND r.hold_expires_at > ${now}::timestamptz`;
  const mine = sql`lower(r.email) = ${o.email.trim().toLowerCase()}`;
  const ours = sql`r.hold_ip = ${o.ip}::text`;
  return sql`
    SELECT
      count(*) FILTER (WHERE ${mine})::int AS by_email,
      (extract(epoch FROM min(r.hold_expires_at) FILTER (WHERE ${mine})) * 1000)::float8 AS email_ends,
      count(*) FILTER (WHERE ${ours})::int AS by_ip,
      (extract(epoch FROM min(r.hold_expires_at) FILTER (WHERE ${ours})) * 1000)::float8 AS ip_ends
    FROM reservations r
    WHERE (${live}) AND (${mine} OR ${ours})
  `;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function holdRepository(db: DbOrTx) {
  return {
    /**
     * In one statement, inside the area's lock: whether a live booking of the area overlaps the
     * slot (blocked period to blocked period), and which ended holds are in its way (for the
     * exclusion constraint).
     */
    async bookingState(o: BookingStateInput): Promise<{ taken: boolean; staleHoldIds: string[] }> {
      const result = (await db.execute(bookingStateQuery(o))) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      const row = result.rows[0] ?? {};
      return {
        taken: (num(row.taken) ?? 0) > 0,
        staleHoldIds: String(row.stale ?? "")
          .split(",")
          .filter(Boolean),
      };
    },

    /** The owner's live unpaid holds by e-mail address and by IP address (none counted without an IP). */
    async liveHoldsOf(o: HoldOwnerInput): Promise<{ byEmail: LiveHolds; byIp: LiveHolds | null }> {
      const result = (await db.execute(liveHoldsOfQuery(o))) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      const row = result.rows[0] ?? {};
      return {
        byEmail: { n: num(row.by_email) ?? 0, firstEndsMs: num(row.email_ends) },
        byIp: o.ip ? { n: num(row.by_ip) ?? 0, firstEndsMs: num(row.ip_ends) } : null,
      };
    },

    /**
     * The one insert of an unpaid hold (a pending reservation). Only reservations/hold.ts calls it,
     * after the hold rules (tests/unit/holdInserts.test.ts keeps it so).
     */
    async insertHold(values: NewReservation & { status: "pending" }): Promise<ReservationRow> {
      const [row] = await db.insert(reservations).values(values).returning();
      return row!;
    },

    /**
     * The minutes of the area's open time [opens, closes) that live unpaid holds block (by their
     * blocked periods), and (epoch ms) when the first of them ends; found by the (status, hold end)
     * index.
     */
    async liveHoldsOfDay(o: {
      areaId: number;
      opens: Date;
      closes: Date;
      now: Date;
    }): Promise<{ minutes: number; firstEndsMs: number | null }> {
      const opens = o.opens.toISOString();
      const closes = o.closes.toISOString();
      const result = (await db.execute(sql`
        SELECT coalesce(sum(extract(epoch FROM least(r.blocked_until, ${closes}::timestamptz)
            - greatest(r.blocked_from, ${opens}::timestamptz))), 0)::float8 / 60 AS minutes,
          (extract(epoch FROM min(r.hold_expires_at)) * 1000)::float8 AS first_ends
        FROM reservations r
        WHERE r.status = 'pending' AND r.hold_expires_at > ${o.now.toISOString()}::timestamptz
          AND r.area_id = ${o.areaId}
          AND r.blocked_from < ${closes}::timestamptz AND r.blocked_until > ${opens}::timestamptz
      `)) as unknown as { rows: Array<{ minutes: unknown; first_ends: unknown }> };
      const row = result.rows[0];
      return { minutes: Number(row?.minutes ?? 0), firstEndsMs: num(row?.first_ends) };
    },

    /**
     * Marks expired the pending reservations whose hold has ended (of the area, or only these
     * ones, if given), freeing their slots for the exclusion constraint; their ids.
     */
    async expireEnded(now: Date, areaId?: number, only?: string[]): Promise<string[]> {
      const expired = await db
        .update(reservations)
        .set({ status: "expired", cancelReason: "hold_expired" })
        .where(
          and(
            eq(reservations.status, "pending"),
            lte(reservations.holdExpiresAt, now),
            areaId === undefined ? undefined : eq(reservations.areaId, areaId),
            only === undefined ? undefined : inArray(reservations.id, only),
          ),
        )
        .returning({ id: reservations.id });
      return expired.map((r) => r.id);
    },
  };
}
