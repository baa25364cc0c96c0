import type { DbOrTx } from "../../db/index.js";
import { returnGiftCardShares } from "../../giftCards/index.js";
import { paymentRepository } from "../../payments/index.js";
import { invoiceRepository } from "../invoices/repository.js";
import { subscriptionRepository } from "./repository.js";
import { releaseCharges } from "../../ledger/index.js";

/**
 * Expires pending signups: the membership never started, its open invoices are void. Its own
 * module because the signup (signup.ts), its job and a cancelled invoice payment
 * (invoices/fulfilment.ts) all need it, and those must not import each other.
 */
export async function expireSignups(db: DbOrTx, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const expiredIds = await subscriptionRepository(db).expirePending(ids);
  if (expiredIds.length > 0) {
    const voided = await invoiceRepository(db).voidOpenOf(expiredIds, now);
    // A void invoice is owed no more (decision 038).
    for (const invoiceId of voided)
      await releaseCharges(db, { invoiceId }, { reason: "void", actor: "system", now });
    if (voided.length > 0) {
      const cancelled = await paymentRepository(db).cancelPendingOf({ invoiceIds: voided });
      // A gift card's share of an unpaid first invoice goes back to the card.
      await returnGiftCardShares(db, cancelled, now);
    }
  }
  return expiredIds;
}
