import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/index.js";
import { releaseDiscountUses } from "../discountCodes/index.js";
import { returnGiftCardShares } from "../giftCards/index.js";
import { holdRepository } from "./holdRepository.js";
import { paymentRepository } from "../payments/index.js";

/**
 * Ends holds whose time is up: the pending reservation becomes expired (freeing its slot for
 * the exclusion constraint) and its pending payment cancelled, giving back the gift-card share and
 * discount-code use it held. Reservations are updated before payments (and those before gift
 * cards), the same lock order the fulfilment path uses, so the two never deadlock.
 */
export async function expireHolds(
  db: DbOrTx,
  now: Date,
  areaId?: number,
  /** Only these reservations (still only if their hold has ended). */
  only?: string[],
): Promise<string[]> {
  const holds = holdRepository(db);
  const ids = await holds.expireEnded(now, areaId, only);
  if (ids.length > 0) {
    const cancelled = await paymentRepository(db).cancelPendingOf({ reservationIds: ids });
    // The gift-card shares and discount uses the holds had taken are free again.
    await returnGiftCardShares(db, cancelled, now);
    await releaseDiscountUses(db, ids, now);
  }
  return ids;
}

/** The scheduled job: an abandoned payment frees its slot within a job interval of the hold's end. */
export function releaseExpiredHolds(ctx: AppContext): Promise<string[]> {
  return ctx.db.transaction((tx) => expireHolds(tx, ctx.now()));
}
