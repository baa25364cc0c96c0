import { formatEuros } from "../../domain/money.js";
import { priceBreakdown } from "../../domain/pricing.js";
import type { Tx } from "../db/index.js";
import { discountOf } from "../discountCodes/service.js";
import { conflict } from "../errors.js";
import { settleOwedBack } from "../payments/giveBack.js";
import type { ReservationRow } from "./view.js";
import { moveRepository } from "./moveRepository.js";

/**
 * A move's money (decision 026; move.ts moves the booking): its price at the new time, and a
 * cheaper time's difference back.
 */

/**
 * The booking's price at the new time: a single booking's list price there less its discount code
 * (the same code's rule, its use kept); subscriber and manual bookings keep theirs. A dearer time
 * is refused for now (decision 026); an admin's move keeps the paid price.
 */
export async function newPrice(
  tx: Tx,
  row: ReservationRow,
  check: { priceCents: number },
  by: "visitor" | "member" | "admin",
): Promise<{ totalCents: number; discountCents: number }> {
  const same = { totalCents: row.priceCents, discountCents: row.discountCents };
  if (row.kind !== "single") return same;
  const code = row.discountCodeId ? await moveRepository(tx).discountCode(row.discountCodeId) : undefined;
  // The extra dogs cost what they did when booked.
  const price = priceBreakdown({
    listPriceCents: check.priceCents + row.extraDogsCents,
    discount: code ? discountOf(code) : null,
  });
  if (price.totalCents <= row.priceCents || by === "visitor") return price;
  if (by === "admin") return same;
  // The member's page has no payment step for a move yet: their dearer move is refused.
  throw conflict(
    `Uusi aika maksaisi ${formatEuros(price.totalCents)}, nykyinen varauksesi ${formatEuros(row.priceCents)}. ` +
      "Kalliimpaan aikaan voi siirtää varauksen sen omalta sivulta (Oma varaus); täällä valitse yhtä edullinen tai edullisempi aika.",
  );
}

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
