import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { invoices, payments, subscriptions } from "../db/schema.js";
import { returnGiftCardShares } from "../giftCards/service.js";

/**
 * Expires pending signups: the membership never started, its open invoices are void. Its own
 * module because the signup (membershipSignup.ts), its job and a cancelled invoice payment
 * (invoiceFulfilment.ts) all need it, and those must not import each other.
 */
export async function expireSignups(db: DbOrTx, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const expired = await db
    .update(subscriptions)
    .set({ status: "expired", pendingExpiresAt: null })
    .where(and(inArray(subscriptions.id, ids), eq(subscriptions.status, "pending")))
    .returning({ id: subscriptions.id });
  const expiredIds = expired.map((s) => s.id);
  if (expiredIds.length > 0) {
    const voided = await db
      .update(invoices)
      .set({ status: "void", voidedAt: now })
      .where(and(inArray(invoices.subscriptionId, expiredIds), eq(invoices.status, "open")))
      .returning({ id: invoices.id });
    if (voided.length > 0) {
      const cancelled = await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(
          and(
            inArray(
              payments.invoiceId,
              voided.map((v) => v.id),
            ),
            eq(payments.status, "pending"),
          ),
        )
        .returning({ id: payments.id });
      // A gift card's share of an unpaid first invoice goes back to the card.
      await returnGiftCardShares(
        db,
        cancelled.map((p) => p.id),
        now,
      );
    }
  }
  return expiredIds;
}
