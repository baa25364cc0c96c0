import * as z from "zod/mini";
import { isoDateTime, requestDate } from "../booking";
import { pageNumber, pagedFields, windowFields } from "./paging";

/** Järjestelmä (v2/jarjestelma): health checks, the e-mail outbox, jobs, the audit log, admins. */

export const healthComponents = ["database", "mail", "payments", "door"] as const;
export type HealthComponent = (typeof healthComponents)[number];

export const healthComponentText: Record<HealthComponent, string> = {
  database: "Tietokanta",
  mail: "Sähköposti",
  payments: "Maksut",
  door: "Portti",
};

export const healthCheckSchema = z.object({
  component: z.enum(healthComponents),
  ok: z.boolean(),
  checkedAt: isoDateTime,
  durationMs: z.int(),
  /** What was checked (the provider, the answer). */
  detail: z.nullable(z.string()),
  lastSuccessAt: z.nullable(isoDateTime),
  lastFailureAt: z.nullable(isoDateTime),
  lastError: z.nullable(z.string()),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;
export const healthSchema = z.object({ checks: z.array(healthCheckSchema) });
export type Health = z.infer<typeof healthSchema>;

export const outboxStatusValues = ["pending", "sent", "failed"] as const;
export const outboxStatusText: Record<(typeof outboxStatusValues)[number], string> = {
  pending: "Jonossa",
  sent: "Lähetetty",
  failed: "Epäonnistui",
};

export const outboxQuerySchema = z.object({
  status: z.optional(z.enum(outboxStatusValues, { message: "Tuntematon tila." })),
  kind: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  to: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** Helsinki dates the messages were made; without them, the last RECENT_DAYS days. */
  from: z.optional(requestDate),
  until: z.optional(requestDate),
  page: pageNumber,
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(outboxStatusValues),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  createdAt: isoDateTime,
  sentAt: z.nullable(isoDateTime),
  nextAttemptAt: isoDateTime,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = z.object({
  /** One page of the messages matching the filters in the window, newest first. */
  messages: z.array(outboxMessageSchema),
  ...pagedFields,
  ...windowFields,
  /** Every message of the window by status (the other filters left out). */
  counts: z.array(z.object({ status: z.enum(outboxStatusValues), count: z.int() })),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const jobRunSchema = z.object({
  dueAt: isoDateTime,
  startedAt: isoDateTime,
  finishedAt: z.nullable(isoDateTime),
  status: z.enum(["running", "ok", "failed"]),
  result: z.nullable(z.string()),
  runner: z.string(),
});
export const jobStatusSchema = z.object({
  name: z.string(),
  schedule: z.string(),
  lastRun: z.nullable(jobRunSchema),
  lastFailure: z.nullable(jobRunSchema),
  nextRunAt: z.nullable(isoDateTime),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const jobListSchema = z.object({ jobs: z.array(jobStatusSchema) });
export type JobList = z.infer<typeof jobListSchema>;

export const auditQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  actor: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** The action's beginning, e.g. "reservation" or "reservation.cancel". */
  action: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  entity: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  entityId: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  page: pageNumber,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.int(),
  at: isoDateTime,
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  /** The record before and after, without anyone's personal data or link secrets (issue 31). */
  before: z.unknown(),
  after: z.unknown(),
  /** For an update, every field that changed, those whose values are not kept included. */
  changed: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  /** One page of the entries matching the filters in the window, newest first. */
  entries: z.array(auditEntrySchema),
  ...pagedFields,
  ...windowFields,
});
export type AuditList = z.infer<typeof auditListSchema>;

export const adminEntrySchema = z.object({
  email: z.string(),
  /**
   * "config": ADMIN_EMAILS, changed only in the server's configuration; "list": the admins table;
   * "claim": a Firebase user with the `admin: true` claim only (e.g. development's first admin).
   */
  source: z.enum(["config", "list", "claim"]),
  addedBy: z.nullable(z.string()),
  addedAt: z.nullable(isoDateTime),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;
export const adminListSchema = z.object({ admins: z.array(adminEntrySchema), you: z.string() });
export type AdminList = z.infer<typeof adminListSchema>;

export const adminAddSchema = z.object({
  email: z.pipe(
    z.string({ message: "Anna sähköpostiosoite." }).check(z.trim(), z.toLowerCase()),
    z.email({ message: "Sähköpostiosoite on virheellinen." }),
  ),
});
export type AdminAdd = z.infer<typeof adminAddSchema>;

export const messageSchema = z.object({ message: z.string() });
