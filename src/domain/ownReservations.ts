import { DateTime } from "luxon";

/** Spec §9: the own-reservation link stays visible for 10 minutes after the reservation's end. */
export const OWN_RESERVATION_LINK_GRACE_MINUTES = 10;

/**
 * Until when the header's "Omat varaukset" link should show for these stored entries: the latest
 * end time plus the grace period, if that is still after `now`; otherwise null.
 * `entries` is whatever local storage held, so anything that is not an entry with a readable
 * `endTime` (ISO 8601) is skipped rather than trusted.
 */
export function ownReservationsLinkVisibleUntil(entries: unknown, now: Date): Date | null {
  if (!Array.isArray(entries)) return null;
  let latest: DateTime | null = null;
  for (const entry of entries) {
    const endTime = (entry as { endTime?: unknown } | null)?.endTime;
    if (typeof endTime !== "string") continue;
    const end = DateTime.fromISO(endTime, { setZone: true });
    if (!end.isValid) continue;
    const visibleUntil = end.plus({ minutes: OWN_RESERVATION_LINK_GRACE_MINUTES });
    if (!latest || visibleUntil > latest) latest = visibleUntil;
  }
  return latest && latest.toMillis() > now.getTime() ? latest.toJSDate() : null;
}

/**
 * Spec §1: the extra header link "Omat varaukset" shows only when a locally stored reservation's
 * end time plus 10 minutes is still in the future AND the user has no active subscription.
 */
export function showOwnReservationsLink(input: {
  entries: unknown;
  hasActiveSubscription: boolean;
  now: Date;
}): boolean {
  if (input.hasActiveSubscription) return false;
  return ownReservationsLinkVisibleUntil(input.entries, input.now) !== null;
}
