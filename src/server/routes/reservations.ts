import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cancelReservationResponseSchema,
  createReservationResponseSchema,
  createReservationSchema,
  quoteQuerySchema,
  quoteResponseSchema,
  reservationResponseSchema,
} from "../../domain/booking.js";
import { quoteSlot } from "../services/availability.js";
import { cancelReservation, createReservation, getReservationByToken } from "../services/booking.js";

const messageSchema = z.object({ message: z.string() });
const tokenParams = z.object({ accessToken: z.string().min(1).max(100) });

export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reservations/quote",
    {
      schema: {
        tags: ["booking"],
        summary: "Price, VAT and availability of one slot",
        querystring: quoteQuerySchema,
        response: { 200: quoteResponseSchema, 400: messageSchema },
      },
    },
    async (request) => quoteSlot(app.ctx, new Date(request.query.start), new Date(request.query.end)),
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
          "is taken or held by someone else.",
        body: createReservationSchema,
        response: {
          201: createReservationResponseSchema,
          400: messageSchema,
          409: messageSchema,
          502: messageSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await createReservation(app.ctx, request.body)),
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

  app.delete(
    "/reservations/by-token/:accessToken",
    {
      schema: {
        tags: ["booking"],
        summary: "Cancel a booking by its access token, with a refund",
        description:
          "Allowed until cancellationHours (24) before the start; a paid booking is refunded in full " +
          "through the payment provider. 409 past the deadline or when already cancelled.",
        params: tokenParams,
        response: {
          200: cancelReservationResponseSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          502: messageSchema,
        },
      },
    },
    async (request) => cancelReservation(app.ctx, request.params.accessToken),
  );
};
