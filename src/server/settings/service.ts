import { z } from "zod";
import type { DbOrTx } from "../db/index.js";
import { hhmm } from "../../domain/admin/settings.js";
import { DEFAULT_MAX_DOGS, defaultDogRules } from "../../domain/dogRules.js";
import { settingsRepository } from "./repository.js";

/**
 * A new park's account for bank transfers: the banks' documented example account (its check digits
 * are right, so invoices and their barcodes work in the demo); the owner writes their own.
 */
const DEMO_IBAN = "FI21 1234 5600 0007 85";
const DEMO_BIC = "NDEAFIHH";

/** Every setting with its shape and the default of product.md; an admin edits them later. */
export const settingSchemas = {
  park: z.object({
    name: z.string().min(1),
    streetAddress: z.string().min(1),
    postalCode: z.string().min(1),
    city: z.string().min(1),
    companyName: z.string().min(1),
    businessId: z.string().min(1),
    email: z.email(),
    phone: z.string().min(1),
    feedbackUrl: z.url(),
    /** The account invoices are paid to by bank transfer, and its bank's BIC (issue 36). */
    iban: z.string().default(DEMO_IBAN),
    bic: z.string().default(DEMO_BIC),
    /** The park's place (WGS84): the map link and the lights' sunset and sunrise. */
    latitude: z.number().min(-90).max(90).default(61.4978),
    longitude: z.number().min(-180).max(180).default(23.761),
  }),
  openingHours: z.object({
    /** Index 0 = Monday .. 6 = Sunday; null = closed that weekday. */
    weekly: z.array(z.object({ opens: hhmm, closes: hhmm }).nullable()).length(7),
  }),
  slotRules: z.object({
    gridMinutes: z.number().int().min(5).max(120),
    lengthsMinutes: z
      .array(
        z
          .number()
          .int()
          .min(5)
          .max(24 * 60),
      )
      .min(1),
    changeoverMinutes: z.number().int().min(0).max(120),
    bookingWindowDays: z.number().int().min(1).max(365),
    holdMinutes: z.number().int().min(1).max(120),
    cancellationHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 14),
    maxDogs: z.number().int().min(1).max(20),
  }),
  /** Live holds (unpaid checkouts) one e-mail address and one IP address may have at once. */
  holdLimits: z.object({
    perEmail: z.number().int().min(1).max(100),
    perIp: z.number().int().min(1).max(1000),
    /** How much of an area's open time on one day live unpaid holds may cover, in percent. */
    dayPercent: z.number().int().min(1).max(100).default(50),
  }),
  door: z.object({
    opensBeforeMinutes: z.number().int().min(0).max(120),
    closesAfterMinutes: z.number().int().min(0).max(120),
    /** The gate health job checks the gate from this long before a confirmed booking (decision 029). */
    healthCheckMinutesBefore: z.number().int().min(5).max(240).default(30),
    /** Shown and e-mailed to visitors when the gate does not answer; null: the park's phone. */
    fallbackText: z.string().max(1000).nullable().default(null),
  }),
  homeNotice: z.object({ text: z.string().nullable() }),
  /** Rules per dog (domain/dogRules.ts, decision 036); 0 turns each off, and all are off by default. */
  dogRules: z.object({
    extraDogPriceCents: z.number().int().min(0).max(100_000).default(0),
    reactiveDogBufferMinutes: z.number().int().min(0).max(120).default(0),
    inHeatGapMinutes: z.number().int().min(0).max(240).default(0),
  }),
  /**
   * The reminder e-mail before each booking (reservations/reminders.ts): how many hours before the start
   * (0 = none sent), and its short texts on the park's rules and on arriving and parking.
   */
  reminders: z.object({
    hoursBefore: z.number().int().min(0).max(72),
    rules: z.string().min(1).max(1000),
    arrival: z.string().min(1).max(1000),
  }),
  /** The waitlist of a taken slot (decision 033): how long an offer holds the freed slot for its address. */
  waitlist: z.object({
    offerMinutes: z.number().int().min(5).max(240).default(15),
  }),
  /** Membership terms; the tiers and the VAT rate are effective-dated tables (prices/service.ts). */
  membership: z.object({
    /** How much less a month costs with a 12-month commitment, in percent. */
    commitmentDiscountPercent: z.number().int().min(0).max(100),
    invoiceDueDays: z.number().int().min(0).max(90),
    /** A signup whose first invoice is not paid in this time expires. */
    signupPaymentMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    /** Days after an unpaid invoice's due date that the membership is suspended (issue 35). */
    suspendAfterDays: z.number().int().min(1).max(90).default(7),
    /** At most this share of a month's quota carries over from one period to the next; 0 = none. */
    rolloverPercent: z.number().int().min(0).max(100).default(100),
    /** A member may pause for 2 weeks up to this many, once in 12 months (decision 058); 0 = no pauses. */
    pauseMaxWeeks: z.number().int().min(0).max(12).default(12),
  }),
  /** The park's lights (lights/service.ts, decision 035): on until the end of a booking plus this. */
  lights: z.object({ graceMinutes: z.number().int().min(0).max(120).default(10) }),
  /** What the home page says the park is (decision 047); a fact left empty (null) is not shown. */
  facts: z.object({
    areaSquareMeters: z.number().int().min(1).max(1_000_000).nullable().default(null),
    fence: z.string().max(200).nullable().default(null),
    surface: z.string().max(200).nullable().default(null),
    water: z.string().max(200).nullable().default(null),
    lighting: z.string().max(200).nullable().default(null),
    parking: z.string().max(200).nullable().default(null),
  }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };

