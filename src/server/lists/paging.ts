import { addDays, helsinkiDate, wallClock } from "../../domain/helsinkiTime.js";
import { LIST_PAGE_SIZE, RECENT_DAYS } from "../../domain/admin/paging.js";

/** The rows of page `page` (from 1) of an admin list of `size` rows a page. */
export function pageOf(page: number | undefined, size = LIST_PAGE_SIZE) {
  const n = page ?? 1;
  return { page: n, pageSize: size, limit: size, offset: (n - 1) * size };
}

/**
 * The Helsinki dates a growing log is read for: the ones asked, or the last RECENT_DAYS days up to
 * today (or up to `to`). With `from` alone the window runs to today, as asked. `start` and `end`
 * are the instants bounding it (end exclusive), compared with the log's indexed time column; with
 * no `to` there is no end (nothing is logged after now; some logs take the database's clock).
 */
export function logWindow(now: Date, asked: { from?: string; to?: string }) {
  const to = asked.to ?? helsinkiDate(now);
  const from = asked.from ?? addDays(to, -(RECENT_DAYS - 1));
  return {
    from,
    to,
    start: wallClock(from, "00:00").toJSDate(),
    end: asked.to ? wallClock(to, "24:00").toJSDate() : undefined,
  };
}

export type LogWindow = ReturnType<typeof logWindow>;
