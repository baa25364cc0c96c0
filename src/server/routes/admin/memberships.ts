import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  memberPageSchema,
  membershipListQuerySchema,
  membershipListSchema,
  tierChangeSchema,
} from "../../../domain/admin/memberships.js";
import { messageSchema } from "../../../domain/admin/system.js";
import { signedInAdmin } from "../../plugins/index.js";
import {
  creditInvoice,
  resendInvoiceMail,
  voidInvoice,
  adminCancelMembership,
  cancelTierChange,
  scheduleTierChange,
  listMemberships,
} from "../../memberships/index.js";
import { memberPage } from "../../customers/index.js";
import { endStandingSlot } from "../../reservations/index.js";
import { endStandingSlotRequestSchema } from "../../../domain/standingSlot.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: jäsenyydet"];
const membershipParams = z.object({ id: z.uuid("Jäsenyyden tunniste on virheellinen.") });
const invoiceParams = z.object({ id: z.uuid("Laskun tunniste on virheellinen.") });
/** What every action on a member's behalf may answer. */
const actionResponses = {
  200: messageSchema,
  400: errorSchema,
  404: errorSchema,
  409: errorSchema,
  ...guardResponses,
};

/** Jäsenyydet (v2/jasenydet, decision 022): memberships, a member's page, actions on their behalf. */
export const adminMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/memberships",
    {
      schema: {
        tags,
        summary: "Memberships newest first, filtered by tier, status, overdue invoice and name or e-mail",
        security: adminSecurity,
        querystring: membershipListQuerySchema,
        response: { 200: membershipListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listMemberships(app.ctx, request.query),
  );

  app.get(
    "/members/:id",
    {
      schema: {
        tags,
        summary: "A member's page: details, memberships, invoices, usage per period and bookings",
        security: adminSecurity,
        params: z.object({ id: z.uuid("Jäsenen tunniste on virheellinen.") }),
        response: { 200: memberPageSchema, 400: errorSchema, 404: errorSchema, ...guardResponses },
      },
    },
    async (request) => memberPage(app.ctx, request.params.id),
  );

  app.post(
    "/memberships/:id/cancel",
    {
      schema: {
        tags,
        summary: "Cancel an active membership on the member's behalf, by the member's own rules",
        security: adminSecurity,
        params: membershipParams,
        response: actionResponses,
      },
    },
    async (request) => adminCancelMembership(app.ctx, signedInAdmin(request), request.params.id),
  );

  app.post(
    "/memberships/:id/tier-change",
    {
      schema: {
        tags,
        summary: "Change an active membership's tier from its next period",
        security: adminSecurity,
        params: membershipParams,
        body: tierChangeSchema,
        response: actionResponses,
      },
    },
    async (request) =>
      scheduleTierChange(app.ctx, signedInAdmin(request), request.params.id, request.body.tierLevel),
  );

  app.delete(
    "/memberships/:id/tier-change",
    {
      schema: {
        tags,
        summary: "Withdraw a scheduled tier change",
        security: adminSecurity,
        params: membershipParams,
        response: actionResponses,
      },
    },
    async (request) => cancelTierChange(app.ctx, signedInAdmin(request), request.params.id),
  );

  app.post(
    "/standing-slots/:id/end",
    {
      schema: {
        tags,
        summary:
          "End a member's standing weekly slot from a week on; its bookings from then on are cancelled",
        description:
          "The week is the series' first day on or after `from` (today at the earliest). The member is " +
          "e-mailed, with the series' calendar event updated.",
        security: adminSecurity,
        params: z.object({ id: z.uuid("Vakiovuoron tunniste on virheellinen.") }),
        body: endStandingSlotRequestSchema,
        response: actionResponses,
      },
    },
    async (request) => {
      const { message } = await endStandingSlot(app.ctx, request.params.id, request.body.from, {
        admin: signedInAdmin(request),
      });
      return { message };
    },
  );

  for (const [action, summary, run] of [
    ["void", "Void an open invoice (it need not be paid)", voidInvoice],
    ["credit", "Credit a paid invoice: its payment is refunded and it becomes void", creditInvoice],
    ["resend", "Send an invoice's e-mail again (a paid one's receipt)", resendInvoiceMail],
  ] as const)
    app.post(
      `/invoices/:id/${action}`,
      {
        schema: { tags, summary, security: adminSecurity, params: invoiceParams, response: actionResponses },
      },
      async (request) => run(app.ctx, signedInAdmin(request), request.params.id),
    );
};
