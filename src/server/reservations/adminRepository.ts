import { likePattern } from "../lists/index.js";
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { type DbOrTx, periodOverlaps } from "../db/index.js";
import { areas, blocks, doorEvents, openingExceptions, payments, reservations } from "../schema/index.js";
import type { ReservationRow, ReservationWithArea } from "./repository.js";
import { SEARCH_PAGE_SIZE } from "../../domain/admin/paging.js";

/**
 * The admin's Varaukset queries (decision 037): the bookings of a period or a search, and what a
 * booking's details show beside it (its payments and door events) and the calendar around it (the
 * blocks and opening exceptions of the period). Takes the database or the caller's transaction.
 */

/** Far more than a 62-day range of one park holds: a safety net, not a page size. */
const MAX_RANGE_ROWS = 5000;

/** The selection every admin reservation query starts from. */
export const reservationWithArea = (db: DbOrTx) =>
  db
    .select({ reservation: reservations, areaName: areas.name })
    .from(reservations)
    .innerJoin(areas, eq(areas.id, reservations.areaId));

export const flatten = (
  rows: Array<{ reservation: ReservationRow; areaName: string }>,
): ReservationWithArea[] => rows.map((r) => ({ ...r.reservation, areaName: r.areaName }));

/** Which rows of a search's answer, newest first (lists/paging.ts's pageOf). */
export type SearchRows = { limit: number; offset: number };

/** A search naming a mailbox (a local part and "@"): one person's bookings, however many years. */
export const namesMailbox = (q: string) => /[^@\s]@/.test(q);

/**
 * The bookings of a period (every status: the range overlap on reservations_period, db/periods.ts)
 * or of a search (name or e-mail anywhere: the trigram indexes of migration 0015), or both. A
 * search reads the rows of `rows` (default: the first SEARCH_PAGE_SIZE), newest first. A search
 * naming a mailbox is ordered by an expression no index gives, so its matches (one person's
 * bookings) are found through the trigram indexes and sorted: ordered by starts_at itself, the
 * planner walked reservations_starts_at backwards until a page matched, most of the history for one
 * member (issue 37: 19,000 rows read on five times the years, where the trigram index reads the 66
 * that match). Any other word keeps the planner's choice: a word most bookings hold ("gmail") fills
 * a page at once by that walk, where sorting its matches would read them all.
 */
export function reservationListQuery(
  db: DbOrTx,
  o: { from?: Date; to?: Date; q?: string; rows?: SearchRows },
) {
  const conditions: Array<SQL | undefined> = [
    o.from && o.to ? periodOverlaps(reservations.startsAt, reservations.endsAt, o.from, o.to) : undefined,
    o.q
      ? or(ilike(reservations.name, likePattern(o.q)), ilike(reservations.email, likePattern(o.q)))
      : undefined,
  ];
  const query = reservationWithArea(db).where(and(...conditions));
  if (!o.q) return query.orderBy(asc(reservations.startsAt)).limit(MAX_RANGE_ROWS);
  const rows = o.rows ?? { limit: SEARCH_PAGE_SIZE, offset: 0 };
  const newestFirst = namesMailbox(o.q)
    ? sql`${reservations.startsAt} + interval '0 seconds' desc`
    : desc(reservations.startsAt);
  return query.orderBy(newestFirst, desc(reservations.id)).limit(rows.limit).offset(rows.offset);
}

export function adminReservationRepository(db: DbOrTx) {
  return {
    /** The bookings of a period, or of a search, or both (reservationListQuery). */
    async list(o: { from?: Date; to?: Date; q?: string; rows?: SearchRows }): Promise<ReservationWithArea[]> {
      return flatten(await reservationListQuery(db, o));
    },

    /** The booking with its area's name. */
    async byIdWithArea(id: string): Promise<ReservationWithArea[]> {
      return flatten(await reservationWithArea(db).where(eq(reservations.id, id)));
    },

    /** The payments' statuses of these reservations, newest first. */
    paymentStatuses(reservationIds: string[]) {
      return db
        .select({ reservationId: payments.reservationId, status: payments.status })
        .from(payments)
        .where(inArray(payments.reservationId, reservationIds))
        .orderBy(desc(payments.createdAt));
    },

    /** The blocks that overlap [from, to), with their area's name (none for every area). */
    blocksOverlapping(from: Date, to: Date) {
      return db
        .select({ block: blocks, areaName: areas.name })
        .from(blocks)
        .leftJoin(areas, eq(areas.id, blocks.areaId))
        .where(and(lt(blocks.startsAt, to), gt(blocks.endsAt, from)))
        .orderBy(asc(blocks.startsAt));
    },

    /** The opening exceptions of the dates from..to (inclusive). */
    openingExceptionsBetween(from: string, to: string) {
      return db
        .select()
        .from(openingExceptions)
        .where(and(gte(openingExceptions.date, from), lte(openingExceptions.date, to)));
    },

    /** The booking's payment attempts and its dearer moves' (started on their holds), oldest first. */
    payments(reservationId: string) {
      const holds = db
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.moveOf, reservationId));
      return db
        .select()
        .from(payments)
        .where(or(eq(payments.reservationId, reservationId), inArray(payments.reservationId, holds)))
        .orderBy(asc(payments.createdAt));
    },

    /** The booking's door events, oldest first. */
    doorEvents(reservationId: string) {
      return db
        .select()
        .from(doorEvents)
        .where(eq(doorEvents.reservationId, reservationId))
        .orderBy(asc(doorEvents.createdAt));
    },

    /** When the booking is, where, whether anyone came through the gate, and its door token. */
    async attendance(id: string) {
      const [row] = await db
        .select({
          attendedAt: reservations.attendedAt,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          areaId: reservations.areaId,
          doorToken: reservations.doorToken,
        })
        .from(reservations)
        .where(eq(reservations.id, id));
      return row;
    },

    /**
     * A customer's ended confirmed bookings and no-shows among them, by e-mail (reservations_email
     * on lower(email)): attendance from the gate (issue 23, decision 029), which the press records
     * on the booking itself (attended_at), so counting reads the bookings alone.
     */
    async customerAttendance(email: string, now: Date) {
      const [row] = await db
        .select({
          endedBookings: sql<number>`count(*)`.mapWith(Number),
          noShows: sql<number>`count(*) filter (where ${reservations.attendedAt} is null)`.mapWith(Number),
        })
        .from(reservations)
        .where(
          and(
            eq(reservations.status, "confirmed"),
            lte(reservations.endsAt, now),
            sql`lower(${reservations.email}) = lower(${email})`,
          ),
        );
      return row!;
    },

    /** The area, if it exists and is in use. */
    async activeArea(id: number) {
      const [row] = await db
        .select()
        .from(areas)
        .where(and(eq(areas.id, id), eq(areas.active, true)));
      return row;
    },

    /** The area's name. */
    async areaName(id: number): Promise<string | undefined> {
      const [row] = await db.select({ name: areas.name }).from(areas).where(eq(areas.id, id));
      return row?.name;
    },
  };
}
