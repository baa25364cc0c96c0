import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import {
  bankTransfers,
  customers,
  customerSessions,
  doorEvents,
  emailOutbox,
  idempotencyKeys,
  invoices,
  magicLinkTokens,
  reservationLookups,
  reservations,
  subscriptions,
  waitlistEntries,
  mailboxSql,
} from "../schema/index.js";

/**
 * The customers' queries (decision 037): accounts, their sessions and login links, and the erasure
 * of an account, which the customer answers for across the tables that name them (bookings and
 * invoices anonymised, their gate presses without IPs, memberships detached, e-mails, look-ups,
 * stored answers and waitlist entries deleted; the audit log never held them). The export's
 * queries are in exportRepository.ts. Takes the database or the caller's transaction; the services
 * decide where a transaction begins.
 */

export type CustomerRow = typeof customers.$inferSelect;
export type MagicLinkTokenRow = typeof magicLinkTokens.$inferSelect;
export type NewMagicLinkToken = typeof magicLinkTokens.$inferInsert;

export function customerRepository(db: DbOrTx) {
  return {
    /**
     * When the latest login links from one IP address since `since` were made, newest first, at
     * most `max` of them.
     */
    async linkTimesFromIp(ip: string, since: Date, max: number): Promise<Date[]> {
      const recent = await db
        .select({ at: magicLinkTokens.createdAt })
        .from(magicLinkTokens)
        .where(and(eq(magicLinkTokens.requestedIp, ip), gt(magicLinkTokens.createdAt, since)))
        .orderBy(desc(magicLinkTokens.createdAt))
        .limit(max);
      return recent.map((r) => r.at);
    },

    /** The customer of an address, created on first use. */
    async upsertByEmail(email: string, now: Date): Promise<CustomerRow> {
      // Updating the conflicting row makes RETURNING give the existing customer too.
      const [customer] = await db
        .insert(customers)
        .values({ email, createdAt: now })
        .onConflictDoUpdate({ target: customers.email, set: { email } })
        .returning();
      return customer!;
    },

    /** Login links made since `since` for every address that reaches this mailbox. */
    async linksToMailboxSince(mailbox: string, since: Date): Promise<number> {
      // name+tag@ and name@ (and Gmail's dotted names) reach one mailbox: one allowance.
      const [recent] = await db
        .select({ n: count() })
        .from(magicLinkTokens)
        .innerJoin(customers, eq(customers.id, magicLinkTokens.customerId))
        .where(and(eq(mailboxSql(customers.email), mailbox), gt(magicLinkTokens.createdAt, since)));
      return recent!.n;
    },

    async addLinkToken(values: NewMagicLinkToken): Promise<void> {
      await db.insert(magicLinkTokens).values(values);
    },

    /**
     * Uses up an unused, unexpired token in one conditional UPDATE, so two simultaneous clicks
     * cannot both succeed: its customer's id, or undefined.
     */
    async useLinkToken(tokenHash: string, now: Date): Promise<string | undefined> {
      const [used] = await db
        .update(magicLinkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(magicLinkTokens.tokenHash, tokenHash),
            isNull(magicLinkTokens.usedAt),
            gt(magicLinkTokens.expiresAt, now),
          ),
        )
        .returning({ customerId: magicLinkTokens.customerId });
      return used?.customerId;
    },

    async linkToken(tokenHash: string): Promise<MagicLinkTokenRow | undefined> {
      const [row] = await db.select().from(magicLinkTokens).where(eq(magicLinkTokens.tokenHash, tokenHash));
      return row;
    },

    /** A new session; its id. */
    async openSession(customerId: string, expiresAt: Date, now: Date): Promise<string> {
      const [session] = await db
        .insert(customerSessions)
        .values({ customerId, expiresAt, createdAt: now })
        .returning({ id: customerSessions.id });
      return session!.id;
    },

    async recordLogin(customerId: string, now: Date): Promise<CustomerRow> {
      const [customer] = await db
        .update(customers)
        .set({ lastLoginAt: now })
        .where(eq(customers.id, customerId))
        .returning();
      return customer!;
    },

    /** The customer of a session neither revoked nor ended, or undefined. */
    async activeSession(sessionId: string, customerId: string, now: Date) {
      const [row] = await db
        .select({ session: customerSessions, customer: customers })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.id, sessionId),
            eq(customerSessions.customerId, customerId),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, now),
          ),
        );
      return row;
    },

    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await db
        .update(customerSessions)
        .set({ revokedAt: now })
        .where(and(eq(customerSessions.id, sessionId), isNull(customerSessions.revokedAt)));
    },

    /** The customer's row, locked for the rest of the transaction. */
    async lock(customerId: string): Promise<void> {
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    },

    // The erasure of an account (customerData.ts), each step in the caller's transaction.

    /** Coming member bookings of the customer (by account or address) are cancelled. */
    async cancelComingMemberBookings(customer: { id: string; email: string }, now: Date): Promise<void> {
      await db
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: now, cancelReason: "account_deleted" })
        .where(
          and(
            bookingsOf(customer),
            eq(reservations.kind, "subscriber"),
            eq(reservations.status, "confirmed"),
            gt(reservations.startsAt, now),
          ),
        );
    },

    /** The gate presses on the customer's bookings keep no IP address (door_events_reservation). */
    async clearDoorIps(customer: { id: string; email: string }): Promise<void> {
      await db
        .update(doorEvents)
        .set({ ip: null })
        .where(
          and(
            isNotNull(doorEvents.ip),
            inArray(
              doorEvents.reservationId,
              db.select({ id: reservations.id }).from(reservations).where(bookingsOf(customer)),
            ),
          ),
        );
    },

    /** Every booking of the customer (by account or address) keeps no name, address, phone or IP. */
    async anonymiseBookings(
      customer: { id: string; email: string },
      anonymised: { name: string; email: string },
    ): Promise<void> {
      await db
        .update(reservations)
        .set({ ...anonymised, phone: null, holdIp: null, customerId: null })
        .where(bookingsOf(customer));
    },

    async anonymiseInvoices(customerId: string, anonymised: { name: string; email: string }): Promise<void> {
      // Their invoices' bank transfers keep the money and the bank's reference, not who paid.
      await db
        .update(bankTransfers)
        .set({ payerName: null, payerIban: null })
        .where(
          inArray(
            bankTransfers.invoiceId,
            db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, customerId)),
          ),
        );
      await db
        .update(invoices)
        .set({ ...anonymised, customerId: null })
        .where(eq(invoices.customerId, customerId));
    },

    async detachSubscriptions(customerId: string): Promise<void> {
      await db
        .update(subscriptions)
        .set({ customerId: null })
        .where(eq(subscriptions.customerId, customerId));
    },

    /** The e-mails to an address (any case). */
    async deleteMailTo(email: string): Promise<void> {
      await db.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = ${email.toLowerCase()}`);
    },

    async deleteWaitlistEntries(mailbox: string): Promise<void> {
      // Keyed in SQL too, so entries stored under an earlier, narrower key (before Gmail's dots) go.
      await db.delete(waitlistEntries).where(eq(mailboxSql(waitlistEntries.mailbox), mailbox));
    },

    /** The mailbox's booking look-ups (reservation_lookups_mailbox). */
    async deleteLookups(mailbox: string): Promise<void> {
      await db.delete(reservationLookups).where(eq(reservationLookups.mailbox, mailbox));
    },

    /**
     * The stored first answers of the customer's idempotent POSTs (their scope ends with the
     * customer's id) and any other naming the address (a visitor's checkout before the account): the
     * table holds a day of answers (purged daily), so it is read through.
     */
    async deleteStoredAnswers(customer: { id: string; email: string }): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(
          or(
            sql`${idempotencyKeys.scope} like ${`% ${customer.id}`}`,
            sql`strpos(lower(${idempotencyKeys.responseBody}), ${customer.email.toLowerCase()}) > 0`,
          ),
        );
    },

    /** The customer's row; sessions and login links go with it (ON DELETE CASCADE). */
    async delete(customerId: string): Promise<void> {
      await db.delete(customers).where(eq(customers.id, customerId));
    },
  };
}

/** The customer's bookings: by the account, or by the address (any case) before it existed. */
const bookingsOf = (customer: { id: string; email: string }) =>
  or(
    eq(reservations.customerId, customer.id),
    sql`lower(${reservations.email}) = ${customer.email.toLowerCase()}`,
  );
