import * as z from "zod/mini";
import { isoDate } from "../booking";

/**
 * Tilisiirrot (issue 36): the bank's statement of reference payments read in jäsenyydet, matched to
 * open invoices by reference, and the owner's queue of what could not be matched exactly.
 */

/** Why a transfer waits for the owner. */
export const transferProblemSchema = z.enum(["partial", "over", "unknown", "closed", "reversal"]);
export type TransferProblem = z.infer<typeof transferProblemSchema>;

/** What the owner decides for a waiting transfer. */
export const transferResolutionSchema = z.enum(["mark_paid", "part_payment", "refunded_by_hand", "noted"]);
export type TransferResolution = z.infer<typeof transferResolutionSchema>;

/** The decisions each problem allows (the server refuses the others). */
export const resolutionsFor: Record<TransferProblem, readonly TransferResolution[]> = {
  partial: ["mark_paid", "part_payment", "refunded_by_hand"],
  over: ["mark_paid", "refunded_by_hand"],
  unknown: ["refunded_by_hand"],
  closed: ["refunded_by_hand"],
  reversal: ["noted"],
};

export const transferProblemLabels: Record<TransferProblem, string> = {
  partial: "Vajaa maksu",
  over: "Liikaa maksettu",
  unknown: "Tuntematon viite",
  closed: "Lasku ei avoinna",
  reversal: "Pankin palautus",
};

export const transferResolutionLabels: Record<TransferResolution, string> = {
  mark_paid: "Merkitse lasku maksetuksi",
  part_payment: "Kirjaa osamaksuksi, lasku jää avoimeksi",
  refunded_by_hand: "Palautettu maksajalle käsin",
  noted: "Kuitattu",
};

const invoiceOfTransfer = z.nullable(
  z.object({
    id: z.string(),
    number: z.int(),
    status: z.enum(["open", "paid", "void"]),
    customer_id: z.nullable(z.string()),
    /** What the invoice still owes, from its ledger. */
    due_cents: z.int(),
  }),
);

/** One transaction of a statement as the preview shows it. */
export const statementEntrySchema = z.object({
  archive_ref: z.string(),
  reference: z.nullable(z.string()),
  amount_cents: z.int(),
  payer_name: z.nullable(z.string()),
  booked_on: isoDate,
  /** pay: pays its invoice exactly; recorded: read from an earlier file already; else why it would wait. */
  outcome: z.enum(["pay", "recorded", ...transferProblemSchema.options]),
  invoice: invoiceOfTransfer,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementPreviewSchema = z.object({
  kind: z.enum(["camt.054", "camt.053"]),
  entries: z.array(statementEntrySchema),
  /** Debits and unbooked entries, which are not read. */
  skipped: z.int(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementUploadSchema = z.object({
  statement: z.string().check(z.minLength(1, "Valitse pankin tiliotetiedosto (XML).")),
});

export const statementAppliedSchema = z.object({
  message: z.string(),
  paid: z.int(),
  queued: z.int(),
  recorded: z.int(),
});

/** A transfer read from a statement, as the queue and the recent list show it. */
export const bankTransferSchema = z.object({
  id: z.string(),
  archive_ref: z.string(),
  reference: z.nullable(z.string()),
  amount_cents: z.int(),
  payer_name: z.nullable(z.string()),
  booked_on: isoDate,
  status: z.enum(["applied", "queued", "resolved"]),
  problem: z.nullable(transferProblemSchema),
  resolution: z.nullable(transferResolutionSchema),
  note: z.nullable(z.string()),
  invoice: invoiceOfTransfer,
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

export const bankTransferListSchema = z.object({
  /** Every transfer waiting for the owner, oldest first. */
  queued: z.array(bankTransferSchema),
  /** The latest transfers applied or resolved, newest first. */
  recent: z.array(bankTransferSchema),
});
export type BankTransferList = z.infer<typeof bankTransferListSchema>;

export const RECENT_TRANSFERS = 20;
export const QUEUE_LIMIT = 200;

export const transferResolveSchema = z.object({
  resolution: transferResolutionSchema,
  note: z.optional(z.string().check(z.trim(), z.maxLength(500, "Muistiinpano on liian pitkä."))),
});
export type TransferResolve = z.infer<typeof transferResolveSchema>;
