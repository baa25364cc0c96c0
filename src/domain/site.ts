import * as z from "zod/mini";

/**
 * GET /api/v2/site: what the SPA shell and public pages show about the park (zod/mini, as the
 * shell parses it; decision 019).
 */
export const siteInfoSchema = z.object({
  park: z.object({
    name: z.string(),
    streetAddress: z.string(),
    postalCode: z.string(),
    city: z.string(),
    companyName: z.string(),
    businessId: z.string(),
    email: z.string(),
    phone: z.string(),
    feedbackUrl: z.string(),
    /** The park's place (WGS84), for the "Näytä kartalla" link. */
    latitude: z.number(),
    longitude: z.number(),
  }),
  /** How to arrive and where to park (the reminder e-mail's text, setting reminders.arrival). */
  arrival: z.string(),
  openingHours: z.object({
    weekly: z.array(z.nullable(z.object({ opens: z.string(), closes: z.string() }))),
  }),
  notice: z.nullable(z.string()),
  /** What the park is (setting facts, decision 047); null: the owner left it out. */
  facts: z.object({
    areaSquareMeters: z.nullable(z.number()),
    fence: z.nullable(z.string()),
    surface: z.nullable(z.string()),
    water: z.nullable(z.string()),
    lighting: z.nullable(z.string()),
    parking: z.nullable(z.string()),
  }),
  slotRules: z.object({
    lengthsMinutes: z.array(z.number()),
    bookingWindowDays: z.number(),
    cancellationHours: z.number(),
    maxDogs: z.number(),
    holdMinutes: z.number(),
  }),
  /**
   * The rules per dog (decision 036): what each dog after the first adds to the price, and the
   * minutes a reactive dog's buffer and an in-heat cleaning gap take (0: the option is off, and the
   * calendar does not ask it).
   */
  dogRules: z.object({
    extraDogPriceCents: z.number(),
    reactiveDogBufferMinutes: z.number(),
    inHeatGapMinutes: z.number(),
  }),
  /** The gate opens this long before a booking's start and stays openable this long after its end. */
  door: z.object({ opensBeforeMinutes: z.number(), closesAfterMinutes: z.number() }),
  /** A membership invoice falls due this many days after it is made. */
  invoiceDueDays: z.number(),
  /** An unpaid invoice suspends the membership this many days after its due date. */
  suspendAfterDays: z.number(),
  /** At most this share (%) of a month's quota carries over to the next period (decision 055). */
  rolloverPercent: z.number(),
  /** A member may pause for 2 up to this many weeks, once in 12 months (decision 058); 0 = no pauses. */
  pauseMaxWeeks: z.number(),
  vatRateBasisPoints: z.number(),
  /** The base price of each booking length (rules without weekday or time limits), VAT included. */
  prices: z.array(z.object({ lengthMinutes: z.int(), priceCents: z.int() })),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;
