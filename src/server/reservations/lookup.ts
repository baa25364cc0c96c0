import type { AppContext } from "../context.js";
import { LIMIT_LOCK, lockLimits } from "../db/index.js";
import { HttpError } from "../errors.js";
import { mailboxKey } from "../../domain/mailbox.js";
import { getSetting } from "../settings/index.js";
import { lookupRepository } from "./lookupRepository.js";
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
    const lookups = lookupRepository(tx);
    const fromIp = await lookups.lookupTimesFromIp(ip, since, LOOKUP_MAX_PER_IP);
    if (fromIp.length >= LOOKUP_MAX_PER_IP)
      throw new LookupIpLimitReached(
        fromIp.at(-1)!.getTime() + LOOKUP_WINDOW_MINUTES * 60_000 - now.getTime(),
      );
    if ((await lookups.lookupCountForMailbox(mailbox, since)) >= LOOKUP_MAX_PER_MAILBOX)
      throw new HttpError(429, lookupMessages.tooManyForEmail);
    await lookups.recordLookup({ mailbox, ip, createdAt: now });

    // The address as booked; live bookings not yet over.
    const bookings = await lookups.upcomingByEmail(email, now, MAX_LISTED);
    const park = await getSetting(tx, "park");
    return ctx.mail.enqueue(tx, lookupMail({ to: email, bookings, park, publicUrl: ctx.config.publicUrl }));
  });
  // After the commit, and whatever its outcome the same answer: a failure stays for the retry job.
  await ctx.mail.sendCommitted(ctx.db, mailId);
}
