import { randomBytes } from "node:crypto";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { WAITLIST_MESSAGES, type WaitlistEntryView } from "../../domain/waitlist.js";
import type { AppContext } from "../context.js";
import { type DbOrTx, LIMIT_LOCK, lockLimits } from "../db/index.js";
import { badRequest, conflict, HttpError, notFound } from "../errors.js";
import { checkSlot, primaryArea } from "../availability/index.js";
import { mailboxKey } from "../../domain/mailbox.js";
import { getSetting } from "../settings/index.js";
import { waitlistJoinedMail } from "./mail.js";
import { LIVE_STATUSES, waitlistRepository } from "./repository.js";

/**
 * "Ilmoita, jos aika vapautuu" (decision 033): joining the line for a taken or held slot, the
 * entry's own page, and leaving. Offers are made by the `offer-freed-slots` job (offers.ts).
 * Joins are limited per mailbox and per IP, counted in the database under advisory locks (as the
 * booking look-up), so every server shares the limits exactly. The queries are repository.ts.
 */

export const WAITLIST_MAX_PER_MAILBOX = 5;
export const WAITLIST_MAX_PER_IP = 20;
export const WAITLIST_WINDOW_MINUTES = 60;

/** Refused for the per-IP limit: how long until the oldest counted join leaves the window. */
export class WaitlistIpLimitReached extends Error {
  constructor(readonly retryAfterMs: number) {
    super("too many waitlist joins from this IP address");
  }
}

export { LIVE_STATUSES };

/** 201 with a message; a second join of one address for one slot is the same entry. */
export async function joinWaitlist(
  ctx: AppContext,
  input: { start: Date; end: Date; email: string; ip: string },
): Promise<{ created: boolean; message: string }> {
  const { start, end, ip } = input;
  const email = input.email.trim();
  const mailbox = mailboxKey(email);
  const now = ctx.now();
  const since = new Date(now.getTime() - WAITLIST_WINDOW_MINUTES * 60_000);
  const result = await ctx.db.transaction(async (tx) => {
    await lockLimits(tx, [
      [LIMIT_LOCK.waitlistIp, ip],
      [LIMIT_LOCK.waitlistMailbox, mailbox],
    ]);
    const repository = waitlistRepository(tx);
    const fromIp = await repository.joinsFromIp(ip, since, WAITLIST_MAX_PER_IP);
    if (fromIp.length >= WAITLIST_MAX_PER_IP)
      throw new WaitlistIpLimitReached(
        fromIp.at(-1)!.getTime() + WAITLIST_WINDOW_MINUTES * 60_000 - now.getTime(),
      );
    if ((await repository.joinsForMailbox(mailbox, since)) >= WAITLIST_MAX_PER_MAILBOX)
      throw new HttpError(429, WAITLIST_MESSAGES.tooManyForEmail);

    // The slot as the database has it now: only a slot taken by a booking or a hold has a line.
    const area = await primaryArea(tx);
    const check = await checkSlot(tx, { areaId: area.id, start, end, now });
    if (check.ok) throw conflict(WAITLIST_MESSAGES.free);
    if (check.code !== "taken") throw badRequest(check.reason);

    const entry = await repository.insertEntry({
      areaId: area.id,
      startsAt: start,
      endsAt: end,
      email,
      mailbox,
      accessToken: randomBytes(24).toString("base64url"),
      ip,
      createdAt: now,
    });
    if (!entry) return { created: false, mailId: null };
    const park = await getSetting(tx, "park");
    const mailId = await ctx.mail.enqueue(
      tx,
      waitlistJoinedMail({ entry, park, publicUrl: ctx.config.publicUrl }),
    );
    return { created: true, mailId };
  });
  await ctx.mail.sendCommitted(ctx.db, result.mailId);
  return {
    created: result.created,
    message: result.created ? WAITLIST_MESSAGES.joined : WAITLIST_MESSAGES.alreadyIn,
  };
}

/**
 * Live entries (waiting or offered) for slots within [start, end) of an area: the admin's count on a
 * booking's panel. Entries are found by start on the live partial index (a slot is at most a day long).
 */
export async function countWaiting(
  db: DbOrTx,
  o: { areaId: number; start: Date; end: Date },
): Promise<number> {
  return waitlistRepository(db).countLive(o);
}

/** The entry as its owner sees it (the page the e-mails link to). */
export async function getWaitlistEntry(ctx: AppContext, token: string): Promise<WaitlistEntryView> {
  const entry = await waitlistRepository(ctx.db).byToken(token);
  if (!entry) throw notFound(WAITLIST_MESSAGES.notFound);
  return {
    status: entry.status,
    start: toHelsinkiIso(entry.startsAt),
    end: toHelsinkiIso(entry.endsAt),
    email: entry.email,
    offerExpiresAt:
      entry.status === "offered" && entry.offerExpiresAt ? toHelsinkiIso(entry.offerExpiresAt) : null,
  };
}

/**
 * The owner leaves the line. An offer it held is given up at once (its hold expires now), so the
 * job offers the slot to the next in line on its next run. Lock order: the entry, then the hold.
 */
export async function leaveWaitlist(ctx: AppContext, token: string): Promise<{ message: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const repository = waitlistRepository(tx);
    const entry = await repository.lockByToken(token);
    if (!entry) throw notFound(WAITLIST_MESSAGES.notFound);
    if (!(LIVE_STATUSES as readonly string[]).includes(entry.status))
      return { message: WAITLIST_MESSAGES.alreadyEnded };
    if (entry.status === "offered" && entry.offerReservationId)
      await repository.expireOfferHold(entry.offerReservationId, "waitlist_left", now);
    await repository.markLeft(entry.id, now);
    return { message: WAITLIST_MESSAGES.left };
  });
}
