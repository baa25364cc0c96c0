import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminAddSchema,
  adminListSchema,
  auditListSchema,
  auditQuerySchema,
  healthSchema,
  jobListSchema,
  messageSchema,
  outboxListSchema,
  outboxQuerySchema,
} from "../../../domain/admin/system.js";
import { signedInAdmin } from "../../plugins/index.js";
import { listOutbox, resendMail } from "../../mail/index.js";
import { listJobs } from "../../jobs/index.js";
import {
  listAudit,
  addAdmin,
  listAdmins,
  removeAdmin,
  runHealthChecks,
  storedHealth,
} from "../../system/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: järjestelmä"];

/** Stored results older than this are checked again when the page asks. */
const HEALTH_FRESH_MS = 60_000;

/** Järjestelmä (v2/jarjestelma): health, the e-mail outbox, jobs, the audit log, the admin list. */
export const adminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/system/health",
    {
      schema: {
        tags,
        summary: "Health of the database, e-mail, payments and gate (checked again when a minute old)",
        security: adminSecurity,
        response: { 200: healthSchema, ...guardResponses },
      },
    },
    async () => {
      const stored = await storedHealth(app.ctx);
      const oldest = Math.min(...stored.map((c) => Date.parse(c.checkedAt)));
      if (stored.length < 4 || app.ctx.now().getTime() - oldest > HEALTH_FRESH_MS)
        await runHealthChecks(app.ctx);
      else return { checks: stored };
      return { checks: await storedHealth(app.ctx) };
    },
  );

  app.post(
    "/system/health/check",
    {
      schema: {
        tags,
        summary: "Check every dependency now",
        security: adminSecurity,
        response: { 200: z.object({ ...healthSchema.shape, message: z.string() }), ...guardResponses },
      },
    },
    async () => {
      const outcomes = await runHealthChecks(app.ctx);
      const failed = outcomes.filter((o) => !o.ok).length;
      return {
        message: failed === 0 ? "Kaikki tarkistukset onnistuivat." : `${failed} tarkistusta epäonnistui.`,
        checks: await storedHealth(app.ctx),
      };
    },
  );

  app.get(
    "/system/outbox",
    {
      schema: {
        tags,
        summary:
          "A page of the e-mail outbox in a date window (30 days unless asked), newest first, with counts by status",
        security: adminSecurity,
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listOutbox(app.ctx, request.query),
  );

  app.post(
    "/system/outbox/:id/resend",
    {
      schema: {
        tags,
        summary: "Send a failed message again now",
        security: adminSecurity,
        params: z.object({
          id: z.coerce.number({ message: "Viestin tunniste on virheellinen." }).int().positive(),
        }),
        response: {
          200: messageSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => resendMail(app.ctx, signedInAdmin(request), request.params.id),
  );

  app.get(
    "/system/jobs",
    {
      schema: {
        tags,
        summary: "Scheduled jobs with their last run, last failure and next run",
        security: adminSecurity,
        response: { 200: jobListSchema, ...guardResponses },
      },
    },
    async () => listJobs(app.ctx),
  );

  app.get(
    "/system/audit",
    {
      schema: {
        tags,
        summary:
          "A page of the audit log of admin writes in a date window (30 days unless asked), newest first, filtered",
        security: adminSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listAudit(app.ctx, request.query),
  );

  app.get(
    "/system/admins",
    {
      schema: {
        tags,
        summary: "The admin list: ADMIN_EMAILS, the admins table and the Firebase admin claim",
        security: adminSecurity,
        response: { 200: adminListSchema, ...guardResponses },
      },
    },
    async (request) => listAdmins(app.ctx, signedInAdmin(request), request.log),
  );

  app.post(
    "/system/admins",
    {
      schema: {
        tags,
        summary: "Add an admin by e-mail (and set the Firebase custom claim)",
        security: adminSecurity,
        body: adminAddSchema,
        response: { 200: messageSchema, 400: errorSchema, 409: errorSchema, ...guardResponses },
      },
    },
    async (request) => addAdmin(app.ctx, signedInAdmin(request), request.body.email),
  );

  app.delete(
    "/system/admins/:email",
    {
      schema: {
        tags,
        summary: "Remove an admin (and clear the custom claim); not yourself, not the last one",
        security: adminSecurity,
        params: z.object({ email: adminAddSchema.shape.email }),
        response: {
          200: messageSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => removeAdmin(app.ctx, signedInAdmin(request), request.params.email),
  );
};
