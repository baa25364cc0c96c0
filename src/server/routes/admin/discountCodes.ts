import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDiscountCodeSchema,
  discountCodeInputSchema,
  discountCodeListSchema,
  discountCodeUsesSchema,
} from "../../../domain/admin/discountCodes.js";
import { signedInAdmin } from "../../plugins/index.js";
import {
  createDiscountCode,
  discountCodeUsesOf,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from "../../discountCodes/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: alennuskoodit"];
const BAD_ID = "Alennuskoodin tunniste on virheellinen.";
const idParams = z.object({
  id: z.coerce.number(BAD_ID).int(BAD_ID).positive(BAD_ID).max(2_147_483_647, BAD_ID),
});
const saved = z.object({ message: z.string(), discountCode: adminDiscountCodeSchema });

/** Alennuskoodit: the list with uses, create, edit, deactivate and reactivate, and a code's uses. */
export const adminDiscountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/discount-codes",
    {
      schema: {
        tags,
        summary: "Discount codes with their live uses, active ones first",
        security: adminSecurity,
        response: { 200: discountCodeListSchema, ...guardResponses },
      },
    },
    async () => ({ discountCodes: await listDiscountCodes(app.ctx) }),
  );

  app.post(
    "/discount-codes",
    {
      schema: {
        tags,
        summary: "Create a discount code (409 when the code exists)",
        security: adminSecurity,
        body: discountCodeInputSchema,
        response: { 201: saved, 400: errorSchema, 409: errorSchema, ...guardResponses },
      },
    },
    async (request, reply) => {
      const discountCode = await createDiscountCode(app.ctx, signedInAdmin(request), request.body);
      return reply.status(201).send({ message: `Alennuskoodi ${discountCode.code} luotu.`, discountCode });
    },
  );

  app.put(
    "/discount-codes/:id",
    {
      schema: {
        tags,
        summary: "Change a discount code (uses already made keep their amounts)",
        security: adminSecurity,
        params: idParams,
        body: discountCodeInputSchema,
        response: { 200: saved, 400: errorSchema, 404: errorSchema, 409: errorSchema, ...guardResponses },
      },
    },
    async (request) => {
      const discountCode = await updateDiscountCode(
        app.ctx,
        signedInAdmin(request),
        request.params.id,
        request.body,
      );
      return { message: `Alennuskoodi ${discountCode.code} tallennettu.`, discountCode };
    },
  );

  for (const [action, active] of [
    ["deactivate", false],
    ["activate", true],
  ] as const)
    app.post(
      `/discount-codes/:id/${action}`,
      {
        schema: {
          tags,
          summary: active ? "Take a discount code back into use" : "Stop a discount code from being used",
          security: adminSecurity,
          params: idParams,
          response: { 200: saved, 400: errorSchema, 404: errorSchema, ...guardResponses },
        },
      },
      async (request) => {
        const discountCode = await setDiscountCodeActive(
          app.ctx,
          signedInAdmin(request),
          request.params.id,
          active,
        );
        return {
          message: `Alennuskoodi ${discountCode.code} ${active ? "otettu käyttöön" : "poistettu käytöstä"}.`,
          discountCode,
        };
      },
    );

  app.get(
    "/discount-codes/:id/uses",
    {
      schema: {
        tags,
        summary: "A discount code's uses: which booking, when, how much, and whether it was given back",
        security: adminSecurity,
        params: idParams,
        response: { 200: discountCodeUsesSchema, 400: errorSchema, 404: errorSchema, ...guardResponses },
      },
    },
    async (request) => discountCodeUsesOf(app.ctx, request.params.id),
  );
};
