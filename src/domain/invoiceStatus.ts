/**
 * An invoice's standing, for the server, the views and the invoice machine alike (spec §4). Pure,
 * with no schema: machines may import it (eslint.config.js).
 */
import { addDays, formatDay } from "./helsinkiClock.js";

/** Open and unpaid after its due date, on the Helsinki calendar. */
export function isOverdue(invoice: { status: string; due_date: string }, today: string): boolean {
  return invoice.status === "open" && today > invoice.due_date;
}

/** Spec §4: an invoice is outstanding when it is open or overdue. */
export function isOutstanding(invoice: { status: string; is_overdue: boolean }): boolean {
  return invoice.status === "open" || invoice.is_overdue;
}

/**
 * The first day an unpaid invoice suspends its member's membership (product.md, issue 35): the
 * settings' `suspendAfterDays` after its due date, and never before it is overdue. Until then the
 * member is reminded and may still book; from then on, until it is paid, neither member bookings
 * nor member bookings' gate links work.
 */
export function suspendsFrom(dueDate: string, suspendAfterDays: number): string {
  return addDays(dueDate, Math.max(1, suspendAfterDays));
}

/** Why member bookings and their gate links stop: said alike by the server's refusals and /oma-tili. */
export function suspensionMessage(unpaid: { invoice_number: number; due_date: string }): string {
  return `Jäsenyytesi on keskeytetty, koska lasku nro ${unpaid.invoice_number} (eräpäivä ${formatDay(unpaid.due_date)}) on maksamatta. Maksa se Oma tili -sivulla, niin jäsenvaraukset ja niiden porttilinkit toimivat taas heti.`;
}

/** Before the suspension: the last day to pay, and what follows if it passes. */
export function graceMessage(unpaid: {
  invoice_number: number;
  due_date: string;
  suspended_from: string;
}): string {
  return `Lasku nro ${unpaid.invoice_number} erääntyi ${formatDay(unpaid.due_date)}. Maksa se viimeistään ${formatDay(addDays(unpaid.suspended_from, -1))}, muuten jäsenyytesi keskeytetään: jäsenvaraukset ja niiden porttilinkit eivät silloin toimi.`;
}
