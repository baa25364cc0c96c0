import { formatDate } from "../../../domain/helsinkiClock";
import {
  usagePercent,
  type Invoice,
  type Subscription,
  type SubscriptionStatus,
} from "../../../domain/membership";
import { addDays, daysRemaining, startOfHelsinkiDay } from "../../../domain/membershipPeriods";

/* How the membership views say things in Finnish. The rules are the domain's; these only word them. */

export const statusLabel: Record<SubscriptionStatus, string> = {
  pending: "Odottaa maksua",
  active: "Voimassa",
  cancelled: "Irtisanottu",
  expired: "Vanhentunut",
};

/** An invoice's state in words: an open one past its due date is "Erääntynyt". */
export const invoiceStatusLabel = (invoice: Pick<Invoice, "status" | "is_overdue">) =>
  invoice.is_overdue
    ? "Erääntynyt"
    : ({ open: "Avoin", paid: "Maksettu", void: "Mitätöity" } as const)[invoice.status];

/**
 * "ke 1.7.2026" for a calendar date (YYYY-MM-DD). Read as the start of that Helsinki day: a bare
 * date parsed in the browser's own zone could land on the day before.
 */
export const formatDay = (isoDay: string) => formatDate(startOfHelsinkiDay(isoDay));

/** "16", "1,5": hours the Finnish way. */
export const formatHours = (hours: number) => String(Math.round(hours * 100) / 100).replace(".", ",");

/** "4 / 16 h (25 %)" — spec §4's usage percentage with the hours behind it. */
export const usageText = ({ hours_used, hours_quota }: Subscription["usage"]) =>
  `${formatHours(hours_used)} / ${formatHours(hours_quota)} h (${usagePercent(hours_used, hours_quota)} %)`;

export const daysText = (days: number) => (days === 1 ? "1 päivä" : `${days} päivää`);

/**
 * When a membership cancelled now would really end (product.md "Cancel"). Inside a commitment,
 * membership and billing run until the commitment ends (`endsOn`: commitment_end_date); otherwise
 * access runs to the end of the paid period (`endsOn`: its last day, inclusive). `daysLeft` is
 * spec §4's day difference rounded up, to the first day without the membership.
 */
export function cancellationTerms(
  subscription: Subscription,
  now: Date,
): { kind: "commitment" | "period"; endsOn: string; daysLeft: number } | null {
  const commitmentEnd = subscription.commitment_end_date;
  if (commitmentEnd && daysRemaining(commitmentEnd, now) > 0) {
    return { kind: "commitment", endsOn: commitmentEnd, daysLeft: daysRemaining(commitmentEnd, now) };
  }
  const periodEnd = subscription.current_period?.end;
  if (!periodEnd) return null;
  return { kind: "period", endsOn: periodEnd, daysLeft: daysOfAccessLeft(periodEnd, now) };
}

/** Days until access ends after its last day (`access_ends_on`, inclusive). */
export const daysOfAccessLeft = (lastDay: string, now: Date) => daysRemaining(addDays(lastDay, 1), now);
