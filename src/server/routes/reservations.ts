import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cancelReservationResponseSchema,
  createReservationResponseSchema,
  createReservationSchema,
  moveTimesQuerySchema,
  moveTimesResponseSchema,
  quoteQuerySchema,
  quoteResponseSchema,
  reservationResponseSchema,
  rescheduleRequestSchema,
  rescheduleResponseSchema,
} from "../../domain/booking.js";
import { emailSchema, INVALID_EMAIL_MESSAGE } from "../../domain/customer.js";
import {
  reservationLookupRequestSchema,
  reservationLookupResponseSchema,
} from "../../domain/reservationLookup.js";
import { badRequest, HttpError } from "../errors.js";
import {
  cancelReservation,
  createReservation,
  getReservationByToken,
  TooManyHoldsError,
  quoteSlot,
  reservationIcs,
  reservationReceiptHtml,
  moveByToken,
  moveTimesByToken,
  lookupMessages,
  LookupIpLimitReached,
  requestReservationLookup,
} from "../reservations/index.js";
import { idempotencyHeaders, idempotent } from "../plugins/index.js";

/** An error's words; `field` when they are about one form field (a gift card or discount code). */
const messageSchema = z.object({ message: z.string(), field: z.string().optional() });
const tokenParams = z.object({ accessToken: z.string().min(1).max(100) });

