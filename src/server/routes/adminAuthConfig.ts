import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminAuthConfigSchema } from "../../domain/admin/session.js";

/**
 * Public: what the admin login page needs to start Firebase sign-in. Outside /admin on purpose
 * (it is read before anyone has signed in); it holds nothing secret.
 */
export const adminAuthConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin-auth/config",
    {
      schema: {
        tags: ["admin"],
        summary: "Firebase configuration of the admin login",
        response: { 200: adminAuthConfigSchema },
      },
    },
    async () => {
      const c = app.ctx.config.adminAuth;
      const emulator = c.mode === "emulator";
      return {
        apiKey: c.apiKey,
        authDomain: c.authDomain,
        projectId: c.projectId,
        emulatorUrl: emulator && c.emulatorHost ? `http://${c.emulatorHost}` : null,
        authorizedDomains: emulator ? c.authorizedDomains : null,
      };
    },
  );
};
