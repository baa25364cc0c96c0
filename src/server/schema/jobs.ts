/** The scheduled jobs' runs and the latest outcome of each health check. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns.js";

/**
 * One row per scheduled job and due time: the server that inserts it runs the job, so with several
 * servers on one database each due time runs once. Also the jobs' history for the admin.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    name: text("name").notNull(),
    dueAt: tstz("due_at").notNull(),
    startedAt: tstz("started_at").notNull(),
    finishedAt: tstz("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] }).notNull(),
    result: text("result"),
    runner: text("runner").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.dueAt] }),
    index("job_runs_started").on(t.startedAt),
    // Each job's last failure (admin system page) without reading its successes.
    index("job_runs_failed")
      .on(t.name, t.dueAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * The latest outcome of each health check (database, mail, payments, door) with the times of its
 * last success and failure: in the database, so every server shows the same (decision 021).
 */
export const healthChecks = pgTable("health_checks", {
  component: text("component").primaryKey(),
  ok: boolean("ok").notNull(),
  checkedAt: tstz("checked_at").notNull(),
  durationMs: integer("duration_ms").notNull(),
  detail: text("detail"),
  lastSuccessAt: tstz("last_success_at"),
  lastFailureAt: tstz("last_failure_at"),
  lastError: text("last_error"),
});
