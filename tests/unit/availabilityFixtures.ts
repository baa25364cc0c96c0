import {
  computeAvailability,
  type BookingRules,
  type ExistingReservation,
} from "../../src/domain/availability.js";
import type { AvailabilityDay } from "../../src/domain/booking.js";
import type { PriceRule } from "../../src/domain/pricing.js";

/** Shared by the availability unit tests: rules with product.md's defaults and small lookups. */
export const price = (lengthMinutes: number, priceCents: number): PriceRule => ({
  lengthMinutes,
  priceCents,
  weekdays: null,
  fromTime: null,
  toTime: null,
  priority: 0,
  active: true,
});

/** The defaults of product.md: every day 06-22, 30 min grid, 30-120 min, 60-day window. */
export function rules(overrides: Partial<BookingRules> = {}): BookingRules {
  return {
    weeklyHours: Array.from({ length: 7 }, () => ({ opens: "06:00", closes: "22:00" })),
    exceptions: [],
    slotRules: {
      gridMinutes: 30,
      lengthsMinutes: [30, 60, 90, 120],
      changeoverMinutes: 0,
      bookingWindowDays: 60,
    },
    blocks: [],
    reservations: [],
    priceRules: [price(30, 900), price(60, 1500), price(90, 2100), price(120, 2700)],
    vatRates: [{ rateBasisPoints: 2550, effectiveFrom: "2000-01-01", effectiveUntil: null }],
    now: new Date("2026-06-15T09:00:00Z"), // Monday 12:00 in Helsinki
    ...overrides,
  };
}

export const day = (r: BookingRules, date: string): AvailabilityDay =>
  computeAvailability(r, date, date).days[0]!;
export const cell = (d: AvailabilityDay, start: string) => {
  const found = d.slots.find((s) => s.start === start);
  if (!found) throw new Error(`no cell ${start} in ${d.date}`);
  return found;
};
export const lengths = (d: AvailabilityDay, start: string) =>
  cell(d, start).options.map((o) => o.lengthMinutes);
export const booking = (
  start: string,
  end: string,
  extra: Partial<ExistingReservation> = {},
): ExistingReservation => ({
  startsAt: new Date(start),
  endsAt: new Date(end),
  status: "confirmed",
  holdExpiresAt: null,
  ...extra,
});
export const allDay = (date: string) => ({ date, opensAt: "00:00", closesAt: "24:00" });
