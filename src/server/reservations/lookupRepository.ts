import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, invoices, reservationLookups, reservations } from "../schema/index.js";
import type { InvoiceRow } from "../memberships/index.js";

/**
 * What a visitor finds without the checkout (decision 037): "Lähetä varaukseni sähköpostiini"
 * (reservation_lookups, counted against its limits, and the upcoming bookings of an address), and
 * the invoice a member's receipt page shows (reservations/receiptPage.ts). Takes the
 * database or the caller's transaction.
 */

export type { InvoiceRow };

export function lookupRepository(db: DbOrTx) {
  return {
    /** When the IP's latest look-ups since `since` were made, newest first, at most `limit`. */
    async lookupTimesFromIp(ip: string, since: Date, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ at: reservationLookups.createdAt })
        .from(reservationLookups)
        .where(and(eq(reservationLookups.ip, ip), gt(reservationLookups.createdAt, since)))
        .orderBy(desc(reservationLookups.createdAt))
        .limit(limit);
      return rows.map((r) => r.at);
    },

    /** How many look-ups were made for the mailbox since `since`. */
    async lookupCountForMailbox(mailbox: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reservationLookups)
        .where(and(eq(reservationLookups.mailbox, mailbox), gt(reservationLookups.createdAt, since)));
      return row!.n;
    },

    async recordLookup(values: { mailbox: string; ip: string; createdAt: Date }): Promise<void> {
      await db.insert(reservationLookups).values(values);
    },

    /**
     * The confirmed bookings not yet over made with the address as booked (reservations_email
     * index on lower(email)), soonest first, at most `limit`.
     */
    upcomingByEmail(email: string, now: Date, limit: number) {
      return db
        .select({
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
          accessToken: reservations.accessToken,
          areaName: areas.name,
        })
        .from(reservations)
        .innerJoin(areas, eq(areas.id, reservations.areaId))
        .where(
          and(
            sql`lower(${reservations.email}) = ${email.toLowerCase()}`,
            eq(reservations.status, "confirmed"),
            gt(reservations.endsAt, now),
          ),
        )
        .orderBy(asc(reservations.startsAt))
        .limit(limit);
    },

    /** The customer's own invoice (undefined for anybody else's). */
    async customersInvoice(customerId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)));
      return row;
    },
  };
}
