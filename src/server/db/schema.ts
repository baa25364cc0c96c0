/**
 * The database schema, one file per aggregate under ./schema/ (issue 20). Every importer and
 * drizzle-kit (drizzle.config.ts) read this module, which re-exports them all: one migration history.
 * The files import each other one way only (calendar, customers, giftCardsAndDiscounts ←
 * subscriptions ← reservations, invoices ← payments ← giftCardAndDiscountUses, door).
 */
export * from "./schema/audit.js";
export * from "./schema/bankTransfers.js";
export * from "./schema/calendar.js";
export * from "./schema/customers.js";
export * from "./schema/door.js";
export * from "./schema/giftCardAndDiscountUses.js";
export * from "./schema/giftCardsAndDiscounts.js";
export * from "./schema/idempotency.js";
export * from "./schema/invoices.js";
export * from "./schema/jobs.js";
export * from "./schema/ledger.js";
export * from "./schema/lights.js";
export * from "./schema/mail.js";
export * from "./schema/payments.js";
export * from "./schema/photos.js";
export * from "./schema/reservations.js";
export * from "./schema/settingsAndPrices.js";
export * from "./schema/subscriptions.js";
export * from "./schema/waitlist.js";
