import { useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";
import { readJson, storageKeys, subscribeToReservations } from "../../client/storage";
import { ownReservationsLinkVisibleUntil, showOwnReservationsLink } from "../../domain/ownReservations";

// setTimeout overflows past ~24.8 days; a booking can end 60 days ahead, so wake up at least hourly.
const MAX_TIMER_MS = 60 * 60 * 1000;

const storedEntries = () => readJson<unknown>(storageKeys.reservations);

/**
 * Tells React when the answer may have changed: `reservations` changed (this tab or another), or
 * the latest stored reservation's grace period just ran out.
 */
function subscribe(onChange: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const now = new Date();
    const until = ownReservationsLinkVisibleUntil(storedEntries(), now);
    if (!until) return;
    const delay = Math.min(until.getTime() - now.getTime() + 1, MAX_TIMER_MS);
    timer = setTimeout(() => {
      onChange();
      schedule();
    }, delay);
  };
  const unsubscribe = subscribeToReservations(() => {
    onChange();
    schedule();
  });
  schedule();
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/**
 * Whether the header shows "Omat varaukset" (rule in src/domain/ownReservations.ts). Evaluated on
 * every render, so also on every navigation, besides the changes `subscribe` reports.
 */
export function useOwnReservationsLink(hasActiveSubscription: boolean): boolean {
  useLocation();
  return useSyncExternalStore(
    subscribe,
    () => showOwnReservationsLink({ entries: storedEntries(), hasActiveSubscription, now: new Date() }),
    // At build time and while a prerendered page hydrates: no stored bookings (decision 030).
    () => showOwnReservationsLink({ entries: null, hasActiveSubscription, now: new Date() }),
  );
}
