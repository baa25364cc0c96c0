import { asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { bankTransfers, invoices } from "../schema/index.js";

/** The queries of bank transfers read from statements (issue 36). Takes the database or a transaction. */

export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type NewBankTransfer = typeof bankTransfers.$inferInsert;

const listed = {
  transfer: bankTransfers,
  invoice: {
    id: invoices.id,
    number: invoices.number,
    status: invoices.status,
    customerId: invoices.customerId,
  },
};
export type ListedTransfer = {
  transfer: BankTransferRow;
  invoice: { id: string; number: number; status: "open" | "paid" | "void"; customerId: string | null } | null;
};

export function bankTransferRepository(db: DbOrTx) {
  const withInvoice = () =>
    db.select(listed).from(bankTransfers).leftJoin(invoices, eq(invoices.id, bankTransfers.invoiceId));
  return {
    /** The archive references of these already read. */
    async recordedOf(archiveRefs: string[]): Promise<Set<string>> {
      if (archiveRefs.length === 0) return new Set();
      const rows = await db
        .select({ archiveRef: bankTransfers.archiveRef })
        .from(bankTransfers)
        .where(inArray(bankTransfers.archiveRef, archiveRefs));
      return new Set(rows.map((r) => r.archiveRef));
    },

    /** Writes a transfer unless its archive reference is there already (then null: read before). */
    async insertOnce(values: NewBankTransfer): Promise<BankTransferRow | null> {
      const [row] = await db.insert(bankTransfers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async update(id: string, values: Partial<NewBankTransfer>): Promise<BankTransferRow> {
      const [row] = await db.update(bankTransfers).set(values).where(eq(bankTransfers.id, id)).returning();
      return row!;
    },

    async lockById(id: string): Promise<BankTransferRow | undefined> {
      const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for("update");
      return row;
    },

    /** The owner's queue, oldest booking first (by bank_transfers_status). */
    async queued(limit: number): Promise<ListedTransfer[]> {
      return withInvoice()
        .where(eq(bankTransfers.status, "queued"))
        .orderBy(asc(bankTransfers.bookedOn), asc(bankTransfers.archiveRef))
        .limit(limit);
    },

    /** The latest transfers read that no longer wait, newest first (by bank_transfers_created). */
    async recent(limit: number): Promise<ListedTransfer[]> {
      return withInvoice()
        .where(ne(bankTransfers.status, "queued"))
        .orderBy(desc(bankTransfers.createdAt), desc(bankTransfers.id))
        .limit(limit);
    },
  };
}
