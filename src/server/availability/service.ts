import { createHash } from "node:crypto";
import { and, asc, eq, gt, gte, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { checkBooking, type BookingCheck, type BookingRules } from "../../domain/availability.js";
import type { Buffers } from "../../domain/dogRules.js";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { isLiveStatus, periodOverlaps } from "../db/periods.js";
import { areas, blocks, openingExceptions, reservations } from "../db/schema.js";
import { loadPriceRules, loadVatRates } from "../prices/service.js";
import { getSettings, type Settings } from "../settings/service.js";

/**
 * Loads what the pure availability rules (src/domain/availability.ts) need from the database.
 * The public booking flow books the primary area: the first active one in the admin's order.
 */

export type Area = { id: number; name: string };

export async function primaryArea(db: DbOrTx): Promise<Area> {
  const [area] = await db
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(eq(areas.active, true))
    .orderBy(asc(areas.sortOrder), asc(areas.id))
    .limit(1);
  if (!area) throw new Error("No active area: the seed creates one, an admin must keep one active");
  return area;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The area's pending and confirmed bookings whose blocked period overlaps from..to (live or not:
 * see isLive), but
 * `except` (a booking being moved does not stand in its own way).
 */
export function loadLiveReservations(
  db: DbOrTx,
  options: { areaId: number; from: Date; to: Date; except?: string },
) {
  return db
    .select({
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
}

/**
 * Everything that can affect bookings between two instants (with a day's margin each side),
 * including the price rules and VAT rates in force on any Helsinki date of that range: the
 * domain picks, for each slot, the versions in force on its own date.
 */
export async function loadBookingRules(
  db: DbOrTx,
  options: { areaId: number; from: Date; to: Date; now: Date; settings?: Settings; except?: string },
): Promise<BookingRules> {
  const rangeStart = new Date(options.from.getTime() - DAY_MS);
  const rangeEnd = new Date(options.to.getTime() + DAY_MS);
  const settings = options.settings ?? (await getSettings(db));
  // One query after another: on a transaction they share one connection, which takes one at a time.
  const exceptionRows = await db
    .select()
    .from(openingExceptions)
    .where(
      and(
        gte(openingExceptions.date, helsinkiDate(rangeStart)),
        lte(openingExceptions.date, helsinkiDate(rangeEnd)),
      ),
    );
  const blockRows = await db
    .select({ startsAt: blocks.startsAt, endsAt: blocks.endsAt })
    .from(blocks)
    .where(
      and(
        or(isNull(blocks.areaId), eq(blocks.areaId, options.areaId)),
        lt(blocks.startsAt, rangeEnd),
        gt(blocks.endsAt, rangeStart),
      ),
    );
  const reservationRows = await loadLiveReservations(db, {
    areaId: options.areaId,
    from: rangeStart,
    to: rangeEnd,
    except: options.except,
  });
  const firstDate = helsinkiDate(rangeStart);
  const lastDate = helsinkiDate(rangeEnd);
  const ruleRows = await loadPriceRules(db, firstDate, lastDate);
  const vatRows = await loadVatRates(db, firstDate, lastDate);
  return {
    weeklyHours: settings.openingHours.weekly,
    exceptions: exceptionRows,
    slotRules: settings.slotRules,
    blocks: blockRows,
    reservations: reservationRows,
    priceRules: ruleRows,
    vatRates: vatRows,
    now: options.now,
  };
}

/*
 * Bookings of an area take turns through transaction-scoped advisory locks (two-int keys), so a
 * booking is checked and held with no competing booking in between. Without them, simultaneous
 * inserts can wait on each other inside the exclusion constraint until PostgreSQL's deadlock
 * detector breaks the cycle, a second each; the constraint stays as the last guard.
 * - The area as a whole (LOCK_AREA, area id): held exclusively by whatever books or blocks with
 *   the database's full view (admin bookings, blocks, member bookings), shared by checkouts.
 * - The hours of the area a checkout's slot and changeover gap touch (LOCK_HOURS + area id, hour
 *   since the epoch): two checkouts wait on each other only when one could take the other's time.
 * - A checkout's e-mail address and IP address, so the limits on unpaid holds stay exact.
 * Everyone takes the area lock first and the rest in one sorted order: no cycle, no deadlock.
 */
const LOCK_AREA = 1;
const LOCK_EMAIL = 2;
const LOCK_IP = 3;
const LOCK_HOURS = 1_000_000;
const HOUR_MS = 3_600_000;

/** Makes every booking of one area wait until the transaction ends (see above). */
export async function lockAreaBookings(tx: Tx, areaId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_AREA}::int, ${areaId}::int)`);
}

/** A string's advisory-lock key: 32 bits of its SHA-1 (a collision only makes two wait). */
const keyOf = (text: string) => createHash("sha1").update(text).digest().readInt32BE(0);

/**
 * A checkout's locks (see above), in one statement and key order: the area shared, then the
 * e-mail address, the IP address and the hours that busyStart..busyEnd touches.
 */
export async function lockCheckout(
  tx: Tx,
  o: { areaId: number; busyStart: Date; busyEnd: Date; email: string; ip: string | null },
): Promise<void> {
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
  await tx.execute(sql`
    SELECT CASE WHEN k.a = ${LOCK_AREA} THEN pg_advisory_xact_lock_shared(k.a, k.b)
      ELSE pg_advisory_xact_lock(k.a, k.b) END
    FROM (SELECT a, b FROM unnest(ARRAY[${column(0)}]::int[], ARRAY[${column(1)}]::int[])
      WITH ORDINALITY AS u(a, b, n) ORDER BY n OFFSET 0) k
  `);
}

/**
 * Checks one slot of an area against everything in the database (optionally inside a transaction);
 * `except` leaves one booking out (the one being moved).
 */
export async function checkSlot(
  db: DbOrTx,
  options: {
    areaId: number;
    start: Date;
    end: Date;
    now: Date;
    settings?: Settings;
    ignoreWindow?: boolean;
    except?: string;
    /** What the new booking blocks around itself (domain/dogRules.ts); default the changeover gap. */
    buffers?: Buffers;
  },
): Promise<BookingCheck> {
  const rules = await loadBookingRules(db, { ...options, from: options.start, to: options.end });
  return checkBooking(rules, options.start, options.end, {
    ignoreWindow: options.ignoreWindow,
    buffers: options.buffers,
  });
}
