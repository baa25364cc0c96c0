import { randomBytes } from "node:crypto";
import { blockedPeriod, buffersFor, NO_DOG_OPTIONS } from "../../domain/dogRules.js";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { WAITLIST_MESSAGES } from "../../domain/waitlist.js";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { reservations, waitlistEntries } from "../db/schema.js";
import { conflict } from "../errors.js";
import { checkSlot, lockAreaBookings } from "./availability.js";
import { mailboxKey } from "./customerAuth.js";
import { expireHolds } from "../reservations/holds.js";
import { getSettings } from "../settings/service.js";
import { LIVE_STATUSES } from "./waitlist.js";
import { waitlistOfferMail } from "./waitlistMail.js";

/**
 * The waitlist's offers (decision 033). One job, `offer-freed-slots`, notices every way a slot
 * frees (a cancel by anyone, an expired hold, a block removed, a booking moved away) by looking, not
 * by hooks in each path: it ends entries whose slot has started, ends offers not used in time, and
 * for each slot with people waiting, no live offer and now bookable, holds the slot for the first
 * in line with a pending reservation of kind `waitlist` (the exclusion constraint keeps every other
 * booking out) and queues the offer e-mail in the same transaction. Each slot is offered under the
 * area's exclusive booking lock, so two servers running the job at once make one offer, one e-mail.
 */

/** At most this many slots are offered per run; the rest on the next (the job runs every minute). */
const SLOTS_PER_RUN = 20;

/** The hold's tokens are never used (nobody opens a hold), but the columns are unique and required. */
const newToken = () => randomBytes(24).toString("base64url");

export async function offerFreedSlots(ctx: AppContext) {
  const now = ctx.now();
  // 1. A slot that has started has no line any more.
  const ended = await ctx.db
    .update(waitlistEntries)
    .set({ status: "ended", endedAt: now })
    .where(and(inArray(waitlistEntries.status, [...LIVE_STATUSES]), lte(waitlistEntries.startsAt, now)))
    .returning({ id: waitlistEntries.id });
  // 2. An offer not used in time ends (missed), and its hold with it, so the next in line gets it.
  const missed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: waitlistEntries.id, holdId: waitlistEntries.offerReservationId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)))
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const holds = due.flatMap((d) => (d.holdId ? [d.holdId] : []));
    if (holds.length > 0) await expireHolds(tx, now, undefined, holds);
    await tx
      .update(waitlistEntries)
      .set({ status: "missed", endedAt: now })
      .where(
        inArray(
          waitlistEntries.id,
          due.map((d) => d.id),
        ),
      );
    return due.length;
  });
  // 3. Slots with someone waiting, no live offer and no live booking in the way.
  const candidates = await ctx.db.execute(candidatesQuery(now));
  let offered = 0;
  for (const slot of (candidates as unknown as { rows: Array<Record<string, unknown>> }).rows) {
    const mailId = await offerSlot(ctx, {
      areaId: Number(slot.area_id),
      start: new Date(String(slot.starts_at)),
      end: new Date(String(slot.ends_at)),
      now,
    });
    if (mailId !== null) {
      offered++;
      await ctx.mail.sendCommitted(ctx.db, mailId);
    }
  }
  return { ended: ended.length, missed, offered };
}

/**
 * The job's one look at the slots (exported for the query-plan test): live entries by start (the
 * partial index), without an offered entry for the same slot, and without a live booking of the area
 * overlapping it with the changeover gap (the exclusion constraint's index). The full rules (blocks,
 * opening hours, the gap) are checked per slot under its lock.
 */
export function candidatesQuery(now: Date) {
  const at = now.toISOString();
  return sql`
    SELECT DISTINCT e.area_id, e.starts_at, e.ends_at
    FROM waitlist_entries e
    WHERE e.status in ('waiting', 'offered') AND e.starts_at > ${at}::timestamptz AND e.status = 'waiting'
      AND NOT EXISTS (SELECT 1 FROM waitlist_entries o
        WHERE o.status in ('waiting', 'offered') AND o.status = 'offered' AND o.starts_at = e.starts_at
          AND o.area_id = e.area_id AND o.ends_at = e.ends_at)
      AND NOT EXISTS (SELECT 1 FROM reservations r
        WHERE r.area_id = e.area_id AND r.status in ('pending', 'confirmed')
          AND tstzrange(r.starts_at, r.ends_at, '[)') && tstzrange(e.starts_at, e.ends_at, '[)')
          AND (r.status = 'confirmed' OR r.hold_expires_at > ${at}::timestamptz))
    ORDER BY e.starts_at
    LIMIT ${SLOTS_PER_RUN}
  `;
}

