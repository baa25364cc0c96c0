import * as z from "zod/mini";
import { isoDate, isoDateTime, paymentMethodSchema, requestDateTime } from "./formats.js";

/**
 * Membership (issue 7): the API's payloads (spec §3, §7) and the pure billing rules (spec §4,
 * product.md "Membership") that the server's jobs and the SPA's views share. Dates are Helsinki
 * calendar dates, YYYY-MM-DD; money is integer cents, VAT included.
 */

/* ---------- Payloads ---------- */

export const commitmentSchema = z.enum(["none", "12m"]);
export type Commitment = z.infer<typeof commitmentSchema>;

/** pending: signed up, first invoice unpaid; expired: a signup whose payment never came. */
export const subscriptionStatusSchema = z.enum(["pending", "active", "cancelled", "expired"]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

// GET /api/v2/subscriptions/tiers (public): what /jasenyys sells.
export const tierSchema = z.object({
  tier_level: z.int(),
  name: z.string(),
  hours_quota: z.int(),
  monthly_price_cents: z.int(),
  /** The monthly price with a 12-month commitment (10 % less). */
  commitment_monthly_price_cents: z.int(),
});
export type Tier = z.infer<typeof tierSchema>;
export const tiersResponseSchema = z.object({
  tiers: z.array(tierSchema),
  commitment_months: z.int(),
  vat_rate_basis_points: z.int(),
  invoice_due_days: z.int(),
  /** Days after an unpaid invoice's due date that the membership is suspended (`suspendsFrom`). */
  suspend_after_days: z.int(),
});
export type TiersResponse = z.infer<typeof tiersResponseSchema>;

export const usageSchema = z.object({
  /** Hours of non-cancelled subscriber bookings starting in the current period (may be x.5). */
  hours_used: z.number(),
  hours_quota: z.int(),
  /** round(hours_used / hours_quota × 100), 0 when the quota is 0 (spec §4). */
  percent: z.int(),
});
export type Usage = z.infer<typeof usageSchema>;

/** A period of billing: its first and last calendar day (both inclusive). */
export const periodSchema = z.object({ start: isoDate, end: isoDate });

// GET /api/v2/subscriptions/me → { subscription }; 404 { message } when the customer has none.
/** A tier change an admin scheduled from the membership's next period (decision 022). */
export const pendingTierChangeSchema = z.object({
  tier_level: z.int(),
  /** The tier's name, or null if it is no longer offered on that day (the change then lapses). */
  tier_name: z.nullable(z.string()),
  hours_quota: z.nullable(z.int()),
  /** The first day of the period from which it is billed and its quota applies. */
  from: isoDate,
});
export type PendingTierChange = z.infer<typeof pendingTierChangeSchema>;

/**
 * The member's oldest unpaid invoice past its due date (issue 35): from `suspended_from`
 * (`suspendsFrom`) the membership is suspended until it is paid — no member bookings, and member
 * bookings' gate links do not open.
 */
export const unpaidStandingSchema = z.object({
  invoice_id: z.uuid(),
  invoice_number: z.int(),
  due_date: isoDate,
  suspended_from: isoDate,
  suspended: z.boolean(),
});
export type UnpaidStanding = z.infer<typeof unpaidStandingSchema>;

/** A member's pause (decision 058): its days, inclusive, and whether it is on today. */
export const membershipPauseSchema = z.object({
  starts_on: isoDate,
  last_day: isoDate,
  weeks: z.int(),
  current: z.boolean(),
});
export type MembershipPauseView = z.infer<typeof membershipPauseSchema>;

/**
 * Whether the member may ask for a pause now (from the next period's first day, `min_weeks` to
 * `max_weeks` weeks), or why not in the server's words (`note`; null when there is nothing to say).
 */
export const membershipPausingSchema = z.object({
  offer: z.nullable(z.object({ starts_on: isoDate, min_weeks: z.int(), max_weeks: z.int() })),
  note: z.nullable(z.string()),
});
export type MembershipPausing = z.infer<typeof membershipPausingSchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  tier_level: z.int(),
  tier_name: z.string(),
  status: subscriptionStatusSchema,
  commitment: commitmentSchema,
  monthly_price_cents: z.int(),
  start_date: isoDate,
  /** Start + 12 months with a commitment: the first day no longer bound by it. Null without one. */
  commitment_end_date: z.nullable(isoDate),
  /** Days until commitment_end_date, rounded up; 0 once it has passed; null without a commitment. */
  commitment_days_remaining: z.nullable(z.int()),
  cancelled_at: z.nullable(isoDateTime),
  /** The last day of access once cancelled (inclusive); null while the membership renews. */
  access_ends_on: z.nullable(isoDate),
  /** Whether the member may book with the quota now (active, or cancelled with access left). */
  has_access: z.boolean(),
  current_period: z.nullable(periodSchema),
  usage: usageSchema,
  /** A tier change waiting for the next period; null when none is. */
  pending_tier_change: z.nullable(pendingTierChangeSchema),
  /** An overdue invoice and the suspension it brings (or has brought); null when none is overdue. */
  unpaid: z.nullable(unpaidStandingSchema),
  /**
   * The previous period's unused hours carried into the current one (decision 055), usable until
   * its last day `until`, after this period's own; null when none are.
   */
  carried: z.nullable(z.object({ hours: z.number(), until: isoDate })),
  /** The pause in effect or still to come (decision 058); null when none is. */
  pause: z.nullable(membershipPauseSchema),
  /** Whether a pause may be asked for now. */
  pausing: membershipPausingSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

// GET /api/v2/subscriptions/me/tier-change?tier_level=N and POST /api/v2/subscriptions/me/tier-change
/** The member's own tier change (issue 35, decision 057): up at once, down from the next period. */
export const tierChangeRequestSchema = z.object({
  tier_level: z.int().check(z.minimum(1, "Valitse uusi taso.")),
});
export const tierChangeQuoteSchema = z.object({
  tier_level: z.int(),
  tier_name: z.string(),
  hours_quota: z.int(),
  direction: z.enum(["up", "down"]),
  /** The day it takes effect: today for a higher tier, the next period's first day for a lower one. */
  from: isoDate,
  /** The monthly price from the next period on (the commitment's discount off with one). */
  monthly_price_cents: z.int(),
  /** Up: the price difference for the rest of the current period, billed on the next invoice; else 0. */
  difference_cents: z.int(),
  /** Up: the days of the current period the difference covers (today included); else 0. */
  difference_days: z.int(),
  /** What the change does, in one sentence the confirmation shows beside the figures above. */
  summary: z.string(),
});
export type TierChangeQuote = z.infer<typeof tierChangeQuoteSchema>;
export const tierChangeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  subscription: subscriptionSchema,
});
export type TierChangeResponse = z.infer<typeof tierChangeResponseSchema>;

