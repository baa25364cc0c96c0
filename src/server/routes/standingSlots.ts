import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  endStandingSlotRequestSchema,
  standingPreviewSchema,
  standingSlotRequestSchema,
  standingSlotResultSchema,
  standingSlotsResponseSchema,
} from "../../domain/standingSlot.js";
import { signedInCustomer } from "../plugins/index.js";
import {
  createStandingSlot,
  endStandingSlot,
  listStandingSlots,
  previewStandingSlot,
} from "../reservations/index.js";

const messageSchema = z.object({ message: z.string() });
const security = [{ customerSession: [] }];
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 409: messageSchema };

/** A member's standing weekly slots (vakiovuorot, decision 056). */
export const standingSlotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reservations/standing",
    {
      schema: {
        tags: ["membership"],
        summary: "The member's standing weekly slots, newest first, with their weeks from four weeks back",
        security,
        response: { 200: standingSlotsResponseSchema, 401: messageSchema },
      },
    },
    async (request) => ({ standing: await listStandingSlots(app.ctx, signedInCustomer(request)) }),
  );

  app.post(
    "/reservations/standing/preview",
    {
      schema: {
        tags: ["membership"],
        summary: "Check every week of a standing slot inside the booking window; nothing is booked",
        description:
          "Each week is booked as it would be (slot rules, the exclusion constraint, the quota of its " +
          "period) in a transaction that is rolled back: `ok` false with the `reason` for a week that " +
          "cannot be had. 403 without access or while suspended.",
        security,
        body: standingSlotRequestSchema,
        response: { 200: standingPreviewSchema, ...errors },
      },
    },
    async (request) => previewStandingSlot(app.ctx, signedInCustomer(request), request.body),
  );

  app.post(
    "/reservations/standing",
    {
      schema: {
        tags: ["membership"],
        summary: "Make a standing slot: its weeks inside the booking window are booked now",
        description:
          "A week that cannot be had is listed (status skipped, with the reason) and not booked; later " +
          "weeks are made by a job as the window moves. 409 when not one week can be had.",
        security,
        body: standingSlotRequestSchema,
        response: { 201: standingSlotResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createStandingSlot(app.ctx, signedInCustomer(request), request.body)),
  );

  app.post(
    "/reservations/standing/:id/end",
    {
      schema: {
        tags: ["membership"],
        summary: "End a standing slot from a week on; its bookings from that week on are cancelled",
        security,
        params: z.object({ id: z.uuid("Vakiovuoron tunniste on virheellinen.") }),
        body: endStandingSlotRequestSchema,
        response: { 200: standingSlotResultSchema, ...errors, 404: messageSchema },
      },
    },
    async (request) =>
      endStandingSlot(app.ctx, request.params.id, request.body.from, { customer: signedInCustomer(request) }),
  );
};
