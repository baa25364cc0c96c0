import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireCustomer } from "../plugins/index.js";
import { logoutRoutes } from "./auth.js";
import { customerRoutes } from "./customers.js";
import { invoiceRoutes } from "./invoices.js";
import { memberReservationRoutes } from "./memberReservations.js";
import { standingSlotRoutes } from "./standingSlots.js";
import { subscriptionRoutes } from "./subscriptions.js";

/**
 * Every route that needs a signed-in customer. The guard is this plugin's onRequest hook, as the
 * admin folder's is (routes/admin/index.ts): a route registered here is behind it without asking,
 * a route registered anywhere else is public, and tests/server/customerGuard.test.ts checks every
 * route of the OpenAPI description against that. It runs before the body is even read: a missing,
 * forged, expired or revoked token answers 401 (the SPA then clears its session, spec §8).
 */
export const customerSessionRoutes: FastifyPluginAsyncZod = async (customer) => {
  customer.addHook("onRequest", requireCustomer);

  await customer.register(logoutRoutes);
  await customer.register(customerRoutes);
  await customer.register(subscriptionRoutes);
  await customer.register(invoiceRoutes);
  await customer.register(memberReservationRoutes);
  await customer.register(standingSlotRoutes);
};
