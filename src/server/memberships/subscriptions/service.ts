import { helsinkiDate, toHelsinkiIso } from "../../../domain/helsinkiTime.js";
import {
  NO_ACTIVE_SUBSCRIPTION,
  commitmentPrice,
  usagePercent,
  type Subscription,
  type TiersResponse,
} from "../../../domain/membership.js";
import {
  addDays,
  daysRemaining,
  pauseDaysText,
  pauseOn,
  periodBounds,
  periodIndexOn,
  startOfHelsinkiDay,
  type MembershipPause,
} from "../../../domain/membershipPeriods.js";
import type { Customer } from "../../../domain/customer.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx, Tx } from "../../db/index.js";
import { badRequest, conflict } from "../../errors.js";
import { expireSignups } from "./signupExpiry.js";
import { formatDay } from "../../../domain/helsinkiClock.js";
import { subscriptionCancelledMail } from "./mail.js";
import { tiersOn, vatRateOn } from "../../prices/index.js";
import { getSettings, type Settings } from "../../settings/index.js";
import { subscriptionRepository, type SubscriptionRow } from "./repository.js";
import { hoursQuotaOfPeriod, pendingTierChangeOf } from "./tierChange.js";
import { unpaidStanding } from "../invoices/service.js";
import { pauseOfferOf, pauseViewOf } from "./pause.js";

/** Memberships: tiers, the member's view with usage, and cancel (issue 7); signup is signup.ts. */

export type { SubscriptionRow };

export const COMMITMENT_MONTHS = 12;

/** The tiers in force on a Helsinki date (today for /jasenyys), with the VAT rate of that date. */
export async function tiersResponseOn(db: DbOrTx, settings: Settings, date: string): Promise<TiersResponse> {
  const m = settings.membership;
  const tiers = await tiersOn(db, date);
  return {
    tiers: tiers.map((t) => ({
      tier_level: t.level,
      name: t.name,
      hours_quota: t.hoursQuota,
      monthly_price_cents: t.monthlyPriceCents,
      commitment_monthly_price_cents: commitmentPrice(t.monthlyPriceCents, m.commitmentDiscountPercent),
    })),
    commitment_months: COMMITMENT_MONTHS,
    vat_rate_basis_points: await vatRateOn(db, date),
    invoice_due_days: m.invoiceDueDays,
    suspend_after_days: m.suspendAfterDays,
  };
}

/** Whether the membership gives access on a day: active, or cancelled with days left. */
export function hasAccessOn(sub: SubscriptionRow, today: string): boolean {
  if (sub.status === "active") return true;
  return sub.status === "cancelled" && sub.endsOn !== null && today < sub.endsOn;
}

/** The customer's membership as shown: the newest one that ever started (expired signups don't). */
export async function currentSubscription(db: DbOrTx, customerId: string): Promise<SubscriptionRow | null> {
  return subscriptionRepository(db).current(customerId);
}

/** Hours of confirmed subscriber bookings of a membership starting in [from, to). */
export async function hoursBookedBetween(db: DbOrTx, subscriptionId: string, from: Date, to: Date) {
  return (await hoursBookedIn(db, [{ subscriptionId, from, to }]))[0]!;
}

/** The same for several windows (memberships or periods) in one query. */
export async function hoursBookedIn(
  db: DbOrTx,
  windows: ReadonlyArray<{ subscriptionId: string; from: Date; to: Date }>,
): Promise<number[]> {
  return subscriptionRepository(db).hoursBookedIn(windows);
}

/** What a member is told of a day inside their pause (decision 058). */
export const pausedDayMessage = (pause: MembershipPause) =>
  `Jäsenyytesi on tauolla ${pauseDaysText(pause)}, joten sille ajalle ei voi varata jäsenenä.`;

/**
 * A member booking's day must be one the membership gives hours for: from its start, before its
 * end, and not in a pause. Throws the 400 that says why not (a booking, a move, a standing week).
 */