// GET /api/v2/subscriptions/me/pause?weeks=N and POST /api/v2/subscriptions/me/pause
/** The member's pause (issue 35, decision 058): weeks from the next period, once in 12 months. */
export const pauseRequestSchema = z.object({
  weeks: z.int().check(z.minimum(1, "Valitse tauon pituus.")),
});
export const pauseQuoteSchema = z.object({
  weeks: z.int(),
  starts_on: isoDate,
  last_day: isoDate,
  /** The first day of the first period after the pause (its invoice is made then). */
  resumes_on: isoDate,
  /** With a commitment: its last day once the pause moves it; else null. */
  commitment_last_day: z.nullable(isoDate),
  /** The member's bookings inside the pause, cancelled by it (a standing slot's weeks among them). */
  cancelled_bookings: z.array(z.object({ start: isoDateTime, end: isoDateTime, standing: z.boolean() })),
  /** What the pause does, in one sentence the confirmation shows above the details. */
  summary: z.string(),
});
export type PauseQuote = z.infer<typeof pauseQuoteSchema>;
export const pauseResponseSchema = tierChangeResponseSchema;
export type PauseResponse = TierChangeResponse;

// POST /api/v2/subscriptions/signup
export const signupRequestSchema = z.object({
  tier_level: z.int(),
  commitment: commitmentSchema,
  paymentMethod: paymentMethodSchema,
  gift_card_code: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** Spec §3's payment response: where the browser goes to pay. */
export const paymentResponseSchema = z.object({
  success: z.boolean(),
  redirectUrl: z.string(),
  message: z.string(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

// POST /api/v2/subscriptions/me/cancel
export const cancelSubscriptionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  cancelled_at: isoDateTime,
  subscription: subscriptionSchema,
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

export const NO_ACTIVE_SUBSCRIPTION = "No active subscription";

// GET /api/v2/invoices/me → { invoices }, newest first
export const invoiceStatusSchema = z.enum(["open", "paid", "void"]);
export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.int(),
  reference_number: z.string(),
  description: z.string(),
  period: periodSchema,
  amount_cents: z.int(),
  /** What is still to pay, by the invoice's ledger: the amount less a part payment; 0 unless open. */
  due_cents: z.int(),
  vat_cents: z.int(),
  vat_rate_basis_points: z.int(),
  status: invoiceStatusSchema,
  /** Open and past its due date (Helsinki calendar). */
  is_overdue: z.boolean(),
  issued_at: isoDateTime,
  due_date: isoDate,
  paid_at: z.nullable(isoDateTime),
  /** How to pay it by bank transfer (issue 36); null once nothing is owed. */
  bank_transfer: z.nullable(
    z.object({
      recipient: z.string(),
      iban: z.string(),
      bic: z.string(),
      reference_rf: z.string(),
      amount_cents: z.int(),
      virtual_barcode: z.string(),
    }),
  ),
});
export type Invoice = z.infer<typeof invoiceSchema>;
/**
 * The member's invoices, newest first: the newest 24 and every open one; `more` when older ones
 * were left out (they are in the own-data export, issue 37).
 */
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema), more: z.boolean() });
export type InvoiceList = z.infer<typeof invoicesResponseSchema>;

// POST /api/v2/invoices/{id}/pay
export const payInvoiceRequestSchema = z.object({
  paymentMethod: paymentMethodSchema,
  gift_card_code: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
});

