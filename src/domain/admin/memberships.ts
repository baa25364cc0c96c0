import * as z from "zod/mini";
import { isoDate, isoDateTime } from "../booking";
import { standingSlotSchema } from "../standingSlot";
import {
  invoiceSchema,
  memberReservationSchema,
  membershipPauseSchema,
  pendingTierChangeSchema,
  subscriptionSchema,
  subscriptionStatusSchema,
} from "../membership";

/**
 * Jäsenyydet (v2/jasenydet, decision 022): the memberships with filters, a member's page, and what an
 * admin does on a member's behalf. The member's own payloads (snake_case, spec §3) are reused and
 * extended with what only the admin sees.
 */

export const MEMBERSHIP_PAGE_SIZE = 50;

export const membershipListQuerySchema = z.object({
  tier: z.optional(
    z.coerce
      .number({ message: "Tuntematon taso." })
      .check(z.int("Tuntematon taso."), z.minimum(1), z.maximum(99)),
  ),
  /** Without a status every membership but expired signups (which never started) is listed. */
  status: z.optional(subscriptionStatusSchema),
  /** "true": only memberships with an open invoice past its due date. */
  overdue: z.optional(z.enum(["true", "false"], { message: "Valitse kyllä tai ei." })),
  /** Contained in the member's name or e-mail, case-insensitive. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, "Haku on liian pitkä."))),
  page: z._default(
    z.coerce
      .number({ message: "Sivunumero on virheellinen." })
      .check(z.int(), z.minimum(1), z.maximum(10_000)),
    1,
  ),
});
export type MembershipListQuery = z.input<typeof membershipListQuerySchema>;

const moneySum = z.object({ count: z.int(), cents: z.int() });

export const membershipRowSchema = z.object({
  id: z.uuid(),
  customer_id: z.nullable(z.string()),
  /** Null once the customer deleted their account (only memberships that have ended). */
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  tier_level: z.int(),
  tier_name: z.string(),
  status: subscriptionStatusSchema,
  commitment: z.enum(["none", "12m"]),
  monthly_price_cents: z.int(),
  start_date: isoDate,
  commitment_end_date: z.nullable(isoDate),
  access_ends_on: z.nullable(isoDate),
  open_invoices: moneySum,
  overdue_invoices: moneySum,
  /** This period's booked hours and quota, while the membership gives access. */
  usage: z.nullable(z.object({ hours_used: z.number(), hours_quota: z.int() })),
  pending_tier_change: z.nullable(pendingTierChangeSchema),
  /** The member's pause in effect or coming (decision 058); null when none is. */
  pause: z.nullable(membershipPauseSchema),
});
export type MembershipRow = z.infer<typeof membershipRowSchema>;

export const membershipListSchema = z.object({
  memberships: z.array(membershipRowSchema),
  /** Rows matching the filters, of which this page shows at most MEMBERSHIP_PAGE_SIZE. */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** Over every membership, whatever the filters: how many per status, and with an overdue invoice. */
  counts: z.object({
    byStatus: z.array(z.object({ status: subscriptionStatusSchema, count: z.int() })),
    overdue: z.int(),
    overdueCents: z.int(),
  }),
  /** The tiers that exist (any version), for the filter. */
  tiers: z.array(z.object({ level: z.int(), name: z.string() })),
});
export type MembershipList = z.infer<typeof membershipListSchema>;

export const adminSubscriptionSchema = z.object({
  ...subscriptionSchema.shape,
  created_at: isoDateTime,
  activated_at: z.nullable(isoDateTime),
  /** Where the next period begins (a tier change takes effect there); null once none will. */
  next_period_start: z.nullable(isoDate),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const adminInvoiceSchema = z.object({
  ...invoiceSchema.shape,
  subscription_id: z.uuid(),
  email: z.string(),
  voided_at: z.nullable(isoDateTime),
  /** Set when an admin credited the paid invoice (it is then void, the money returned). */
  credited_at: z.nullable(isoDateTime),
  credited_cents: z.nullable(z.int()),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const periodUsageSchema = z.object({
  subscription_id: z.uuid(),
  start: isoDate,
  /** The period's last day (inclusive). */
  end: isoDate,
  hours_used: z.number(),
  hours_quota: z.int(),
  /** Unused hours of the period before, usable in this one too (decision 055). */
  hours_carried: z.number(),
  percent: z.int(),
  current: z.boolean(),
});
export type PeriodUsage = z.infer<typeof periodUsageSchema>;

export const memberPageSchema = z.object({
  customer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    created_at: isoDateTime,
    last_login_at: z.nullable(isoDateTime),
  }),
  /** Newest first; expired signups included (they say the member tried). */
  subscriptions: z.array(adminSubscriptionSchema),
  /** Every invoice of the member, newest first. */
  invoices: z.array(adminInvoiceSchema),
  /** Each membership's periods, the latest 12 to the next one, newest first. */
  usage: z.array(periodUsageSchema),
  reservations: z.array(memberReservationSchema),
  /** The member's standing weekly slots, newest first (decision 056). */
  standing: z.array(standingSlotSchema),
  /** The tiers offered from the next period on, for the tier change. */
  tiers: z.array(
    z.object({
      level: z.int(),
      name: z.string(),
      hours_quota: z.int(),
      monthly_price_cents: z.int(),
    }),
  ),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

export const tierChangeSchema = z.object({
  tierLevel: z
    .number({ message: "Valitse uusi taso." })
    .check(z.int("Valitse uusi taso."), z.minimum(1, "Valitse uusi taso.")),
});