export function refuseOutsideMembership(sub: SubscriptionRow, day: string): void {
  if (sub.endsOn !== null && day >= sub.endsOn)
    throw badRequest(
      `Jäsenyytesi päättyy ${formatDay(sub.endsOn)}, joten sen jälkeisiä aikoja ei voi varata jäsenenä.`,
    );
  if (day < sub.startDate) throw badRequest("Aika on ennen jäsenyytesi alkua.");
  const pause = pauseOn(sub, day);
  if (pause) throw badRequest(pausedDayMessage(pause));
}

/** The period containing `day`, as instants [start, end) and calendar days. */
export function periodContaining(sub: SubscriptionRow, day: string) {
  const index = Math.max(0, periodIndexOn(sub, day));
  const { start, endExclusive } = periodBounds(sub, index);
  return {
    index,
    start,
    endExclusive,
    from: startOfHelsinkiDay(start),
    to: startOfHelsinkiDay(endExclusive),
  };
}

/**
 * The previous period's unused hours carried into a period (decision 055), as a phone plan's
 * rollover data: a period's own quota is used first, what is left of it (at most
 * `membership.rolloverPercent` of this period's quota, rounded down to half an hour) can be used in
 * the next period only, after that period's own, and not after a pause (decision 058). Known once the previous period has ended: a
 * period that has not begun gets none yet, as its predecessor's use may still change. Two periods'
 * rows, whatever the membership's age.
 */
export async function carriedHoursInto(
  db: DbOrTx,
  sub: SubscriptionRow,
  period: { index: number; start: string },
  today: string,
  settings: Pick<Settings, "membership">,
): Promise<number> {
  const percent = settings.membership.rolloverPercent;
  if (period.index === 0 || period.start > today || percent === 0) return 0;
  const before = periodBounds(sub, period.index - 1);
  // Nothing carries over a pause: the period before it ended weeks earlier.
  if (before.endExclusive !== period.start) return 0;
  const [used] = await hoursBookedIn(db, [
    {
      subscriptionId: sub.id,
      from: startOfHelsinkiDay(before.start),
      to: startOfHelsinkiDay(before.endExclusive),
    },
  ]);
  const unused = (await hoursQuotaOfPeriod(db, sub, before.start)) - used!;
  const cap = Math.floor(((await hoursQuotaOfPeriod(db, sub, period.start)) * percent) / 50) / 2;
  return Math.max(0, Math.min(cap, unused));
}

/** What every view of a membership (the member's, the admin's list) shows as it is stored. */
export const storedSubscriptionFields = (sub: SubscriptionRow) => ({
  id: sub.id,
  tier_level: sub.tierLevel,
  tier_name: sub.tierName,
  status: sub.status,
  commitment: sub.commitment,
  monthly_price_cents: sub.monthlyPriceCents,
  start_date: sub.startDate,
  commitment_end_date: sub.commitmentEndDate,
  /** The last day of access once cancelled (ends_on is exclusive). */
  access_ends_on: sub.endsOn ? addDays(sub.endsOn, -1) : null,
});

export async function toSubscriptionView(ctx: AppContext, sub: SubscriptionRow): Promise<Subscription> {
  const now = ctx.now();
  const today = helsinkiDate(now);
  const access = hasAccessOn(sub, today);
  // No period runs in a pause (decision 058): it has no usage to show.
  const period = access && !pauseOn(sub, today) ? periodContaining(sub, today) : null;
  const hoursUsed = period ? await hoursBookedBetween(ctx.db, sub.id, period.from, period.to) : 0;
  const hoursQuota = period ? await hoursQuotaOfPeriod(ctx.db, sub, period.start) : sub.hoursQuota;
  const settings = await getSettings(ctx.db);
  const carried = period ? await carriedHoursInto(ctx.db, sub, period, today, settings) : 0;
  return {
    ...storedSubscriptionFields(sub),
    commitment_days_remaining: sub.commitmentEndDate ? daysRemaining(sub.commitmentEndDate, now) : null,
    cancelled_at: sub.cancelledAt ? toHelsinkiIso(sub.cancelledAt) : null,
    has_access: access,
    current_period: period ? { start: period.start, end: addDays(period.endExclusive, -1) } : null,
    usage: {
      hours_used: hoursUsed,
      hours_quota: hoursQuota,
      percent: usagePercent(hoursUsed, hoursQuota),
    },
    pending_tier_change: await pendingTierChangeOf(ctx.db, sub),
    unpaid: sub.customerId
      ? await unpaidStanding(ctx.db, sub.customerId, today, settings.membership.suspendAfterDays)
      : null,
    carried: period && carried > 0 ? { hours: carried, until: addDays(period.endExclusive, -1) } : null,
    pause: pauseViewOf(sub, today),
    pausing: pauseOfferOf(sub, today, settings),
  };
}

