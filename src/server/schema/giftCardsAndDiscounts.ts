/** Gift cards and discount codes. Their uses by payments and bookings are in giftCardAndDiscountUses.ts, which imports those tables, so these files import each other one way only (no import cycle). */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";

/**
 * A discount code for single bookings: percent or fixed cents off, between optional dates, at most
 * maxUses times in all. usedCount counts the live uses (held or paid), raised by one conditional
 * UPDATE in the checkout's transaction, so the last use cannot be taken twice; the check keeps it
 * within maxUses whatever the application does.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(), // upper-case, without spaces
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    validFrom: tstz("valid_from"),
    validUntil: tstz("valid_until"),
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "discount_codes_amount",
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL) OR (${t.kind} = 'fixed' AND ${t.amountOffCents} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check(
      "discount_codes_uses",
      sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * A gift card: an unguessable code (80 random bits) with a balance in cents. Every change of the
 * balance is a row of gift_card_transactions, so its history is complete.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(), // 16 characters, upper-case, without dashes
    initialCents: integer("initial_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    active: boolean("active").notNull().default(true),
    validUntil: tstz("valid_until"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("gift_cards_balance", sql`${t.balanceCents} >= 0 AND ${t.initialCents} >= 0`),
    // The admin's list, a page at a time, newest first.
    index("gift_cards_created").on(t.createdAt),
  ],
);
