/** Answers kept for repeated POSTs sent with an Idempotency-Key. */
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns.js";

/**
 * The first answer to a POST sent with an Idempotency-Key (checkout, signup, invoice payment), so a
 * repeat of the same request (the client's retry after a lost answer) gets that answer instead of
 * doing it twice. The scope is the method, path and customer; the hash tells a reuse of the key for
 * another body. A row without a status is a request still being answered. Purged after a day.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
    completedAt: tstz("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);
