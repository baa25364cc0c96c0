import { DateTime } from "luxon";
import type { AvailabilityDay, AvailabilityResponse, Slot } from "./booking.js";
import {
  HELSINKI,
  datesBetween,
  daysInclusive,
  formatTime,
  helsinkiOffset,
  inHelsinki,
  isoAtOffset,
  isValidDate,
  toHelsinkiIso,
  wallClock,
} from "./helsinkiTime.js";
import { versionsOn, type EffectivePeriod } from "./effectiveDates.js";
import { listFi } from "./finnishText.js";
import { vatIncludedCents } from "./money.js";
import { priceAt, priceFor, rulesOn, type PriceRule } from "./pricing.js";
import type { Buffers } from "./dogRules.js";

/**
 * Which slots can be booked: pure and DST-correct. Opening hours are Helsinki wall-clock times;
 * every other computation is on real instants (epoch milliseconds), so a booking of 120 minutes
 * is 120 real minutes even across a DST change, and the grid cells are `gridMinutes` real minutes
 * starting at opening time (on the full and half hour of local time).
 *
 * Decisions: a booking must fit inside the opening hours of its start date (it may not run past
 * closing time, not even when the next day opens at 00:00); it must start no earlier than now and
 * end no later than now + bookingWindowDays. Existing bookings are taken as they are, so one an
 * admin made from 23:00 to 01:00 marks cells on both dates taken.
 */

export type DayHours = { opens: string; closes: string } | null;
export type OpeningException = { date: string; opensAt: string | null; closesAt: string | null };
export type SlotRules = {
  gridMinutes: number;
  lengthsMinutes: number[];
  changeoverMinutes: number;
  bookingWindowDays: number;
};
export type Interval = { startsAt: Date; endsAt: Date };
export type ExistingReservation = Interval & {
  /** The booking's id, where it was loaded with one (the availability cache updates by it). */
  id?: string;
  status: "pending" | "confirmed" | "cancelled" | "expired";
  holdExpiresAt: Date | null;
  /**
   * The period it keeps others out of (reservations.blocked_from/until, domain/dogRules.ts); when
   * absent, its own time plus the changeover gap after it (what a booking without dog rules blocks).
   */
  blockedFrom?: Date;
  blockedUntil?: Date;
};

export type BookingRules = {
  /** Index 0 = Monday .. 6 = Sunday; null = closed that weekday. */
  weeklyHours: DayHours[];
  exceptions: OpeningException[];
  slotRules: SlotRules;
  /** Admin blocks of the area (including those for every area). */
  blocks: Interval[];
  reservations: ExistingReservation[];
  /** The rules' versions in force on any date of the range (each filtered per slot date). */
  priceRules: PriceRule[];
  /** The VAT rate's versions, likewise. */
  vatRates: VatRate[];
  now: Date;
};

export type VatRate = EffectivePeriod & { rateBasisPoints: number };

/** The VAT rate in force on a Helsinki date; 0 when none is (the seed always makes one). */
export function vatRateOn(rates: readonly VatRate[], date: string): number {
  return versionsOn(rates, date)[0]?.rateBasisPoints ?? 0;
}

export const MAX_RANGE_DAYS = 62;

/** A booking holds its slot while confirmed, or while pending and its hold has not expired. */
export function isLive(r: Pick<ExistingReservation, "status" | "holdExpiresAt">, now: Date): boolean {
  if (r.status === "confirmed") return true;
  return r.status === "pending" && r.holdExpiresAt !== null && r.holdExpiresAt.getTime() > now.getTime();
}

/** The opening and closing instants of a Helsinki date, or null when closed all day. */
export function openingOn(rules: Pick<BookingRules, "weeklyHours" | "exceptions">, date: string) {
  const exception = rules.exceptions.find((e) => e.date === date);
  const hours: DayHours = exception
    ? exception.opensAt && exception.closesAt
      ? { opens: exception.opensAt, closes: exception.closesAt }
      : null
    : (rules.weeklyHours[DateTime.fromISO(date, { zone: HELSINKI }).weekday - 1] ?? null);
  if (!hours) return null;
  const opens = wallClock(date, hours.opens);
  const closes = wallClock(date, hours.closes);
  // Opening hours never wrap past midnight; a late evening closes at "24:00".
  return closes > opens ? { opens, closes } : null;
}