/** The job: a signup whose payment never came expires, so the customer can sign up again. */
export async function expireAbandonedSignups(ctx: AppContext): Promise<string[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await subscriptionRepository(tx).lockAbandonedSignups(now);
    return expireSignups(
      tx,
      due.map((d) => d.id),
      now,
    );
  });
}

/**
 * Cancels a membership by the member's rules: inside a commitment, access and billing run until
 * commitment_end_date (or the end of the current period, if later); otherwise to the end of the
 * current, paid period, and no further invoice is made. A scheduled tier change is dropped. The
 * member gets the cancellation e-mail. The member's own cancel and an admin's on their behalf both
 * come here: `lock` finds and locks the membership (or throws why it cannot be cancelled), and
 * `record` writes in the same transaction (the admin's audit row).
 */
export async function cancelMembership(
  ctx: AppContext,
  options: {
    lock: (tx: Tx) => Promise<SubscriptionRow>;
    record?: (tx: Tx, before: SubscriptionRow, after: SubscriptionRow) => Promise<void>;
  },
): Promise<{ sub: SubscriptionRow; withinCommitment: boolean }> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const today = helsinkiDate(now);
  const result = await ctx.db.transaction(async (tx) => {
    const sub = await options.lock(tx);
    // In a pause (decision 058) no period runs: it ends when the pause does, before billing resumes.
    const periodEnd = pauseOn(sub, today)?.endsOn ?? periodContaining(sub, today).endExclusive;
    const withinCommitment = sub.commitmentEndDate !== null && sub.commitmentEndDate > today;
    const endsOn =
      withinCommitment && sub.commitmentEndDate! > periodEnd ? sub.commitmentEndDate! : periodEnd;
    const subs = subscriptionRepository(tx);
    const updated = await subs.cancel(sub.id, now, endsOn);
    await options.record?.(tx, sub, updated);
    const customer = await subs.customerOf(sub);
    const mailId = customer
      ? await ctx.mail.enqueue(
          tx,
          subscriptionCancelledMail(
            { settings, publicUrl: ctx.config.publicUrl },
            updated,
            customer,
            addDays(endsOn, -1),
            withinCommitment,
          ),
        )
      : null;
    return { sub: updated, mailId, withinCommitment };
  });
  await ctx.mail.sendCommitted(ctx.db, result.mailId);
  return { sub: result.sub, withinCommitment: result.withinCommitment };
}

/** The member cancels their own active membership (spec §7). */
export async function cancelSubscription(ctx: AppContext, customer: Customer) {
  const result = await cancelMembership(ctx, {
    lock: async (tx) => {
      const sub = await subscriptionRepository(tx).lockActiveOf(customer.id);
      if (!sub) throw conflict(NO_ACTIVE_SUBSCRIPTION);
      return sub;
    },
  });
  const lastDay = formatDay(addDays(result.sub.endsOn!, -1));
  const subscription = await toSubscriptionView(ctx, result.sub);
  return {
    success: true,
    message: result.withinCommitment
      ? `Jäsenyys irtisanottu. Sitoumuksesi vuoksi jäsenyys ja laskutus jatkuvat ${lastDay} asti (${subscription.commitment_days_remaining} päivää jäljellä).`
      : `Jäsenyys irtisanottu. Voit käyttää jäsenyyttä maksetun jakson loppuun, ${lastDay} asti. Uusia laskuja ei tule.`,
    cancelled_at: toHelsinkiIso(result.sub.cancelledAt!),
    subscription,
  };
}