// POST /api/v2/reservations/subscriber
export const subscriberReservationRequestSchema = z.object({
  start: requestDateTime,
  end: requestDateTime,
  dogs: z.int().check(z.minimum(1, "Koiria on oltava vähintään yksi"), z.maximum(20)),
  /** The dogs' options (decision 036), false unless given. */
  reactiveDog: z._default(z.boolean(), false),
  inHeat: z._default(z.boolean(), false),
});

/** A booking on the member's own list: subscriber bookings and single bookings with their e-mail. */
export const memberReservationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["subscriber", "single"]),
  areaName: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  status: z.enum(["pending", "confirmed", "cancelled", "expired"]),
  dogs: z.int(),
  /** Quota hours a subscriber booking uses (0 for single bookings). */
  hours: z.number(),
  priceCents: z.int(),
  /** The gate link of a confirmed booking. */
  doorUrl: z.nullable(z.string()),
  /** The booking's own page (single bookings: /oma-varaus by its access token). */
  accessToken: z.string(),
  cancellable: z.boolean(),
  cancellableUntil: isoDateTime,
  /** Whether it may be moved to another time (confirmed, until the same deadline; the server sends it). */
  movable: z.optional(z.boolean()),
  /** Confirmed, ended, and the gate was never opened for it (decision 029). */
  noShow: z.boolean(),
});
export type MemberReservation = z.infer<typeof memberReservationSchema>;

/** Coming bookings soonest first (the next one is what a member looks for), past ones latest first. */
export function splitMemberReservations<
  T extends Pick<MemberReservation, "start" | "end"> & { status?: MemberReservation["status"] },
>(reservations: T[], now: string) {
  const nowMs = Date.parse(now);
  const byStart = [...reservations].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const ended = (r: T) => Date.parse(r.end) <= nowMs;
  // A booking that will not happen (cancelled, or its payment expired) is no longer "upcoming".
  const off = (r: T) => r.status === "cancelled" || r.status === "expired";
  return {
    upcoming: byStart.filter((r) => !ended(r) && !off(r)),
    cancelled: byStart.filter((r) => !ended(r) && off(r)),
    past: byStart.filter(ended).reverse(),
  };
}

/**
 * A signup whose first payment never came (cancelled or abandoned): the membership expired without
 * ever starting. Said as what it was, "Keskeytynyt liittyminen", not as an expired membership; its
 * void first invoice is left out of the member's own view.
 */
export const isAbandonedSignup = (sub: { status: SubscriptionStatus; activated_at: string | null }) =>
  sub.status === "expired" && sub.activated_at === null;
export const ABANDONED_SIGNUP = "Keskeytynyt liittyminen";

export const memberReservationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  reservation: memberReservationSchema,
});
export const memberReservationsResponseSchema = z.object({ reservations: z.array(memberReservationSchema) });

/* ---------- Billing rules ---------- */

/** Spec §4: usage percentage, hours_used / hours_quota × 100 rounded; 0 when the quota is 0. */
export function usagePercent(hoursUsed: number, hoursQuota: number): number {
  return hoursQuota > 0 ? Math.round((hoursUsed / hoursQuota) * 100) : 0;
}

/** The monthly price with a commitment: `discountPercent` less, rounded to whole cents. */
export function commitmentPrice(monthlyCents: number, discountPercent: number): number {
  return Math.round((monthlyCents * (100 - discountPercent)) / 100);
}

/**
 * A Finnish reference number (viitenumero): the base digits and a check digit computed with the
 * weights 7, 3, 1 from the right; the check digit is (10 − sum mod 10) mod 10. The base must have
 * 3-19 digits. Printed in groups of five from the right, as on Finnish invoices.
 */
export function referenceNumber(base: string | number): string {
  const digits = String(base);
  if (!/^\d{3,19}$/.test(digits)) throw new Error(`Reference base must have 3-19 digits: ${digits}`);
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * weights[i % 3]!;
  return digits + String((10 - (sum % 10)) % 10);
}

export function formatReferenceNumber(reference: string): string {
  return reference.replace(/\B(?=(\d{5})+(?!\d))/g, " ");
}

/** Whether a reference number's check digit is right. */
export function isValidReferenceNumber(reference: string): boolean {
  const digits = reference.replace(/\s/g, "");
  return /^\d{4,20}$/.test(digits) && referenceNumber(digits.slice(0, -1)) === digits;
}

// GET /api/v2/customers/me/data: everything held about the customer (privacy notice's access right).
export const customerDataSchema = z.object({
  exported_at: isoDateTime,
  customer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    createdAt: z.string(),
  }),
  subscription: z.nullable(subscriptionSchema),
  invoices: z.array(invoiceSchema),
  reservations: z.array(memberReservationSchema),
  emails: z.array(z.object({ subject: z.string(), kind: z.string(), sent_at: isoDateTime })),
  /** Every stored row about the customer, by table, as stored (the link secrets left out). */
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type CustomerData = z.infer<typeof customerDataSchema>;
// DELETE /api/v2/customers/me
export const deleteAccountResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
