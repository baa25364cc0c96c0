import * as z from "zod/mini";
import { isoDate } from "../booking";

/**
 * Admin lists that grow with the years (gate events, e-mails, the audit log, gift cards) answer a
 * page at a time with how many there are (decision 025). The gate log, the outbox and the audit
 * log read a date window: the last RECENT_DAYS days unless the admin names the dates, so the
 * list, its count and its counts by status cost the same on ten years of history.
 */

export const LIST_PAGE_SIZE = 100;
export const RECENT_DAYS = 30;
/**
 * Varaukset's search answers a person's bookings a page at a time, newest first (issue 37): a
 * search by e-mail finds one customer's every booking, and a long-time member's grow with the
 * years. A page is what an admin looks at for a person; older ones are on the next.
 */
export const SEARCH_PAGE_SIZE = 25;

/** `?page=`: 1-based. */
export const pageNumber = z.optional(
  z.coerce
    .number({ message: "Sivunumero on virheellinen." })
    .check(
      z.int("Sivunumero on virheellinen."),
      z.minimum(1, "Sivunumero on virheellinen."),
      z.maximum(100_000),
    ),
);

/** A page's place in its list: how many match, this page (from 1), the page size. */
export const pagedFields = { total: z.int(), page: z.int(), pageSize: z.int() };

/** The Helsinki dates the answer covers (both inclusive), given or the default window. */
export const windowFields = { from: isoDate, to: isoDate };
