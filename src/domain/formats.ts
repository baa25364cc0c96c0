import * as z from "zod/mini";
import { isValidDate } from "./helsinkiClock.js";
import { ONLINE_PAYMENT_METHODS, type PaymentMethod } from "./paymentMethods.js";

/*
 * The API's shared formats (dates, times, payment methods), written with zod/mini like the other
 * payloads the SPA's shell parses (site, customer, membership): the mini API is the same parser with
 * functions in place of methods, and keeps the full zod API out of the first load of / (decision
 * 019). The server's route schemas take these as they are.
 */

export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Päivämäärä muodossa VVVV-KK-PP"));
export const isoDateTime = z.iso.datetime({
  offset: true,
  message: "Aika ISO 8601 -muodossa aikavyöhykkeen kanssa",
});
/** Years a request may name: wide enough for every real booking, narrow enough for date math. */
export const REQUEST_YEARS = { from: 2000, to: 2099 } as const;
const YEAR_MESSAGE = `Päivämäärän on oltava vuosien ${REQUEST_YEARS.from}–${REQUEST_YEARS.to} välillä`;
const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= REQUEST_YEARS.from && year <= REQUEST_YEARS.to;
};
/**
 * A date or time sent to the API: as above, within REQUEST_YEARS, and a real calendar day (a
 * 2026-02-30 would otherwise reach the database, which refuses it with a 500). The date-time
 * format already checks the day of the month.
 */
export const requestDate = isoDate.check(
  z.refine(isValidDate, {
    error: (issue) => `Virheellinen päivämäärä: ${String(issue.input).slice(0, 20)}.`,
  }),
  z.refine(yearInRange, YEAR_MESSAGE),
);
export const requestDateTime = isoDateTime.check(z.refine(yearInRange, YEAR_MESSAGE));

export const paymentMethodSchema = z.enum(ONLINE_PAYMENT_METHODS);
export type { PaymentMethod };
