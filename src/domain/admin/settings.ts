import * as z from "zod/mini";
import { compactIban, formatIban, isValidBic, isValidIban } from "../bankTransfer";
import { INVALID_BUSINESS_ID, isValidBusinessId } from "../businessId";
import { lightsSettingsSchema } from "./lights";

/**
 * Hallintapaneeli and hinnasto: what an admin may change, with the checks a change must pass on
 * top of the settings' own shapes (src/server/settings/service.ts).
 */

/** A wall-clock time of day, HH:MM from 00:00 to 23:59, or 24:00 for the end of a day. */
export const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Aika muodossa HH:MM"));

export const parkDetailsSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Anna puiston nimi."), z.maxLength(100)),
  streetAddress: z.string().check(z.trim(), z.minLength(1, "Anna katuosoite."), z.maxLength(200)),
  postalCode: z.string().check(z.trim(), z.regex(/^\d{5}$/, "Postinumero on viisi numeroa.")),
  city: z.string().check(z.trim(), z.minLength(1, "Anna postitoimipaikka."), z.maxLength(100)),
  companyName: z.string().check(z.trim(), z.minLength(1, "Anna yrityksen nimi."), z.maxLength(200)),
  businessId: z.string().check(z.trim(), z.refine(isValidBusinessId, INVALID_BUSINESS_ID)),
  email: z.email("Anna kelvollinen sähköpostiosoite."),
  phone: z.string().check(z.trim(), z.minLength(5, "Anna puhelinnumero."), z.maxLength(40)),
  feedbackUrl: z.url("Palautelomakkeen osoite on annettava kokonaisena (https://…)."),
  iban: z.string().check(
    z.trim(),
    z.refine(
      (iban) => isValidIban(iban) && compactIban(iban).startsWith("FI"),
      "Tilinumero on annettava suomalaisena IBAN-muotona (FI + 16 numeroa), ja sen tarkisteiden on täsmättävä.",
    ),
    z.overwrite(formatIban),
  ),
  bic: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.refine(isValidBic, "BIC on 8 tai 11 merkkiä, esimerkiksi NDEAFIHH.")),
  latitude: z
    .number({ error: "Anna leveysaste asteina, esimerkiksi 61,4978." })
    .check(z.minimum(-90, "Leveysaste on välillä −90…90."), z.maximum(90, "Leveysaste on välillä −90…90.")),
  longitude: z
    .number({ error: "Anna pituusaste asteina, esimerkiksi 23,761." })
    .check(
      z.minimum(-180, "Pituusaste on välillä −180…180."),
      z.maximum(180, "Pituusaste on välillä −180…180."),
    ),
});

const dayHours = z.nullable(
  z
    .object({ opens: hhmm, closes: hhmm })
    .check(z.refine((d) => d.closes > d.opens, "Sulkemisajan on oltava avaamisajan jälkeen.")),
);

export const openingHoursSchema = z.object({ weekly: z.array(dayHours).check(z.length(7)) });

export const slotRulesSchema = z
  .object({
    gridMinutes: z.int().check(z.minimum(5), z.maximum(120)),
    lengthsMinutes: z
      .array(z.int().check(z.minimum(5), z.maximum(24 * 60)))
      .check(z.minLength(1, "Anna vähintään yksi varauksen pituus.")),
    changeoverMinutes: z.int().check(z.minimum(0), z.maximum(120)),
    bookingWindowDays: z.int().check(z.minimum(1), z.maximum(365)),
    holdMinutes: z.int().check(z.minimum(1), z.maximum(120)),
    cancellationHours: z.int().check(z.minimum(0), z.maximum(24 * 14)),
    maxDogs: z.int().check(z.minimum(1), z.maximum(20)),
  })
  .check(
    z.refine(
      (r) => r.lengthsMinutes.every((l) => l % r.gridMinutes === 0),
      "Jokaisen varauksen pituuden on oltava aikaruudukon monikerta.",
    ),
  );

export const doorSettingsSchema = z.object({
  opensBeforeMinutes: z.int().check(z.minimum(0), z.maximum(120)),
  closesAfterMinutes: z.int().check(z.minimum(0), z.maximum(120)),
  /** How long before a booking the gate health job starts checking the gate (decision 029). */
  healthCheckMinutesBefore: z._default(z.int().check(z.minimum(5), z.maximum(240)), 30),
  /** What a visitor does when the gate does not answer: a phone number, a key box code... */
  fallbackText: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(1000))), null),
});

export const homeNoticeSchema = z.object({ text: z.nullable(z.string().check(z.trim(), z.maxLength(1000))) });

/** Rules per dog (domain/dogRules.ts, decision 036); 0 turns each off. */
export const dogRulesSchema = z.object({
  extraDogPriceCents: z
    .int("Anna lisäkoiran hinta sentteinä.")
    .check(z.minimum(0, "Hinta ei voi olla negatiivinen."), z.maximum(100_000, "Hinta on liian suuri.")),
  reactiveDogBufferMinutes: z
    .int("Anna puskuriaika minuutteina.")
    .check(z.minimum(0, "Puskuriaika on 0–120 min."), z.maximum(120, "Puskuriaika on 0–120 min.")),
  inHeatGapMinutes: z
    .int("Anna siivousväli minuutteina.")
    .check(z.minimum(0, "Siivousväli on 0–240 min."), z.maximum(240, "Siivousväli on 0–240 min.")),
});

