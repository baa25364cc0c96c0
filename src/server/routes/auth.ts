import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authCallbackFailureSchema,
  authCallbackQuerySchema,
  authCallbackSuccessSchema,
  emailSchema,
  INVALID_EMAIL_MESSAGE,
  logoutResponseSchema,
  magicLinkRequestSchema,
  magicLinkResponseSchema,
} from "../../domain/customer.js";
import { badRequest, HttpError } from "../errors.js";
import {
  consumeMagicLink,
  linkFailureMessage,
  IpLimitReached,
  messages,
  requestMagicLink,
  revokeSession,
} from "../customers/index.js";

/** At most this many login-link requests from one IP address within MAGIC_LINK_IP_WINDOW_MINUTES. */
export const MAGIC_LINK_MAX_PER_IP = 10;
export const MAGIC_LINK_IP_WINDOW_MINUTES = 15;

const errorSchema = z.object({ message: z.string() });

/** Customer login by e-mailed link (spec §7): public; logout is below. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/magic-link",
    {
      schema: {
        tags: ["auth"],
        summary: "E-mails a single-use login link (the same answer whether the address is known or not)",
        body: magicLinkRequestSchema,
        response: {
          200: magicLinkResponseSchema,
          400: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const email = emailSchema.safeParse(request.body.email);
      if (!email.success) throw badRequest(INVALID_EMAIL_MESSAGE);
      try {
        await requestMagicLink(app.ctx, email.data, request.ip, {
          max: MAGIC_LINK_MAX_PER_IP,
          windowMinutes: MAGIC_LINK_IP_WINDOW_MINUTES,
        });
      } catch (error) {
        if (!(error instanceof IpLimitReached)) throw error;
        const minutes = Math.max(1, Math.ceil(error.retryAfterMs / 60_000));
        reply.header("retry-after", String(Math.ceil(error.retryAfterMs / 1000)));
        throw new HttpError(
          429,
          `Kirjautumislinkkejä on pyydetty liian monta. Yritä uudelleen ${minutes} minuutin kuluttua.`,
        );
      }
      return { success: true, message: messages.linkRequested };
    },
  );

  // Only the SPA's /auth/callback page calls this, never the e-mailed link itself, so mail
  // scanners that prefetch links cannot use the token up.
  app.get(
    "/auth/callback",
    {
      schema: {
        tags: ["auth"],
        summary: "Uses up a login link and opens a customer session",
        querystring: authCallbackQuerySchema,
        response: { 200: authCallbackSuccessSchema, 400: errorSchema, 401: authCallbackFailureSchema },
      },
    },
    async (request, reply) => {
      const result = await consumeMagicLink(app.ctx, request.query.token);
      if (!result.ok) {
        return reply
          .status(401)
          .send({ success: false as const, message: linkFailureMessage(result.reason) });
      }
      return {
        success: true as const,
        sessionToken: result.sessionToken,
        customer: result.customer,
        message: messages.loggedIn,
      };
    },
  );
};

/** Logout: behind the customer guard (routes/customerSession.ts), which found the session. */
export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "Ends the customer session of the bearer token",
        security: [{ customerSession: [] }],
        response: { 200: logoutResponseSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await revokeSession(app.ctx, request.customerSessionId!);
      return { success: true, message: messages.loggedOut };
    },
  );
};