/** The last instant a booking may end: now + bookingWindowDays calendar days in Helsinki. */
export function windowEnd(rules: Pick<BookingRules, "now" | "slotRules">): number {
  return inHelsinki(rules.now).plus({ days: rules.slotRules.bookingWindowDays }).toMillis();
}

/** Finnish message for an invalid date range, or null when it is fine. */
export function dateRangeProblem(from: string, to: string): string | null {
  if (!isValidDate(from)) return `Virheellinen päivämäärä: ${from}.`;
  if (!isValidDate(to)) return `Virheellinen päivämäärä: ${to}.`;
  const days = daysInclusive(from, to);
  if (days < 1) return "Alkupäivä ei voi olla loppupäivän jälkeen.";
  if (days > MAX_RANGE_DAYS) return `Aikaväli voi olla enintään ${MAX_RANGE_DAYS} päivää.`;
  return null;
}

const MINUTE = 60_000;

/** Why start..end is a range no booking can have now, or null when it may be one. */
export type BookingRangeProblem = { code: "bad_length" | "past" | "outside_window"; reason: string };

/**
 * The range alone, before anything is loaded for it (issue 31): its end after its start, its
 * length one of the booking lengths, its start not past and its end within the booking window
 * (`ignoreWindow`: an admin's booking or move lifts the window alone). Every route that takes a
 * start and an end answers these with 400, and checkBooking begins with them.
 */
export function bookingRangeProblem(
  rules: Pick<BookingRules, "now" | "slotRules">,
  start: Date,
  end: Date,
  options: { ignoreWindow?: boolean } = {},
): BookingRangeProblem | null {
  const { lengthsMinutes, bookingWindowDays } = rules.slotRules;
  const length = end.getTime() - start.getTime();
  if (!(length > 0)) return { code: "bad_length", reason: "Varauksen lopun on oltava alun jälkeen." };
  if (length % MINUTE !== 0 || !lengthsMinutes.includes(length / MINUTE))
    return { code: "bad_length", reason: `Varauksen pituus voi olla ${listFi(lengthsMinutes)} minuuttia.` };
  if (start.getTime() < rules.now.getTime())
    return { code: "past", reason: "Valitsemasi aika on jo mennyt. Valitse toinen aika." };
  if (end.getTime() > windowEnd(rules) && !options.ignoreWindow)
    return {
      code: "outside_window",
      reason: `Varauksen voi tehdä enintään ${bookingWindowDays} päivän päähän.`,
    };
  return null;
}

type Span = { start: number; end: number };
/** A live booking's span; `holdEnds` when it is an unpaid hold (epoch ms), null when confirmed. */
type BusySpan = Span & { holdEnds: number | null };

/** What a new booking blocks around itself when no dog rule applies: the changeover gap after it. */
export const plainBuffers = (rules: Pick<BookingRules, "slotRules">): Buffers => ({
  before: 0,
  after: rules.slotRules.changeoverMinutes,
});

/**
 * The rules with every interval as epoch milliseconds: live bookings as the periods they block,
 * and the buffers the new booking blocks around itself (decision 036). A new booking fits when its
 * own blocked period overlaps no live booking's blocked period, as the exclusion constraint says.
 */
function prepare(rules: BookingRules, buffers: Buffers = plainBuffers(rules)) {
  const gap = rules.slotRules.changeoverMinutes * MINUTE;
  const busy: BusySpan[] = rules.reservations
    .filter((r) => isLive(r, rules.now))
    .map((r) => ({
      start: (r.blockedFrom ?? r.startsAt).getTime(),
      end: r.blockedUntil?.getTime() ?? r.endsAt.getTime() + gap,
      holdEnds: r.status === "pending" ? (r.holdExpiresAt?.getTime() ?? null) : null,
    }));
  const blocks: Span[] = rules.blocks.map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }));
  const before = buffers.before * MINUTE;
  const after = buffers.after * MINUTE;
  /** Whether a new booking of start..end would overlap a live booking (blocked period to blocked period). */
  const clashes = (start: number, end: number) => overlaps(busy, start - before, end + after);
  return { busy, blocks, now: rules.now.getTime(), until: windowEnd(rules), before, after, clashes };
}

