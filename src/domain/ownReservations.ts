/** Spec §9: the own-reservation link stays visible for 10 minutes after the reservation's end. */
export const OWN_RESERVATION_LINK_GRACE_MINUTES = 10;

// An ISO 8601 date and time, offset optional. Plain Date arithmetic, no luxon: the header runs this
// on every page, and luxon would be a fifth of the first load (decision 019).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Until when the header's "Omat varaukset" link should show for these stored entries: the latest
 * end time plus the grace period, if that is still after `now`; otherwise null.
 * `entries` is whatever local storage held, so anything that is not an entry with a readable
 * `endTime` (ISO 8601) is skipped rather than trusted.
 */
export function ownReservationsLinkVisibleUntil(entries: unknown, now: Date): Date | null {
  if (!Array.isArray(entries)) return null;
  let latest: number | null = null;
  for (const entry of entries) {
    const endTime = (entry as { endTime?: unknown } | null)?.endTime;
    if (typeof endTime !== "string" || !ISO_DATE_TIME.test(endTime)) continue;
    const end = Date.parse(endTime);
    if (Number.isNaN(end)) continue;
    const visibleUntil = end + OWN_RESERVATION_LINK_GRACE_MINUTES * 60_000;
    if (latest === null || visibleUntil > latest) latest = visibleUntil;
  }
  return latest !== null && latest > now.getTime() ? new Date(latest) : null;
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
