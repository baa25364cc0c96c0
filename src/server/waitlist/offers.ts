import { WAITLIST_MESSAGES } from "../../domain/waitlist.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { conflict } from "../errors.js";
import { mailboxKey } from "../../domain/mailbox.js";
import { waitlistRepository } from "./repository.js";

/**
 * An offer used or looked up by the booking it is for (reservations' quote and checkout). The offers
 * themselves are made by the job in waitlistOffers/, which sits above both modules.
 */

/**
 * Inside a checkout's transaction (checkoutHold.ts), after its locks: the offer of `token` is for this
 * slot and address and still live, so its hold is given up for the booking being made and the entry
 * ends as booked. Anything else is a 409 and the transaction changes nothing.
 */
export async function useWaitlistOffer(
  tx: Tx,
  o: { token: string; email: string; start: Date; end: Date; now: Date },
): Promise<void> {
  const repository = waitlistRepository(tx);
  const entry = await repository.lockByToken(o.token);
  const valid =
    entry &&
    entry.status === "offered" &&
    entry.offerReservationId !== null &&
    entry.offerExpiresAt !== null &&
    entry.offerExpiresAt.getTime() > o.now.getTime() &&
    entry.startsAt.getTime() === o.start.getTime() &&
    entry.endsAt.getTime() === o.end.getTime() &&
    mailboxKey(entry.email.trim()) === mailboxKey(o.email.trim());
  if (!valid) throw conflict(WAITLIST_MESSAGES.offerInvalid);
  if (!(await repository.expireOfferHold(entry.offerReservationId!, "waitlist_offer_used", o.now)))
    throw conflict(WAITLIST_MESSAGES.offerInvalid);
  await repository.markBooked(entry.id, o.now);
}

/** The hold of a live offer of `token` for exactly this slot (the quote leaves it out), if there is one. */
export async function liveOfferHold(
  db: DbOrTx,
  o: { token: string; start: Date; end: Date; now: Date },
): Promise<string | undefined> {
  const entry = await waitlistRepository(db).offerOf(o);
  return entry?.holdId && entry.expires && entry.expires > o.now ? entry.holdId : undefined;
}
