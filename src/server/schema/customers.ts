/** Customers and their sign-in: magic-link tokens and sessions. */
import { boolean, index, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";
import { mailboxSql } from "./mailbox.js";

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(), // stored lower-case
    name: text("name"),
    phone: text("phone"),
    /** Booking reminders to this e-mail address (turned off in /oma-tili; reservations/reminders.ts). */
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    createdAt: createdAt(),
    lastLoginAt: tstz("last_login_at"),
  },
  // Every address that reaches one inbox (case, +tag, Gmail's dots): the login links' allowance and
  // the reminders' opt-out look customers up by it.
  (t) => [index("customers_mailbox").on(mailboxSql(t.email))],
);

/** A magic-link token, stored only as its SHA-256 hash. */
export const magicLinkTokens = pgTable(
  "magic_link_tokens",
  {
    id: serial("id").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    requestedIp: text("requested_ip"),
    createdAt: createdAt(),
  },
  (t) => [index("magic_link_tokens_customer").on(t.customerId, t.createdAt)],
);

/** A customer session; the JWT carries its id, so revoking the row ends the session. */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
    createdAt: createdAt(),
  },
  // A customer's sessions: signing them all out, their export, their erasure's cascade (issue 37).
  (t) => [index("customer_sessions_customer").on(t.customerId)],
);

/**
 * "Lähetä varaukseni sähköpostiini" requests (reservations/lookup.ts), kept to limit them per
 * mailbox and per IP address as login links are; purged after a day (system/retention.ts).
 */
export const reservationLookups = pgTable(
  "reservation_lookups",
  {
    id: serial("id").primaryKey(),
    /** The mailbox the address reaches (customerAuth.ts mailboxKey). */
    mailbox: text("mailbox").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("reservation_lookups_mailbox").on(t.mailbox, t.createdAt),
    index("reservation_lookups_ip").on(t.ip, t.createdAt),
  ],
);
