import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  endQuerySchema,
  membershipTierInputSchema,
  membershipTierSchema,
  priceListSchema,
  priceRuleInputSchema,
  priceRuleSchema,
  vatRateInputSchema,
  vatRateSchema,
} from "../../../domain/admin/prices.js";
import { signedInAdmin } from "../../plugins/index.js";
import {
  createPriceRule,
  deletePriceRule,
  endMembershipTier,
  priceList,
  setMembershipTier,
  setVatRate,
  updatePriceRule,
} from "../../prices/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: hinnasto"];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const levelParams = z.object({ level: z.coerce.number().int().min(1).max(100) });
const writeErrors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, ...guardResponses };

/**
 * Hinnasto: price rules, membership tiers and the VAT rate, effective-dated (decision 013): every
 * change takes "effectiveFrom" (YYYY-MM-DD, Helsinki; today when left out, never earlier). The
 * membership terms (commitment discount, due days) are PUT /settings/membership.
 */
export const adminPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/prices",
    {
      schema: {
        tags,
        summary: "Price rules, membership tiers and VAT rates: past, in force and scheduled versions",
        security: adminSecurity,
        response: { 200: priceListSchema, ...guardResponses },
      },
    },
    async () => priceList(app.ctx),
  );

  app.post(
    "/price-rules",
    {
      schema: {
        tags,
        summary: "Add a price rule from a date",
        security: adminSecurity,
        body: priceRuleInputSchema,
        response: { 201: z.object({ priceRule: priceRuleSchema }), ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ priceRule: await createPriceRule(app.ctx, signedInAdmin(request), request.body) }),
  );

  app.put(
    "/price-rules/:id",
    {
      schema: {
        tags,
        summary: "Change the rule of a version from a date (the version in force then is closed)",
        security: adminSecurity,
        params: idParams,
        body: priceRuleInputSchema,
        response: { 200: z.object({ priceRule: priceRuleSchema }), ...writeErrors },
      },
    },
    async (request) => ({
      priceRule: await updatePriceRule(app.ctx, signedInAdmin(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/price-rules/:id",
    {
      schema: {
        tags,
        summary: "End the rule of a version from a date (earlier periods are kept)",
        security: adminSecurity,
        params: idParams,
        querystring: endQuerySchema,
        response: { 200: z.object({ message: z.string() }), ...writeErrors },
      },
    },
    async (request) => {
      await deletePriceRule(app.ctx, signedInAdmin(request), request.params.id, request.query.effectiveFrom);
      return { message: "Hinta poistettu." };
    },
  );

  app.put(
    "/membership-tiers/:level",
    {
      schema: {
        tags,
        summary: "Set a membership tier (or add a level) from a date",
        security: adminSecurity,
        params: levelParams,
        body: membershipTierInputSchema,
        response: { 200: z.object({ membershipTier: membershipTierSchema }), ...writeErrors },
      },
    },
    async (request) => ({
      membershipTier: await setMembershipTier(
        app.ctx,
        signedInAdmin(request),
        request.params.level,
        request.body,
      ),
    }),
  );

  app.delete(
    "/membership-tiers/:level",
    {
      schema: {
        tags,
        summary: "End a membership tier from a date (running memberships keep theirs)",
        security: adminSecurity,
        params: levelParams,
        querystring: endQuerySchema,
        response: { 200: z.object({ message: z.string() }), ...writeErrors },
      },
    },
    async (request) => {
      await endMembershipTier(
        app.ctx,
        signedInAdmin(request),
        request.params.level,
        request.query.effectiveFrom,
      );
      return { message: "Jäsenyystaso poistettu." };
    },
  );

  app.put(
    "/vat-rate",
    {
      schema: {
        tags,
        summary: "Set the VAT rate from a date",
        security: adminSecurity,
        body: vatRateInputSchema,
        response: { 200: z.object({ vatRate: vatRateSchema }), ...writeErrors },
      },
    },
    async (request) => ({ vatRate: await setVatRate(app.ctx, signedInAdmin(request), request.body) }),
  );
};