const overlaps = (spans: Span[], start: number, end: number) =>
  spans.some((s) => start < s.end && end > s.start);

/**
 * When a taken cell may free: the end of the last unpaid hold on it, when only holds take it (a
 * hold that is not paid in time frees its slot); null when a confirmed booking is there.
 */
function holdsEnd(busy: BusySpan[], start: number, end: number): number | null {
  let last: number | null = null;
  for (const s of busy) {
    if (!(start < s.end && end > s.start)) continue;
    if (s.holdEnds === null) return null;
    last = Math.max(last ?? 0, s.holdEnds);
  }
  return last;
}

export type BookingCheck =
  | { ok: true; lengthMinutes: number; priceCents: number; vatCents: number; vatRateBasisPoints: number }
  | {
      ok: false;
      code:
        | "bad_length"
        | "not_on_grid"
        | "past"
        | "outside_window"
        | "closed"
        | "blocked"
        | "no_price"
        | "taken";
      reason: string;
      lengthMinutes: number;
      priceCents: number;
      vatCents: number;
      vatRateBasisPoints: number;
    };

export const TAKEN_MESSAGE = "Valitsemasi aika on juuri varattu. Valitse toinen aika.";

/**
 * Whether [start, end) can be booked now, with its price; the reason in Finnish when not.
 * `ignoreWindow` (an admin's manual booking) lifts the booking window alone: every other rule
 * (grid, lengths, opening hours, closed days, blocks, overlaps) holds at any distance ahead.
 */
export function checkBooking(
  rules: BookingRules,
  startInput: Date,
  endInput: Date,
  options: { ignoreWindow?: boolean; buffers?: Buffers } = {},
): BookingCheck {
  const { clashes, blocks } = prepare(rules, options.buffers);
  const start = startInput.getTime();
  const end = endInput.getTime();
  const lengthMinutes = Math.round((end - start) / MINUTE);
  const { gridMinutes } = rules.slotRules;
  const local = inHelsinki(start);
  const price = priceFor(rules.priceRules, lengthMinutes, local);
  const priceCents = price ?? 0;
  // The price and the VAT rate are those in force on the slot's Helsinki date.
  const vatRateBasisPoints = vatRateOn(rules.vatRates, local.toISODate()!);
  const vatCents = vatIncludedCents(priceCents, vatRateBasisPoints);
  const fail = (code: Exclude<BookingCheck, { ok: true }>["code"], reason: string): BookingCheck => ({
    ok: false,
    code,
    reason,
    lengthMinutes,
    priceCents,
    vatCents,
    vatRateBasisPoints,
  });

  const rangeProblem = bookingRangeProblem(rules, startInput, endInput, options);
  if (rangeProblem) return fail(rangeProblem.code, rangeProblem.reason);
  if ((local.hour * 60 + local.minute) % gridMinutes !== 0 || local.second !== 0 || local.millisecond !== 0)
    return fail(
      "not_on_grid",
      gridMinutes === 30
        ? "Varaus alkaa aina tasalta tai puolelta tunnilta."
        : `Varaus alkaa aina ${gridMinutes} minuutin välein.`,
    );
  const hours = openingOn(rules, local.toISODate()!);
  if (!hours) return fail("closed", "Puisto on suljettu valitsemanasi päivänä.");
  if (start < hours.opens.toMillis() || end > hours.closes.toMillis()) {
    const closes = hours.closes.hour === 0 && hours.closes > hours.opens ? "24.00" : formatTime(hours.closes);
    return fail(
      "closed",
      `Varauksen on mahduttava aukioloaikaan: puisto on auki klo ${formatTime(hours.opens)}–${closes}.`,
    );
  }
  if (overlaps(blocks, start, end)) return fail("blocked", "Puisto on suljettu valitsemanasi aikana.");
  if (price === null) return fail("no_price", "Tälle pituudelle ei ole hintaa valitsemanasi aikana.");
  if (clashes(start, end)) return fail("taken", TAKEN_MESSAGE);
  return { ok: true, lengthMinutes, priceCents, vatCents, vatRateBasisPoints };
}

