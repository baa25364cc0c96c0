import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminBlockSchema,
  adminCancelResponseSchema,
  adminCancelSchema,
  adminMoveSchema,
  adminReservationSchema,
  blockConflictSchema,
  createBlockSchema,
  manualReservationSchema,
  reservationDetailsSchema,
  reservationListQuerySchema,
  reservationListSchema,
} from "../../../domain/admin/reservations.js";
import { signedInAdmin } from "../../plugins/index.js";
import {
  BlockConflictError,
  createBlock,
  deleteBlock,
  adminCancelReservation,
  adminReservationById,
  moveReservation,
  createManualReservation,
  listReservations,
  reservationDetails,
} from "../../reservations/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const idParams = z.object({ id: z.string().uuid("Varauksen tunniste on virheellinen.") });
const blockParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ["admin: varaukset"];

/** Varaukset: bookings by day, week or search; details; manual booking; cancel; blocks. */
export const adminReservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reservations",
    {
      schema: {
        tags,
        summary: "Bookings and blocks of a date range (day, week), or bookings matching a name or e-mail",
        security: adminSecurity,
        querystring: reservationListQuerySchema,
        response: { 200: reservationListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listReservations(app.ctx, request.query),
  );

  app.get(
    "/reservations/:id",
    {
      schema: {
        tags,
        summary: "A booking with its payments and gate events",
        security: adminSecurity,
        params: idParams,
        response: { 200: reservationDetailsSchema, 400: errorSchema, 404: errorSchema, ...guardResponses },
      },
    },
    async (request) => reservationDetails(app.ctx, request.params.id),
  );

  app.post(
    "/reservations",
    {
      schema: {
        tags,
        summary: "A manual booking, confirmed without payment",
        security: adminSecurity,
        body: manualReservationSchema,
        response: {
          201: z.object({ reservation: adminReservationSchema }),
          400: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ reservation: await createManualReservation(app.ctx, signedInAdmin(request), request.body) }),
  );

  app.post(
    "/reservations/:id/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a booking, with or without a refund",
        security: adminSecurity,
        params: idParams,
        body: adminCancelSchema,
        response: {
          200: adminCancelResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) =>
      adminCancelReservation(app.ctx, signedInAdmin(request), request.params.id, request.body),
  );

  app.post(
    "/reservations/:id/move",
    {
      schema: {
        tags,
        summary: "Move a booking to another time (no cancellation deadline, no booking window)",
        description:
          "Opening hours, closed days, blocks, the grid, the lengths and other bookings hold as for a " +
          "manual booking. A paid booking moved to a cheaper time is refunded the difference; moved to " +
          "a dearer one it keeps its price. The visitor gets the e-mail with the updated .ics; the " +
          "audit log keeps the times before and after.",
        security: adminSecurity,
        params: idParams,
        body: adminMoveSchema,
        response: {
          200: adminCancelResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => {
      const moved = await moveReservation(app.ctx, request.params.id, request.body, {
        kind: "admin",
        actor: signedInAdmin(request),
      });
      return {
        message: moved.message,
        reservation: (await adminReservationById(app.ctx.db, request.params.id))!,
      };
    },
  );

  app.post(
    "/blocks",
    {
      schema: {
        tags,
        summary: "Take time out of use on one area or all (maintenance, private event)",
        description:
          "409 with the conflicting live bookings unless each is named in cancelReservationIds, in which " +
          "case they are cancelled (refunded in full) in the same transaction.",
        security: adminSecurity,
        body: createBlockSchema,
        response: {
          201: z.object({ block: adminBlockSchema, cancelledReservations: z.number().int() }),
          400: errorSchema,
          409: blockConflictSchema,
          ...guardResponses,
        },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await createBlock(app.ctx, signedInAdmin(request), request.body));
      } catch (error) {
        if (error instanceof BlockConflictError)
          return reply.status(409).send({ message: error.message, conflicts: error.conflicts });
        throw error;
      }
    },
  );

  app.delete(
    "/blocks/:id",
    {
      schema: {
        tags,
        summary: "Remove a block",
        security: adminSecurity,
        params: blockParams,
        response: {
          200: z.object({ message: z.string() }),
          400: errorSchema,
          404: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => {
      await deleteBlock(app.ctx, signedInAdmin(request), request.params.id);
      return { message: "Sulku poistettu." };
    },
  );
};
