import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  invoicesResponseSchema,
  payInvoiceRequestSchema,
  paymentResponseSchema,
} from "../../domain/membership.js";
import { signedInCustomer } from "../plugins/customerAuth.js";
import { idempotencyHeaders, idempotent } from "../plugins/idempotency.js";
import { listInvoices, payInvoice } from "../invoices/service.js";
import { invoiceReceiptHtml } from "../reservations/receiptPage.js";
import { invoicePageHtml } from "../invoices/invoicePage.js";

/** An error's words; `field` when they are about one form field (a gift card or discount code). */
const messageSchema = z.object({ message: z.string(), field: z.string().optional() });
const security = [{ customerSession: [] }];

/** The member's invoices (spec §7). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/invoices/me",
    {
      schema: {
        tags: ["membership"],
        summary: "The customer's invoices, newest first",
        security,
        response: { 200: invoicesResponseSchema, 401: messageSchema },
      },
    },
    async (request) => listInvoices(app.ctx, signedInCustomer(request).id),
  );

  app.get(
    "/invoices/:id/receipt",
    {
      schema: {
        tags: ["membership"],
        summary: "A paid invoice's receipt (kuitti), print-friendly HTML",
        description: "404 for another customer's invoice; 409 for one not paid.",
        security,
        params: z.object({ id: z.uuid("Laskun tunniste on virheellinen.") }),
        response: {
          200: z.string().describe("HTML-sivu"),
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await invoiceReceiptHtml(app.ctx, signedInCustomer(request).id, request.params.id)),
  );

  app.get(
    "/invoices/:id/page",
    {
      schema: {
        tags: ["membership"],
        summary: "An open invoice as a printable page: bank transfer details and the virtual barcode",
        description: "404 for another customer's invoice; 409 for one paid or void.",
        security,
        params: z.object({ id: z.uuid("Laskun tunniste on virheellinen.") }),
        response: {
          200: z.string().describe("HTML-sivu"),
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await invoicePageHtml(app.ctx, signedInCustomer(request).id, request.params.id)),
  );

  app.post(
    "/invoices/:id/pay",
    {
      schema: {
        tags: ["membership"],
        summary: "Start paying an open invoice",
        description:
          "404 for another customer's invoice; 409 when it is paid or void; 400 for a gift card that " +
          'cannot pay. A gift card that pays it all answers redirectUrl "" (the invoice is paid).',
        security,
        params: z.object({ id: z.uuid("Laskun tunniste on virheellinen.") }),
        headers: idempotencyHeaders,
        body: payInvoiceRequestSchema,
        response: {
          200: paymentResponseSchema,
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          409: messageSchema,
          422: messageSchema,
          502: messageSchema,
        },
      },
      ...idempotent,
    },
    async (request) =>
      payInvoice(app.ctx, signedInCustomer(request), request.params.id, {
        method: request.body.paymentMethod,
        giftCardCode: request.body.gift_card_code,
      }),
  );
};