/**
 * The availability of every date from `from` to `to` (inclusive, valid range assumed; see
 * dateRangeProblem). A closed day has opensAt/closesAt null and no slots; cells under an admin
 * block are "closed", and those in the past, under way or beyond the booking window say so.
 */
export function computeAvailability(
  rules: BookingRules,
  from: string,
  to: string,
  buffers?: Buffers,
): AvailabilityResponse {
  const prepared = prepare(rules, buffers);
  const { gridMinutes, lengthsMinutes } = rules.slotRules;
  return {
    timeZone: HELSINKI,
    gridMinutes,
    lengthsMinutes: [...lengthsMinutes],
    days: datesBetween(from, to).map((date) => dayAvailability(rules, prepared, date)),
  };
}

function dayAvailability(
  rules: BookingRules,
  { busy, blocks, now, until, before, after, clashes }: ReturnType<typeof prepare>,
  date: string,
): AvailabilityDay {
  const hours = openingOn(rules, date);
  if (!hours) return { date, opensAt: null, closesAt: null, slots: [] };
  const { gridMinutes, lengthsMinutes } = rules.slotRules;
  const grid = gridMinutes * MINUTE;
  const closes = hours.closes.toMillis();
  // Start on the first full grid step of local time at or after opening.
  const offMinutes = (hours.opens.hour * 60 + hours.opens.minute) % gridMinutes;
  let cell = hours.opens.toMillis() + (offMinutes ? (gridMinutes - offMinutes) * MINUTE : 0);

  // Helsinki changes its offset at most once a day: when opening and closing share an offset,
  // every cell between has it too; on the two DST days luxon answers per cell.
  const opensOffset = hours.opens.offset;
  const constantOffset = opensOffset === hours.closes.offset;
  const offsetAt = (ms: number) => (constantOffset ? opensOffset : helsinkiOffset(ms));
  const weekday = hours.opens.weekday;
  const priceRules = rulesOn(rules.priceRules, date);

  // A cell is free where a booking can start: its shortest length (the cell, when that is longer)
  // clashes with no booking's blocked period, so a buffer counts to the minute on the grid, and a
  // cell whose start would end a booking inside a buffer is taken, not free with nothing to offer
  // (decision 041).
  const reach = Math.max(grid, Math.min(...lengthsMinutes) * MINUTE);
  const slots: Slot[] = [];
  for (; cell + grid <= closes; cell += grid) {
    const cellEnd = cell + grid;
    const offset = offsetAt(cell);
    const status: Slot["status"] =
      cellEnd <= now
        ? "past"
        : cell < now
          ? "started"
          : cellEnd > until
            ? "beyondWindow"
            : overlaps(blocks, cell, cellEnd)
              ? "closed"
              : clashes(cell, cell + reach)
                ? "taken"
                : "free";
    const options: Slot["options"] = [];
    if (status === "free") {
      const localTime = isoAtOffset(cell, offset).slice(11, 16);
      for (const lengthMinutes of lengthsMinutes) {
        const end = cell + lengthMinutes * MINUTE;
        if (end > closes || end > until || overlaps(blocks, cell, end) || clashes(cell, end)) continue;
        const priceCents = priceAt(priceRules, lengthMinutes, weekday, localTime);
        if (priceCents === null) continue;
        options.push({ lengthMinutes, end: isoAtOffset(end, offsetAt(end)), priceCents });
      }
    }
    const freesAt = status === "taken" ? holdsEnd(busy, cell - before, cell + reach + after) : null;
    slots.push({
      start: isoAtOffset(cell, offset),
      end: isoAtOffset(cellEnd, offsetAt(cellEnd)),
      status,
      options,
      ...(freesAt !== null && { freesAt: toHelsinkiIso(new Date(freesAt)) }),
    });
  }
  return { date, opensAt: toHelsinkiIso(hours.opens), closesAt: toHelsinkiIso(hours.closes), slots };
}
