/** Local storage keys of spec §9, in one place. */
export const storageKeys = {
  customerSessionToken: "customer_session_token",
  customerInfo: "customer_info",
  firebaseToken: "firebase_token",
  reservations: "reservations",
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

/**
 * A window event that code in this tab fires after changing `reservations` (the browser's own
 * `storage` event reaches only other tabs). Fire it with `announceReservationsChanged()`.
 */
export const RESERVATIONS_CHANGED_EVENT = "koirapuisto:reservations-changed";

export function announceReservationsChanged(): void {
  window.dispatchEvent(new Event(RESERVATIONS_CHANGED_EVENT));
}

/** Calls `onChange` whenever `reservations` changes in this tab or another; returns the unsubscribe. */
export function subscribeToReservations(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null means the whole storage was cleared.
    if (event.key === null || event.key === storageKeys.reservations) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(RESERVATIONS_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(RESERVATIONS_CHANGED_EVENT, onChange);
  };
}
