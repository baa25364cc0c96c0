import { computeAvailability, isLive, plainBuffers, type BookingRules } from "../../domain/availability.js";
import { compactDay } from "../../domain/availabilityWire.js";
import type { Buffers } from "../../domain/dogRules.js";
import { HELSINKI } from "../../domain/helsinkiTime.js";

/**
 * One Helsinki date's compact answer as JSON text, and until when time alone leaves it right
 * (decision 016): the cache keeps it until then or until a notice touches the date.
 */
export type DayEntry = { json: string; validUntil: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The real-time step every status boundary falls on: cells, lengths and whole-hour offsets. */
export function statusTickMs(rules: BookingRules): number {
  const { gridMinutes, lengthsMinutes } = rules.slotRules;
  return lengthsMinutes.reduce((g, l) => gcd(g, l), gcd(60, gridMinutes)) * MINUTE;
}

/**
 * A day's answer with `rules` (whose now is nowMs); `until` is the booking window's end. With
 * `buffers`, for a booking that blocks them around itself (dog options, decision 036).
 */
export function computeDay(
  rules: BookingRules,
  date: string,
  nowMs: number,
  tick: number,
  until: number,
  nextMidnight: number,
  buffers: Buffers = plainBuffers(rules),
): DayEntry {
  const day = computeAvailability(rules, date, date, buffers).days[0]!;
  const json = JSON.stringify(compactDay(day, rules.slotRules.lengthsMinutes));
  // Until the next Helsinki midnight at most (labels may say how far today is).
  let validUntil = nextMidnight;
  if (day.opensAt && day.closesAt) {
    const opens = Date.parse(day.opensAt);
    const closes = Date.parse(day.closesAt);
    // The next instant a status may change by time alone: a cell boundary (now on it: just after).
    const nextTick = nowMs % tick === 0 ? nowMs + 1 : Math.ceil(nowMs / tick) * tick;
    // Cells pass into the past.
    if (closes >= nowMs) validUntil = Math.min(validUntil, opens - tick > nowMs ? opens - tick : nextTick);
    // The booking window's end moves over the day (an hour's margin for a DST change between).
    if (closes > until) {
      const reaches = nowMs + (opens - until) - HOUR - tick;
      validUntil = Math.min(validUntil, reaches > nowMs ? reaches : nextTick);
    }
    // A hold in the day's reach (its blocked period, widened by what a new booking blocks after
    // and before itself) stops counting when it expires.
    const gap = rules.slotRules.changeoverMinutes * MINUTE;
    for (const r of rules.reservations) {
      if (r.status !== "pending" || !r.holdExpiresAt || !isLive(r, rules.now)) continue;
      const from = (r.blockedFrom ?? r.startsAt).getTime() - buffers.after * MINUTE;
      const until = (r.blockedUntil?.getTime() ?? r.endsAt.getTime() + gap) + buffers.before * MINUTE;
      if (from < closes && until > opens) validUntil = Math.min(validUntil, r.holdExpiresAt.getTime());
    }
  }
  return { json, validUntil };
}

/** A range's JSON text from its days' texts (the compact answer's envelope). */
export function rangeJson(gridMinutes: number, lengthsMinutes: readonly number[], days: string[]): string {
  return `{"timeZone":"${HELSINKI}","gridMinutes":${gridMinutes},"lengthsMinutes":${JSON.stringify(lengthsMinutes)},"days":[${days.join(",")}]}`;
}

/**
 * A range's answer computed whole with `rules` (loaded for that range alone), as JSON text; with
 * `buffers`, for a booking that blocks them around itself (dog options, decision 036).
 */
export function uncachedRangeJson(rules: BookingRules, from: string, to: string, buffers?: Buffers): string {
  const response = computeAvailability(rules, from, to, buffers);
  const days = response.days.map((day) => JSON.stringify(compactDay(day, response.lengthsMinutes)));
  return rangeJson(response.gridMinutes, response.lengthsMinutes, days);
}
