import { z } from "zod";

/** Hinnasto: single-booking price rules (membership tiers and VAT are settings, see settings.ts). */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Aika muodossa HH:MM");

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
  })
  .refine((r) => !r.fromTime || !r.toTime || r.toTime > r.fromTime, "Loppuajan on oltava alkuajan jälkeen.");
export type PriceRuleInput = z.infer<typeof priceRuleInputSchema>;

export const priceRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lengthMinutes: z.number().int(),
  priceCents: z.number().int(),
  weekdays: z.array(z.number().int()).nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  priority: z.number().int(),
  active: z.boolean(),
});
export type PriceRuleView = z.infer<typeof priceRuleSchema>;

export const priceListSchema = z.object({
  priceRules: z.array(priceRuleSchema),
  membership: z.object({
    tiers: z.array(
      z.object({
        level: z.number().int(),
        name: z.string(),
        monthlyPriceCents: z.number().int(),
        hoursQuota: z.number().int(),
      }),
    ),
    commitmentDiscountPercent: z.number().int(),
    invoiceDueDays: z.number().int(),
    signupPaymentMinutes: z.number().int(),
  }),
  vat: z.object({ rateBasisPoints: z.number().int() }),
  lengthsMinutes: z.array(z.number().int()),
});
export type PriceList = z.infer<typeof priceListSchema>;
