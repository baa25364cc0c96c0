import { Cron } from "croner";
import type { JobList } from "../../domain/admin/system.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { jobRepository, type JobRunRow } from "../system/index.js";
import { jobs } from "./schedule.js";

/** Järjestelmä's scheduled jobs (the jobs' own module, so that system/ stays below them). */

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
