import { z } from "zod";
import { isoDate } from "../booking";
import { isValidDate } from "../helsinkiClock";

/**
 * Hinnasto: single-booking price rules, membership tiers and the VAT rate, each effective-dated
 * (decision 013). Every change asks "voimassa alkaen": the Helsinki date from which it applies,
 * today when not given; a date before today is refused.
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Aika muodossa HH:MM");

/** "Voimassa alkaen": optional, today by default; the server refuses a date before today. */
export const effectiveFromSchema = isoDate.check(
  z.refine(isValidDate, "Virheellinen voimassaolon alkupäivä."),
);
const effectiveFrom = { effectiveFrom: z.optional(effectiveFromSchema) };
const period = { effectiveFrom: z.string(), effectiveUntil: z.string().nullable() };

export const priceRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, "Anna hinnalle nimi, esimerkiksi ”Ilta 1 h”.").max(100),
    lengthMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    priceCents: z.number().int("Hinta annetaan sentteinä.").min(0, "Hinta ei voi olla negatiivinen."),
    /** ISO weekdays 1 = Monday .. 7 = Sunday; null = every day. */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).nullable(),
    fromTime: hhmm.nullable(),
    toTime: hhmm.nullable(),
    priority: z.number().int().min(0).max(1000),
    active: z.boolean(),
    ...effectiveFrom,
  })
  .refine((r) => !r.fromTime || !r.toTime || r.toTime > r.fromTime, "Loppuajan on oltava alkuajan jälkeen.");
export type PriceRuleInput = z.infer<typeof priceRuleInputSchema>;

/** One version of a price rule: ruleId names the rule across its versions. */
export const priceRuleSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  name: z.string(),
  lengthMinutes: z.number().int(),
  priceCents: z.number().int(),
  weekdays: z.array(z.number().int()).nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  priority: z.number().int(),
  active: z.boolean(),
  ...period,
});
export type PriceRuleView = z.infer<typeof priceRuleSchema>;

export const membershipTierInputSchema = z.object({
  name: z.string().trim().min(1, "Anna tason nimi.").max(100),
  monthlyPriceCents: z.number().int("Hinta annetaan sentteinä.").min(0, "Hinta ei voi olla negatiivinen."),
  hoursQuota: z
    .number()
    .int("Tunnit annetaan kokonaislukuna.")
    .min(0, "Tuntimäärä ei voi olla negatiivinen.")
    .max(24 * 31),
  ...effectiveFrom,
});
export type MembershipTierInput = z.infer<typeof membershipTierInputSchema>;

export const membershipTierSchema = z.object({
  id: z.number().int(),
  level: z.number().int(),
  name: z.string(),
  monthlyPriceCents: z.number().int(),
  hoursQuota: z.number().int(),
  ...period,
});
export type MembershipTierView = z.infer<typeof membershipTierSchema>;

export const vatRateInputSchema = z.object({
  rateBasisPoints: z
    .number()
    .int("ALV-kanta annetaan sadasosaprosentteina.")
    .min(0, "ALV-kanta ei voi olla negatiivinen.")
    .max(10000, "ALV-kanta voi olla enintään 100 %."),
  ...effectiveFrom,
});
export type VatRateInput = z.infer<typeof vatRateInputSchema>;

export const vatRateSchema = z.object({ id: z.number().int(), rateBasisPoints: z.number().int(), ...period });
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
    commitmentDiscountPercent: z.number().int(),
    invoiceDueDays: z.number().int(),
    signupPaymentMinutes: z.number().int(),
  }),
  lengthsMinutes: z.array(z.number().int()),
});
export type PriceList = z.infer<typeof priceListSchema>;
