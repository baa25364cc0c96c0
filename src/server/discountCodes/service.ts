import { discountCents, type Discount } from "../../domain/pricing.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { badRequest } from "../errors.js";
import { discountCodeRepository, type DiscountCodeRow } from "./repository.js";

/**
 * Discount codes of single bookings. A use is counted (used_count + 1) by one conditional UPDATE in
 * the checkout's own transaction, so of two checkouts racing for a code's last use exactly one gets
 * it; the use is released (used_count − 1) when the booking's payment is cancelled or expires, or the
 * booking is cancelled.
 */

export type { DiscountCodeRow };

export const DISCOUNT_MESSAGES = {
  unknown: "Alennuskoodia ei tunnistettu. Tarkista koodi.",
  inactive: "Alennuskoodi ei ole käytössä.",
  notYetValid: "Alennuskoodi ei ole vielä voimassa.",
  expired: "Alennuskoodi on vanhentunut.",
  usedUp: "Alennuskoodi on jo käytetty loppuun.",
} as const;

/** Codes are typed by people: case and spaces do not matter. */
export const normalizeDiscountCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();

export const discountOf = (row: DiscountCodeRow): Discount =>
  row.kind === "percent"
    ? { kind: "percent", percentOff: row.percentOff! }
    : { kind: "fixed", amountOffCents: row.amountOffCents! };

/** Why a code cannot be used now, or null when it can. */
export function discountRefusal(row: DiscountCodeRow | undefined, now: Date): string | null {
  if (!row) return DISCOUNT_MESSAGES.unknown;
  if (!row.active) return DISCOUNT_MESSAGES.inactive;
  if (row.validFrom && row.validFrom > now) return DISCOUNT_MESSAGES.notYetValid;
  if (row.validUntil && row.validUntil <= now) return DISCOUNT_MESSAGES.expired;
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return DISCOUNT_MESSAGES.usedUp;
  return null;
}

const findByCode = (db: DbOrTx, code: string): Promise<DiscountCodeRow | undefined> =>
  discountCodeRepository(db).byCode(normalizeDiscountCode(code));

/** For the quote: the code's discount, or the reason it does not apply. Counts nothing. */
export async function lookUpDiscountCode(
  db: DbOrTx,
  code: string,
  now: Date,
): Promise<{ ok: true; row: DiscountCodeRow } | { ok: false; message: string }> {
  const row = await findByCode(db, code);
  const refusal = discountRefusal(row, now);
  return refusal ? { ok: false, message: refusal } : { ok: true, row: row! };
}

/**
 * Takes one use of a code inside the checkout's transaction, or throws a 400 with the reason. The
 * UPDATE's conditions are the whole rule, so whoever loses the race for the last use is told so.
 */
export async function claimDiscountCode(tx: Tx, code: string, now: Date): Promise<DiscountCodeRow> {
  const claimed = await discountCodeRepository(tx).claim(normalizeDiscountCode(code), now);
  if (claimed) return claimed;
  throw badRequest(
    discountRefusal(await findByCode(tx, code), now) ?? DISCOUNT_MESSAGES.usedUp,
    "discountCode",
  );
}

/** Records the booking's use of a claimed code (held until the booking is paid). */
export async function recordDiscountUse(
  tx: Tx,
  options: { code: DiscountCodeRow; reservationId: string; listPriceCents: number; now: Date },
): Promise<void> {
  await discountCodeRepository(tx).addUse({
    discountCodeId: options.code.id,
    reservationId: options.reservationId,
    amountCents: discountCents(options.listPriceCents, discountOf(options.code)),
    createdAt: options.now,
  });
}

/** A paid booking's use of its code is final (until the booking is cancelled). */
export async function markDiscountUsed(tx: Tx, reservationId: string): Promise<void> {
  await discountCodeRepository(tx).markUsesUsed(reservationId);
}

/**
 * Gives the uses of these bookings back to their codes. Only uses not yet released change, so a
 * second call (the job after a cancel, say) releases nothing twice.
 */
export async function releaseDiscountUses(db: DbOrTx, reservationIds: string[], now: Date): Promise<number> {
  if (reservationIds.length === 0) return 0;
  const codes = discountCodeRepository(db);
  const released = await codes.releaseUses(reservationIds, now);
  for (const { codeId } of released) await codes.unclaim(codeId);
  return released.length;
}
