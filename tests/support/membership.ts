import type { Invoice, Subscription, TiersResponse } from "../../src/domain/membership";

/* Membership payloads (src/domain/membership.ts contract) that view tests render with. */

export const tiersFixture = (): TiersResponse => ({
  tiers: [
    {
      tier_level: 1,
      name: "Perus",
      hours_quota: 8,
      monthly_price_cents: 3900,
      commitment_monthly_price_cents: 3510,
    },
    {
      tier_level: 2,
      name: "Plus",
      hours_quota: 16,
      monthly_price_cents: 5900,
      commitment_monthly_price_cents: 5310,
    },
    {
      tier_level: 3,
      name: "Premium",
      hours_quota: 40,
      monthly_price_cents: 8900,
      commitment_monthly_price_cents: 8010,
    },
  ],
  commitment_months: 12,
  vat_rate_basis_points: 2550,
  invoice_due_days: 14,
  suspend_after_days: 7,
});

export const SUBSCRIPTION_ID = "5b0c1a7e-5b6d-4c8e-9f1a-2b3c4d5e6f70";

/** A Plus membership that started on 2026-05-01, in its second period (June 2026). */
export const subscriptionFixture = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: SUBSCRIPTION_ID,
  tier_level: 2,
  tier_name: "Plus",
  status: "active",
  commitment: "none",
  monthly_price_cents: 5900,
  start_date: "2026-05-01",
  commitment_end_date: null,
  commitment_days_remaining: null,
  cancelled_at: null,
  access_ends_on: null,
  has_access: true,
  current_period: { start: "2026-06-01", end: "2026-06-30" },
  usage: { hours_used: 4, hours_quota: 16, percent: 25 },
  pending_tier_change: null,
  unpaid: null,
  carried: null,
  pause: null,
  pausing: { offer: { starts_on: "2026-07-01", min_weeks: 2, max_weeks: 12 }, note: null },
  ...overrides,
});

/** An invoice as the API gives it; what is due follows its amount and status unless given. */
export const invoiceFixture = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  number: 1002,
  reference_number: "10020000000012",
  description: "Jäsenyys Plus 1.6.–30.6.2026",
  period: { start: "2026-06-01", end: "2026-06-30" },
  amount_cents: 5900,
  vat_cents: 1199,
  vat_rate_basis_points: 2550,
  status: "open",
  is_overdue: false,
  issued_at: "2026-06-01T06:00:00+03:00",
  due_date: "2026-06-15",
  paid_at: null,
  bank_transfer: null,
  ...overrides,
  due_cents:
    overrides.due_cents ?? ((overrides.status ?? "open") === "open" ? (overrides.amount_cents ?? 5900) : 0),
});