export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reservations/quote",
    {
      schema: {
        tags: ["booking"],
        summary:
          "Price, VAT and availability of one slot for a number of dogs and their options, with a discount code and a gift card",
        querystring: quoteQuerySchema,
        response: { 200: quoteResponseSchema, 400: messageSchema },
      },
    },
    async (request) =>
      quoteSlot(app.ctx, {
        start: new Date(request.query.start),
        end: new Date(request.query.end),
        dogs: request.query.dogs,
        options: { reactiveDog: request.query.reactiveDog, inHeat: request.query.inHeat },
        discountCode: request.query.discountCode,
        giftCardCode: request.query.giftCardCode,
        waitlistToken: request.query.waitlistToken,
      }),
  );

  app.post(
    "/reservations",
    {
      schema: {
        tags: ["booking"],
        summary: "Checkout: hold the slot and start the payment",
        description:
          "Validates the slot and the visitor's details, holds the slot with a pending reservation for " +
          "holdMinutes (15), creates the payment and answers the payment page's address. 409 when the slot " +
          "is taken or held by someone else; 429 (with Retry-After) when the e-mail or the IP address " +
          "already has the allowed number of unpaid holds. With an Idempotency-Key header a repeat of " +
          "the same request answers the first answer instead of holding twice.",
        headers: idempotencyHeaders,
        body: createReservationSchema,
        response: {
          201: createReservationResponseSchema,
          400: messageSchema,
          409: messageSchema,
          422: messageSchema,
          429: messageSchema,
          502: messageSchema,
        },
      },
      ...idempotent,
    },
    async (request, reply) => {
      try {
        const created = await createReservation(app.ctx, request.body, { ip: request.ip ?? null });
        return reply.status(201).send(created);
      } catch (error) {
        if (error instanceof TooManyHoldsError) reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    "/reservations/by-token/:accessToken",
    {
      schema: {
        tags: ["booking"],
        summary: "A booking by its access token (the visitor's own page)",
        params: tokenParams,
        response: { 200: reservationResponseSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) => ({ reservation: await getReservationByToken(app.ctx, request.params.accessToken) }),
  );

  app.get(
    "/reservations/by-token/:accessToken/calendar.ics",
    {
      schema: {
        tags: ["booking"],
        summary: "The confirmed booking's calendar file (Lisää kalenteriin)",
        description:
          "text/calendar: the e-mail's own event (same UID, SEQUENCE raised by each move), so a " +
          "calendar that has it updates it. 404 unless the booking is confirmed.",
        params: tokenParams,
        response: { 200: z.string().describe("text/calendar"), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="varaus.ics"')
        .header("cache-control", "no-store")
        .send(await reservationIcs(app.ctx, request.params.accessToken)),
  );

  app.get(
    "/reservations/by-token/:accessToken/receipt",
    {
      schema: {
        tags: ["booking"],
        summary: "The paid booking's receipt (kuitti), print-friendly HTML",
        description:
          "Seller and Y-tunnus, date, what, price with its VAT, how it was paid (provider and gift " +
          "card shares, discount) and refunds. 404 for a booking never confirmed.",
        params: tokenParams,
        response: { 200: z.string().describe("HTML-sivu"), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await reservationReceiptHtml(app.ctx, request.params.accessToken)),
  );

  app.delete(
    "/reservations/by-token/:accessToken",
    {
      schema: {
        tags: ["booking"],
        summary: "Cancel a booking by its access token, with a refund",
        description:
          "Allowed until cancellationHours (24) before the start; a paid booking is refunded in full " +
          "through the payment provider after the cancel commits (retried by a job if the provider " +
          "refuses). 409 past the deadline or when already cancelled.",
        params: tokenParams,
        response: {
          200: cancelReservationResponseSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => cancelReservation(app.ctx, request.params.accessToken),
  );

  app.get(
    "/reservations/by-token/:accessToken/move-times",
    {
      schema: {
        tags: ["booking"],
        summary: "A day's free times the booking can move to, each with what the move would settle",
        description:
          "Every free start and length of the Helsinki date (the booking's dog options' buffers counted), " +
          "each with `differenceCents` (the price there less what the booking is charged now: above 0 paid " +
          "before the move), and what a cheaper time gives back: `refundCents` through the provider, " +
          "`giftCardReturnCents` to the gift card. The move charges or returns exactly these; sending " +
          "`expectedDifferenceCents` with it refuses (409) a move whose difference has changed since. " +
          "409 when the booking can no longer be moved.",
        params: tokenParams,
        querystring: moveTimesQuerySchema,
        response: {
          200: moveTimesResponseSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => moveTimesByToken(app.ctx, request.params.accessToken, request.query.date),
  );

  app.post(
    "/reservations/by-token/:accessToken/reschedule",
    {
      schema: {
        tags: ["booking"],
        summary: "Move a booking to another time by its access token",
        description:
          "Allowed for a confirmed booking until cancellationHours (24) before its start. The new slot " +
          "obeys the same rules as a new booking. A cheaper time's difference is refunded after the " +
          "move commits (a gift card's part back to the card). A dearer time answers 202 with " +
          "`payment` (redirectUrl, differenceCents, holdExpiresAt): the new slot is held, the booking " +
          "stays at its time until the difference is paid, then moves; a cancelled or expired payment " +
          "leaves it as it was. The door link stays the same; the e-mail's .ics has the booking's UID " +
          "and a higher SEQUENCE. 400 when the slot breaks a rule, 409 when it is taken or past the deadline, " +
          "or when a dearer time's hold would break the limits of unpaid holds (the address's, the IP " +
          "address's, the day's share).",
        params: tokenParams,
        body: rescheduleRequestSchema,
        response: {
          200: rescheduleResponseSchema,
          202: rescheduleResponseSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          502: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await moveByToken(app.ctx, request.params.accessToken, request.body, {
        ip: request.ip ?? null,
      });
      return reply.code(answer.payment ? 202 : 200).send(answer);
    },
  );

  app.post(
    "/reservations/lookup",
    {
      schema: {
        tags: ["booking"],
        summary:
          "E-mails links to every upcoming booking made with an address ('Lähetä varaukseni sähköpostiini')",
        description:
          "Always 202 with the same answer, whether the address has bookings or not; the e-mail says which. " +
          "Limited like the login link: 429 (with Retry-After for the IP limit) after 3 requests for one " +
          "mailbox or 10 from one IP address within 15 minutes.",
        body: reservationLookupRequestSchema,
        response: { 202: reservationLookupResponseSchema, 400: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const email = emailSchema.safeParse(request.body.email);
      if (!email.success) throw badRequest(INVALID_EMAIL_MESSAGE);
      try {
        await requestReservationLookup(app.ctx, email.data, request.ip);
      } catch (error) {
        if (!(error instanceof LookupIpLimitReached)) throw error;
        reply.header("retry-after", String(Math.ceil(error.retryAfterMs / 1000)));
        throw new HttpError(
          429,
          lookupMessages.tooManyFromIp(Math.max(1, Math.ceil(error.retryAfterMs / 60_000))),
        );
      }
      return reply.status(202).send({ success: true, message: lookupMessages.queued });
    },
  );
};