/** Holds one slot for the first in line; the offer e-mail's outbox id, or null when nothing was offered. */
async function offerSlot(
  ctx: AppContext,
  o: { areaId: number; start: Date; end: Date; now: Date },
): Promise<number | null> {
  const { areaId, start, end, now } = o;
  return ctx.db.transaction(async (tx) => {
    await lockAreaBookings(tx, areaId);
    const sameSlot = and(
      eq(waitlistEntries.areaId, areaId),
      eq(waitlistEntries.startsAt, start),
      eq(waitlistEntries.endsAt, end),
    );
    // Under the lock every offer of this area is made or seen: another server may have just made one.
    const [live] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(sameSlot, eq(waitlistEntries.status, "offered")))
      .limit(1);
    if (live) return null;
    // Ended holds still count for the exclusion constraint until they are marked expired.
    await expireHolds(tx, now, areaId);
    const settings = await getSettings(tx);
    const check = await checkSlot(tx, { areaId, start, end, now, settings });
    if (!check.ok) return null;
    const [first] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(sameSlot, eq(waitlistEntries.status, "waiting")))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!first) return null;
    const offerExpiresAt = new Date(now.getTime() + settings.waitlist.offerMinutes * 60_000);
    const [hold] = await tx
      .insert(reservations)
      .values({
        areaId,
        startsAt: start,
        endsAt: end,
        // An offer holds the slot as a booking without dog options would (decision 036).
        ...blockedPeriod(
          start,
          end,
          buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, NO_DOG_OPTIONS),
        ),
        status: "pending",
        kind: "waitlist",
        name: "Jonotarjous",
        email: first.email,
        priceCents: 0,
        vatCents: 0,
        accessToken: newToken(),
        doorToken: newToken(),
        holdExpiresAt: offerExpiresAt,
      })
      .returning({ id: reservations.id });
    await tx
      .update(waitlistEntries)
      .set({ status: "offered", offerReservationId: hold!.id, offeredAt: now, offerExpiresAt })
      .where(eq(waitlistEntries.id, first.id));
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

/**
 * Inside a checkout's transaction (checkoutHold.ts), after its locks: the offer of `token` is for this
 * slot and address and still live, so its hold is given up for the booking being made and the entry
 * ends as booked. Anything else is a 409 and the transaction changes nothing.
 */
export async function useWaitlistOffer(
  tx: Tx,
  o: { token: string; email: string; start: Date; end: Date; now: Date },
): Promise<void> {
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.accessToken, o.token))
    .for("update");
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
  const released = await tx
    .update(reservations)
    .set({ status: "expired", cancelReason: "waitlist_offer_used", holdExpiresAt: o.now })
    .where(and(eq(reservations.id, entry.offerReservationId!), eq(reservations.status, "pending")))
    .returning({ id: reservations.id });
  if (released.length === 0) throw conflict(WAITLIST_MESSAGES.offerInvalid);
  await tx
    .update(waitlistEntries)
    .set({ status: "booked", endedAt: o.now })
    .where(eq(waitlistEntries.id, entry.id));
}

/** The hold of a live offer of `token` for exactly this slot (the quote leaves it out), if there is one. */
export async function liveOfferHold(
  db: DbOrTx,
  o: { token: string; start: Date; end: Date; now: Date },
): Promise<string | undefined> {
  const [entry] = await db
    .select({ holdId: waitlistEntries.offerReservationId, expires: waitlistEntries.offerExpiresAt })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.accessToken, o.token),
        eq(waitlistEntries.status, "offered"),
        eq(waitlistEntries.startsAt, o.start),
        eq(waitlistEntries.endsAt, o.end),
      ),
    );
  return entry?.holdId && entry.expires && entry.expires > o.now ? entry.holdId : undefined;
}
