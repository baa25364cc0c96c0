import type { MoveQuote } from "../../domain/booking.js";
import { balanceOf, priceOf, refundPlan, type LedgerEntry } from "../../domain/ledger.js";
import { priceBreakdown } from "../../domain/pricing.js";
import type { DbOrTx } from "../db/index.js";
import { discountOf } from "../discountCodes/index.js";
import { ledgerOf } from "../ledger/index.js";
import { moveRepository } from "./moveRepository.js";
import type { ReservationRow } from "./view.js";

/**
 * What a move costs or gives back (decision 026, the ledger of decision 038), the one figure the
 * picker shows (moveTimes.ts) and the move charges or returns (move.ts, moveHold.ts): the booking's
 * price at the new time less its price in the ledger now (priceOf: the charges before any admin's
 * credit, which stays with the booking). The move writes that difference as its
 * `move` entry, so afterwards the ledger charges the new price; a dearer difference is paid through
 * the provider first; a cheaper one goes back as settleOwedBack will give it (payments/giveBack.ts:
 * the provider first, then the gift card), read from the same entries by refundPlan.
 */

export type { MoveQuote };
export type MovePrice = { totalCents: number; discountCents: number };
export type PricedMove = { price: MovePrice; quote: MoveQuote };
export type Mover = "visitor" | "member" | "admin";

/**
 * What a change of the charge by `differenceCents` settles with the booking's `entries`: above 0
 * the difference is to pay; otherwise what the customer has paid beyond the new charge goes back
 * (which includes money already owed back, such as a refund that failed: the move settles it too).
 */
export function moveQuoteOf(entries: LedgerEntry[], differenceCents: number): MoveQuote {
  if (differenceCents > 0) return { differenceCents, refundCents: 0, giftCardReturnCents: 0 };
  const { dueCents, chargedCents } = balanceOf(entries);
  // A charge never falls below nothing: a credit beyond the new price is taken back (ledger/service.ts).
  const change = Math.max(differenceCents, -Math.max(0, chargedCents));
  const owedBack = -(dueCents + change);
  const plan = refundPlan(entries, owedBack);
  const total = (parts: Array<{ cents: number }>) => parts.reduce((sum, p) => sum + p.cents, 0);
  return {
    differenceCents,
    refundCents: total(plan.refunds),
    giftCardReturnCents: total(plan.giftCardReturns),
  };
}

/**
 * Reads once what a booking's move money depends on (its discount code's rule and its ledger) and
 * answers the price and quote for a time by that time's list price for one dog. A single booking's
 * price there is that list price with the extra dogs as booked, less its discount code's rule (the
 * code's use kept); subscriber and manual bookings keep their price, and so does an admin's move
 * to a dearer time (decision 026). A member's dearer time is quoted as it is; move.ts refuses it.
 */
export async function moveQuoter(
  db: DbOrTx,
  row: ReservationRow,
  by: Mover,
): Promise<(listPriceCents: number) => PricedMove> {
  const entries = await ledgerOf(db, { reservationId: row.id });
  const kept: PricedMove = {
    price: { totalCents: row.priceCents, discountCents: row.discountCents },
    quote: moveQuoteOf(entries, 0),
  };
  if (row.kind !== "single") return () => kept;
  const code = row.discountCodeId ? await moveRepository(db).discountCode(row.discountCodeId) : undefined;
  // Priced against the booking's price, not what is charged: an admin's credit stays with it.
  const price = priceOf(entries);
  return (listPriceCents) => {
    // The extra dogs cost what they did when booked.
    const { totalCents, discountCents } = priceBreakdown({
      listPriceCents: listPriceCents + row.extraDogsCents,
      discount: code ? discountOf(code) : null,
    });
    const differenceCents = totalCents - price;
    if (differenceCents > 0 && by === "admin") return kept;
    return { price: { totalCents, discountCents }, quote: moveQuoteOf(entries, differenceCents) };
  };
}
