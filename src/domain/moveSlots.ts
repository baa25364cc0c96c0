import type { AvailabilityDay } from "./booking.js";

/**
 * The times a booking can be moved to (decision 026), read from a day of the public free-slot grid:
 * every free start with every length that fits there. The visitor's move on /oma-varaus offers only
 * those no dearer than the booking's list price; a member's booking has no price, so no limit.
 * The server decides in the end (services/reservationMove.ts).
 */

/** A free time a booking can move to: a start, an end, and its list price. */
export type MoveSlot = { start: string; end: string; priceCents: number };

export function freeMoveSlots(
  day: Pick<AvailabilityDay, "slots"> | undefined,
  maxPriceCents = Number.POSITIVE_INFINITY,
): MoveSlot[] {
  return (day?.slots ?? [])
    .filter((slot) => slot.status === "free")
    .flatMap((slot) =>
      slot.options
        .filter((option) => option.priceCents <= maxPriceCents)
        .map((option) => ({ start: slot.start, end: option.end, priceCents: option.priceCents })),
    );
}
