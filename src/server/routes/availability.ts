import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_RANGE_DAYS, dateRangeProblem } from "../../domain/availability.js";
import { availabilityQuerySchema, availabilityWireSchema } from "../../domain/booking.js";
import { badRequest } from "../errors.js";
import { sendAnswer } from "../availability/index.js";

const messageSchema = z.object({ message: z.string() });

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/availability",
    {
      schema: {
        tags: ["booking"],
        summary: "Free, taken and closed slots with prices",
        description:
          `Helsinki dates from..to inclusive, at most ${MAX_RANGE_DAYS} days. Compact (decision 016): per day ` +
          "its opening hours and first cell's start, one status letter per grid cell (f free, t taken, c closed), " +
          "per cell a hexadecimal bit mask of the lengths that fit there, and per length its price runs " +
          "[firstCell, cents, ...] (VAT included). A day closed all day has opensAt/closesAt null and no cells. " +
          "Sent with an ETag (If-None-Match answers 304 while nothing changed) and compressed on request. " +
          "With reactiveDog=true and/or inHeat=true only the starts where such a booking fits with its buffers " +
          "(dogRules) are free (decision 036).",
        querystring: availabilityQuerySchema,
        // Documentation: the answer is JSON text made by the cache, not serialized per request.
        response: { 200: availabilityWireSchema, 400: messageSchema },
      },
      // Compressed once per answer by the cache, not per request.
      compress: false,
    },
    async (request, typedReply) => {
      // The body is ready-made JSON text (or its compressed bytes), sent as it is.
      const reply = typedReply as unknown as FastifyReply;
      const { from, to, reactiveDog, inHeat } = request.query;
      const cache = app.ctx.availability;
      // With dog options or without, kept per option set (availability/cache.ts).
      const options = { reactiveDog, inHeat };
      // Only valid ranges are ever kept, so a kept one needs no checking.
      let answer = cache.cached(from, to, options);
      if (!answer) {
        const problem = dateRangeProblem(from, to);
        if (problem) throw badRequest(problem);
        answer = await cache.answer(from, to, options);
      }
      // ETag, 304 and the kept compressed bytes: availability/http.ts.
      return sendAnswer(request, reply, answer);
    },
  );
};
