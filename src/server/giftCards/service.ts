import { randomInt } from "node:crypto";
import type { DbOrTx, Tx } from "../db/index.js";
import { badRequest } from "../errors.js";
import { giftCardRepository, type GiftCardRow } from "./repository.js";

/**
 * Gift cards: a code with a balance. A payment takes its share of the balance in the transaction
 * that creates the payment (redeem), and gets it back when the payment is cancelled, expires or is
 * refunded (return). Every change is a row of gift_card_transactions; a unique index allows one
 * redeem and one return per payment, so no share is taken or returned twice.
 */

export type { GiftCardRow };

export const GIFT_CARD_MESSAGES = {
  unknown: "Lahjakorttikoodia ei tunnistettu. Tarkista koodi tai jätä kenttä tyhjäksi.",
  inactive: "Lahjakortti ei ole käytössä.",
  expired: "Lahjakortti on vanhentunut.",
  empty: "Lahjakortilla ei ole saldoa jäljellä.",
} as const;

/** No 0/O or 1/I: read aloud or typed from paper, a code must not be misread. 32 symbols = 5 bits. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 16; // 80 random bits: unguessable, and short enough to type

export function newGiftCardCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** Typed codes may have spaces, dashes and lower case: "abcd-efgh-..." is the same card. */
export const normalizeGiftCardCode = (code: string) => code.replace(/[\s-]+/g, "").toUpperCase();

/** "ABCD-EFGH-JKLM-NPQR", as printed on the card and in the console. */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/** Why a card cannot pay now, or null when it can. */
export function giftCardRefusal(row: GiftCardRow | undefined, now: Date): string | null {
  if (!row) return GIFT_CARD_MESSAGES.unknown;
  if (!row.active) return GIFT_CARD_MESSAGES.inactive;
  if (row.validUntil && row.validUntil <= now) return GIFT_CARD_MESSAGES.expired;
  if (row.balanceCents <= 0) return GIFT_CARD_MESSAGES.empty;
  return null;
}

/** Issues a card with a balance, its first history row included. */
export async function issueGiftCard(
  tx: Tx,
  options: { amountCents: number; note?: string; validUntil?: Date | null; now: Date },
): Promise<GiftCardRow> {
  const cards = giftCardRepository(tx);
  const card = await cards.insert({
    code: newGiftCardCode(),
    initialCents: options.amountCents,
    balanceCents: options.amountCents,
    validUntil: options.validUntil ?? null,
    note: options.note ?? null,
    createdAt: options.now,
  });
  await cards.addTransaction({
    giftCardId: card.id,
    kind: "issue",
    amountCents: options.amountCents,
    balanceAfterCents: options.amountCents,
    note: options.note ?? null,
    createdAt: options.now,
  });
  return card;
}

/** For the quote: the card, or why it cannot pay. Takes nothing. */
export async function lookUpGiftCard(
  db: DbOrTx,
  code: string,
  now: Date,
): Promise<{ ok: true; row: GiftCardRow } | { ok: false; message: string }> {
  const row = await giftCardRepository(db).byCode(normalizeGiftCardCode(code));
  const refusal = giftCardRefusal(row, now);
  return refusal ? { ok: false, message: refusal } : { ok: true, row: row! };
}

/**
 * Locks a card for a payment in this transaction and checks it can pay; throws a 400 with the reason
 * otherwise. The caller then creates its payment with the share and calls redeemGiftCard.
 */
export async function lockGiftCard(tx: Tx, code: string, now: Date): Promise<GiftCardRow> {
  const row = await giftCardRepository(tx).lockByCode(normalizeGiftCardCode(code));
  const refusal = giftCardRefusal(row, now);
  // About the code the payer typed: the page shows it next to the gift card's field.
  if (refusal) throw badRequest(refusal, "giftCardCode");
  return row!;
}

/** Takes a payment's share from a card locked by lockGiftCard. */
export async function redeemGiftCard(
  tx: Tx,
  options: { card: GiftCardRow; paymentId: string; amountCents: number; now: Date },
): Promise<void> {
  const { card, paymentId, amountCents, now } = options;
  if (amountCents <= 0) return;
  const cards = giftCardRepository(tx);
  const updated = await cards.setBalanceIfUnchanged(
    card.id,
    card.balanceCents,
    card.balanceCents - amountCents,
  );
  if (!updated) throw new Error(`Gift card ${card.id} changed while locked`);
  await cards.addTransaction({
    giftCardId: card.id,
    paymentId,
    kind: "redeem",
    amountCents: -amountCents,
    balanceAfterCents: updated.balanceCents,
    createdAt: now,
  });
}

/**
 * Returns the gift-card shares of these payments to their cards (a cancelled, expired or refunded
 * payment). A share already returned is left alone, so calling this twice returns nothing twice.
 * Returns the cents given back.
 */
export async function returnGiftCardShares(db: DbOrTx, paymentIds: string[], now: Date): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const cards = giftCardRepository(db);
  // Ordered by card: one order of card locks everywhere.
  const shares = await cards.paymentShares(paymentIds);
  let returned = 0;
  for (const share of shares) {
    const card = (await cards.lockById(share.giftCardId!))!;
    const written = await cards.addTransactionOnce({
      giftCardId: card.id,
      paymentId: share.paymentId,
      kind: "return",
      amountCents: share.cents,
      balanceAfterCents: card.balanceCents + share.cents,
      createdAt: now,
    });
    if (!written) continue;
    await cards.setBalance(card.id, card.balanceCents + share.cents);
    returned += share.cents;
  }
  return returned;
}

/**
 * Gives part (or all) of a paid payment's card share back to its card: a cancel, a move to a
 * cheaper time, a credit. How much is decided from the owner's ledger (payments/giveBack.ts),
 * which counts what has gone back already; the history row names the reason in its note.
 * Returns the cents given back.
 */
export async function returnGiftCardPart(
  tx: Tx,
  o: { paymentId: string; amountCents: number; note: string; now: Date },
): Promise<number> {
  const cards = giftCardRepository(tx);
  const payment = await cards.paymentShare(o.paymentId);
  const cents = Math.min(o.amountCents, payment?.cents ?? 0);
  if (!payment?.giftCardId || cents <= 0) return 0;
  const card = (await cards.lockById(payment.giftCardId))!;
  await cards.addTransaction({
    giftCardId: card.id,
    paymentId: null,
    kind: "return",
    amountCents: cents,
    balanceAfterCents: card.balanceCents + cents,
    note: o.note,
    createdAt: o.now,
  });
  await cards.setBalance(card.id, card.balanceCents + cents);
  return cents;
}
