import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { LIMIT_LOCK, lockLimits } from "../db/limitLocks.js";
import { areas, reservationLookups, reservations } from "../db/schema.js";
import { HttpError } from "../errors.js";
import { mailboxKey } from "../services/customerAuth.js";
import { getSetting } from "../settings/service.js";
import { lookupMail } from "./visitorMail.js";

/**
 * "Lähetä varaukseni sähköpostiini" (/oma-varaus): e-mails links to every upcoming booking made
 * with an address. The answer, and the work done, are the same whether there are bookings or not
 * (an e-mail goes either way, saying which), so the endpoint tells nobody whose bookings exist;
 * only the mailbox's owner reads the links. Limited like the login link, per mailbox and per IP,
 * counted in the database under advisory locks so that every server shares the limits exactly.
 */

export const LOOKUP_MAX_PER_MAILBOX = 3;
export const LOOKUP_MAX_PER_IP = 10;
export const LOOKUP_WINDOW_MINUTES = 15;
/** More upcoming bookings than this is not a visitor's list; the e-mail names the first ones. */
const MAX_LISTED = 50;

export const lookupMessages = {
  queued:
    "Jos tällä osoitteella on tulevia varauksia, saat linkit niihin sähköpostiisi hetken kuluttua. Avaa linkki tällä laitteella, niin varaus tallentuu tähän selaimeen.",
  tooManyForEmail: `Tähän osoitteeseen on jo lähetetty varaukset ${LOOKUP_MAX_PER_MAILBOX} kertaa ${LOOKUP_WINDOW_MINUTES} minuutin sisällä. Katso saamasi viesti tai yritä myöhemmin uudelleen.`,
  tooManyFromIp: (minutes: number) =>
    `Varauksia on pyydetty liian monta kertaa. Yritä uudelleen ${minutes} minuutin kuluttua.`,
} as const;

/** Refused for the per-IP limit: how long until the oldest counted request leaves the window. */
export class LookupIpLimitReached extends Error {
  constructor(readonly retryAfterMs: number) {
    super("too many booking look-ups from this IP address");
  }
}

export async function requestReservationLookup(ctx: AppContext, email: string, ip: string): Promise<void> {
  const now = ctx.now();
  const mailbox = mailboxKey(email);
  const since = new Date(now.getTime() - LOOKUP_WINDOW_MINUTES * 60_000);
  const mailId = await ctx.db.transaction(async (tx) => {
    await lockLimits(tx, [
      [LIMIT_LOCK.lookupIp, ip],
      [LIMIT_LOCK.lookupMailbox, mailbox],
    ]);
    const fromIp = await tx
      .select({ at: reservationLookups.createdAt })
      .from(reservationLookups)
      .where(and(eq(reservationLookups.ip, ip), gt(reservationLookups.createdAt, since)))
      .orderBy(desc(reservationLookups.createdAt))
      .limit(LOOKUP_MAX_PER_IP);
    if (fromIp.length >= LOOKUP_MAX_PER_IP)
      throw new LookupIpLimitReached(
        fromIp.at(-1)!.at.getTime() + LOOKUP_WINDOW_MINUTES * 60_000 - now.getTime(),
      );
    const [forMailbox] = await tx
      .select({ n: count() })
      .from(reservationLookups)
      .where(and(eq(reservationLookups.mailbox, mailbox), gt(reservationLookups.createdAt, since)));
    if (forMailbox!.n >= LOOKUP_MAX_PER_MAILBOX) throw new HttpError(429, lookupMessages.tooManyForEmail);
    await tx.insert(reservationLookups).values({ mailbox, ip, createdAt: now });

    // The address as booked (reservations_email index on lower(email)); live bookings not yet over.
    const bookings = await tx
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
      .limit(MAX_LISTED);
    const park = await getSetting(tx, "park");
    return ctx.mail.enqueue(tx, lookupMail({ to: email, bookings, park, publicUrl: ctx.config.publicUrl }));
  });
  // After the commit, and whatever its outcome the same answer: a failure stays for the retry job.
  await ctx.mail.sendCommitted(ctx.db, mailId);
}
