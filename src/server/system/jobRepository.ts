import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { jobRuns } from "../schema/index.js";

/**
 * The scheduled jobs' runs (job_runs, decision 037): the claim of a job's due time that makes it
 * run on one server only, its outcome, and each job's latest run for the admin's job list.
 */

export type JobRunRow = typeof jobRuns.$inferSelect;

/**
 * Each named job's latest run (or latest failure): one probe per job into the primary key
 * (name, due_at) read backwards, or into the failed runs' partial index job_runs_failed, so the
 * answer costs the same with years of runs. (DISTINCT ON (name) ORDER BY name, due_at DESC
 * cannot walk the key in that mixed order and sorted the whole table.) Exported for the
 * query-plan test.
 */
export function latestJobRunsQuery(names: string[], failedOnly: boolean): SQL {
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  return sql`
    SELECT r.name, r.due_at, r.started_at, r.finished_at, r.status, r.result, r.runner
    FROM unnest(array[${list}]::text[]) AS j(name)
    CROSS JOIN LATERAL (
      SELECT * FROM ${jobRuns} jr
      WHERE jr.name = j.name ${failedOnly ? sql`AND jr.status = 'failed'` : sql``}
      ORDER BY jr.due_at DESC LIMIT 1
    ) r`;
}

export function jobRepository(db: DbOrTx) {
  return {
    /**
     * Claims one due time of a job: the first server to insert the (job, due time) row has it;
     * false when another already did.
     */
    async claimRun(name: string, dueAt: Date, startedAt: Date, runner: string): Promise<boolean> {
      const claimed = await db
        .insert(jobRuns)
        .values({ name, dueAt, startedAt, status: "running", runner })
        .onConflictDoNothing()
        .returning({ name: jobRuns.name });
      return claimed.length > 0;
    },

    /** The outcome of a claimed run. */
    async finishRun(
      name: string,
      dueAt: Date,
      outcome: { status: "ok" | "failed"; result: string; finishedAt: Date },
    ): Promise<void> {
      await db
        .update(jobRuns)
        .set(outcome)
        .where(and(eq(jobRuns.name, name), eq(jobRuns.dueAt, dueAt)));
    },

    /** The latest run (or failure) of each named job (latestJobRunsQuery); a job never run is missing. */
    async latestRuns(names: string[], failedOnly: boolean): Promise<JobRunRow[]> {
      if (!names.length) return [];
      const result = await db.execute(latestJobRunsQuery(names, failedOnly));
      const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
      const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
      return rows.map((r) => ({
        name: String(r.name),
        dueAt: date(r.due_at)!,
        startedAt: date(r.started_at)!,
        finishedAt: date(r.finished_at),
        status: r.status as JobRunRow["status"],
        result: (r.result as string | null) ?? null,
        runner: String(r.runner),
      }));
    },
  };
}
