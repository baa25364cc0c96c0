import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, badRequest } from "../errors.js";
import { handleWebhookEvent, settleReturnFromProvider } from "../paymentOutcomes/index.js";

/**
 * Stripe's two ways back to us (under /api/v2; 404 unless Stripe is the provider):
 * - `POST /payments/stripe/webhook`: the raw body's signature is verified before anything (a forged
 *   or stale one is a 400 and changes nothing); the event is stored by id and acted on once.
 * - `GET /payments/stripe/return/{paymentId}`: where Stripe's page sends the payer (both after
 *   paying and on cancel). Stripe is asked where the session stands; the answer is acted on as a
 *   webhook's would be, and the payer is sent (303) to the SPA page that says what happened.
 */

const messageSchema = z.object({ message: z.string() });
const NOT_IN_USE = "Stripe-maksut eivät ole käytössä.";

export const stripePaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The signature covers the exact bytes Stripe sent, so this plugin keeps JSON bodies raw.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/payments/stripe/webhook",
    {
      schema: {
        tags: ["payments"],
        summary: "Stripe's webhook: checkout sessions and refunds, verified by signature",
        description:
          "400 for a missing, forged or stale signature (nothing changes). A duplicate event id answers " +
          "200 and does nothing. checkout.session.completed / async_payment_succeeded confirm the payment, " +
          "async_payment_failed and expired cancel it, refund events settle our refunds.",
        headers: z.looseObject({ "stripe-signature": z.string().optional() }),
        response: {
          200: z.object({ received: z.boolean(), outcome: z.string() }),
          400: messageSchema,
          404: messageSchema,
        },
      },
    },
    async (request) => {
      const verify = ctx.payments.verifyWebhook;
      if (ctx.payments.name !== "stripe" || !verify) throw new HttpError(404, NOT_IN_USE);
      const signature = request.headers["stripe-signature"];
      if (!signature || !Buffer.isBuffer(request.body)) throw badRequest("Webhookin allekirjoitus puuttuu.");
      let event;
      try {
        event = verify.call(ctx.payments, request.body, signature, ctx.now());
      } catch {
        throw badRequest("Webhookin allekirjoitus ei kelpaa tai se on vanhentunut.");
      }
      return { received: true, outcome: await handleWebhookEvent(ctx, event) };
    },
  );

  app.get(
    "/payments/stripe/return/:paymentId",
    {
      schema: {
        tags: ["payments"],
        summary: "Where Stripe's page returns the payer: asks Stripe, then 303 to the SPA",
        params: z.object({ paymentId: z.uuid("Maksun tunniste on virheellinen.") }),
        querystring: z.looseObject({ session_id: z.string().optional() }),
        response: { 303: z.null(), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      if (ctx.payments.name !== "stripe") throw new HttpError(404, NOT_IN_USE);
      return reply.redirect(await settleReturnFromProvider(ctx, request.params.paymentId), 303);
    },
  );
};
