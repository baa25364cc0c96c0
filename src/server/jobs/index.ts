import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { MAGIC_LINK_TTL_MINUTES } from "../services/customerAuth.js";
import { releaseExpiredHolds } from "../services/holds.js";
import { createDueInvoices, remindOverdueInvoices } from "../services/invoices.js";
import { expireAbandonedSignups } from "../services/membership.js";
import { purgeExpiredPersonalData } from "../services/retention.js";

export type Job = {
  name: string;
  /** Cron pattern with seconds, e.g. "*\/30 * * * * *". */
  schedule: string;
  run(ctx: AppContext): Promise<unknown>;
};

export const jobs: Job[] = [
  {
    name: "deliver-mail",
    schedule: "0 * * * * *",
    // A login link is useless once expired, so its e-mail is not retried past that.
    run: (ctx) => ctx.mail.deliverDue(ctx.db, { staleAfterMinutes: { login: MAGIC_LINK_TTL_MINUTES } }),
  },
  {
    // An abandoned payment frees its slot at most 30 s after the hold ends.
    name: "release-expired-holds",
    schedule: "*/30 * * * * *",
    run: releaseExpiredHolds,
  },
  {
    // A signup whose first payment never came expires, so the customer can sign up again.
    name: "expire-abandoned-signups",
    schedule: "15 */5 * * * *",
    run: expireAbandonedSignups,
  },
  {
    // Each membership's invoice on its period's first day; hourly, so a restart misses nothing.
    name: "create-due-invoices",
    schedule: "0 5 * * * *",
    run: createDueInvoices,
  },
  {
    // One reminder per invoice, the morning after its due date.
    name: "remind-overdue-invoices",
    schedule: "0 10 * * * *",
    run: remindOverdueInvoices,
  },
  {
    // Keeps the privacy notice's retention periods (services/retention.ts).
    name: "purge-expired-personal-data",
    schedule: "0 30 3 * * *",
    run: purgeExpiredPersonalData,
  },
];

/** Starts every job; a run never overlaps the previous one, and a failure is logged, not thrown. */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): { stop(): void } {
  const crons = jobs.map(
    (job) =>
      new Cron(job.schedule, { protect: true, name: job.name, timezone: "Europe/Helsinki" }, async () => {
        try {
          await job.run(ctx);
        } catch (error) {
          log.error({ err: error, job: job.name }, "scheduled job failed");
        }
      }),
  );
  return { stop: () => crons.forEach((c) => c.stop()) };
}
