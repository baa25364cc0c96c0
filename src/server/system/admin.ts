import { Cron } from "croner";
import type { AuditList, AuditQuery, JobList } from "../../domain/admin/system.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { jobs } from "../jobs/index.js";
import { logWindow, pageOf } from "../lists/paging.js";
import { jobRepository, type JobRunRow } from "./jobRepository.js";
import { systemRepository } from "./repository.js";

/**
 * Järjestelmä: the scheduled jobs and the audit log (the outbox is mail/admin.ts, the admin list
 * system/admins.ts, the health checks system/health.ts).
 */

const iso = (d: Date | null) => (d ? toHelsinkiIso(d) : null);

/** Each job with its last run, its last failure and its next due time from the cron pattern. */
export async function listJobs(ctx: AppContext): Promise<JobList> {
  const names = jobs.map((j) => j.name);
  const runs = jobRepository(ctx.db);
  const [last, failures] = await Promise.all([runs.latestRuns(names, false), runs.latestRuns(names, true)]);
  const run = (r: JobRunRow | undefined) =>
    r
      ? {
          dueAt: toHelsinkiIso(r.dueAt),
          startedAt: toHelsinkiIso(r.startedAt),
          finishedAt: iso(r.finishedAt),
          status: r.status,
          result: r.result,
          runner: r.runner,
        }
      : null;
  const now = ctx.now();
  return {
    jobs: jobs.map((job) => {
      // Without a callback croner schedules nothing: it only answers when the pattern comes next.
      const next = new Cron(job.schedule, { timezone: "Europe/Helsinki" }).nextRun(now);
      return {
        name: job.name,
        schedule: job.schedule,
        lastRun: run(last.find((r) => r.name === job.name)),
        lastFailure: run(failures.find((r) => r.name === job.name)),
        nextRunAt: iso(next),
      };
    }),
  };
}

/**
 * A page of the audit log in a date window (the last RECENT_DAYS days unless asked), newest
 * first, with how many entries match: through audit_log_created.
 */
export async function listAudit(ctx: AppContext, query: AuditQuery): Promise<AuditList> {
  const window = logWindow(ctx.now(), query);
  const page = pageOf(query.page);
  const { rows, total } = await systemRepository(ctx.db).auditPage(window, query, page);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: toHelsinkiIso(r.createdAt),
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      changed: r.changed ?? [],
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
    from: window.from,
    to: window.to,
  };
}
