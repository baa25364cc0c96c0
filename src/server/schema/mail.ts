/** The outbox of every e-mail the product sends. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** Every e-mail the product sends, with its delivery status. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    kind: text("kind").notNull(), // login, receipt, cancellation, ...
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due").on(t.status, t.nextAttemptAt),
    // The admin's outbox list by status, newest first.
    index("email_outbox_status_id").on(t.status, t.id),
    // The admin's outbox page and its counts by status, over a date window (decision 025).
    index("email_outbox_created").on(t.createdAt, t.status),
    // A customer's e-mails, for their own-data export and their erasure (issue 37).
    index("email_outbox_to").on(sql`lower(${t.to})`),
  ],
);
