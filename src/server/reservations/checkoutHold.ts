import { randomBytes, randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { TAKEN_MESSAGE, type BookingRules } from "../../domain/availability.js";
import type { CreateReservationRequest } from "../../domain/booking.js";
import { blockedPeriod, type Buffers } from "../../domain/dogRules.js";
import { vatIncludedCents } from "../../domain/money.js";
import { priceBreakdown, type PriceBreakdown } from "../../domain/pricing.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { payments, reservations } from "../db/schema.js";
import { periodOverlaps } from "../db/periods.js";
import { conflict } from "../errors.js";
import { lockCheckout, type Area } from "../services/availability.js";
import { claimDiscountCode, discountOf, recordDiscountUse } from "../discountCodes/service.js";
import { lockGiftCard, redeemGiftCard } from "../giftCards/service.js";
import { enforceDayShare, enforceHoldLimits, type LiveHolds } from "./holdLimits.js";
import { expireHolds } from "./holds.js";
import { FREE_PROVIDER, GIFT_CARD_PROVIDER } from "../services/paymentConstants.js";
import { isSlotConflict } from "../services/pgErrors.js";
import type { PaymentRow, ReservationRow } from "./view.js";
import type { Settings } from "../settings/service.js";
import { useWaitlistOffer } from "../services/waitlistOffers.js";

/**
 * The checkout's transaction (reservations/service.ts calls it): the locks, the state of the slot and
 * of the visitor's holds, the price with a discount code and a gift card, and the pending
 * reservation and its payment.
 */

/** An unguessable token (192 bits) for the visitor's own page and the gate link. */
export const newToken = () => randomBytes(24).toString("base64url");

/**
 * Holds the slot with a pending reservation and its payment in one transaction. Losing the race
 * for the slot (the exclusion constraint) is a 409, never a 5xx. A discount code's use and a gift
 * card's share are taken in the same transaction, so two checkouts can never both spend the last
 * of either. The slot has been checked against the rules from memory (`checkBooking`) already.
 */
export async function holdSlot(
  ctx: AppContext,
  o: {
    input: CreateReservationRequest;
    ip: string | null;
    start: Date;
    end: Date;
    now: Date;
    area: Area;
    rules: BookingRules;
    settings: Settings;
    /** The list price (extra dogs included) and the VAT rate of the slot (`checkBooking`). */
    listPriceCents: number;
    extraDogsCents: number;
    vatRateBasisPoints: number;
    /** What the booking keeps others out of (domain/dogRules.ts). */
    buffers: Buffers;
  },
): Promise<{ reservation: ReservationRow; payment: PaymentRow }> {
  const { input, start, end, now, area, rules, settings } = o;
  const paymentId = randomUUID();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Checkouts that could take each other's time take turns (services/availability.ts): two whose
      // blocked periods overlap share an hour of them, and so its lock.
      const blocked = blockedPeriod(start, end, o.buffers);
      await lockCheckout(tx, {
        areaId: area.id,
        busyStart: blocked.blockedFrom,
        busyEnd: blocked.blockedUntil,
        email: input.email,
        ip: o.ip,
      });
      // A slot offered to this address from the waitlist: its hold gives way to this booking.
      if (input.waitlistToken)
        await useWaitlistOffer(tx, { token: input.waitlistToken, email: input.email, start, end, now });
      const state = await bookingState(tx, {
        areaId: area.id,
        ...blocked,
        email: input.email,
        ip: o.ip,
        now,
      });
      if (state.taken) throw conflict(TAKEN_MESSAGE);
      // An expired hold in the way still counts for the constraint until it is marked expired.
      if (state.staleHoldIds.length > 0) await expireHolds(tx, now, area.id, state.staleHoldIds);
      // Only a checkout that would hold a slot counts against the visitor's limit of unpaid holds.
      enforceHoldLimits({ byEmail: state.byEmail, byIp: state.byIp, now, limits: settings.holdLimits });
      await enforceDayShare(tx, {
        areaId: area.id,
        start,
        end,
        ...blocked,
        now,
        rules,
        dayPercent: settings.holdLimits.dayPercent,
      });
      const code = input.discountCode ? await claimDiscountCode(tx, input.discountCode, now) : null;
      const card = input.giftCardCode ? await lockGiftCard(tx, input.giftCardCode, now) : null;
      const price = priceBreakdown({
        listPriceCents: o.listPriceCents,
        discount: code && discountOf(code),
        giftCardBalanceCents: card?.balanceCents,
      });
      const vatRate = o.vatRateBasisPoints;
      const [reservation] = await tx
        .insert(reservations)
        .values({
          areaId: area.id,
          startsAt: start,
          endsAt: end,
          status: "pending",
          kind: "single",
          name: input.name,
          email: input.email.trim(),
          phone: input.phone || null,
          dogs: input.dogs,
          reactiveDog: input.reactiveDog,
          inHeat: input.inHeat,
          ...blocked,
          extraDogsCents: o.extraDogsCents,
          priceCents: price.totalCents,
          vatCents: vatIncludedCents(price.totalCents, vatRate),
          discountCodeId: code?.id ?? null,
          discountCents: price.discountCents,
          accessToken: newToken(),
          doorToken: newToken(),
          holdExpiresAt: new Date(now.getTime() + settings.slotRules.holdMinutes * 60_000),
          holdIp: o.ip,
        })
        .returning();
      if (code)
        await recordDiscountUse(tx, {
          code,
          reservationId: reservation!.id,
          listPriceCents: o.listPriceCents,
          now,
        });
      const provider = providerFor(ctx, price);
      const [payment] = await tx
        .insert(payments)
        .values({
          id: paymentId,
          reservationId: reservation!.id,
          provider,
          // A provider whose reference is known in advance needs no update after its call.
          providerRef: provider === ctx.payments.name ? (ctx.payments.refFor?.(paymentId) ?? null) : null,
          method: input.paymentMethod,
          amountCents: price.payableCents,
          vatCents: vatIncludedCents(price.payableCents, vatRate),
          giftCardId: card && price.giftCardCents > 0 ? card.id : null,
          giftCardCents: price.giftCardCents,
          status: "pending",
        })
        .returning();
      if (card)
        await redeemGiftCard(tx, { card, paymentId: payment!.id, amountCents: price.giftCardCents, now });
      return { reservation: reservation!, payment: payment! };
    });
  } catch (error) {
    if (isSlotConflict(error)) throw conflict(TAKEN_MESSAGE);
    throw error;
  }
}

