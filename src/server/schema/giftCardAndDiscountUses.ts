/** What a payment took from a gift card (its history) and a booking from a discount code: apart from giftCardsAndDiscounts.ts because these rows point at payments and reservations, which point back at the cards and codes. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { discountCodes, giftCards } from "./giftCardsAndDiscounts.js";
import { payments } from "./payments.js";
import { reservations } from "./reservations.js";

/** Each use of a discount code by a booking: held with the checkout, used once paid, or released. */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    id: serial("id").primaryKey(),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id),
    reservationId: uuid("reservation_id")
      .notNull()
      .unique()
      .references(() => reservations.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["held", "used", "released"] })
      .notNull()
      .default("held"),
    createdAt: createdAt(),
    releasedAt: tstz("released_at"),
  },
  (t) => [index("discount_code_uses_code").on(t.discountCodeId)],
);

/**
 * A gift card's history: issue (+), redeem (− the share a payment takes), return (+ the share back
 * when that payment is cancelled, expires or is refunded), adjust (an admin's correction). At most
 * one redeem and one return per payment (unique), so a share is never taken or returned twice.
 */
export const giftCardTransactions = pgTable(
  "gift_card_transactions",
  {
    id: serial("id").primaryKey(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    kind: text("kind", { enum: ["issue", "redeem", "return", "adjust"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("gift_card_transactions_card").on(t.giftCardId, t.createdAt),
    uniqueIndex("gift_card_transactions_once_per_payment")
      .on(t.paymentId, t.kind)
      .where(sql`${t.paymentId} IS NOT NULL`),
  ],
);
