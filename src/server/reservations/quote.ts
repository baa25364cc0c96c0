import type { Quote } from "../../domain/booking.js";
import { buffersFor, extraDogsCents, NO_DOG_OPTIONS, type DogOptions } from "../../domain/dogRules.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { vatIncludedCents } from "../../domain/money.js";
import { priceBreakdown } from "../../domain/pricing.js";
import type { AppContext } from "../context.js";
import { checkSlot, primaryArea, refuseBookingRange } from "../availability/index.js";
import { discountOf, lookUpDiscountCode } from "../discountCodes/index.js";
import { lookUpGiftCard } from "../giftCards/index.js";
import { getSettings } from "../settings/index.js";
import { liveOfferHold } from "../waitlist/index.js";
import { beforeDeadline, changeDeadline } from "../../domain/changeWindow.js";

/**
 * The checkout's price of one slot: list price (each dog after the first adds the extra dog's
 * price; a reactive dog's or an in-heat booking's slot must fit with its buffers), what a discount code takes off, the VAT of the
 * total, and what a gift card would pay. Nothing is taken here: the checkout takes the code's use
 * and the card's share in its own transaction, and may still be refused if they went meanwhile.
 */
export async function quoteSlot(
  ctx: AppContext,
  request: {
    start: Date;
    end: Date;
    dogs?: number;
    options?: DogOptions;
    discountCode?: string;
    giftCardCode?: string;
    waitlistToken?: string;
  },
): Promise<Quote> {
  const { start, end } = request;
  const now = ctx.now();
  const area = await primaryArea(ctx.db);
  const settings = await getSettings(ctx.db);
  // A range no booking can have is bad input (400), not a slot that is unavailable just now.
  refuseBookingRange(settings, { start, end, now });
  // A slot offered from the waitlist is free for the offer's owner: its own hold is left out.
  const except = request.waitlistToken
    ? await liveOfferHold(ctx.db, { token: request.waitlistToken, start, end, now })
    : undefined;
  const options = request.options ?? NO_DOG_OPTIONS;
  const buffers = buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, options);
  const check = await checkSlot(ctx.db, { areaId: area.id, start, end, now, settings, except, buffers });
  const extraDogs = check.ok ? extraDogsCents(settings.dogRules, request.dogs ?? 1) : 0;
  const code = request.discountCode ? await lookUpDiscountCode(ctx.db, request.discountCode, now) : null;
  const card = request.giftCardCode ? await lookUpGiftCard(ctx.db, request.giftCardCode, now) : null;
  const price = priceBreakdown({
    listPriceCents: check.priceCents + extraDogs,
    discount: code?.ok ? discountOf(code.row) : null,
    giftCardBalanceCents: card?.ok ? card.row.balanceCents : null,
  });
  // The rule and the VAT rate in force on the slot's Helsinki date (an effective-dated change).
  const vatRate = check.vatRateBasisPoints;
  const deadline = changeDeadline({ startsAt: start, kind: "single" }, settings.slotRules.cancellationHours);
  return {
    start: toHelsinkiIso(start),
    end: toHelsinkiIso(end),
    lengthMinutes: check.lengthMinutes,
    priceCents: price.listPriceCents,
    extraDogsCents: extraDogs,
    discountCents: price.discountCents,
    totalCents: price.totalCents,
    vatCents: vatIncludedCents(price.totalCents, vatRate),
    vatRateBasisPoints: vatRate,
    giftCardCents: price.giftCardCents,
    payableCents: price.payableCents,
    giftCardBalanceCents: card?.ok ? card.row.balanceCents : null,
    discountMessage: code && !code.ok ? code.message : null,
    giftCardMessage: card && !card.ok ? card.message : null,
    available: check.ok,
    reason: check.ok ? null : check.reason,
    // The same deadline and comparison as the booking's own (view.ts): booked now, could it be undone?
    cancellableUntil: toHelsinkiIso(deadline),
    cancellable: beforeDeadline(now, deadline),
  };
}
