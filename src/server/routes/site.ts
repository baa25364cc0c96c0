import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteInfoSchema } from "../../domain/site.js";
import { eq } from "drizzle-orm";
import { basePrices } from "../../domain/pricing.js";
import { priceRules } from "../db/schema.js";
import { getSettings } from "../services/settings.js";

/** What the SPA shell needs: the park's details for the footer, and the home-page notice. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/site",
    { schema: { tags: ["site"], summary: "Public details of the park", response: { 200: siteInfoSchema } } },
    async () => {
      const s = await getSettings(app.ctx.db);
      const rules = await app.ctx.db.select().from(priceRules).where(eq(priceRules.active, true));
      const prices = basePrices(rules, s.slotRules.lengthsMinutes);
      return {
        prices,
        park: s.park,
        openingHours: s.openingHours,
        notice: s.homeNotice.text,
        slotRules: {
          lengthsMinutes: s.slotRules.lengthsMinutes,
          bookingWindowDays: s.slotRules.bookingWindowDays,
          cancellationHours: s.slotRules.cancellationHours,
          maxDogs: s.slotRules.maxDogs,
          holdMinutes: s.slotRules.holdMinutes,
        },
        vatRateBasisPoints: s.vat.rateBasisPoints,
      };
    },
  );
};
