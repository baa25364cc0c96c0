import { expandAvailability } from "../domain/availabilityWire";
import {
  availabilityWireSchema,
  cancelReservationResponseSchema,
  createReservationResponseSchema,
  doorInfoSchema,
  doorOpenResponseSchema,
  quoteResponseSchema,
  reservationResponseSchema,
  storedReservationSchema,
  type AvailabilityResponse,
  type CreateReservationInput,
  type CreateReservationResponse,
  type DoorInfo,
  type PublicReservation,
  type Quote,
  type StoredReservation,
} from "../domain/booking";
import { siteInfoSchema, type SiteInfo } from "../domain/site";
import { http } from "./http";
import { newIdempotencyKey } from "./idempotencyKey";
import { announceReservationsChanged, readJson, storageKeys, writeJson } from "./storage";

/*
 * The booking API as the SPA uses it (issue 4 contract), and the bookings this browser keeps in
 * local storage `reservations`. Answers are parsed with the shared schemas, so a server that drifts
 * from the contract shows up as an error instead of a half-drawn page.
 */

export type CancelResult = { success: boolean; message: string; reservation: PublicReservation };
export type DoorOpenResult = { success: boolean; message: string };

export const bookingApi = {
  /** The slot grid: sent compact (decision 016), handed on expanded. */
  async availability(from: string, to: string): Promise<AvailabilityResponse> {
    return expandAvailability(
      availabilityWireSchema.parse(await http.get("/api/v2/availability", { params: { from, to } })),
    );
  },
  /** The slot's price; with codes, the discount and the gift card's share too. */
  async quote(
    start: string,
    end: string,
    codes: { discountCode?: string; giftCardCode?: string } = {},
  ): Promise<Quote> {
    return quoteResponseSchema.parse(
      await http.get("/api/v2/reservations/quote", { params: { start, end, ...codes } }),
    );
  },
  async site(): Promise<SiteInfo> {
    return siteInfoSchema.parse(await http.get("/api/v2/site"));
  },
  /** One call is one attempt of the visitor: its key makes the network retry safe. */
  async create(input: CreateReservationInput): Promise<CreateReservationResponse> {
    return createReservationResponseSchema.parse(
      await http.post("/api/v2/reservations", input, { idempotencyKey: newIdempotencyKey() }),
    );
  },
  async byToken(accessToken: string): Promise<PublicReservation> {
    const data = await http.get(`/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}`);
    return reservationResponseSchema.parse(data).reservation;
  },
  async cancel(accessToken: string): Promise<CancelResult> {
    const data = await http.delete(`/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}`);
    return cancelReservationResponseSchema.parse(data);
  },
  async door(doorToken: string): Promise<DoorInfo> {
    return doorInfoSchema.parse(await http.get(`/api/v2/door/${encodeURIComponent(doorToken)}`));
  },
  async openDoor(doorToken: string): Promise<DoorOpenResult> {
    return doorOpenResponseSchema.parse(
      await http.post(`/api/v2/door/${encodeURIComponent(doorToken)}/open`),
    );
  },
};

export type BookingApi = typeof bookingApi;

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
