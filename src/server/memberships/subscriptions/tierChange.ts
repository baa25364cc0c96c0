import { commitmentPrice, type PendingTierChange } from "../../../domain/membership.js";
import type { DbOrTx } from "../../db/index.js";
import { tierOn, type MembershipTier } from "../../prices/index.js";
import type { Settings } from "../../settings/index.js";
import type { SubscriptionRow } from "./repository.js";

/**
 * A tier change an admin scheduled for a membership's next period (decision 022). It is stored on
 * the membership (next_tier_level, next_tier_from) until the invoice of that period is made, which
 * copies the tier into the membership; until then bookings into that period and the member's view
 * already use its quota, so "from the next period" means the same thing everywhere.
 */

/** Whether the scheduled change applies to the period starting on `periodStart`. */
export const tierChangeApplies = (sub: SubscriptionRow, periodStart: string) =>
  sub.nextTierLevel !== null && sub.nextTierFrom !== null && periodStart >= sub.nextTierFrom;

/**
 * The scheduled tier (as in force on the day the change takes effect) for a period it applies to;
 * null when no change applies, or the tier is no longer offered (the membership then stays).
 */
export async function scheduledTierFor(
  db: DbOrTx,
  sub: SubscriptionRow,
  periodStart: string,
): Promise<MembershipTier | null> {
  if (!tierChangeApplies(sub, periodStart)) return null;
  return tierOn(db, sub.nextTierLevel!, sub.nextTierFrom!);
}

/**
 * The waiting change as the views show it (decision 022), given the tier as in force on its day
 * (null or undefined when that tier is no longer offered); null when none waits.
 */
export function pendingTierChange(
  sub: SubscriptionRow,
  tier: { name: string; hoursQuota: number } | null | undefined,
): PendingTierChange | null {
  if (sub.nextTierLevel === null || sub.nextTierFrom === null) return null;
  return {
    tier_level: sub.nextTierLevel,
    tier_name: tier?.name ?? null,
    hours_quota: tier?.hoursQuota ?? null,
    from: sub.nextTierFrom,
  };
}

/** The waiting change, its tier read from the database; null when none waits. */
export async function pendingTierChangeOf(db: DbOrTx, sub: SubscriptionRow) {
  if (sub.nextTierLevel === null || sub.nextTierFrom === null) return null;
  return pendingTierChange(sub, await tierOn(db, sub.nextTierLevel, sub.nextTierFrom));
}

/** The quota of the period starting on `periodStart`: the scheduled tier's from its date on. */
export async function hoursQuotaOfPeriod(db: DbOrTx, sub: SubscriptionRow, periodStart: string) {
  return (await scheduledTierFor(db, sub, periodStart))?.hoursQuota ?? sub.hoursQuota;
}

/** A tier's monthly price for a membership: the commitment discount off with a 12-month one. */
export function membershipPriceOf(
  commitment: SubscriptionRow["commitment"],
  tierPriceCents: number,
  settings: Pick<Settings, "membership">,
) {
  return commitment === "12m"
    ? commitmentPrice(tierPriceCents, settings.membership.commitmentDiscountPercent)
    : tierPriceCents;
}
