import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailSchema, INVALID_EMAIL_MESSAGE } from "../../domain/customer.js";
import {
  WAITLIST_MESSAGES,
  waitlistEntryViewSchema,
  waitlistJoinResponseSchema,
  waitlistJoinSchema,
  waitlistLeaveResponseSchema,
} from "../../domain/waitlist.js";
import { badRequest, HttpError } from "../errors.js";
import {
  getWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
  WAITLIST_MAX_PER_IP,
  WAITLIST_MAX_PER_MAILBOX,
  WAITLIST_WINDOW_MINUTES,
  WaitlistIpLimitReached,
} from "../waitlist/index.js";

const messageSchema = z.object({ message: z.string() });
const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** The waitlist of a taken slot (decision 033). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/waitlist",
    {
      schema: {
        tags: ["booking"],
        summary: "Joins the waitlist of a taken or held slot ('Ilmoita, jos aika vapautuu')",
        description:
          "201 also when the address is already in line for the slot (one entry). 409 when the slot is free " +
          `now; 400 for a past, closed or invalid slot. 429 after ${WAITLIST_MAX_PER_MAILBOX} joins for one ` +
          `mailbox or ${WAITLIST_MAX_PER_IP} from one IP address within ${WAITLIST_WINDOW_MINUTES} minutes.`,
        body: waitlistJoinSchema,
        response: {
          201: waitlistJoinResponseSchema,
          400: messageSchema,
          409: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const email = emailSchema.safeParse(request.body.email);
      if (!email.success) throw badRequest(INVALID_EMAIL_MESSAGE);
      try {
        const result = await joinWaitlist(app.ctx, {
          start: new Date(request.body.start),
          end: new Date(request.body.end),
          email: email.data,
          ip: request.ip,
        });
        return reply.status(201).send({ success: true, message: result.message });
      } catch (error) {
        if (!(error instanceof WaitlistIpLimitReached)) throw error;
        reply.header("retry-after", String(Math.ceil(error.retryAfterMs / 1000)));
        throw new HttpError(
          429,
          WAITLIST_MESSAGES.tooManyFromIp(Math.max(1, Math.ceil(error.retryAfterMs / 60_000))),
        );
      }
    },
  );

  app.get(
    "/waitlist/:token",
    {
      schema: {
        tags: ["booking"],
        summary: "A waitlist entry by the token of its e-mails",
        params: tokenParams,
        response: { 200: waitlistEntryViewSchema, 404: messageSchema },
      },
    },
    async (request) => getWaitlistEntry(app.ctx, request.params.token),
  );

  app.post(
    "/waitlist/:token/leave",
    {
      schema: {
        tags: ["booking"],
        summary: "Leaves the waitlist (an offer held for the entry is given up)",
        params: tokenParams,
        response: { 200: waitlistLeaveResponseSchema, 404: messageSchema },
      },
    },
    async (request) => ({ success: true, ...(await leaveWaitlist(app.ctx, request.params.token)) }),
  );
};
