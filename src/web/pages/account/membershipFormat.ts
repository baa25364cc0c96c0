import { formatDate } from "../../../domain/helsinkiClock";
import {
  usagePercent,
  type Invoice,
  type Subscription,
  type SubscriptionStatus,
} from "../../../domain/membership";
import { commitmentLastDay, startOfHelsinkiDay } from "../../../domain/membershipPeriods";

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

/**
 * The commitment's end as every customer view says it: its last binding day (commitmentLastDay;
 * commitment_end_date itself is the first free day), so /oma-tili never shows two end dates.
 */
export const commitmentEndText = (commitmentEndDate: string) =>
  formatDay(commitmentLastDay(commitmentEndDate));

/** "16", "1,5": hours the Finnish way. */
export const formatHours = (hours: number) => String(Math.round(hours * 100) / 100).replace(".", ",");

/** "4 / 16 h (25 %)" — spec §4's usage percentage with the hours behind it. */
export const usageText = ({ hours_used, hours_quota }: Subscription["usage"]) =>
  `${formatHours(hours_used)} / ${formatHours(hours_quota)} h (${usagePercent(hours_used, hours_quota)} %)`;

/** "Edelliseltä jaksolta siirtyi 3 h, käytettävissä … asti." (decision 055) */
export const carriedText = (carried: NonNullable<Subscription["carried"]>) =>
  `Edelliseltä jaksolta siirtyi ${formatHours(carried.hours)} h, käytettävissä ${formatDay(carried.until)} asti.`;

export const daysText = (days: number) => (days === 1 ? "1 päivä" : `${days} päivää`);
