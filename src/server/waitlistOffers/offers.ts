import { randomBytes } from "node:crypto";
import { blockedPeriod, buffersFor, NO_DOG_OPTIONS } from "../../domain/dogRules.js";
import type { AppContext } from "../context.js";
import { checkSlot, lockAreaBookings, lockHoldOwner } from "../availability/index.js";
import { placeHold, TooManyHoldsError, expireHolds } from "../reservations/index.js";
import { getSettings } from "../settings/index.js";
import { waitlistRepository, waitlistOfferMail } from "../waitlist/index.js";

/**
 * The waitlist's offers (decision 033). One job, `offer-freed-slots`, notices every way a slot
 * frees (a cancel by anyone, an expired hold, a block removed, a booking moved away) by looking, not
 * by hooks in each path: it ends entries whose slot has started, ends offers not used in time, and
 * for each slot with people waiting, no live offer and now bookable, holds the slot for the first
 * in line with a pending reservation of kind `waitlist` (the exclusion constraint keeps every other
 * booking out) and queues the offer e-mail in the same transaction. Each slot is offered under the
 * area's exclusive booking lock, so two servers running the job at once make one offer, one e-mail.
 *
 * An offer's hold is an unpaid hold like a checkout's, made by reservations/hold.ts under the same
 * rules (issue 31): it counts for the address in line and the IP address it joined from, and the
 * day's share. A slot whose offer would break the day's share is not offered now: a later run offers
 * it when holds have ended (paid or let go). When the first in line has their address's or IP's
 * limit of unpaid holds, the next in line gets the offer, and the first keeps their place for a
 * later one.
 */

/** How many in one slot's line are passed over (their holds at their limit) in one run at most. */
const MAX_PASSED_OVER = 10;

/** An offer that could not be made for the first in line: the transaction is undone, then the next. */
class PassedOver extends Error {
  constructor(readonly entryId: string) {
    super("passed over");
  }
}

/** The hold's tokens are never used (nobody opens a hold), but the columns are unique and required. */
const newToken = () => randomBytes(24).toString("base64url");

export async function offerFreedSlots(ctx: AppContext) {
  const now = ctx.now();
  // 1. A slot that has started has no line any more.
  const ended = await waitlistRepository(ctx.db).endStarted(now);
  // 2. An offer not used in time ends (missed), and its hold with it, so the next in line gets it.
  const missed = await ctx.db.transaction(async (tx) => {
    const repository = waitlistRepository(tx);
    const due = await repository.lockMissedOffers(now);
    if (due.length === 0) return 0;
    const holds = due.flatMap((d) => (d.holdId ? [d.holdId] : []));
    if (holds.length > 0) await expireHolds(tx, now, undefined, holds);
    await repository.markMissed(
      due.map((d) => d.id),
      now,
    );
    return due.length;
  });
  // 3. Slots with someone waiting, no live offer and no live booking in the way.
  const { slotRules } = await getSettings(ctx.db);
  const candidates = await waitlistRepository(ctx.db).candidates(now, slotRules.changeoverMinutes);
  let offered = 0;
  for (const slot of candidates) {
    const mailId = await offerToLine(ctx, { ...slot, now });
    if (mailId !== null) {
      offered++;
      await ctx.mail.sendCommitted(ctx.db, mailId);
    }
  }
  return { ended, missed, offered };
}

type SlotAt = { areaId: number; start: Date; end: Date; now: Date };

/**
 * Offers one slot to the first in line whose holds are within their limits; the offer e-mail's
 * outbox id, or null when nothing was offered.
 */
async function offerToLine(ctx: AppContext, o: SlotAt): Promise<number | null> {
  const passedOver: string[] = [];
  for (;;) {
    try {
      return await offerSlot(ctx, o, passedOver);
    } catch (error) {
      // The day's share is full: a later run tries again (the job runs every minute).
      if (error instanceof TooManyHoldsError) return null;
      if (!(error instanceof PassedOver)) throw error;
      passedOver.push(error.entryId);
      if (passedOver.length > MAX_PASSED_OVER) return null;
    }
  }
}

/**
 * Holds one slot for the first in line (but those passed over); the offer e-mail's outbox id, or
 * null when nothing was offered. Throws PassedOver when that one's address or IP address has its
 * limit of unpaid holds, TooManyHoldsError when the day's share is full (nothing is written).
 */
async function offerSlot(ctx: AppContext, o: SlotAt, passedOver: string[]): Promise<number | null> {
  const { areaId, start, end, now } = o;
  return ctx.db.transaction(async (tx) => {
    await lockAreaBookings(tx, areaId);
    const repository = waitlistRepository(tx);
    const slot = { areaId, start, end };
    // Under the lock every offer of this area is made or seen: another server may have just made one.
    if (await repository.hasOffer(slot)) return null;
    const next = await repository.firstWaiting(slot, passedOver);
    if (!next) return null;
    // Whose the hold would be (reservations/hold.ts): its owner's locks come before the entry's row
    // and before anything is written, in the order a checkout takes them (area, owner, entry).
    const owner = { email: next.email, ip: next.ip };
    await lockHoldOwner(tx, owner);
    // Left the line meanwhile, or being changed by its owner: a later run sees it again.
    const first = await repository.lockWaiting(next.id);
    if (!first) return null;
    // Ended holds still count for the exclusion constraint until they are marked expired.
    await expireHolds(tx, now, areaId);
    const settings = await getSettings(tx);
    const check = await checkSlot(tx, { areaId, start, end, now, settings });
    if (!check.ok) return null;
    const offerExpiresAt = new Date(now.getTime() + settings.waitlist.offerMinutes * 60_000);
    let hold;
    try {
      hold = await placeHold(tx, {
        place: {
          areaId,
          start,
          end,
          // An offer holds the slot as a booking without dog options would (decision 036).
          ...blockedPeriod(
            start,
            end,
            buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, NO_DOG_OPTIONS),
          ),
        },
        owner,
        expiresAt: offerExpiresAt,
        now,
        settings,
        row: () => ({
          kind: "waitlist",
          name: "Jonotarjous",
          priceCents: 0,
          vatCents: 0,
          accessToken: newToken(),
          doorToken: newToken(),
        }),
      });
    } catch (error) {
      if (error instanceof TooManyHoldsError && error.rule !== "day") throw new PassedOver(first.id);
      throw error;
    }
    await repository.markOffered(first.id, { holdId: hold.id, now, offerExpiresAt });
    return ctx.mail.enqueue(
      tx,
      waitlistOfferMail({
        entry: first,
        offerExpiresAt,
        park: settings.park,
        publicUrl: ctx.config.publicUrl,
      }),
    );
  });
}
