import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bankTransferListSchema,
  statementAppliedSchema,
  statementPreviewSchema,
  statementUploadSchema,
  transferResolveSchema,
} from "../../../domain/admin/bankTransfers.js";
import { messageSchema } from "../../../domain/admin/system.js";
import {
  STATEMENT_MAX_BYTES,
  applyStatement,
  listBankTransfers,
  previewStatement,
  resolveBankTransfer,
} from "../../bankTransfers/index.js";
import { signedInAdmin } from "../../plugins/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: jäsenyydet"];
/** The statement travels as the file's text in JSON; room for the largest file read, and its quoting. */
const bodyLimit = 2 * STATEMENT_MAX_BYTES;

/** Tilisiirrot (issue 36, decision 050): the bank's statements read into invoices, and the owner's queue. */
export const adminBankTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/bank-transfers",
    {
      schema: {
        tags,
        summary: "Bank transfers waiting for the owner's decision, and the latest read",
        security: adminSecurity,
        response: { 200: bankTransferListSchema, ...guardResponses },
      },
    },
    async () => listBankTransfers(app.ctx),
  );

  app.post(
    "/bank-statements/preview",
    {
      bodyLimit,
      schema: {
        tags,
        summary: "What a camt.054 or camt.053 file would do, credit by credit (nothing is written)",
        security: adminSecurity,
        body: statementUploadSchema,
        response: { 200: statementPreviewSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => previewStatement(app.ctx, request.body.statement),
  );

  app.post(
    "/bank-statements",
    {
      bodyLimit,
      schema: {
        tags,
        summary: "Read a camt.054 or camt.053 file: exact payments pay their invoices, the rest wait",
        description:
          "Each transfer is read once by the bank's archive reference: the same file again changes nothing.",
        security: adminSecurity,
        body: statementUploadSchema,
        response: { 200: statementAppliedSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => applyStatement(app.ctx, signedInAdmin(request), request.body.statement),
  );

  app.post(
    "/bank-transfers/:id/resolve",
    {
      schema: {
        tags,
        summary:
          "Decide a waiting transfer: mark its invoice paid, a part payment, refunded by hand, or noted",
        security: adminSecurity,
        params: z.object({ id: z.uuid("Tilisiirron tunniste on virheellinen.") }),
        body: transferResolveSchema,
        response: {
          200: messageSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => resolveBankTransfer(app.ctx, signedInAdmin(request), request.params.id, request.body),
  );
};
