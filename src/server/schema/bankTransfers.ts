/** Money that came to the park's account by bank transfer, read from the bank's camt files (issue 36). */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { invoices } from "./invoices.js";
import { payments } from "./payments.js";

/** applied: paid its invoice at once; queued: waits for the owner; resolved: the owner decided. */
export const bankTransferStatuses = ["applied", "queued", "resolved"] as const;
/** Why a transfer waits: less or more than owed, no such reference, its invoice paid or void, a reversal. */
export const bankTransferProblems = ["partial", "over", "unknown", "closed", "reversal"] as const;
/** What the owner decided. */
export const bankTransferResolutions = ["mark_paid", "part_payment", "refunded_by_hand", "noted"] as const;

/**
 * One transaction of a bank statement, by the bank's archive reference (unique): a statement read
 * twice, or one overlapping an earlier, finds its transfers here and changes nothing. A transfer
 * that paid an invoice has the payment (provider "bank", method "tilisiirto") whose ledger entry
 * is the invoice's money (decision 038). The payer's name and account are the bank's record of the
 * payment; they are cleared when the invoice's customer deletes their account.
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    archiveRef: text("archive_ref").notNull().unique(),
    /** As the payer wrote it (national or RF), and the national reference it names. */
    reference: text("reference"),
    nationalReference: text("national_reference"),
    amountCents: integer("amount_cents").notNull(),
    payerName: text("payer_name"),
    payerIban: text("payer_iban"),
    bookedOn: date("booked_on", { mode: "string" }).notNull(),
    reversal: boolean("reversal").notNull().default(false),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    status: text("status", { enum: bankTransferStatuses }).notNull(),
    problem: text("problem", { enum: bankTransferProblems }),
    resolution: text("resolution", { enum: bankTransferResolutions }),
    note: text("note"),
    /** camt.054 or camt.053. */
    statementKind: text("statement_kind").notNull(),
    importedBy: text("imported_by").notNull(),
    resolvedBy: text("resolved_by"),
    resolvedAt: tstz("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // The owner's queue, oldest first; and an invoice's transfers.
    index("bank_transfers_status").on(t.status, t.bookedOn),
    index("bank_transfers_invoice").on(t.invoiceId),
    // The latest read, newest first (Tilisiirrot's recent list).
    index("bank_transfers_created").on(t.createdAt),
    check("bank_transfers_positive", sql`${t.amountCents} > 0`),
  ],
);