type BookingStateInput = {
  areaId: number;
  /** The new booking's blocked period (its own time with its buffers). */
  blockedFrom: Date;
  blockedUntil: Date;
  email: string;
  ip: string | null;
  now: Date;
};

/**
 * The statement of bookingState (exported for the query-plan test). The area's bookings are
 * found by a range overlap on the exclusion constraint's index (db/periods.ts), the visitor's
 * live holds through the e-mail and hold-IP indexes.
 */
export function bookingStateQuery(o: BookingStateInput): SQL {
  const now = o.now.toISOString();
  // Blocked period against blocked period, as the exclusion constraint compares them.
  const busy = periodOverlaps(sql`r.blocked_from`, sql`r.blocked_until`, o.blockedFrom, o.blockedUntil);
  const email = o.email.trim().toLowerCase();
  const live = sql`r.status = 'pending' AND r.hold_expires_at > ${now}::timestamptz`;
  const mine = sql`lower(r.email) = ${email}`;
  const ours = sql`r.hold_ip = ${o.ip}::text`;
  return sql`
    SELECT
      count(*) FILTER (WHERE r.area_id = ${o.areaId} AND ${busy}
        AND (r.status = 'confirmed' OR (${live})))::int AS taken,
      coalesce(string_agg(r.id::text, ',') FILTER (WHERE r.area_id = ${o.areaId} AND r.status = 'pending'
        AND r.hold_expires_at <= ${now}::timestamptz AND ${busy}), '') AS stale,
      count(*) FILTER (WHERE (${live}) AND ${mine})::int AS by_email,
      (extract(epoch FROM min(r.hold_expires_at) FILTER (WHERE (${live}) AND ${mine})) * 1000)::float8 AS email_ends,
      count(*) FILTER (WHERE (${live}) AND ${ours})::int AS by_ip,
      (extract(epoch FROM min(r.hold_expires_at) FILTER (WHERE (${live}) AND ${ours})) * 1000)::float8 AS ip_ends
    FROM reservations r
    WHERE (r.area_id = ${o.areaId} AND r.status IN ('pending', 'confirmed') AND ${busy})
      OR ((${live}) AND (${mine} OR ${ours}))
  `;
}

/**
 * In one statement, inside the area's lock: whether a live booking of the area overlaps the slot
 * (blocked period to blocked period), which ended holds are in its way (for the exclusion constraint), and
 * the visitor's live holds by e-mail address and IP address (reservations/holdLimits.ts).
 */
async function bookingState(
  tx: Tx,
  o: BookingStateInput,
): Promise<{ taken: boolean; staleHoldIds: string[]; byEmail: LiveHolds; byIp: LiveHolds | null }> {
  const result = (await tx.execute(bookingStateQuery(o))) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const row = result.rows[0] ?? {};
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    taken: (num(row.taken) ?? 0) > 0,
    staleHoldIds: String(row.stale ?? "")
      .split(",")
      .filter(Boolean),
    byEmail: { n: num(row.by_email) ?? 0, firstEndsMs: num(row.email_ends) },
    byIp: o.ip ? { n: num(row.by_ip) ?? 0, firstEndsMs: num(row.ip_ends) } : null,
  };
}

/** Who takes the payment: the provider, or nobody when a gift card or a discount left nothing to pay. */
function providerFor(ctx: AppContext, price: PriceBreakdown): string {
  if (price.payableCents > 0) return ctx.payments.name;
  return price.giftCardCents > 0 ? GIFT_CARD_PROVIDER : FREE_PROVIDER;
}
