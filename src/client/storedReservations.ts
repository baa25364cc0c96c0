import { storedReservationSchema, type StoredReservation } from "../domain/booking";
import { announceReservationsChanged, readJson, storageKeys, writeJson } from "./storage";

/* The bookings this browser keeps in local storage `reservations` (spec §9). */

/** The stored bookings; entries that are not readable are left out rather than trusted. */
export function readStoredReservations(): StoredReservation[] {
  const raw = readJson<unknown>(storageKeys.reservations);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = storedReservationSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function writeStoredReservations(entries: StoredReservation[]): void {
  writeJson(storageKeys.reservations, entries);
  announceReservationsChanged();
}

/** Adds a booking, or refreshes it if this browser already keeps it (a reload of the confirmation). */
export function appendStoredReservation(entry: StoredReservation): void {
  const entries = readStoredReservations();
  const index = entries.findIndex((e) => e.id === entry.id);
  if (index === -1) entries.push(entry);
  else entries[index] = { ...entries[index], ...entry };
  writeStoredReservations(entries);
}

/** Changes a kept booking (e.g. its times as the server now reports them); unknown ids change nothing. */
export function updateStoredReservation(id: string, changes: Partial<Omit<StoredReservation, "id">>): void {
  const entries = readStoredReservations();
  const index = entries.findIndex((e) => e.id === id);
  if (index === -1) return;
  entries[index] = { ...entries[index]!, ...changes };
  writeStoredReservations(entries);
}

/** What a booking from the API looks like in local storage. */
export const toStoredReservation = (r: {
  id: string;
  accessToken: string;
  start: string;
  end: string;
  areaName?: string;
}): StoredReservation => ({
  id: r.id,
  accessToken: r.accessToken,
  start: r.start,
  endTime: r.end,
  ...(r.areaName ? { areaName: r.areaName } : {}),
});
