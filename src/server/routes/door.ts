import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { doorInfoSchema, doorOpenResponseSchema } from "../../domain/booking.js";
import { notFound } from "../errors.js";
import { DOOR_LIMITS, getDoorInfo, openDoor, recordMalformedAttempt } from "../door/index.js";

const messageSchema = z.object({ message: z.string() });
const tokenParams = z.object({ doorToken: z.string().min(1).max(100) });

export const doorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/door/:doorToken",
    {
      schema: {
        tags: ["door"],
        summary: "The booking behind a gate link, and whether the gate can be opened now",
        params: tokenParams,
        response: { 200: doorInfoSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const info = await getDoorInfo(app.ctx, request.params.doorToken);
      if (!info) throw notFound("Avauslinkki on virheellinen tai vanhentunut.");
      return info;
    },
  );

  app.post(
    "/door/:doorToken/open",
    {
      // Every attempt is recorded, also one refused before the handler (a malformed token).
      onError: async (request, _reply, error) => {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 400 || error.validation) await recordMalformedAttempt(app.ctx, request.ip);
      },
      schema: {
        tags: ["door"],
        summary: "Open the gate (only on an explicit press; every attempt is recorded)",
        description:
          "Works from door.opensBeforeMinutes before the start until door.closesAfterMinutes after the end. " +
          `Rate-limited to ${DOOR_LIMITS.perToken} attempts a minute per link and ${DOOR_LIMITS.perIp} per ` +
          "IP address (429). 403 too early, ended or cancelled; 502 when the gate device failed.",
        params: tokenParams,
        response: {
          200: doorOpenResponseSchema,
          400: messageSchema,
          403: doorOpenResponseSchema,
          404: doorOpenResponseSchema,
          429: doorOpenResponseSchema,
          502: doorOpenResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const attempt = await openDoor(app.ctx, request.params.doorToken, request.ip);
      if (attempt.error)
        request.log.error({ err: attempt.error, provider: app.ctx.door.name }, "gate did not open");
      // The limits count a minute back, so a minute always suffices.
      if (attempt.statusCode === 429) reply.header("retry-after", String(DOOR_LIMITS.windowMs / 1000));
      return reply.status(attempt.statusCode).send({ success: attempt.success, message: attempt.message });
    },
  );
};
