/** Admins and the audit log of their writes. */
import { index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/** Admins by e-mail (besides ADMIN_EMAILS in configuration and the `admin: true` custom claim). */
export const admins = pgTable("admins", {
  email: text("email").primaryKey(), // lower-case
  addedBy: text("added_by"),
  createdAt: createdAt(),
});

/**
 * Every write an admin makes: who, when, what, and the record before and after, without anyone's
 * e-mail, name, phone, IP address or link secrets (system/auditRedaction.ts); for an update, the
 * names of the fields that changed, those left out included.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorEmail: text("actor_email").notNull(),
    actorUid: text("actor_uid"),
    action: text("action").notNull(), // e.g. "reservation.cancel", "settings.update"
    entity: text("entity").notNull(), // e.g. "reservation", "settings"
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    changed: jsonb("changed").$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created").on(t.createdAt), index("audit_log_entity").on(t.entity, t.entityId)],
);
