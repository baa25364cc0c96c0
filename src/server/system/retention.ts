import { and, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import {
  customers,
  customerSessions,
  doorEvents,
  emailOutbox,
  gateChecks,
  idempotencyKeys,
  lightSwitches,
  invoices,
  jobRuns,
  magicLinkTokens,
  reservationLookups,
  reservations,
  waitlistEntries,
  subscriptions,
} from "../db/schema.js";

/**
 * How long personal data that no law requires us to keep stays, as the privacy notice
 * (/tietosuojaseloste) promises. Bookings and payments are accounting records and are not purged here.
 */
export const RETENTION = {
  /** Gate attempts and the e-mail log: 12 months. */
  logMonths: 12,
  /** Used or expired login links, and ended sessions, are of no use after a day. */
  credentialsDays: 1,
  /** The scheduled jobs' run history (no personal data; kept for the admin's system page). */
  jobRunDays: 14,
  /** The gate health job's checks (no personal data; the outages they found are kept). */
  gateCheckDays: 30,
  /** Stored first answers of idempotent POSTs: a retry comes within seconds, a day is ample. */
  idempotencyDays: 1,
  /** A waitlist entry that has ended (booked, missed, left, slot started): 30 days, for questions. */
  waitlistDays: 30,
} as const;

const DAY_MS = 24 * 60 * 60_000;

export async function purgeExpiredPersonalData(ctx: AppContext) {
  const now = ctx.now();
  const logCutoff = new Date(now);
  logCutoff.setUTCMonth(logCutoff.getUTCMonth() - RETENTION.logMonths);
  const credentialCutoff = new Date(now.getTime() - RETENTION.credentialsDays * DAY_MS);

  const door = await ctx.db
    .delete(doorEvents)
    .where(lt(doorEvents.createdAt, logCutoff))
    .returning({ id: doorEvents.id });
  const mail = await ctx.db
    .delete(emailOutbox)
    .where(lt(emailOutbox.createdAt, logCutoff))
    .returning({ id: emailOutbox.id });
  const links = await ctx.db
    .delete(magicLinkTokens)
    .where(lt(magicLinkTokens.expiresAt, credentialCutoff))
    .returning({ id: magicLinkTokens.id });
  const sessions = await ctx.db
    .delete(customerSessions)
    .where(
      or(
        lt(customerSessions.expiresAt, credentialCutoff),
        and(isNotNull(customerSessions.revokedAt), lt(customerSessions.revokedAt, credentialCutoff)),
      ),
    )
    .returning({ id: customerSessions.id });
  const runs = await ctx.db
    .delete(jobRuns)
    .where(lt(jobRuns.startedAt, new Date(now.getTime() - RETENTION.jobRunDays * DAY_MS)))
    .returning({ name: jobRuns.name });
  // Checks every five minutes while bookings run add up; the outages table keeps the history that matters.
  const checks = await ctx.db
    .delete(gateChecks)
    .where(lt(gateChecks.createdAt, new Date(now.getTime() - RETENTION.gateCheckDays * DAY_MS)))
    .returning({ id: gateChecks.id });
  // The lights' switches like the gate's log, but never the newest: the lights job compares with it.
  const switches = await ctx.db
    .delete(lightSwitches)
    .where(
      and(
        lt(lightSwitches.createdAt, logCutoff),
        sql`${lightSwitches.id} < (SELECT max(${lightSwitches.id}) FROM ${lightSwitches})`,
      ),
    )
    .returning({ id: lightSwitches.id });
  // Asking for a login link makes a customer row (the link belongs to it); one that never logged
  // in and holds nothing is gone a day later, with its links (ON DELETE CASCADE).
  const unused = await ctx.db
    .delete(customers)
    .where(
      and(
        isNull(customers.lastLoginAt),
        lt(customers.createdAt, credentialCutoff),
        sql`NOT EXISTS (SELECT 1 FROM ${reservations} WHERE ${reservations.customerId} = ${customers.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.customerId} = ${customers.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.customerId} = ${customers.id})`,
      ),
    )
    .returning({ id: customers.id });
  // The stored first answers of idempotent POSTs hold access tokens: no longer than needed.
  const answers = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - RETENTION.idempotencyDays * DAY_MS)))
    .returning({ key: idempotencyKeys.key });
  // A booking look-up's row only counts toward its limits (15 minutes); its IP address goes after a day.
  const lookups = await ctx.db
    .delete(reservationLookups)
    .where(lt(reservationLookups.createdAt, credentialCutoff))
    .returning({ id: reservationLookups.id });
  // An ended waitlist entry (its address and IP) goes after a month (waitlist_entries_ended index).
  const waitlist = await ctx.db
    .delete(waitlistEntries)
    .where(lt(waitlistEntries.endedAt, new Date(now.getTime() - RETENTION.waitlistDays * DAY_MS)))
    .returning({ id: waitlistEntries.id });
  return {
    waitlistEntries: waitlist.length,
    idempotencyKeys: answers.length,
    reservationLookups: lookups.length,
    unusedCustomers: unused.length,
    jobRuns: runs.length,
    doorEvents: door.length,
    gateChecks: checks.length,
    lightSwitches: switches.length,
    emails: mail.length,
    loginLinks: links.length,
    sessions: sessions.length,
  };
}
