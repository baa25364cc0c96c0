import { discountCodes } from "../../src/server/schema/index.js";
import { formatGiftCardCode, issueGiftCard } from "../../src/server/giftCards/service.js";
import type { TestApp } from "./app.js";

/** A discount code as an admin would make it (10 % off, no limits, unless told otherwise). */
export async function addDiscountCode(t: TestApp, values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(discountCodes)
    .values({ code: "KEVAT10", kind: "percent", percentOff: 10, ...values })
    .returning();
  return row!;
}

/** A gift card with a balance; `code` is as printed on the card (with dashes). */
export async function addGiftCard(t: TestApp, amountCents: number, options: { validUntil?: Date } = {}) {
  const card = await t.ctx.db.transaction((tx) =>
    issueGiftCard(tx, { amountCents, note: "testi", now: t.ctx.now(), ...options }),
  );
  return { ...card, printed: formatGiftCardCode(card.code) };
}
