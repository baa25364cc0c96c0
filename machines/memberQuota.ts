import { helsinkiDate } from "../src/domain/helsinkiClock";
import type { Subscription } from "../src/domain/membership";

/*
 * The member booking's quota rules, shared by memberBookingMachine's guards and the views that show
 * what a booking uses. The server decides in the end (src/server/reservations/member.ts);
 * these let the page refuse what cannot fit without asking, in the same words.
 */

export type SlotChoice = { start: string; end: string };

/** "1 h", "1,5 h", "0,5 h": quota hours the Finnish way (the server's messages say them so too). */
export const formatHours = (hours: number) => `${String(Math.round(hours * 100) / 100).replace(".", ",")} h`;

/** Real hours between two instants (DST days included), the way the quota counts them. */
export const hoursBetween = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 3_600_000;

/** The period's own hours and those carried into it (decision 055), less what is booked. */
export const remainingHours = (subscription: Subscription | null | undefined) =>
  subscription
    ? Math.max(
        0,
        subscription.usage.hours_quota + (subscription.carried?.hours ?? 0) - subscription.usage.hours_used,
      )
    : 0;

/**
 * What a chosen slot does to the quota. A slot in the current period uses its remaining hours; one
 * after it (the booking window reaches past the period's end) is counted by the server against its
 * own period, which can at most hold the tier's full quota.
 */
export function quotaForChoice(subscription: Subscription | null | undefined, choice: SlotChoice) {
  const hours = hoursBetween(choice.start, choice.end);
  const day = helsinkiDate(choice.start);
  const periodEnd = subscription?.current_period?.end;
  const laterPeriod = !!periodEnd && day > periodEnd;
  const available = laterPeriod ? (subscription?.usage.hours_quota ?? 0) : remainingHours(subscription);
  return { hours, laterPeriod, available, leftAfter: available - hours };
}

/** Worded as the server words the same refusal, so the member reads one kind of message. */
export const overQuotaMessage = (hours: number, available: number, laterPeriod: boolean) =>
  `Tuntikiintiösi ei riitä: ${laterPeriod ? "jakson kiintiö on" : "tällä jaksolla sinulla on jäljellä"} ${formatHours(available)}, ja varaus vaatisi ${formatHours(hours)}.`;
