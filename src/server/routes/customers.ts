import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerMeResponseSchema } from "../../domain/customer.js";
import { requireCustomer, signedInCustomer } from "../plugins/customerAuth.js";

const errorSchema = z.object({ message: z.string() });

/** The signed-in customer's own data. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/customers/me",
    {
      preHandler: requireCustomer,
      schema: {
        tags: ["customers"],
        summary: "The customer of the bearer session token",
        security: [{ customerSession: [] }],
        response: { 200: customerMeResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({ customer: signedInCustomer(request) }),
  );
};
