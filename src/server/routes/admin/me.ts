import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminMeSchema } from "../../../domain/admin/session.js";
import { signedInAdmin } from "../../plugins/index.js";
import { adminSecurity, guardResponses } from "./schemas.js";

/** Who is signed in: the admin area's header, and the login's "are you an admin?" check. */
export const adminMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me",
    {
      schema: {
        tags: ["admin"],
        summary: "The signed-in admin",
        security: adminSecurity,
        response: { 200: adminMeSchema, ...guardResponses },
      },
    },
    async (request) => ({ admin: signedInAdmin(request) }),
  );
};
