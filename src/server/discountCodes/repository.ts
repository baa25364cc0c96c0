import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { discountCodeUses, discountCodes, reservations } from "../schema/index.js";

/**
 * The discount codes' queries: the only place that reads or writes discount_codes and
 * discount_code_uses (decision 037). Takes the database or the caller's transaction.
 */

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeColumns = Omit<typeof discountCodes.$inferInsert, "id" | "usedCount" | "createdAt">;
export type NewDiscountCodeUse = typeof discountCodeUses.$inferInsert;

export function discountCodeRepository(db: DbOrTx) {
  return {
    async byCode(code: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
      return row;
    },

    async byId(id: number): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      return row;
    },

    /** The code, locked for the rest of the transaction. */
    async lockById(id: number): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
      return row;
    },

    /** Active codes first, then by code. */
    list(): Promise<DiscountCodeRow[]> {
      return db.select().from(discountCodes).orderBy(desc(discountCodes.active), asc(discountCodes.code));
    },

    async insert(values: DiscountCodeColumns): Promise<DiscountCodeRow> {
      const [row] = await db.insert(discountCodes).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<DiscountCodeColumns>): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.update(discountCodes).set(values).where(eq(discountCodes.id, id)).returning();
      return row;
    },

    /**
     * Counts one use of the code if it can be used now, in one conditional UPDATE: its conditions
     * are the whole rule, so of two racing for the last use exactly one gets it. The claimed code,
     * or undefined.
     */
    async claim(code: string, now: Date): Promise<DiscountCodeRow | undefined> {
      const [row] = await db
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(
          and(
            eq(discountCodes.code, code),
            eq(discountCodes.active, true),
            or(isNull(discountCodes.validFrom), lte(discountCodes.validFrom, now)),
            or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now)),
            or(isNull(discountCodes.maxUses), lt(discountCodes.usedCount, discountCodes.maxUses)),
          ),
        )
        .returning();
      return row;
    },

    async unclaim(id: number): Promise<void> {
      await db
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
        .where(eq(discountCodes.id, id));
    },

    async addUse(values: NewDiscountCodeUse): Promise<void> {
      await db.insert(discountCodeUses).values(values);
    },

    async markUsesUsed(reservationId: string): Promise<void> {
      await db
        .update(discountCodeUses)
        .set({ status: "used" })
        .where(and(eq(discountCodeUses.reservationId, reservationId), eq(discountCodeUses.status, "held")));
    },

    /** Releases the uses of these bookings not yet released; the codes of those it released. */
    releaseUses(reservationIds: string[], now: Date): Promise<{ codeId: number }[]> {
      return db
        .update(discountCodeUses)
        .set({ status: "released", releasedAt: now })
        .where(
          and(
            inArray(discountCodeUses.reservationId, reservationIds),
            ne(discountCodeUses.status, "released"),
          ),
        )
        .returning({ codeId: discountCodeUses.discountCodeId });
    },

    /** A code's uses with their bookings, newest first. */
    usesOf(id: number) {
      return db
        .select({ use: discountCodeUses, reservation: reservations })
        .from(discountCodeUses)
        .innerJoin(reservations, eq(reservations.id, discountCodeUses.reservationId))
        .where(eq(discountCodeUses.discountCodeId, id))
        .orderBy(desc(discountCodeUses.createdAt), desc(discountCodeUses.id));
    },
  };
}
