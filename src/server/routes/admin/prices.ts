import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { priceListSchema, priceRuleInputSchema, priceRuleSchema } from "../../../domain/admin/prices.js";
import { signedInAdmin } from "../../plugins/adminAuth.js";
import { createPriceRule, deletePriceRule, priceList, updatePriceRule } from "../../services/admin/prices.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: hinnasto"];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Hinnasto: single-booking price rules; membership tiers and VAT are PUT /settings/membership and /settings/vat. */
export const adminPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/prices",
    {
      schema: {
        tags,
        summary: "Price rules, membership tiers and the VAT rate",
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
        summary: "Add a price rule",
        security: adminSecurity,
        body: priceRuleInputSchema,
        response: { 201: z.object({ priceRule: priceRuleSchema }), 400: errorSchema, ...guardResponses },
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
        summary: "Change a price rule",
        security: adminSecurity,
        params: idParams,
        body: priceRuleInputSchema,
        response: {
          200: z.object({ priceRule: priceRuleSchema }),
          400: errorSchema,
          404: errorSchema,
          ...guardResponses,
        },
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
        summary: "Remove a price rule",
        security: adminSecurity,
        params: idParams,
        response: {
          200: z.object({ message: z.string() }),
          400: errorSchema,
          404: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => {
      await deletePriceRule(app.ctx, signedInAdmin(request), request.params.id);
      return { message: "Hinta poistettu." };
    },
  );
};
