import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  memberReservationResponseSchema,
  memberReservationsResponseSchema,
  subscriberReservationRequestSchema,
} from "../../domain/membership.js";
import { signedInCustomer } from "../plugins/index.js";
import {
  moveTimesQuerySchema,
  moveTimesResponseSchema,
  rescheduleRequestSchema,
} from "../../domain/booking.js";
import {
  memberMoveTimes,
  cancelMemberReservation,
  moveMemberReservation,
  createSubscriberReservation,
  listMemberReservations,
} from "../reservations/index.js";

const messageSchema = z.object({ message: z.string() });
const security = [{ customerSession: [] }];

/** A signed-in customer's bookings (spec §7): subscriber bookings, the list, cancelling by id. */
export const memberReservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reservations/subscriber",
    {
      schema: {
        tags: ["membership"],
        summary: "Book without payment within the membership's quota",
        description:
          "Same slot rules as single bookings. 403 without access or with an overdue invoice; 409 when " +
          "the slot is taken or the quota of the booking's period would be exceeded.",
        security,
        body: subscriberReservationRequestSchema,
        response: {
          201: memberReservationResponseSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createSubscriberReservation(app.ctx, signedInCustomer(request), request.body)),
  );

  app.get(
    "/reservations/me",
    {
      schema: {
        tags: ["membership"],
        summary: "The customer's bookings: subscriber ones and single ones with the same e-mail",
        security,
        response: { 200: memberReservationsResponseSchema, 401: messageSchema },
      },
    },
    async (request) => ({ reservations: await listMemberReservations(app.ctx, signedInCustomer(request)) }),
  );

  app.delete(
    "/reservations/:id",
    {
      schema: {
        tags: ["membership"],
        summary: "Cancel one of the customer's own bookings",
        description:
          "A subscriber booking until its start (the hours return to the quota); a single booking by the " +
          "24-hour rule with a refund. 404 for another customer's booking.",
        security,
        params: z.object({ id: z.uuid("Varauksen tunniste on virheellinen.") }),
        response: {
          200: memberReservationResponseSchema,
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          409: messageSchema,
          502: messageSchema,
        },
      },
    },
    async (request) => cancelMemberReservation(app.ctx, signedInCustomer(request), request.params.id),
  );

  app.get(
    "/reservations/:id/move-times",
    {
      schema: {
        tags: ["membership"],
        summary: "A day's free times one of the customer's own bookings can move to, with what each settles",
        description:
          "As the visitor's move-times: per free time `differenceCents`, `refundCents` and " +
          "`giftCardReturnCents`, the figures the move charges or returns. A subscriber booking keeps " +
          "its price (all 0); a single booking's dearer times are left out (the member's move refuses " +
          "them). 404 for another customer's booking, 409 when it can no longer be moved.",
        security,
        params: z.object({ id: z.uuid("Varauksen tunniste on virheellinen.") }),
        querystring: moveTimesQuerySchema,
        response: {
          200: moveTimesResponseSchema,
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) =>
      memberMoveTimes(app.ctx, signedInCustomer(request), request.params.id, request.query.date),
  );

  app.post(
    "/reservations/:id/reschedule",
    {
      schema: {
        tags: ["membership"],
        summary: "Move one of the customer's own bookings to another time",
        description:
          "A subscriber booking until its start, its hours counted in the period of the new start (409 " +
          "when that period's quota does not fit it); a single booking by the visitor's rule (24 hours, " +
          "a cheaper time's difference refunded, a dearer one 409). Same slot rules as a new booking. " +
          "404 for another customer's booking.",
        security,
        params: z.object({ id: z.uuid("Varauksen tunniste on virheellinen.") }),
        body: rescheduleRequestSchema,
        response: {
          200: memberReservationResponseSchema,
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) =>
      moveMemberReservation(app.ctx, signedInCustomer(request), request.params.id, request.body),
  );
};
