import type { SiteInfo } from "../../src/domain/site";

/** The site info (GET /api/v2/site) view tests render with. */
export const siteFixture = (maxDogs: number): SiteInfo => ({
  park: {
    name: "Koirapuisto",
    streetAddress: "Puistotie 1",
    postalCode: "00100",
    city: "Helsinki",
    companyName: "Koirapuisto Oy",
    businessId: "1234567-1",
    email: "info@example.fi",
    phone: "+358 40 123 4567",
    feedbackUrl: "https://example.fi/palaute",
    latitude: 60.1699,
    longitude: 24.9384,
  },
  openingHours: { weekly: Array.from({ length: 7 }, () => ({ opens: "06:00", closes: "22:00" })) },
  arrival: "Pysäköi puiston omalle pysäköintialueelle portin viereen.",
  notice: null,
  facts: {
    areaSquareMeters: 2500,
    fence: "1,8 m verkkoaita",
    surface: "Nurmikko",
    water: null,
    lighting: null,
    parking: "Pysäköinti portilla",
  },
  slotRules: {
    lengthsMinutes: [30, 60, 90, 120],
    bookingWindowDays: 60,
    cancellationHours: 24,
    maxDogs,
    holdMinutes: 15,
  },
  dogRules: { extraDogPriceCents: 0, reactiveDogBufferMinutes: 15, inHeatGapMinutes: 30 },
  door: { opensBeforeMinutes: 5, closesAfterMinutes: 0 },
  invoiceDueDays: 14,
  suspendAfterDays: 7,
  rolloverPercent: 100,
  pauseMaxWeeks: 12,
  vatRateBasisPoints: 2550,
  prices: [
    { lengthMinutes: 30, priceCents: 900 },
    { lengthMinutes: 60, priceCents: 1500 },
    { lengthMinutes: 90, priceCents: 2100 },
    { lengthMinutes: 120, priceCents: 2700 },
  ],
});
