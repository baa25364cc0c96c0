import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteInfoSchema } from "../../domain/site.js";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import { basePrices } from "../../domain/pricing.js";
import { loadPriceRules, vatRateOn } from "../prices/index.js";
import { getSettings } from "../settings/index.js";

/** What the SPA shell needs: the park's details for the footer, and the home-page notice. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/site",
    { schema: { tags: ["site"], summary: "Public details of the park", response: { 200: siteInfoSchema } } },
    async () => {
      const s = await getSettings(app.ctx.db);
      // Today's prices and VAT rate (a change from a later date shows from that date on).
      const today = helsinkiDate(app.ctx.now());
      const rules = await loadPriceRules(app.ctx.db, today, today);
      const prices = basePrices(rules, s.slotRules.lengthsMinutes);
      return {
        prices,
        park: s.park,
        openingHours: s.openingHours,
        notice: s.homeNotice.text,
        facts: s.facts,
        arrival: s.reminders.arrival,
        slotRules: {
          lengthsMinutes: s.slotRules.lengthsMinutes,
          bookingWindowDays: s.slotRules.bookingWindowDays,
          cancellationHours: s.slotRules.cancellationHours,
          maxDogs: s.slotRules.maxDogs,
          holdMinutes: s.slotRules.holdMinutes,
        },
        dogRules: {
          extraDogPriceCents: s.dogRules.extraDogPriceCents,
          reactiveDogBufferMinutes: s.dogRules.reactiveDogBufferMinutes,
          inHeatGapMinutes: s.dogRules.inHeatGapMinutes,
        },
        door: s.door,
        invoiceDueDays: s.membership.invoiceDueDays,
        suspendAfterDays: s.membership.suspendAfterDays,
        rolloverPercent: s.membership.rolloverPercent,
        pauseMaxWeeks: s.membership.pauseMaxWeeks,
        vatRateBasisPoints: await vatRateOn(app.ctx.db, today),
      };
    },
  );
};
