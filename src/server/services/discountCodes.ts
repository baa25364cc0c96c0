import { and, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { discountCents, type Discount } from "../../domain/pricing.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { discountCodeUses, discountCodes } from "../db/schema.js";
import { badRequest } from "../errors.js";

/**
 * Discount codes of single bookings. A use is counted (used_count + 1) by one conditional UPDATE in
 * the checkout's own transaction, so of two checkouts racing for a code's last use exactly one gets
 * it; the use is released (used_count − 1) when the booking's payment is cancelled or expires, or the
 * booking is cancelled.
 */

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

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

async function findByCode(db: DbOrTx, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeDiscountCode(code)));
  return row;
}

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
  const [claimed] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.code, normalizeDiscountCode(code)),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.validFrom), lte(discountCodes.validFrom, now)),
        or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now)),
        or(isNull(discountCodes.maxUses), lt(discountCodes.usedCount, discountCodes.maxUses)),
      ),
    )
    .returning();
  if (claimed) return claimed;
  throw badRequest(discountRefusal(await findByCode(tx, code), now) ?? DISCOUNT_MESSAGES.usedUp);
}

/** Records the booking's use of a claimed code (held until the booking is paid). */
export async function recordDiscountUse(
  tx: Tx,
  options: { code: DiscountCodeRow; reservationId: string; listPriceCents: number; now: Date },
): Promise<void> {
  await tx.insert(discountCodeUses).values({
    discountCodeId: options.code.id,
    reservationId: options.reservationId,
    amountCents: discountCents(options.listPriceCents, discountOf(options.code)),
    createdAt: options.now,
  });
}

/** A paid booking's use of its code is final (until the booking is cancelled). */
export async function markDiscountUsed(tx: Tx, reservationId: string): Promise<void> {
  await tx
    .update(discountCodeUses)
    .set({ status: "used" })
    .where(and(eq(discountCodeUses.reservationId, reservationId), eq(discountCodeUses.status, "held")));
}

/**
 * Gives the uses of these bookings back to their codes. Only uses not yet released change, so a
 * second call (the job after a cancel, say) releases nothing twice.
 */
export async function releaseDiscountUses(db: DbOrTx, reservationIds: string[], now: Date): Promise<number> {
  if (reservationIds.length === 0) return 0;
  const released = await db
    .update(discountCodeUses)
    .set({ status: "released", releasedAt: now })
    .where(
      and(inArray(discountCodeUses.reservationId, reservationIds), ne(discountCodeUses.status, "released")),
    )
    .returning({ codeId: discountCodeUses.discountCodeId });
  for (const { codeId } of released)
    await db
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
      .where(eq(discountCodes.id, codeId));
  return released.length;
}
