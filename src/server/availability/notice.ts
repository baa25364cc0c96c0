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
};

/** What the cache knows of the area it answers for; null before its first load. */
export type NoticeScope = { areaId: number; changeoverMinutes: number } | null;

/** The payload: table, and per row the area and times (s, e), an exception's date or a setting's key. */
type Notice = { t?: string; a?: number | null; s?: string; e?: string; d?: string; k?: string };

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
      return { base, dates: datesBetween(helsinkiDate(start - DAY), helsinkiDate(end + DAY)) };
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
