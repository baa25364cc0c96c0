import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_RANGE_DAYS, dateRangeProblem } from "../../domain/availability.js";
import { availabilityQuerySchema, availabilityResponseSchema } from "../../domain/booking.js";
import { badRequest } from "../errors.js";
import { getAvailability } from "../services/availability.js";

const messageSchema = z.object({ message: z.string() });

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/availability",
    {
      schema: {
        tags: ["booking"],
        summary: "Free, taken and closed slots with prices",
        description:
          `Helsinki dates from..to inclusive, at most ${MAX_RANGE_DAYS} days. One cell per grid step over each ` +
          "day's opening hours; a day closed all day has opensAt/closesAt null and no cells. Free cells list " +
          "every booking length that fits from that start, with its end and price (cents, VAT included).",
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 400: messageSchema },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const problem = dateRangeProblem(from, to);
      if (problem) throw badRequest(problem);
      return getAvailability(app.ctx, from, to);
    },
  );
};
