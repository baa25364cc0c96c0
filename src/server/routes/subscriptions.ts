import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import {
  cancelSubscriptionResponseSchema,
  pauseQuoteSchema,
  pauseRequestSchema,
  pauseResponseSchema,
  paymentResponseSchema,
  signupRequestSchema,
  subscriptionResponseSchema,
  tierChangeQuoteSchema,
  tierChangeRequestSchema,
  tierChangeResponseSchema,
  tiersResponseSchema,
} from "../../domain/membership.js";
import { notFound } from "../errors.js";
import { signedInCustomer, idempotencyHeaders, idempotent } from "../plugins/index.js";
import {
  cancelSubscription,
  changeTierByMember,
  quoteTierChange,
  withdrawPause,
  currentSubscription,
  tiersResponseOn,
  toSubscriptionView,
  signup,
} from "../memberships/index.js";
import { getSettings } from "../settings/index.js";
import { pauseMembership, quotePause } from "../reservations/index.js";

/** An error's words; `field` when they are about one form field (a gift card or discount code). */
const messageSchema = z.object({ message: z.string(), field: z.string().optional() });
const security = [{ customerSession: [] }];

export const NO_SUBSCRIPTION = "Sinulla ei ole jäsenyyttä.";

/** The membership tiers for /jasenyys (spec §7): public. */
export const subscriptionTierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/subscriptions/tiers",
    {
      schema: {
        tags: ["membership"],
        summary: "Membership tiers with monthly and commitment prices",
        response: { 200: tiersResponseSchema },
      },
    },
    async () => tiersResponseOn(app.ctx.db, await getSettings(app.ctx.db), helsinkiDate(app.ctx.now())),
  );
};

/** The member's own membership, signup and cancel: behind the customer guard (customerSession.ts). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/subscriptions/me",
    {
      schema: {
        tags: ["membership"],
        summary: "The customer's membership with usage; 404 when there is none",
        security,
        response: { 200: subscriptionResponseSchema, 401: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const sub = await currentSubscription(app.ctx.db, signedInCustomer(request).id);
      if (!sub) throw notFound(NO_SUBSCRIPTION);
      return { subscription: await toSubscriptionView(app.ctx, sub) };
    },
  );

  app.post(
    "/subscriptions/signup",
    {
      schema: {
        tags: ["membership"],
        summary: "Sign up: a pending membership, its first invoice and the payment redirect",
        description:
          "Paying activates the membership and returns to /subscription/success; cancelling returns to " +
          "/subscription/cancelled and it expires. 409 with an active or pending membership.",
        security,
        headers: idempotencyHeaders,
        body: signupRequestSchema,
        response: {
          201: paymentResponseSchema,
          400: messageSchema,
          401: messageSchema,
          409: messageSchema,
          422: messageSchema,
          502: messageSchema,
        },
      },
      ...idempotent,
    },
    async (request, reply) =>
      reply.status(201).send(await signup(app.ctx, signedInCustomer(request), request.body)),
  );

  app.post(
    "/subscriptions/me/cancel",
    {
      schema: {
        tags: ["membership"],
        summary: "Cancel the membership (at the commitment's or the paid period's end)",
        description: "409 { message: 'No active subscription' } without an active membership.",
        security,
        response: { 200: cancelSubscriptionResponseSchema, 401: messageSchema, 409: messageSchema },
      },
    },
    async (request) => cancelSubscription(app.ctx, signedInCustomer(request)),
  );

  app.get(
    "/subscriptions/me/tier-change",
    {
      schema: {
        tags: ["membership"],
        summary: "What changing the membership's tier would do; nothing is changed",
        description:
          "A higher tier at once (`difference_cents` for the rest of the period on the next invoice), a " +
          "lower one from the next period (decision 057). 409 the same tier, a cheaper one inside a " +
          "12-month commitment, or no active membership; 403 while suspended; 400 a tier not offered.",
        security,
        querystring: z.object({ tier_level: z.coerce.number().int().min(1, "Valitse uusi taso.") }),
        response: {
          200: tierChangeQuoteSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => quoteTierChange(app.ctx, signedInCustomer(request), request.query.tier_level),
  );

  app.post(
    "/subscriptions/me/tier-change",
    {
      schema: {
        tags: ["membership"],
        summary: "Change the membership's tier: a higher one at once, a lower one from the next period",
        description: "As the quote says, and e-mailed; the same refusals.",
        security,
        body: tierChangeRequestSchema,
        response: {
          200: tierChangeResponseSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => changeTierByMember(app.ctx, signedInCustomer(request), request.body.tier_level),
  );

  app.get(
    "/subscriptions/me/pause",
    {
      schema: {
        tags: ["membership"],
        summary: "What pausing the membership for some weeks would do; nothing is changed",
        description:
          "From the next period's first day, 2 weeks up to the park's maximum, once in 12 months " +
          "(decision 058): its days, when billing resumes, the commitment's new last day and the " +
          "bookings inside it that it would cancel. 409 not now (a pause ahead, within 12 months of the " +
          "last, no active membership), 403 while suspended, 400 a length outside the park's.",
        security,
        querystring: z.object({ weeks: z.coerce.number().int().min(1, "Valitse tauon pituus.") }),
        response: {
          200: pauseQuoteSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => quotePause(app.ctx, signedInCustomer(request), request.query.weeks),
  );

  app.post(
    "/subscriptions/me/pause",
    {
      schema: {
        tags: ["membership"],
        summary: "Pause the membership from the next period for some weeks",
        description:
          "As the quote says: no invoice and no quota in the pause, the commitment's end moved, the " +
          "bookings inside it cancelled, an e-mail. The same refusals.",
        security,
        body: pauseRequestSchema,
        response: {
          200: pauseResponseSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => pauseMembership(app.ctx, signedInCustomer(request), request.body.weeks),
  );

  app.delete(
    "/subscriptions/me/pause",
    {
      schema: {
        tags: ["membership"],
        summary: "Take back a pause that has not begun",
        description:
          "The periods and the commitment's end as without it; the bookings it cancelled stay cancelled; " +
          "e-mailed. 409 no pause coming, or it has begun.",
        security,
        response: { 200: pauseResponseSchema, 401: messageSchema, 409: messageSchema },
      },
    },
    async (request) => withdrawPause(app.ctx, signedInCustomer(request)),
  );
};
