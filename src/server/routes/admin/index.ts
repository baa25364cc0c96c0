import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin } from "../../plugins/index.js";
import { adminBankTransferRoutes } from "./bankTransfers.js";
import { adminDiscountCodeRoutes } from "./discountCodes.js";
import { adminGiftCardRoutes } from "./giftCards.js";
import { adminFinanceRoutes } from "./finance.js";
import { adminMeRoutes } from "./me.js";
import { adminMembershipRoutes } from "./memberships.js";
import { adminOperationsRoutes } from "./operations.js";
import { adminPhotoRoutes } from "./photos.js";
import { adminPriceRoutes } from "./prices.js";
import { adminPurchaseRoutes } from "./purchases.js";
import { adminReservationRoutes } from "./reservations.js";
import { adminSettingsRoutes } from "./settings.js";
import { adminSystemRoutes } from "./system.js";

/**
 * Everything under /api/v2/admin. The guard is this folder's onRequest hook, so a route added here
 * is behind it without asking (tests/server/adminGuard.test.ts checks every registered route), and
 * it runs before the body is even read.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.decorateRequest("admin", null);
  admin.addHook("onRequest", requireAdmin);
  admin.addHook("onClose", async () => admin.ctx.adminIdentity.close());

  await admin.register(adminMeRoutes);
  await admin.register(adminReservationRoutes);
  await admin.register(adminPurchaseRoutes);
  await admin.register(adminSettingsRoutes);
  await admin.register(adminPriceRoutes);
  await admin.register(adminDiscountCodeRoutes);
  await admin.register(adminGiftCardRoutes);
  await admin.register(adminOperationsRoutes);
  await admin.register(adminSystemRoutes);
  await admin.register(adminFinanceRoutes);
  await admin.register(adminMembershipRoutes);
  await admin.register(adminBankTransferRoutes);
  await admin.register(adminPhotoRoutes);
};
