import type { AvailabilityDay, MoveQuote, MoveTimesResponse } from "./booking.js";
import { formatEuros } from "./money.js";

/**
 * The times a booking can be moved to (decision 026), read from a day of the free-slot grid: every
 * free start with every length that fits there. On /oma-varaus each time carries what the move
 * settles, as the server quotes it for that booking (reservations/moveQuote.ts, the figure the move
 * itself charges or returns); a member's subscriber booking has no price, so its times carry none.
 * The server decides in the end (reservations/move.ts).
 */

export type { MoveQuote };

/** A free time and its list price for one dog. */
export type FreeTime = { start: string; end: string; priceCents: number };

/** A free time a booking can move to, with what moving there settles (null: no money moves). */
export type MoveSlot = { start: string; end: string; quote: MoveQuote | null };

export function freeTimesOf(day: Pick<AvailabilityDay, "slots"> | undefined): FreeTime[] {
  return (day?.slots ?? [])
    .filter((slot) => slot.status === "free")
    .flatMap((slot) =>
      slot.options.map((option) => ({ start: slot.start, end: option.end, priceCents: option.priceCents })),
    );
}

/** A day's free times without money (a member's subscriber booking). */
export function freeMoveSlots(day: Pick<AvailabilityDay, "slots"> | undefined): MoveSlot[] {
  return freeTimesOf(day).map(({ start, end }) => ({ start, end, quote: null }));
}

/** The server's move-times answer as the picker's times. */
export function quotedMoveSlots(answer: MoveTimesResponse): MoveSlot[] {
  return answer.slots.map(({ start, end, ...quote }) => ({ start, end, quote }));
}

/** What comes back: through the provider and to the gift card. */
export const backCents = (q: MoveQuote) => q.refundCents + q.giftCardReturnCents;

/** A time button's amount: "+10,80 €", "−5,40 € takaisin" or "ei hintaeroa". */
export function moveAmountLabel(q: MoveQuote): string {
  if (q.differenceCents > 0) return `+${formatEuros(q.differenceCents)}`;
  if (backCents(q) > 0) return `−${formatEuros(backCents(q))} takaisin`;
  return "ei hintaeroa";
}

/**
 * The chosen time's amount, said in full before the move is confirmed: "Maksat lisää 10,80 €",
 * "Saat takaisin 5,40 € (maksutavallesi 3,50 €, lahjakortille 1,90 €)" or "Ei hintaeroa".
 */
export function moveAmountSentence(q: MoveQuote): string {
  if (q.differenceCents > 0) return `Maksat lisää ${formatEuros(q.differenceCents)}`;
  const back = backCents(q);
  if (back === 0) return "Ei hintaeroa";
  const where =
    q.refundCents === 0
      ? "lahjakortillesi"
      : q.giftCardReturnCents === 0
        ? "maksutavallesi"
        : `maksutavallesi ${formatEuros(q.refundCents)}, lahjakortille ${formatEuros(q.giftCardReturnCents)}`;
  return `Saat takaisin ${formatEuros(back)} (${where})`;
}
