import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerMeResponseSchema } from "../../domain/customer.js";
import { customerDataSchema, deleteAccountResponseSchema } from "../../domain/membership.js";
import { signedInCustomer } from "../plugins/index.js";
import {
  reminderPreferenceResponseSchema,
  reminderPreferenceSchema,
} from "../../domain/reservationLookup.js";
import { deleteCustomer, exportCustomerData } from "../customers/index.js";
import { reminderPreference, setReminderPreference } from "../reservations/index.js";

const errorSchema = z.object({ message: z.string() });

/** The signed-in customer's own data. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/customers/me",
    {
      schema: {
        tags: ["customers"],
        summary: "The customer of the bearer session token",
        security: [{ customerSession: [] }],
        response: { 200: customerMeResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({ customer: signedInCustomer(request) }),
  );

  app.get(
    "/customers/me/data",
    {
      schema: {
        tags: ["customers"],
        summary: "Everything we hold about the customer (privacy notice: right of access)",
        security: [{ customerSession: [] }],
        response: { 200: customerDataSchema, 401: errorSchema },
      },
    },
    async (request) => exportCustomerData(app.ctx, signedInCustomer(request)),
  );

  app.delete(
    "/customers/me",
    {
      schema: {
        tags: ["customers"],
        summary: "Delete the account; invoices and bookings stay anonymised for the books",
        description: "409 while an invoice is open or a membership runs.",
        security: [{ customerSession: [] }],
        response: {
          200: deleteAccountResponseSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => deleteCustomer(app.ctx, signedInCustomer(request)),
  );

  app.get(
    "/customers/me/reminders",
    {
      schema: {
        tags: ["customers"],
        summary: "Whether the customer's e-mail address gets booking reminders",
        security: [{ customerSession: [] }],
        response: { 200: reminderPreferenceResponseSchema, 401: errorSchema },
      },
    },
    async (request) => reminderPreference(app.ctx, signedInCustomer(request)),
  );

  app.put(
    "/customers/me/reminders",
    {
      schema: {
        tags: ["customers"],
        summary: "Turn booking reminders on or off for the customer's e-mail address",
        description: "Covers every booking made with the address, single and member bookings alike.",
        security: [{ customerSession: [] }],
        body: reminderPreferenceSchema,
        response: { 200: reminderPreferenceResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => setReminderPreference(app.ctx, signedInCustomer(request), request.body.enabled),
  );
};
