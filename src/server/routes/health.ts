import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { systemRepository } from "../system/index.js";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Server and database health",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
          503: z.object({ status: z.literal("error"), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await systemRepository(app.ctx.db).ping();
        return { status: "ok" as const, database: app.ctx.database.kind };
      } catch (error) {
        return reply.status(503).send({ status: "error" as const, message: (error as Error).message });
      }
    },
  );
};
