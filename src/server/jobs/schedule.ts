import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import { hostname } from "node:os";
import type { AppContext } from "../context.js";
import { checkGate } from "../door/index.js";
import { loggableError } from "../errors.js";
import { switchLights } from "../lights/index.js";
import { MAGIC_LINK_TTL_MINUTES } from "../../domain/customerSession.js";
import { fillStandingSlots, releaseExpiredHolds, queueDueReminders } from "../reservations/index.js";
import { createDueInvoices, remindOverdueInvoices, expireAbandonedSignups } from "../memberships/index.js";
import { closeCancelledCheckouts } from "../paymentOutcomes/index.js";
import { retryDueRefunds } from "../payments/index.js";
import {
  runHealthChecks,
  jobRepository,
  clearExpiredIps,
  purgeExpiredPersonalData,
} from "../system/index.js";
import { offerFreedSlots } from "../waitlistOffers/index.js";

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
    // A provider's checkout of a cancelled or expired payment is closed, so it cannot be paid late.
    name: "close-cancelled-checkouts",
    schedule: "15,45 * * * * *",
    run: (ctx) => closeCancelledCheckouts(ctx),
  },
  {
    // A refund the provider could not make at once is asked for again (payments/refunds.ts).
    name: "retry-refunds",
    schedule: "45 * * * * *",
    run: (ctx) => retryDueRefunds(ctx),
  },
  {
    // A freed slot goes to the first on its waitlist, an unused offer to the next (decision 033).
    name: "offer-freed-slots",
    schedule: "40 * * * * *",
    run: offerFreedSlots,
  },
  {
    // The e-mail a few hours before each booking (setting reminders.hoursBefore), once per booking.
    name: "send-reminders",
    schedule: "30 * * * * *",
    run: queueDueReminders,
  },
  {
    // A standing slot's weeks as the booking window reaches them (decision 056); hourly, so a
    // restart misses nothing and a week the window reaches at midnight is made soon after.
    name: "fill-standing-slots",
    schedule: "0 20 * * * *",
    run: fillStandingSlots,
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
    // The system page's health of the database, mail, payments and gate, also when nobody looks.
    name: "check-health",
    schedule: "30 */5 * * * *",
    run: async (ctx) =>
      Object.fromEntries((await runHealthChecks(ctx)).map((o) => [o.component, o.ok ? "ok" : "virhe"])),
  },
  {
    // The gate before and during bookings (door/gateHealth.ts); idle when nothing is booked.
    name: "check-gate",
    schedule: "20 * * * * *",
    run: checkGate,
  },
  {
    // The park's lights for bookings in the dark (lights/service.ts); switches only on a change.
    name: "switch-lights",
    schedule: "40 * * * * *",
    run: switchLights,
  },
  {
    // Keeps the privacy notice's retention periods (system/retention.ts).
    name: "purge-expired-personal-data",
    schedule: "0 30 3 * * *",
    run: purgeExpiredPersonalData,
  },
  {
    // IP addresses kept for limits are cleared once a day old (system/retention.ts).
    name: "clear-expired-ips",
    schedule: "0 50 * * * *",
    run: clearExpiredIps,
  },
];

/** Who runs a job: this process, for the admin's job list and for the logs. */
export const runnerName = `${hostname()}:${process.pid}`;

/**
 * Runs one due time of a job unless another server already has: the first to insert the
 * (job, due time) row runs it, everyone else skips. Returns whether this call ran it.
 */
export async function runOnce(
  ctx: AppContext,
  job: Job,
  dueAt: Date,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const runs = jobRepository(ctx.db);
  if (!(await runs.claimRun(job.name, dueAt, ctx.now(), runnerName))) return false;
  let status: "ok" | "failed" = "ok";
  let result: string;
  try {
    result = summarize(await job.run(ctx));
  } catch (error) {
    status = "failed";
    result = loggableError(error).message;
    log?.error({ err: loggableError(error), job: job.name }, "scheduled job failed");
  }
  await runs.finishRun(job.name, dueAt, { status, result: result.slice(0, 500), finishedAt: ctx.now() });
  return true;
}

function summarize(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} kpl`;
  if (value === undefined) return "";
  return JSON.stringify(value) ?? "";
}

/**
 * Starts every job. A run never overlaps the previous one in this process, and a due time runs
 * on one server only (runOnce); a failure is logged and recorded, not thrown.
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): { stop(): void } {
  const crons = jobs.map(
    (job) =>
      new Cron(
        job.schedule,
        { protect: true, name: job.name, timezone: "Europe/Helsinki" },
        async (self: Cron) => {
          // The scheduled time (the latest one not after now), not the clock's: every server names
          // the same due time alike, even when its timer fired a few milliseconds late.
          const due = self.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date();
          try {
            await runOnce(ctx, job, due, log);
          } catch (error) {
            log.error({ err: loggableError(error), job: job.name }, "scheduled job could not be claimed");
          }
        },
      ),
  );
  return { stop: () => crons.forEach((c) => c.stop()) };
}
