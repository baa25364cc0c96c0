import { and, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
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
} from "../schema/index.js";

/**
 * The retention purge's deletes (decision 037), across the aggregates whose personal data or logs
 * the privacy notice promises to keep no longer than their time (system/retention.ts decides the
 * cut-offs). Each returns how many rows it deleted.
 */

export function retentionRepository(db: DbOrTx) {
  const deleted = (rows: unknown[]) => rows.length;
  return {
    /** Gate attempts created before the cut-off. */
    doorEventsBefore: async (cutoff: Date) =>
      deleted(
        await db.delete(doorEvents).where(lt(doorEvents.createdAt, cutoff)).returning({ id: doorEvents.id }),
      ),

    /** E-mails created before the cut-off. */
    emailsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(emailOutbox)
          .where(lt(emailOutbox.createdAt, cutoff))
          .returning({ id: emailOutbox.id }),
      ),

    /** Login links expired before the cut-off. */
    loginLinksBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(magicLinkTokens)
          .where(lt(magicLinkTokens.expiresAt, cutoff))
          .returning({ id: magicLinkTokens.id }),
      ),

    /** Sessions expired or revoked before the cut-off. */
    sessionsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(customerSessions)
          .where(
            or(
              lt(customerSessions.expiresAt, cutoff),
              and(isNotNull(customerSessions.revokedAt), lt(customerSessions.revokedAt, cutoff)),
            ),
          )
          .returning({ id: customerSessions.id }),
      ),

    /** Job runs started before the cut-off. */
    jobRunsBefore: async (cutoff: Date) =>
      deleted(
        await db.delete(jobRuns).where(lt(jobRuns.startedAt, cutoff)).returning({ name: jobRuns.name }),
      ),

    /** The gate health job's checks made before the cut-off (the outages they found are kept). */
    gateChecksBefore: async (cutoff: Date) =>
      deleted(
        await db.delete(gateChecks).where(lt(gateChecks.createdAt, cutoff)).returning({ id: gateChecks.id }),
      ),

    /** The lights' switches made before the cut-off, but never the newest: the lights job compares with it. */
    lightSwitchesBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(lightSwitches)
          .where(
            and(
              lt(lightSwitches.createdAt, cutoff),
              sql`${lightSwitches.id} < (SELECT max(${lightSwitches.id}) FROM ${lightSwitches})`,
            ),
          )
          .returning({ id: lightSwitches.id }),
      ),

    /**
     * Customers made before the cut-off that never logged in and hold nothing (no booking,
     * membership or invoice), with their links (ON DELETE CASCADE).
     */
    unusedCustomersBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(customers)
          .where(
            and(
              isNull(customers.lastLoginAt),
              lt(customers.createdAt, cutoff),
              sql`NOT EXISTS (SELECT 1 FROM ${reservations} WHERE ${reservations.customerId} = ${customers.id})`,
              sql`NOT EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.customerId} = ${customers.id})`,
              sql`NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.customerId} = ${customers.id})`,
            ),
          )
          .returning({ id: customers.id }),
      ),

    /** Stored first answers of idempotent POSTs made before the cut-off. */
    idempotencyKeysBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, cutoff))
          .returning({ key: idempotencyKeys.key }),
      ),

    /** Booking look-ups made before the cut-off. */
    reservationLookupsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(reservationLookups)
          .where(lt(reservationLookups.createdAt, cutoff))
          .returning({ id: reservationLookups.id }),
      ),

    // The IP clean-up (clearExpiredIps): addresses kept for limits, dropped once no limit reads them.

    /**
     * Bookings whose checkout hold ended before the cut-off keep no checkout address (every row
     * with one has a hold end; reservations_hold_ip_kept index).
     */
    holdIpsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .update(reservations)
          .set({ holdIp: null })
          .where(and(isNotNull(reservations.holdIp), lt(reservations.holdExpiresAt, cutoff)))
          .returning({ id: reservations.id }),
      ),

    /** Gate presses made before the cut-off keep no address (door_events_ip_kept index). */
    doorIpsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .update(doorEvents)
          .set({ ip: null })
          .where(and(isNotNull(doorEvents.ip), lt(doorEvents.createdAt, cutoff)))
          .returning({ id: doorEvents.id }),
      ),

    /** Waitlist joins made before the cut-off keep no address (waitlist_entries_ip_kept index). */
    waitlistIpsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .update(waitlistEntries)
          .set({ ip: null })
          .where(and(isNotNull(waitlistEntries.ip), lt(waitlistEntries.createdAt, cutoff)))
          .returning({ id: waitlistEntries.id }),
      ),

    /** Login links made before the cut-off keep no address (the table holds a day or two of links). */
    loginLinkIpsBefore: async (cutoff: Date) =>
      deleted(
        await db
          .update(magicLinkTokens)
          .set({ requestedIp: null })
          .where(and(isNotNull(magicLinkTokens.requestedIp), lt(magicLinkTokens.createdAt, cutoff)))
          .returning({ id: magicLinkTokens.id }),
      ),

    /** Waitlist entries ended before the cut-off (waitlist_entries_ended index). */
    waitlistEntriesBefore: async (cutoff: Date) =>
      deleted(
        await db
          .delete(waitlistEntries)
          .where(lt(waitlistEntries.endedAt, cutoff))
          .returning({ id: waitlistEntries.id }),
      ),
  };
}
