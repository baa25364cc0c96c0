import { formatDay } from "../../../domain/helsinkiClock.js";
import type { MembershipPausing } from "../../../domain/membership.js";
import {
  addDays,
  pauseDaysText,
  periodBounds,
  periodIndexOn,
  periodStart,
  type MembershipPause,
} from "../../../domain/membershipPeriods.js";
import type { Tx } from "../../db/index.js";
import { badRequest, conflict } from "../../errors.js";
import type { Settings } from "../../settings/index.js";
import { refuseWhileSuspended } from "../invoices/service.js";
import type { SubscriptionRow } from "./repository.js";

/**
 * The member's pause (issue 35, deliver 2; decision 058): whole weeks, from the first day of the
 * next period, once in 12 months. No period runs in it, so it has no invoice and no quota; the
 * periods after it are counted from its end, and a commitment's end moves with them. Here are its
 * rules; reservations/memberPause.ts makes it, cancelling the member's bookings inside it.
 */

export const PAUSE_MIN_WEEKS = 2;
const PAUSE_EVERY_MONTHS = 12;

/** The pause in effect or still to come, if any. */
export const pauseAheadOf = (sub: SubscriptionRow, today: string): MembershipPause | null =>
  sub.pauses.find((p) => p.endsOn > today) ?? null;

/** A pause as the views show it: its days, inclusive. */
export const pauseView = (pause: MembershipPause, today: string) => ({
  starts_on: pause.startsOn,
  last_day: addDays(pause.endsOn, -1),
  weeks: pause.weeks,
  current: pause.startsOn <= today,
});

/** The pause in effect or coming as the views show it, or null. */
export function pauseViewOf(sub: SubscriptionRow, today: string) {
  const pause = pauseAheadOf(sub, today);
  return pause ? pauseView(pause, today) : null;
}

/**
 * Whether the member may ask for a pause now: from when and how long, or why not (null words when
 * there is nothing to say: pauses are off, the membership is not active, or a pause is already
 * shown).
 */
export function pauseOfferOf(
  sub: SubscriptionRow,
  today: string,
  settings: Pick<Settings, "membership">,
): MembershipPausing {
  const maxWeeks = settings.membership.pauseMaxWeeks;
  const refused = (note: string | null) => ({ offer: null, note });
  if (maxWeeks < PAUSE_MIN_WEEKS || sub.status !== "active") return refused(null);
  if (pauseAheadOf(sub, today)) return refused(null);
  const from = periodBounds(sub, Math.max(0, periodIndexOn(sub, today))).endExclusive;
  const last = sub.pauses.at(-1);
  const earliest = last ? periodStart(last.startsOn, PAUSE_EVERY_MONTHS) : null;
  if (earliest && from < earliest)
    return refused(
      `Taukoa voi pitää kerran 12 kuukaudessa. Edellinen tauko alkoi ${formatDay(last!.startsOn)}, joten seuraava voi alkaa jaksosta, joka alkaa ${formatDay(earliest)} tai myöhemmin.`,
    );
  return { offer: { starts_on: from, min_weeks: PAUSE_MIN_WEEKS, max_weeks: maxWeeks }, note: null };
}

/**
 * Where a commitment ends once the pause is in: at the start of the same period it ended before
 * (as many periods are billed), or the pause's length later when it did not end on a period's start.
 */
function movedCommitmentEnd(sub: SubscriptionRow, pause: MembershipPause): string | null {
  const end = sub.commitmentEndDate;
  if (end === null || end <= pause.startsOn) return end;
  const index = periodIndexOn(sub, end);
  if (periodBounds(sub, index).start !== end) return addDays(end, 7 * pause.weeks);
  return periodBounds({ ...sub, pauses: [...sub.pauses, pause] }, index).start;
}

/**
 * A pause that has not begun, taken back (decision 058): the membership's periods and its
 * commitment's end as they were without it. Throws why not (409 none coming, or begun already).
 */
export function planWithdrawal(
  sub: SubscriptionRow,
  today: string,
): { pause: MembershipPause; pauses: MembershipPause[]; commitmentEndDate: string | null } {
  const pause = pauseAheadOf(sub, today);
  if (!pause) throw conflict("Jäsenyydelläsi ei ole tulevaa taukoa.");
  if (pause.startsOn <= today)
    throw conflict(
      `Tauko on jo alkanut, joten sitä ei voi perua. Se päättyy ${formatDay(addDays(pause.endsOn, -1))}.`,
    );
  const pauses = sub.pauses.filter((p) => p !== pause);
  const end = sub.commitmentEndDate;
  if (end === null || end <= pause.startsOn) return { pause, pauses, commitmentEndDate: end };
  const index = periodIndexOn(sub, end);
  const commitmentEndDate =
    periodBounds(sub, index).start === end
      ? periodBounds({ ...sub, pauses }, index).start
      : addDays(end, -7 * pause.weeks);
  return { pause, pauses, commitmentEndDate };
}

/**
 * The pause of `weeks` weeks the member may have now, with the commitment's new end; throws why
 * not (409 not now or no longer, 400 a length outside the park's, 403 while suspended).
 */
export async function planPause(
  tx: Tx,
  sub: SubscriptionRow,
  weeks: number,
  today: string,
  settings: Settings,
): Promise<{ pause: MembershipPause; commitmentEndDate: string | null }> {
  await refuseWhileSuspended(tx, sub.customerId!, today, settings.membership.suspendAfterDays);
  const ahead = pauseAheadOf(sub, today);
  if (ahead) throw conflict(`Jäsenyydelläsi on jo tauko ${pauseDaysText(ahead)}.`);
  const { offer, note } = pauseOfferOf(sub, today, settings);
  if (!offer) throw conflict(note ?? "Jäsenyyttä ei voi nyt laittaa tauolle.");
  if (weeks < offer.min_weeks || weeks > offer.max_weeks)
    throw badRequest(`Tauon pituus on ${offer.min_weeks}–${offer.max_weeks} viikkoa.`);
  const pause = { startsOn: offer.starts_on, endsOn: addDays(offer.starts_on, 7 * weeks), weeks };
  return { pause, commitmentEndDate: movedCommitmentEnd(sub, pause) };
}
