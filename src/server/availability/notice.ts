import type { ExistingReservation } from "../../domain/availability.js";
import { datesBetween, helsinkiDate } from "../../domain/helsinkiTime.js";

/**
 * What a change notice (migration 0010's `availability_changed` payload) touches, decided without
 * any state (decision 016): the cache applies it. A booking or block drops the Helsinki dates of its
 * time, widened by the changeover gap, and a day each side; an exception drops its date; settings
 * that change the grid, prices, areas and anything unknown drop every day; other settings none.
 */
export type NoticeEffect = {
  /** Anything but a booking: what checkout reads from memory (settings, area, hours, prices) is stale. */
  base: boolean;
  /** The Helsinki dates whose answers change: every date, none, or these. */
  dates: "all" | "none" | string[];
  /**
   * A booking's row as the notice tells it (migration 0029): gone (the row as it was before an
   * update, or deleted) or as it now is. Absent when the notice does not carry the row (an older
   * server's trigger, a truncate) or is not a booking: then the kept bookings must be loaded again.
   */
  booking?: BookingChange;
};

/** One booking's change: drop the kept row of this id, then keep `row` (when live). */
export type BookingChange = { id: string; row: ExistingReservation | null };

/** What the cache knows of the area it answers for; null before its first load. */
export type NoticeScope = { areaId: number; changeoverMinutes: number } | null;

/** The payload: table, and per row the area and times (s, e), an exception's date or a setting's key. */
type Notice = {
  t?: string;
  a?: number | null;
  s?: string;
  e?: string;
  d?: string;
  k?: string;
  /** A booking's id, status, hold expiry, blocked period, and whether this is its old row. */
  i?: string;
  st?: string;
  x?: string;
  bf?: string;
  bu?: string;
  o?: boolean;
};

const STATUSES = new Set<string>(["pending", "confirmed", "cancelled", "expired"]);

/** The booking a reservation notice carries, or undefined when it carries none that reads. */
function bookingChange(notice: Notice): BookingChange | undefined {
  if (!notice.i) return undefined;
  if (notice.o) return { id: notice.i, row: null };
  const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text));
  const startsAt = date(notice.s);
  const endsAt = date(notice.e);
  const holdExpiresAt = date(notice.x) ?? null;
  const blockedFrom = date(notice.bf);
  const blockedUntil = date(notice.bu);
  const readable = [startsAt, endsAt, holdExpiresAt ?? undefined, blockedFrom, blockedUntil].every(
    (d) => d === undefined || Number.isFinite(d.getTime()),
  );
  if (!startsAt || !endsAt || !notice.st || !STATUSES.has(notice.st) || !readable) return undefined;
  const status = notice.st as ExistingReservation["status"];
  const live = status === "pending" || status === "confirmed";
  return {
    id: notice.i,
    row: live ? { id: notice.i, startsAt, endsAt, status, holdExpiresAt, blockedFrom, blockedUntil } : null,
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Settings that change the slot grid (others, such as the home notice, do not). */
const GRID_SETTINGS = new Set(["openingHours", "slotRules", "vat"]);

export function noticeEffect(payload: string, scope: NoticeScope): NoticeEffect {
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    notice = {};
  }
  const base = notice.t !== "reservations";
  switch (notice.t) {
    case "reservations":
    case "blocks": {
      if (!scope || !notice.s || !notice.e) return { base, dates: "all" };
      // Another area's bookings and blocks change nothing here (a block for every area has no area).
      if (notice.a != null && notice.a !== scope.areaId) return { base, dates: "none" };
      const gap = scope.changeoverMinutes * MINUTE;
      const start = Date.parse(notice.s) - gap;
      const end = Date.parse(notice.e) + gap;
      if (!Number.isFinite(start) || !Number.isFinite(end) || end - start > 400 * DAY)
        return { base, dates: "all" };
      const dates = datesBetween(helsinkiDate(start - DAY), helsinkiDate(end + DAY));
      const booking = notice.t === "reservations" ? bookingChange(notice) : undefined;
      return booking ? { base, dates, booking } : { base, dates };
    }
    case "opening_exceptions":
      return { base, dates: notice.d ? [notice.d] : "all" };
    case "settings":
      // Checkout reads every setting from the snapshot (base); only some change the grid.
      return { base, dates: notice.k && !GRID_SETTINGS.has(notice.k) ? "none" : "all" };
    default:
      return { base, dates: "all" };
  }
}