const everyDay = { opens: "06:00", closes: "22:00" };

export const defaultSettings: Settings = {
  park: {
    name: "Koirapuisto",
    streetAddress: "Haukkulantie 12",
    postalCode: "33100",
    city: "Tampere",
    companyName: "Koirapuisto Oy",
    businessId: "2876543-5", // passes the Y-tunnus check digit (domain/businessId.ts)
    email: "info@koirapuisto.fi",
    phone: "+358 40 123 4567",
    feedbackUrl: "https://forms.office.com/e/koirapuisto-palaute",
    iban: DEMO_IBAN,
    bic: DEMO_BIC,
    latitude: 61.4978,
    longitude: 23.761,
  },
  openingHours: { weekly: Array.from({ length: 7 }, () => ({ ...everyDay })) },
  slotRules: {
    gridMinutes: 30,
    lengthsMinutes: [30, 60, 90, 120],
    changeoverMinutes: 0,
    bookingWindowDays: 60,
    holdMinutes: 15,
    cancellationHours: 24,
    maxDogs: DEFAULT_MAX_DOGS,
  },
  // A visitor needs one hold, two if they try again in another tab; an IP may be a family's or a café's.
  // Half a day may wait for payment at once: a few checkouts cannot empty a day (decision 024).
  holdLimits: { perEmail: 2, perIp: 5, dayPercent: 50 },
  door: { opensBeforeMinutes: 5, closesAfterMinutes: 0, healthCheckMinutesBefore: 30, fallbackText: null },
  homeNotice: { text: null },
  dogRules: { ...defaultDogRules },
  reminders: {
    hoursBefore: 3,
    rules:
      "Alue on varattu vain sinulle ja koirillesi. Sulje portti aina perässäsi, kerää koirien jätökset ja jätä alue siistiksi seuraavalle. Poistu alueelta varausaikasi päättyessä.",
    arrival:
      "Tule portille muutama minuutti ennen varauksen alkua ja avaa se puhelimellasi varausvahvistuksen linkistä. Pysäköi autosi puiston omalle pysäköintialueelle portin viereen; älä pysäköi tien varteen.",
  },
  waitlist: { offerMinutes: 15 },
  membership: {
    commitmentDiscountPercent: 10,
    invoiceDueDays: 14,
    signupPaymentMinutes: 60,
    suspendAfterDays: 7,
    rolloverPercent: 100,
    pauseMaxWeeks: 12,
  },
  lights: { graceMinutes: 10 },
  facts: {
    areaSquareMeters: 2500,
    fence: "1,8 m korkea verkkoaita, portissa kulkusulku",
    surface: "Nurmikko ja hiekkakenttä",
    water: "Vesipiste portin vieressä toukokuusta lokakuuhun",
    lighting: "Valaistu pimeän aikaan varauksen ajan",
    parking: "Maksuton pysäköintialue portin vieressä",
  },
};

const keys = Object.keys(settingSchemas) as SettingKey[];

/** All settings; a key missing from the table falls back to its default. */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  const rows = await settingsRepository(db).all();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const result = { ...defaultSettings } as Record<SettingKey, unknown>;
  for (const key of keys) {
    if (stored.has(key)) result[key] = settingSchemas[key].parse(stored.get(key));
  }
  return result as Settings;
}

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  const row = await settingsRepository(db).byKey(key);
  if (!row) return defaultSettings[key];
  return settingSchemas[key].parse(row.value) as SettingValue<K>;
}

export async function putSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>) {
  const parsed = settingSchemas[key].parse(value);
  await settingsRepository(db).put(key, parsed);
}
