import { versionsOn, type EffectivePeriod } from "./effectiveDates.js";
import { inHelsinki, type Instant } from "./helsinkiTime.js";

/**
 * A single-booking price rule, as stored in price_rules (inactive rules are ignored). A rule with
 * an effective period applies only to slots starting on its Helsinki dates; one without, always.
 */
export type PriceRule = Partial<EffectivePeriod> & {
  id?: number;
  lengthMinutes: number;
  priceCents: number;
  /** ISO weekdays (1 = Monday .. 7 = Sunday) of the slot start in Helsinki; null = every day. */
  weekdays: number[] | null;
  /** The slot's local start time is at or after fromTime (HH:MM); null = from midnight. */
  fromTime: string | null;
  /** ... and before toTime (HH:MM, "24:00" allowed); null = until midnight. */
  toTime: string | null;
  priority: number;
  active: boolean;
};

/**
 * The price of a booking of `lengthMinutes` starting at `start`: among the active rules in force
 * on the start's Helsinki date, the matching one with the highest priority (among equals, the
 * first in the given order). Null when no rule matches: that length is not for sale then.
 */
export function priceFor(rules: readonly PriceRule[], lengthMinutes: number, start: Instant): number | null {
  const local = inHelsinki(start);
  return priceAt(rulesOn(rules, local.toISODate()!), lengthMinutes, local.weekday, local.toFormat("HH:mm"));
}

/** The rules in force on a Helsinki date (YYYY-MM-DD): what priceAt is given for that date's slots. */
export const rulesOn = (rules: readonly PriceRule[], date: string): PriceRule[] => versionsOn(rules, date);

/**
 * priceFor with the start's Helsinki ISO weekday and "HH:MM" already known (the fast path); the
 * rules must be those in force on the start's date (rulesOn).
 */
export function priceAt(
  rules: readonly PriceRule[],
  lengthMinutes: number,
  weekday: number,
  time: string,
): number | null {
  let best: PriceRule | null = null;
  for (const rule of rules) {
    if (!rule.active || rule.lengthMinutes !== lengthMinutes) continue;
    if (rule.weekdays && rule.weekdays.length > 0 && !rule.weekdays.includes(weekday)) continue;
    // HH:MM strings compare correctly as text, "24:00" included.
    if (rule.fromTime && time < rule.fromTime) continue;
    if (rule.toTime && time >= rule.toTime) continue;
    if (!best || rule.priority > best.priority) best = rule;
  }
  return best ? best.priceCents : null;
}

const isUnrestricted = (rule: PriceRule) => !rule.weekdays?.length && !rule.fromTime && !rule.toTime;

/**
 * The list price of each length: its active rule without weekday or time limits (the highest
 * priority if several), among the rules given (those in force on the day shown, see rulesOn).
 * Lengths without such a rule are left out: they are priced only at times.
 */
export function basePrices(
  rules: readonly PriceRule[],
  lengthsMinutes: readonly number[],
): Array<{ lengthMinutes: number; priceCents: number }> {
  const unrestricted = rules.filter(isUnrestricted);
  return [...lengthsMinutes]
    .sort((a, b) => a - b)
    .flatMap((lengthMinutes) => {
      const priceCents = priceAt(unrestricted, lengthMinutes, 1, "00:00");
      return priceCents === null ? [] : [{ lengthMinutes, priceCents }];
    });
}

/** A discount code's reduction: a percentage of the price, or a fixed number of cents. */
export type Discount = { kind: "percent"; percentOff: number } | { kind: "fixed"; amountOffCents: number };

/** How many cents a discount takes off a price: rounded to the cent, never more than the price. */
export function discountCents(priceCents: number, discount: Discount | null): number {
  if (!discount || priceCents <= 0) return 0;
  const off =
    discount.kind === "percent"
      ? Math.round((priceCents * discount.percentOff) / 100)
      : discount.amountOffCents;
  return Math.max(0, Math.min(priceCents, off));
}

/**
 * How a price is paid: the list price less the discount is the total (VAT is computed on the total,
 * since a discount lowers the taxable price); a gift card then pays up to its balance of the total,
 * and the rest is payable through the payment provider. A gift card does not change the VAT: it is
 * a means of payment (decision 010).
 */
export type PriceBreakdown = {
  listPriceCents: number;
  discountCents: number;
  totalCents: number;
  giftCardCents: number;
  payableCents: number;
};

export function priceBreakdown(options: {
  listPriceCents: number;
  discount?: Discount | null;
  giftCardBalanceCents?: number | null;
}): PriceBreakdown {
  const listPriceCents = Math.max(0, options.listPriceCents);
  const discount = discountCents(listPriceCents, options.discount ?? null);
  const totalCents = listPriceCents - discount;
  const giftCardCents = Math.max(0, Math.min(totalCents, options.giftCardBalanceCents ?? 0));
  return {
    listPriceCents,
    discountCents: discount,
    totalCents,
    giftCardCents,
    payableCents: totalCents - giftCardCents,
  };
}
