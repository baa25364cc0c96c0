/**
 * Until when a booking's owner may cancel or move it (product.md), one rule for every answer and
 * refusal of the server: a member's booking until it starts, any other until `cancellationHours`
 * before its start ("viimeistään 24 tuntia ennen alkua", the deadline itself included). The
 * browser shows the server's `cancellable`, `movable` and `cancellableUntil`; it decides nothing.
 */

const HOUR_MS = 3_600_000;

export function changeDeadline(
  /** kind: a member's (subscriber) or any other (single, waitlist, admin). */
  booking: { startsAt: Date; kind: string },
  cancellationHours: number,
): Date {
  return booking.kind === "subscriber"
    ? booking.startsAt
    : new Date(booking.startsAt.getTime() - cancellationHours * HOUR_MS);
}

/** Whether the deadline has not passed at `now` (at the deadline itself, it has not). */
export const beforeDeadline = (now: Date, deadline: Date) => now.getTime() <= deadline.getTime();
