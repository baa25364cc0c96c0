import type { AppContext } from "../context.js";
import { retentionRepository } from "./retentionRepository.js";

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
  /**
   * IP addresses kept for limits (checkout holds, gate presses, booking look-ups, waitlist joins,
   * login links): the longest limit window is an hour (the waitlist's and login links' per IP), a
   * hold lives minutes; after a day an address is of no use and is cleared (clearExpiredIps, hourly).
   */
  ipHours: 24,
} as const;

const DAY_MS = 24 * 60 * 60_000;

export async function purgeExpiredPersonalData(ctx: AppContext) {
  const now = ctx.now();
  const logCutoff = new Date(now);
  logCutoff.setUTCMonth(logCutoff.getUTCMonth() - RETENTION.logMonths);
  const credentialCutoff = new Date(now.getTime() - RETENTION.credentialsDays * DAY_MS);

  const purge = retentionRepository(ctx.db);

  const door = await purge.doorEventsBefore(logCutoff);
  const mail = await purge.emailsBefore(logCutoff);
  const links = await purge.loginLinksBefore(credentialCutoff);
  const sessions = await purge.sessionsBefore(credentialCutoff);
  const runs = await purge.jobRunsBefore(new Date(now.getTime() - RETENTION.jobRunDays * DAY_MS));
  // Checks every five minutes while bookings run add up; the outages table keeps the history that matters.
  const checks = await purge.gateChecksBefore(new Date(now.getTime() - RETENTION.gateCheckDays * DAY_MS));
  // The lights' switches like the gate's log, but never the newest: the lights job compares with it.
  const switches = await purge.lightSwitchesBefore(logCutoff);
  // Asking for a login link makes a customer row (the link belongs to it); one that never logged
  // in and holds nothing is gone a day later, with its links (ON DELETE CASCADE).
  const unused = await purge.unusedCustomersBefore(credentialCutoff);
  // The stored first answers of idempotent POSTs hold access tokens: no longer than needed.
  const answers = await purge.idempotencyKeysBefore(
    new Date(now.getTime() - RETENTION.idempotencyDays * DAY_MS),
  );
  // A booking look-up's row only counts toward its limits (15 minutes); its IP address goes after a day.
  const lookups = await purge.reservationLookupsBefore(credentialCutoff);
  // An ended waitlist entry (its address and IP) goes after a month (waitlist_entries_ended index).
  const waitlist = await purge.waitlistEntriesBefore(
    new Date(now.getTime() - RETENTION.waitlistDays * DAY_MS),
  );
  return {
    waitlistEntries: waitlist,
    idempotencyKeys: answers,
    reservationLookups: lookups,
    unusedCustomers: unused,
    jobRuns: runs,
    doorEvents: door,
    gateChecks: checks,
    lightSwitches: switches,
    emails: mail,
    loginLinks: links,
    sessions: sessions,
  };
}

/**
 * Clears the IP addresses kept for limits once a day old (RETENTION.ipHours): a booking's checkout
 * address, a gate press's, a waitlist join's and a login link's; a booking look-up's row, which
 * holds only its mailbox and IP for the limits, is deleted. Each statement finds its rows through a
 * partial index on those still holding an address; run by one server per due time (jobs/index.ts),
 * and a second run finds nothing left to do.
 */
export async function clearExpiredIps(ctx: AppContext) {
  const cutoff = new Date(ctx.now().getTime() - RETENTION.ipHours * 60 * 60_000);
  const clear = retentionRepository(ctx.db);
  return {
    holdIps: await clear.holdIpsBefore(cutoff),
    doorIps: await clear.doorIpsBefore(cutoff),
    waitlistIps: await clear.waitlistIpsBefore(cutoff),
    loginLinkIps: await clear.loginLinkIpsBefore(cutoff),
    reservationLookups: await clear.reservationLookupsBefore(cutoff),
  };
}
