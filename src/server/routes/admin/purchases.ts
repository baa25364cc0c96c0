import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  purchaseListSchema,
  purchaseQuerySchema,
  purchaseRefundResponseSchema,
} from "../../../domain/admin/purchases.js";
import { signedInAdmin } from "../../plugins/index.js";
import { listPurchases, purchasesCsv, refundPurchase } from "../../payments/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: ostokset"];

/** Ostokset: payments and refunds with filters, a refund, and the same list as CSV. */
export const adminPurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/purchases",
    {
      schema: {
        tags,
        summary: "Payments with what they paid for and their refunds, newest first",
        security: adminSecurity,
        querystring: purchaseQuerySchema,
        response: { 200: purchaseListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listPurchases(app.ctx, request.query),
  );

  app.get(
    "/purchases.csv",
    {
      schema: {
        tags,
        summary: "The same list as CSV (semicolons, decimal commas, UTF-8 with BOM)",
        security: adminSecurity,
        querystring: purchaseQuerySchema,
        response: { 200: z.string(), 400: errorSchema, ...guardResponses },
      },
    },
    async (request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="ostokset.csv"')
        // Streamed as the rows are read (payments/admin.ts): Fastify pipes a stream
        // without serializing it, so the string schema above documents the body, not this value.
        .send(Readable.from(purchasesCsv(app.ctx, request.query)) as unknown as string),
  );

  app.post(
    "/purchases/:id/refund",
    {
      schema: {
        tags,
        summary:
          "Refund a paid payment, all that is left of it or a part: the provider's share, then a gift card's",
        security: adminSecurity,
        params: z.object({ id: z.string().uuid("Maksun tunniste on virheellinen.") }),
        body: z
          .object({
            amountCents: z
              .number("Palautettava summa on virheellinen.")
              .int("Palautettava summa on virheellinen.")
              .positive("Palautettavan summan on oltava yli 0 €.")
              .max(10_000_000, "Palautettava summa on liian suuri.")
              .optional(),
          })
          .nullish(),
        response: {
          200: purchaseRefundResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) =>
      refundPurchase(app.ctx, signedInAdmin(request), request.params.id, {
        amountCents: request.body?.amountCents,
      }),
  );
};
