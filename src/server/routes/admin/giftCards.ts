import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminGiftCardSchema,
  giftCardHistorySchema,
  giftCardIssuedSchema,
  giftCardIssueSchema,
  giftCardListQuerySchema,
  giftCardListSchema,
} from "../../../domain/admin/giftCards.js";
import { signedInAdmin } from "../../plugins/index.js";
import {
  giftCardHistory,
  issueAdminGiftCard,
  listGiftCards,
  setGiftCardActive,
} from "../../giftCards/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: lahjakortit"];
const idParams = z.object({ id: z.uuid("Lahjakortin tunniste on virheellinen.") });

/** Lahjakortit: issue (the code answered once), the masked list, a card's history, (de)activate. */
export const adminGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/gift-cards",
    {
      schema: {
        tags,
        summary:
          "Gift cards, a page of 100 newest first, with masked codes; ?code= finds one by its code or last four",
        security: adminSecurity,
        querystring: giftCardListQuerySchema,
        response: { 200: giftCardListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listGiftCards(app.ctx, request.query),
  );

  app.post(
    "/gift-cards",
    {
      schema: {
        tags,
        summary: "Issue a gift card; the answer holds its full code, which is never shown again",
        security: adminSecurity,
        body: giftCardIssueSchema,
        response: { 201: giftCardIssuedSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await issueAdminGiftCard(app.ctx, signedInAdmin(request), request.body)),
  );

  app.get(
    "/gift-cards/:id",
    {
      schema: {
        tags,
        summary: "A gift card and its history (issue, redeems, returns)",
        security: adminSecurity,
        params: idParams,
        response: { 200: giftCardHistorySchema, 400: errorSchema, 404: errorSchema, ...guardResponses },
      },
    },
    async (request) => giftCardHistory(app.ctx, request.params.id),
  );

  for (const [action, active] of [
    ["deactivate", false],
    ["activate", true],
  ] as const)
    app.post(
      `/gift-cards/:id/${action}`,
      {
        schema: {
          tags,
          summary: active ? "Take a gift card back into use" : "Stop a gift card from paying anything",
          security: adminSecurity,
          params: idParams,
          response: {
            200: z.object({ message: z.string(), giftCard: adminGiftCardSchema }),
            400: errorSchema,
            404: errorSchema,
            ...guardResponses,
          },
        },
      },
      async (request) => {
        const giftCard = await setGiftCardActive(app.ctx, signedInAdmin(request), request.params.id, active);
        return {
          message: `Lahjakortti ${giftCard.maskedCode} ${active ? "otettu käyttöön" : "poistettu käytöstä"}.`,
          giftCard,
        };
      },
    );
};