/** Membership terms (the tiers and VAT are effective-dated: domain/admin/prices.ts). */
export const membershipTermsSchema = z.object({
  commitmentDiscountPercent: z.int().check(z.minimum(0), z.maximum(100)),
  invoiceDueDays: z.int().check(z.minimum(0), z.maximum(90)),
  signupPaymentMinutes: z.int().check(z.minimum(5), z.maximum(24 * 60)),
  /** An unpaid invoice suspends the membership this many days after its due date (issue 35). */
  suspendAfterDays: z
    .int()
    .check(
      z.minimum(1, "Keskeytys on 1–90 päivää eräpäivän jälkeen."),
      z.maximum(90, "Keskeytys on 1–90 päivää eräpäivän jälkeen."),
    ),
  /** At most this share (%) of a month's quota carries over to the next period; 0 = none. */
  rolloverPercent: z
    .int()
    .check(
      z.minimum(0, "Siirtyvien tuntien enimmäismäärä on 0–100 % kiintiöstä."),
      z.maximum(100, "Siirtyvien tuntien enimmäismäärä on 0–100 % kiintiöstä."),
    ),
  /** A member's pause is 2 weeks up to this many (decision 058); 0 = members cannot pause. */
  pauseMaxWeeks: z
    .int()
    .check(
      z.minimum(0, "Tauon enimmäispituus on 0–12 viikkoa (0: taukoa ei voi pitää)."),
      z.maximum(12, "Tauon enimmäispituus on 0–12 viikkoa (0: taukoa ei voi pitää)."),
    ),
});

/** The reminder e-mail (reservations/reminders.ts): hours before the start, 0 = none; its short texts. */
export const reminderSettingsSchema = z.object({
  hoursBefore: z.int().check(z.minimum(0), z.maximum(72)),
  rules: z.string().check(z.trim(), z.minLength(1, "Anna puiston säännöt lyhyesti."), z.maxLength(1000)),
  arrival: z
    .string()
    .check(z.trim(), z.minLength(1, "Kerro saapumisesta ja pysäköinnistä."), z.maxLength(1000)),
});

/** The waitlist (decision 033): how long an offer holds a freed slot for the first in line. */
export const waitlistSettingsSchema = z.object({
  offerMinutes: z._default(z.int().check(z.minimum(5), z.maximum(240)), 15),
});

/** A fact the home page says of the park; empty is null, and not shown. */
const parkFact = z._default(
  z.nullable(z.string().check(z.trim(), z.maxLength(200, "Kirjoita tieto enintään 200 merkillä."))),
  null,
);

/** What the home page says the park is (decision 047): its size and what a visitor finds there. */
export const parkFactsSchema = z.object({
  areaSquareMeters: z._default(
    z.nullable(
      z
        .int("Anna puiston koko kokonaisina neliömetreinä.")
        .check(
          z.minimum(1, "Anna puiston koko kokonaisina neliömetreinä."),
          z.maximum(1_000_000, "Puiston koko on enintään 1 000 000 m²."),
        ),
    ),
    null,
  ),
  fence: parkFact,
  surface: parkFact,
  water: parkFact,
  lighting: parkFact,
  parking: parkFact,
});

/** The settings an admin edits, each with its checks. */
export const editableSettings = {
  park: parkDetailsSchema,
  openingHours: openingHoursSchema,
  slotRules: slotRulesSchema,
  door: doorSettingsSchema,
  homeNotice: homeNoticeSchema,
  dogRules: dogRulesSchema,
  reminders: reminderSettingsSchema,
  waitlist: waitlistSettingsSchema,
  membership: membershipTermsSchema,
  lights: lightsSettingsSchema,
  facts: parkFactsSchema,
} as const;
export type EditableSettingKey = keyof typeof editableSettings;
export const editableSettingKeys = Object.keys(editableSettings) as EditableSettingKey[];

/** PUT /admin/opening-exceptions/{date}: that date's hours; both null closes it all day. */
export const openingExceptionBodySchema = z
  .object({
    opensAt: z.nullable(hhmm),
    closesAt: z.nullable(hhmm),
    note: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(200))), null),
  })
  .check(
    z.refine(
      (e) => (e.opensAt === null) === (e.closesAt === null),
      "Anna sekä avaamis- että sulkemisaika, tai ei kumpaakaan.",
    ),
    z.refine(
      (e) => e.opensAt === null || e.closesAt! > e.opensAt,
      "Sulkemisajan on oltava avaamisajan jälkeen.",
    ),
  );

export const areaInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Anna alueen nimi."), z.maxLength(100)),
  active: z._default(z.boolean(), true),
  sortOrder: z._default(z.int().check(z.minimum(0), z.maximum(1000)), 0),
});

export const adminSettingsSchema = z.object({
  settings: z.object({
    // As stored (an id entered before the check existed is still shown, to be corrected).
    park: z.record(z.string(), z.union([z.string(), z.number()])),
    openingHours: z.object({
      weekly: z.array(z.nullable(z.object({ opens: z.string(), closes: z.string() }))),
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
    homeNotice: z.object({ text: z.nullable(z.string()) }),
    reminders: z.optional(reminderSettingsSchema),
    waitlist: z.optional(waitlistSettingsSchema),
    dogRules: z.optional(dogRulesSchema),
    lights: z.optional(lightsSettingsSchema),
    facts: z.optional(parkFactsSchema),
  }),
  exceptions: z.array(
    z.object({
      date: z.string(),
      opensAt: z.nullable(z.string()),
      closesAt: z.nullable(z.string()),
      note: z.nullable(z.string()),
    }),
  ),
  areas: z.array(z.object({ id: z.int(), name: z.string(), active: z.boolean(), sortOrder: z.int() })),
  /** The gate's provider as configured (DOOR_PROVIDER), and where it points. */
  doorProvider: z.object({ name: z.enum(["log", "shelly", "mqtt"]), target: z.nullable(z.string()) }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
