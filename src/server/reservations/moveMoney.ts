import type { Tx } from "../db/index.js";
import { settleOwedBack } from "../payments/index.js";

/**
 * A cheaper time's money back (decision 026; move.ts moves the booking, moveQuote.ts prices the new
 * time and says beforehand what this gives back).
 */

/**
 * A cheaper time's difference back, as the booking's ledger now says (decision 038): the move's
 * entry has lowered the charge, so what was paid beyond it goes back, through the provider first
 * (the latest payment first: a dearer move's paid difference before the booking's own payment),
 * the rest to the gift card that paid part. The refund is only recorded here and sent after the
 * commit (decision 009).
 */
export async function returnDifference(
  tx: Tx,
  o: { reservationId: string; moveId: string; actor: string; now: Date },
): Promise<{ refundIds: string[]; refundedCents: number; giftCardReturnedCents: number }> {
  return settleOwedBack(
    tx,
    { reservationId: o.reservationId },
    { reason: "reservation_move", actor: o.actor, now: o.now, moveId: o.moveId },
  );
}
