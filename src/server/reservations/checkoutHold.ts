import { randomBytes, randomUUID } from "node:crypto";
import { TAKEN_MESSAGE } from "../../domain/availability.js";
import type { CreateReservationRequest } from "../../domain/booking.js";
import { blockedPeriod, type Buffers } from "../../domain/dogRules.js";
import { vatIncludedCents } from "../../domain/money.js";
import { priceBreakdown, type PriceBreakdown } from "../../domain/pricing.js";
import type { AppContext } from "../context.js";
import { conflict } from "../errors.js";
import { lockCheckout, type Area } from "../availability/index.js";
import { claimDiscountCode, discountOf, recordDiscountUse } from "../discountCodes/index.js";
import { lockGiftCard, redeemGiftCard } from "../giftCards/index.js";
import { placeHold } from "./hold.js";
import { holdRepository } from "./holdRepository.js";
import { expireHolds } from "./holds.js";
import { FREE_PROVIDER, GIFT_CARD_PROVIDER, paymentRepository } from "../payments/index.js";
import { isSlotConflict } from "../db/index.js";
import type { PaymentRow, ReservationRow } from "./repository.js";
import type { Settings } from "../settings/index.js";
import { useWaitlistOffer } from "../waitlist/index.js";

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
    settings: Settings;
    /** The list price (extra dogs included) and the VAT rate of the slot (`checkBooking`). */
    listPriceCents: number;
    extraDogsCents: number;
    vatRateBasisPoints: number;
    /** What the booking keeps others out of (domain/dogRules.ts). */
    buffers: Buffers;
  },
): Promise<{ reservation: ReservationRow; payment: PaymentRow }> {
  const { input, start, end, now, area, settings } = o;
  const paymentId = randomUUID();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Checkouts that could take each other's time take turns (availability/service.ts): two whose
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
      const state = await holdRepository(tx).bookingState({
        areaId: area.id,
        ...blocked,
        now,
      });
      if (state.taken) throw conflict(TAKEN_MESSAGE);
      // An expired hold in the way still counts for the constraint until it is marked expired.
      if (state.staleHoldIds.length > 0) await expireHolds(tx, now, area.id, state.staleHoldIds);
      // Only a checkout that would hold a slot counts against the hold rules (hold.ts): the visitor's
      // live holds by address and IP, and the day's share. The code and the card are taken after.
      const vatRate = o.vatRateBasisPoints;
      const taken: {
        code?: Awaited<ReturnType<typeof claimDiscountCode>> | null;
        card?: Awaited<ReturnType<typeof lockGiftCard>> | null;
        price?: PriceBreakdown;
      } = {};
      const reservation = await placeHold(tx, {
        place: { areaId: area.id, start, end, ...blocked },
        owner: { email: input.email, ip: o.ip },
        expiresAt: new Date(now.getTime() + settings.slotRules.holdMinutes * 60_000),
        now,
        settings,
        row: async () => {
          const code = input.discountCode ? await claimDiscountCode(tx, input.discountCode, now) : null;
          const card = input.giftCardCode ? await lockGiftCard(tx, input.giftCardCode, now) : null;
          const price = priceBreakdown({
            listPriceCents: o.listPriceCents,
            discount: code && discountOf(code),
            giftCardBalanceCents: card?.balanceCents,
          });
          Object.assign(taken, { code, card, price });
          return {
            kind: "single",
            name: input.name,
            phone: input.phone || null,
            dogs: input.dogs,
            reactiveDog: input.reactiveDog,
            inHeat: input.inHeat,
            extraDogsCents: o.extraDogsCents,
            priceCents: price.totalCents,
            vatCents: vatIncludedCents(price.totalCents, vatRate),
            discountCodeId: code?.id ?? null,
            discountCents: price.discountCents,
            accessToken: newToken(),
            doorToken: newToken(),
          };
        },
      });
      const { code, card } = taken;
      const price = taken.price!;
      if (code)
        await recordDiscountUse(tx, {
          code,
          reservationId: reservation.id,
          listPriceCents: o.listPriceCents,
          now,
        });
      const provider = providerFor(ctx, price);
      const payment = await paymentRepository(tx).insert({
        id: paymentId,
        reservationId: reservation.id,
        provider,
        // A provider whose reference is known in advance needs no update after its call.
        providerRef: provider === ctx.payments.name ? (ctx.payments.refFor?.(paymentId) ?? null) : null,
        method: input.paymentMethod,
        amountCents: price.payableCents,
        vatCents: vatIncludedCents(price.payableCents, vatRate),
        giftCardId: card && price.giftCardCents > 0 ? card.id : null,
        giftCardCents: price.giftCardCents,
        status: "pending",
      });
      if (card)
        await redeemGiftCard(tx, { card, paymentId: payment.id, amountCents: price.giftCardCents, now });
      return { reservation, payment };
    });
  } catch (error) {
    if (isSlotConflict(error)) throw conflict(TAKEN_MESSAGE);
    throw error;
  }
}

/** Who takes the payment: the provider, or nobody when a gift card or a discount left nothing to pay. */
function providerFor(ctx: AppContext, price: PriceBreakdown): string {
  if (price.payableCents > 0) return ctx.payments.name;
  return price.giftCardCents > 0 ? GIFT_CARD_PROVIDER : FREE_PROVIDER;
}
