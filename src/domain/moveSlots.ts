import type { AvailabilityDay } from "./booking.js";

/**
 * The times a booking can be moved to (decision 026), read from a day of the public free-slot grid:
 * every free start with every length that fits there. On /oma-varaus a dearer time carries what more
 * it costs by the booking's list price (the server's answer names the exact difference to pay); a
 * member's booking has no price, so nothing is extra. The server decides in the end
 * (reservations/move.ts).
 */

/** A free time a booking can move to: a start, an end, its list price and what more it costs (0: none). */
export type MoveSlot = { start: string; end: string; priceCents: number; extraCents: number };

export function freeMoveSlots(
  day: Pick<AvailabilityDay, "slots"> | undefined,
  listPriceCents = Number.POSITIVE_INFINITY,
): MoveSlot[] {
  return (day?.slots ?? [])
    .filter((slot) => slot.status === "free")
    .flatMap((slot) =>
      slot.options.map((option) => ({
        start: slot.start,
        end: option.end,
        priceCents: option.priceCents,
        extraCents: Math.max(0, option.priceCents - listPriceCents),
      })),
    );
}
