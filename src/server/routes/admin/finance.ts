import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { financeQuerySchema, financeReportSchema } from "../../../domain/admin/finance.js";
import { financeCsv, financeReport } from "../../finance/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: talous"];

/** v2/talous: revenue, refunds, VAT per rate and open invoices of a period; the same as CSV. */
export const adminFinanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/finance",
    {
      schema: {
        tags,
        summary: "Revenue by day or month, product and method; refunds; VAT per rate; open invoices",
        security: adminSecurity,
        querystring: financeQuerySchema,
        response: { 200: financeReportSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => financeReport(app.ctx, request.query),
  );

  app.get(
    "/finance.csv",
    {
      schema: {
        tags,
        summary: "The same report as CSV for the accountant (semicolons, decimal commas, UTF-8 with BOM)",
        security: adminSecurity,
        querystring: financeQuerySchema,
        response: { 200: z.string(), 400: errorSchema, ...guardResponses },
      },
    },
    async (request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="talous-${request.query.from}-${request.query.to}.csv"`,
        )
        .send(financeCsv(await financeReport(app.ctx, request.query))),
  );
};
