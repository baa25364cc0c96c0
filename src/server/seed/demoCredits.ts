import { eq } from "drizzle-orm";
import { formatEuros } from "../../domain/money.js";
import { formatGiftCardCode, issueGiftCard } from "../giftCards/index.js";
import type { Db } from "../db/index.js";
import { discountCodes, giftCards } from "../schema/index.js";

/**
 * Development only (never in production or tests): one demo gift card and one demo discount code,
 * so the checkout's code fields can be tried at once, and their codes printed on start the way the
 * console prints login links. Made once; later starts print what is left of the card.
 */

const DEMO_NOTE = "Demolahjakortti (kehityskäyttö)";
export const DEMO_GIFT_CARD_CENTS = 3000;
export const DEMO_DISCOUNT_CODE = "DEMO10";

export async function seedDemoCredits(db: Db, now: Date) {
  const card = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(giftCards).where(eq(giftCards.note, DEMO_NOTE)).limit(1);
    return existing ?? issueGiftCard(tx, { amountCents: DEMO_GIFT_CARD_CENTS, note: DEMO_NOTE, now });
  });
  await db
    .insert(discountCodes)
    .values({ code: DEMO_DISCOUNT_CODE, kind: "percent", percentOff: 10, description: "Demo: 10 % alennus" })
    .onConflictDoNothing();
  return { giftCard: card, discountCode: DEMO_DISCOUNT_CODE };
}

export function demoCreditsText(seeded: Awaited<ReturnType<typeof seedDemoCredits>>): string {
  return [
    "Kehityskäytön demokoodit (eivät ole tuotannossa):",
    `  Lahjakortti: ${formatGiftCardCode(seeded.giftCard.code)} (saldo ${formatEuros(seeded.giftCard.balanceCents)})`,
    `  Alennuskoodi: ${seeded.discountCode} (10 %)`,
  ].join("\n");
}
