import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  invoicesResponseSchema,
  payInvoiceRequestSchema,
  paymentResponseSchema,
} from "../../domain/membership.js";
import { signedInCustomer, idempotencyHeaders, idempotent } from "../plugins/index.js";
import { listInvoices, payInvoice, invoicePageHtml } from "../memberships/index.js";
import { invoiceReceiptHtml } from "../reservations/index.js";

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

  /** A printable page of the signed-in customer's own invoice (404 for another's), as HTML. */
  const printable = (
    path: string,
    summary: string,
    description: string,
    render: (ctx: typeof app.ctx, customerId: string, invoiceId: string) => Promise<string>,
  ) =>
    app.get(
      path,
      {
        schema: {
          tags: ["membership"],
          summary,
          description,
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
          .send(await render(app.ctx, signedInCustomer(request).id, request.params.id)),
    );

  printable(
    "/invoices/:id/receipt",
    "A paid invoice's receipt (kuitti), print-friendly HTML",
    "404 for another customer's invoice; 409 for one not paid.",
    invoiceReceiptHtml,
  );
  printable(
    "/invoices/:id/page",
    "An open invoice as a printable page: bank transfer details and the virtual barcode",
    "404 for another customer's invoice; 409 for one paid or void, or a signup's first invoice.",
    invoicePageHtml,
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
