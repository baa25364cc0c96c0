/**
 * An invoice's standing, for the server, the views and the invoice machine alike (spec §4). Pure,
 * with no schema: machines may import it (eslint.config.js).
 */

/** Open and unpaid after its due date, on the Helsinki calendar. */
export function isOverdue(invoice: { status: string; due_date: string }, today: string): boolean {
  return invoice.status === "open" && today > invoice.due_date;
}

/** Spec §4: an invoice is outstanding when it is open or overdue. */
export function isOutstanding(invoice: { status: string; is_overdue: boolean }): boolean {
  return invoice.status === "open" || invoice.is_overdue;
}
