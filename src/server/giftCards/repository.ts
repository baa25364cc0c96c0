import { and, asc, count, desc, eq, gt, inArray, like } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { giftCardTransactions, giftCards, invoices, payments, reservations } from "../schema/index.js";

/**
 * The gift cards' queries: the only place that reads or writes gift_cards and
 * gift_card_transactions, and the payments' gift-card share (payments.gift_card_id and
 * gift_card_cents), which the cards' balances answer for (decision 037). Takes the database or the
 * caller's transaction; the service decides where the transaction begins.
 */

export type GiftCardRow = typeof giftCards.$inferSelect;
export type NewGiftCard = typeof giftCards.$inferInsert;
export type NewGiftCardTransaction = typeof giftCardTransactions.$inferInsert;
export type GiftCardTransactionRow = typeof giftCardTransactions.$inferSelect;

export function giftCardRepository(db: DbOrTx) {
  return {
    async byCode(code: string): Promise<GiftCardRow | undefined> {
      const [row] = await db.select().from(giftCards).where(eq(giftCards.code, code));
      return row;
    },

    /** The card with this code, locked for the rest of the transaction. */
    async lockByCode(code: string): Promise<GiftCardRow | undefined> {
      const [row] = await db.select().from(giftCards).where(eq(giftCards.code, code)).for("update");
      return row;
    },

    async byId(id: string): Promise<GiftCardRow | undefined> {
      const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id));
      return row;
    },

    /** The card, locked for the rest of the transaction. */
    async lockById(id: string): Promise<GiftCardRow | undefined> {
      const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
      return row;
    },

    async insert(values: NewGiftCard): Promise<GiftCardRow> {
      const [row] = await db.insert(giftCards).values(values).returning();
      return row!;
    },

    /** A history row. */
    async addTransaction(values: NewGiftCardTransaction): Promise<void> {
      await db.insert(giftCardTransactions).values(values);
    },

    /**
     * A history row, unless the unique index (one redeem and one return per payment) already holds
     * one: then nothing is written and false comes back.
     */
    async addTransactionOnce(values: NewGiftCardTransaction): Promise<boolean> {
      const rows = await db
        .insert(giftCardTransactions)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: giftCardTransactions.id });
      return rows.length > 0;
    },

    async setBalance(id: string, balanceCents: number): Promise<void> {
      await db.update(giftCards).set({ balanceCents }).where(eq(giftCards.id, id));
    },

    /** Sets the balance only if it is still `expected`; the updated card, or undefined if it changed. */
    async setBalanceIfUnchanged(id: string, expected: number, balanceCents: number) {
      const [row] = await db
        .update(giftCards)
        .set({ balanceCents })
        .where(and(eq(giftCards.id, id), eq(giftCards.balanceCents, expected)))
        .returning();
      return row;
    },

    async setActive(id: string, active: boolean): Promise<GiftCardRow | undefined> {
      const [row] = await db.update(giftCards).set({ active }).where(eq(giftCards.id, id)).returning();
      return row;
    },

    /** Newest first; `codeSuffix` (card alphabet only, so no LIKE wildcards) finds by the code's end. */
    /** A page of the cards whose code ends with `codeSuffix`, newest first (gift_cards_created). */
    list(options: { codeSuffix: string; limit: number; offset: number }): Promise<GiftCardRow[]> {
      return db
        .select()
        .from(giftCards)
        .where(options.codeSuffix ? like(giftCards.code, `%${options.codeSuffix}`) : undefined)
        .orderBy(desc(giftCards.createdAt), asc(giftCards.id))
        .limit(options.limit)
        .offset(options.offset);
    },

    /** How many cards' codes end with `codeSuffix`. */
    async countMatching(codeSuffix: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(giftCards)
        .where(codeSuffix ? like(giftCards.code, `%${codeSuffix}`) : undefined);
      return row?.n ?? 0;
    },

    /** A card's history, oldest first, with the payment each row belongs to and what it paid for. */
    history(id: string) {
      return db
        .select({ t: giftCardTransactions, payment: payments, reservation: reservations, invoice: invoices })
        .from(giftCardTransactions)
        .leftJoin(payments, eq(payments.id, giftCardTransactions.paymentId))
        .leftJoin(reservations, eq(reservations.id, payments.reservationId))
        .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(eq(giftCardTransactions.giftCardId, id))
        .orderBy(asc(giftCardTransactions.createdAt), asc(giftCardTransactions.id));
    },

    /**
     * The card shares of these payments, ordered by card: one order of card locks everywhere, so two
     * bulk releases never wait on each other in a cycle.
     */
    paymentShares(paymentIds: string[]) {
      return db
        .select({ paymentId: payments.id, giftCardId: payments.giftCardId, cents: payments.giftCardCents })
        .from(payments)
        .where(and(inArray(payments.id, paymentIds), gt(payments.giftCardCents, 0)))
        .orderBy(asc(payments.giftCardId));
    },

    /** A payment's card and share. */
    async paymentShare(paymentId: string) {
      const [row] = await db
        .select({ paymentId: payments.id, giftCardId: payments.giftCardId, cents: payments.giftCardCents })
        .from(payments)
        .where(eq(payments.id, paymentId));
      return row;
    },
  };
}
