import { z } from "zod";
import { INVALID_BUSINESS_ID, isValidBusinessId } from "../businessId";

/**
 * Hallintapaneeli and hinnasto: what an admin may change, with the checks a change must pass on
 * top of the settings' own shapes (services/settings.ts).
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Aika muodossa HH:MM");

export const parkDetailsSchema = z.object({
  name: z.string().trim().min(1, "Anna puiston nimi.").max(100),
  streetAddress: z.string().trim().min(1, "Anna katuosoite.").max(200),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Postinumero on viisi numeroa."),
  city: z.string().trim().min(1, "Anna postitoimipaikka.").max(100),
  companyName: z.string().trim().min(1, "Anna yrityksen nimi.").max(200),
  businessId: z.string().trim().refine(isValidBusinessId, INVALID_BUSINESS_ID),
  email: z.email("Anna kelvollinen sähköpostiosoite."),
  phone: z.string().trim().min(5, "Anna puhelinnumero.").max(40),
  feedbackUrl: z.url("Palautelomakkeen osoite on annettava kokonaisena (https://…)."),
});

const dayHours = z
  .object({ opens: hhmm, closes: hhmm })
  .refine((d) => d.closes > d.opens, "Sulkemisajan on oltava avaamisajan jälkeen.")
  .nullable();

export const openingHoursSchema = z.object({ weekly: z.array(dayHours).length(7) });

export const slotRulesSchema = z
  .object({
    gridMinutes: z.number().int().min(5).max(120),
    lengthsMinutes: z
      .array(
        z
          .number()
          .int()
          .min(5)
          .max(24 * 60),
      )
      .min(1, "Anna vähintään yksi varauksen pituus."),
    changeoverMinutes: z.number().int().min(0).max(120),
    bookingWindowDays: z.number().int().min(1).max(365),
    holdMinutes: z.number().int().min(1).max(120),
    cancellationHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 14),
    maxDogs: z.number().int().min(1).max(20),
  })
  .refine(
    (r) => r.lengthsMinutes.every((l) => l % r.gridMinutes === 0),
    "Jokaisen varauksen pituuden on oltava aikaruudukon monikerta.",
  );

export const doorSettingsSchema = z.object({
  opensBeforeMinutes: z.number().int().min(0).max(120),
  closesAfterMinutes: z.number().int().min(0).max(120),
});

export const homeNoticeSchema = z.object({ text: z.string().trim().max(1000).nullable() });

/** Membership terms (the tiers and VAT are effective-dated: domain/admin/prices.ts). */
export const membershipTermsSchema = z.object({
  commitmentDiscountPercent: z.number().int().min(0).max(100),
  invoiceDueDays: z.number().int().min(0).max(90),
  signupPaymentMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
});

/** The settings an admin edits, each with its checks. */
export const editableSettings = {
  park: parkDetailsSchema,
  openingHours: openingHoursSchema,
  slotRules: slotRulesSchema,
  door: doorSettingsSchema,
  homeNotice: homeNoticeSchema,
  membership: membershipTermsSchema,
} as const;
export type EditableSettingKey = keyof typeof editableSettings;
export const editableSettingKeys = Object.keys(editableSettings) as EditableSettingKey[];

/** PUT /admin/opening-exceptions/{date}: that date's hours; both null closes it all day. */
export const openingExceptionBodySchema = z
  .object({
    opensAt: hhmm.nullable(),
    closesAt: hhmm.nullable(),
    note: z.string().trim().max(200).nullable().default(null),
  })
  .refine(
    (e) => (e.opensAt === null) === (e.closesAt === null),
    "Anna sekä avaamis- että sulkemisaika, tai ei kumpaakaan.",
  )
  .refine(
    (e) => e.opensAt === null || e.closesAt! > e.opensAt,
    "Sulkemisajan on oltava avaamisajan jälkeen.",
  );

export const areaInputSchema = z.object({
  name: z.string().trim().min(1, "Anna alueen nimi.").max(100),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});

export const adminSettingsSchema = z.object({
  settings: z.object({
    // As stored (an id entered before the check existed is still shown, to be corrected).
    park: z.record(z.string(), z.string()),
    openingHours: z.object({
      weekly: z.array(z.object({ opens: z.string(), closes: z.string() }).nullable()),
    }),
    slotRules: z.object({
      gridMinutes: z.number(),
      lengthsMinutes: z.array(z.number()),
      changeoverMinutes: z.number(),
      bookingWindowDays: z.number(),
      holdMinutes: z.number(),
      cancellationHours: z.number(),
      maxDogs: z.number(),
    }),
    door: doorSettingsSchema,
    homeNotice: z.object({ text: z.string().nullable() }),
  }),
  exceptions: z.array(
    z.object({
      date: z.string(),
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  areas: z.array(
    z.object({ id: z.number().int(), name: z.string(), active: z.boolean(), sortOrder: z.number().int() }),
  ),
  /** The gate's provider as configured (DOOR_PROVIDER), and where it points. */
  doorProvider: z.object({ name: z.enum(["log", "shelly", "mqtt"]), target: z.string().nullable() }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
