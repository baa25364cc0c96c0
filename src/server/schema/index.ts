/**
 * The database schema, one file per aggregate under ./schema/ (issue 20). Every importer and
 * drizzle-kit (drizzle.config.ts) read this module, which re-exports them all: one migration history.
 * The files import each other one way only (calendar, customers, giftCardsAndDiscounts ←
 * subscriptions ← reservations ← standingSlots, invoices ← payments ← giftCardAndDiscountUses, door).
 */
export * from "./audit.js";
export * from "./bankTransfers.js";
export * from "./calendar.js";
export * from "./customers.js";
export * from "./door.js";
export * from "./giftCardAndDiscountUses.js";
export * from "./giftCardsAndDiscounts.js";
export * from "./idempotency.js";
export * from "./invoices.js";
export * from "./jobs.js";
export * from "./ledger.js";
export * from "./lights.js";
export * from "./mailbox.js";
export * from "./mail.js";
export * from "./payments.js";
export * from "./photos.js";
export * from "./reservations.js";
export * from "./settingsAndPrices.js";
export * from "./standingSlots.js";
export * from "./subscriptions.js";
export * from "./waitlist.js";
