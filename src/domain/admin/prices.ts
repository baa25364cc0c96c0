import * as z from "zod/mini";
import { isoDate } from "../booking";
import { isValidDate } from "../helsinkiClock";
import { hhmm } from "./settings";

/**
 * Hinnasto: single-booking price rules, membership tiers and the VAT rate, each effective-dated
 * (decision 013). Every change asks "voimassa alkaen": the Helsinki date from which it applies,
 * today when not given; a date before today is refused.
 */

/** "Voimassa alkaen": optional, today by default; the server refuses a date before today. */
export const effectiveFromSchema = isoDate.check(
  z.refine(isValidDate, "Virheellinen voimassaolon alkupäivä."),
);
const effectiveFrom = { effectiveFrom: z.optional(effectiveFromSchema) };

/**
 * The most a price may be: 100 000,00 €. Far above any real booking or membership, and far
 * below what overflows the database's integer columns (a bigger one answered 500) or the sums.
 */
export const MAX_PRICE_CENTS = 10_000_000;
const priceCents = z
  .number()
  .check(
    z.int("Hinta annetaan sentteinä."),
    z.minimum(0, "Hinta ei voi olla negatiivinen."),
    z.maximum(MAX_PRICE_CENTS, "Hinta voi olla enintään 100 000,00 €."),
  );
const period = { effectiveFrom: z.string(), effectiveUntil: z.nullable(z.string()) };

export const priceRuleInputSchema = z
  .object({
    name: z
      .string()
      .check(z.trim(), z.minLength(1, "Anna hinnalle nimi, esimerkiksi ”Ilta 1 h”."), z.maxLength(100)),
    lengthMinutes: z.int().check(z.minimum(5), z.maximum(24 * 60)),
    priceCents,
    /** ISO weekdays 1 = Monday .. 7 = Sunday; null = every day. */
    weekdays: z.nullable(z.array(z.int().check(z.minimum(1), z.maximum(7))).check(z.minLength(1))),
    fromTime: z.nullable(hhmm),
    toTime: z.nullable(hhmm),
    priority: z.int().check(z.minimum(0), z.maximum(1000)),
    active: z.boolean(),
    ...effectiveFrom,
  })
  .check(
    z.refine(
      (r) => !r.fromTime || !r.toTime || r.toTime > r.fromTime,
      "Loppuajan on oltava alkuajan jälkeen.",
    ),
  );
export type PriceRuleInput = z.infer<typeof priceRuleInputSchema>;

/** One version of a price rule: ruleId names the rule across its versions. */
export const priceRuleSchema = z.object({
  id: z.int(),
  ruleId: z.int(),
  name: z.string(),
  lengthMinutes: z.int(),
  priceCents: z.int(),
  weekdays: z.nullable(z.array(z.int())),
  fromTime: z.nullable(z.string()),
  toTime: z.nullable(z.string()),
  priority: z.int(),
  active: z.boolean(),
  ...period,
});
export type PriceRuleView = z.infer<typeof priceRuleSchema>;

export const membershipTierInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Anna tason nimi."), z.maxLength(100)),
  monthlyPriceCents: priceCents,
  hoursQuota: z
    .number()
    .check(
      z.int("Tunnit annetaan kokonaislukuna."),
      z.minimum(0, "Tuntimäärä ei voi olla negatiivinen."),
      z.maximum(24 * 31),
    ),
  ...effectiveFrom,
});
export type MembershipTierInput = z.infer<typeof membershipTierInputSchema>;

export const membershipTierSchema = z.object({
  id: z.int(),
  level: z.int(),
  name: z.string(),
  monthlyPriceCents: z.int(),
  hoursQuota: z.int(),
  ...period,
});
export type MembershipTierView = z.infer<typeof membershipTierSchema>;

export const vatRateInputSchema = z.object({
  rateBasisPoints: z
    .number()
    .check(
      z.int("ALV-kanta annetaan sadasosaprosentteina."),
      z.minimum(0, "ALV-kanta ei voi olla negatiivinen."),
      z.maximum(10000, "ALV-kanta voi olla enintään 100 %."),
    ),
  ...effectiveFrom,
});
export type VatRateInput = z.infer<typeof vatRateInputSchema>;

export const vatRateSchema = z.object({ id: z.int(), rateBasisPoints: z.int(), ...period });
export type VatRateView = z.infer<typeof vatRateSchema>;

/** Ending a rule or a tier: from this date on it no longer applies. */
export const endQuerySchema = z.object(effectiveFrom);

export const priceListSchema = z.object({
  /** The Helsinki date the server calls today: what is "in force", "scheduled" and "past". */
  today: z.string(),
  /** Every version, past, current and scheduled. */
  priceRules: z.array(priceRuleSchema),
  membershipTiers: z.array(membershipTierSchema),
  vatRates: z.array(vatRateSchema),
  membership: z.object({
    commitmentDiscountPercent: z.int(),
    invoiceDueDays: z.int(),
    signupPaymentMinutes: z.int(),
    suspendAfterDays: z.int(),
    rolloverPercent: z.int(),
    pauseMaxWeeks: z.int(),
  }),
  lengthsMinutes: z.array(z.int()),
});
export type PriceList = z.infer<typeof priceListSchema>;
