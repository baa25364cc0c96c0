import * as z from "zod/mini";
import { daysInclusive } from "../helsinkiClock";
import { isoDateTime, requestDate } from "../booking";
import { MONEY_METHODS, paymentMethodNames, type MoneyMethod } from "../paymentMethods";

/**
 * v2/talous: money in and out for a period, by day or month, by product and payment method, the
 * ALV breakdown per rate, and the open and overdue invoices (decision 020). Shared by the API's
 * schemas and the SPA. Money is integer cents, VAT included unless named net.
 */

/** A year of days at most: enough for an accountant's year, small enough for one page. */
export const FINANCE_MAX_DAYS = 366;

export const financeQuerySchema = z
  .object({
    from: requestDate,
    to: requestDate,
    groupBy: z._default(
      z.enum(["day", "month"], { message: "Valitse ryhmittely päivittäin tai kuukausittain." }),
      "day",
    ),
  })
  .check(
    z.refine((q) => q.from <= q.to, { message: "Alkupäivä on loppupäivän jälkeen.", path: ["to"] }),
    z.refine((q) => daysInclusive(q.from, q.to) <= FINANCE_MAX_DAYS, {
      message: `Jakso voi olla enintään ${FINANCE_MAX_DAYS} päivää.`,
      path: ["to"],
    }),
  );
export type FinanceQuery = z.infer<typeof financeQuerySchema>;

export const financeProducts = ["single", "membership"] as const;
export type FinanceProduct = (typeof financeProducts)[number];
/** How money came in: the provider's methods, and the gift card's share of a sale. */
export const financeMethods = MONEY_METHODS;
export type FinanceMethod = MoneyMethod;

export const productTitles: Record<FinanceProduct, string> = {
  single: "Kertavaraukset",
  membership: "Jäsenyydet",
};
export const methodTitles = paymentMethodNames;

const cents = z.int();
/** Sales (money in) less refunds (money back) of one group. */
const flowSchema = z.object({ salesCents: cents, refundsCents: cents, netCents: cents });
export type FinanceFlow = z.infer<typeof flowSchema>;

export const financeReportSchema = z.object({
  from: requestDate,
  to: requestDate,
  groupBy: z.enum(["day", "month"]),
  /** One row per day (YYYY-MM-DD) or month (YYYY-MM) of the period, empty ones included. */
  series: z.array(
    z.object({
      ...flowSchema.shape,
      period: z.string(),
      singleCents: cents,
      membershipCents: cents,
    }),
  ),
  products: z.array(z.object({ ...flowSchema.shape, product: z.enum(financeProducts) })),
  methods: z.array(z.object({ ...flowSchema.shape, method: z.enum(financeMethods) })),
  /** Per VAT rate: sales less refunds, with the VAT they contain and the net (VAT-free) amount. */
  vat: z.array(
    z.object({
      rateBasisPoints: cents,
      salesCents: cents,
      refundsCents: cents,
      grossCents: cents,
      vatCents: cents,
      netCents: cents,
    }),
  ),
  totals: z.object({
    salesCents: cents,
    refundsCents: cents,
    grossCents: cents,
    vatCents: cents,
    netCents: cents,
    /** What discount codes took off the sales' list prices (already out of the sales). */
    discountsCents: cents,
  }),
  /** Vouchers: sold (issued) is a liability, not revenue; redeemed is in the sales above. */
  giftCards: z.object({ soldCents: cents, redeemedCents: cents }),
  /** The extra dogs' share of the sales, VAT included, and that VAT (decision 036; the server sends it). */
  extraDogs: z.optional(z.object({ cents: cents, vatCents: cents })),
  /** Confirmed bookings starting in the period that ended with no gate press (decision 029). */
  noShows: z.object({ bookings: cents, minutes: cents }),
  /** Invoices open on `today` (Helsinki), whatever the period. */
  invoices: z.object({
    today: requestDate,
    open: z.object({ count: cents, totalCents: cents }),
    overdue: z.object({ count: cents, totalCents: cents }),
    rows: z.array(
      z.object({
        id: z.string(),
        number: cents,
        name: z.nullable(z.string()),
        email: z.string(),
        description: z.string(),
        issuedAt: isoDateTime,
        dueDate: requestDate,
        amountCents: cents,
        overdue: z.boolean(),
      }),
    ),
  }),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;
