import { expandAvailability } from "../domain/availabilityWire";
import type {
  AvailabilityResponse,
  CreateReservationInput,
  CreateReservationResponse,
  DoorInfo,
  MoveTimesResponse,
  PublicReservation,
  Quote,
  RescheduleResponse,
} from "../domain/booking";
import type { ReservationLookupResponse } from "../domain/reservationLookup";
import type { SiteInfo } from "../domain/site";
import type { WaitlistEntryView, WaitlistJoinResponse } from "../domain/waitlist";
import { http } from "./http";
import { newIdempotencyKey } from "./idempotencyKey";
import { parseAnswer } from "./parseAnswer";
import { siteInfo } from "./siteInfo";

/*
 * The booking API as the SPA uses it (issue 4 contract); the bookings this browser keeps are in
 * storedReservations.ts. Answers are parsed with the shared schemas, so a server that drifts from
 * the contract shows up as an error instead of a half-drawn page.
 */

/** The answers' schemas, loaded with the first call (parseAnswer): the calendar paints without them. */
const schemas = () => import("../domain/booking");
const waitlistSchemas = () => import("../domain/waitlist");

export type CancelResult = { success: boolean; message: string; reservation: PublicReservation };
export type DoorOpenResult = { success: boolean; message: string };

export const bookingApi = {
  /**
   * The slot grid: sent compact (decision 016), handed on expanded. With a dog option, only the
   * starts where such a booking fits with its buffers are free (decision 036); without, the URL is
   * the plain one the server keeps cached.
   */
  async availability(
    from: string,
    to: string,
    options: { reactiveDog?: boolean; inHeat?: boolean } = {},
  ): Promise<AvailabilityResponse> {
    const params = {
      from,
      to,
      reactiveDog: options.reactiveDog ? "true" : undefined,
      inHeat: options.inHeat ? "true" : undefined,
    };
    return parseAnswer(schemas(), http.get("/api/v2/availability", { params }), (m, data) =>
      expandAvailability(m.availabilityWireSchema.parse(data)),
    );
  },
  /** The slot's price for the dogs and their options; with codes, the discount and the gift card's share too. */
  async quote(
    start: string,
    end: string,
    codes: {
      dogs?: number;
      reactiveDog?: boolean;
      inHeat?: boolean;
      discountCode?: string;
      giftCardCode?: string;
      waitlistToken?: string;
    } = {},
  ): Promise<Quote> {
    return parseAnswer(
      schemas(),
      http.get("/api/v2/reservations/quote", {
        params: {
          start,
          end,
          ...codes,
          reactiveDog: codes.reactiveDog ? "true" : undefined,
          inHeat: codes.inHeat ? "true" : undefined,
        },
      }),
      (m, data) => m.quoteResponseSchema.parse(data),
    );
  },
  /** The park's details, from the SPA's one kept copy (client/siteInfo.ts). */
  site(): Promise<SiteInfo> {
    return siteInfo();
  },
  /** One call is one attempt of the visitor: its key makes the network retry safe. */
  async create(input: CreateReservationInput): Promise<CreateReservationResponse> {
    return parseAnswer(
      schemas(),
      http.post("/api/v2/reservations", input, { idempotencyKey: newIdempotencyKey() }),
      (m, data) => m.createReservationResponseSchema.parse(data),
    );
  },
  async byToken(accessToken: string): Promise<PublicReservation> {
    const answer = http.get(`/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}`);
    return parseAnswer(schemas(), answer, (m, data) => m.reservationResponseSchema.parse(data).reservation);
  },
  async cancel(accessToken: string): Promise<CancelResult> {
    const answer = http.delete(`/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}`);
    return parseAnswer(schemas(), answer, (m, data) => m.cancelReservationResponseSchema.parse(data));
  },
  /**
   * Moves the booking to another time (decision 026); the answer is the cancel's shape, with
   * `payment` (where to pay the difference) when the time is dearer (202). With the difference the
   * picker showed, a move whose difference has changed since is refused (409) instead.
   */
  async reschedule(
    accessToken: string,
    start: string,
    end: string,
    expectedDifferenceCents?: number,
  ): Promise<RescheduleResponse> {
    const answer = http.post(`/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}/reschedule`, {
      start,
      end,
      expectedDifferenceCents,
    });
    return parseAnswer(schemas(), answer, (m, data) => m.rescheduleResponseSchema.parse(data));
  },
  /** A day's free times the booking can move to, each with what the move would pay or give back. */
  async moveTimes(accessToken: string, date: string): Promise<MoveTimesResponse> {
    const answer = http.get(`/api/v2/reservations/by-token/${encodeURIComponent(accessToken)}/move-times`, {
      params: { date },
    });
    return parseAnswer(schemas(), answer, (m, data) => m.moveTimesResponseSchema.parse(data));
  },
  /** "Lähetä varaukseni sähköpostiini": the same answer whether the address has bookings or not. */
  async lookup(email: string): Promise<ReservationLookupResponse> {
    return parseAnswer(
      import("../domain/reservationLookup"),
      http.post("/api/v2/reservations/lookup", { email }),
      (m, data) => m.reservationLookupResponseSchema.parse(data),
    );
  },
  /** "Ilmoita, jos aika vapautuu": joins the slot's waitlist (decision 033). */
  async waitlistJoin(start: string, end: string, email: string): Promise<WaitlistJoinResponse> {
    return parseAnswer(waitlistSchemas(), http.post("/api/v2/waitlist", { start, end, email }), (m, data) =>
      m.waitlistJoinResponseSchema.parse(data),
    );
  },
  /** A waitlist entry by the token of its e-mails. */
  async waitlistEntry(token: string): Promise<WaitlistEntryView> {
    return parseAnswer(
      waitlistSchemas(),
      http.get(`/api/v2/waitlist/${encodeURIComponent(token)}`),
      (m, data) => m.waitlistEntryViewSchema.parse(data),
    );
  },
  async waitlistLeave(token: string): Promise<{ success: boolean; message: string }> {
    return parseAnswer(
      waitlistSchemas(),
      http.post(`/api/v2/waitlist/${encodeURIComponent(token)}/leave`),
      (m, data) => m.waitlistLeaveResponseSchema.parse(data),
    );
  },
  async door(doorToken: string): Promise<DoorInfo> {
    return parseAnswer(schemas(), http.get(`/api/v2/door/${encodeURIComponent(doorToken)}`), (m, data) =>
      m.doorInfoSchema.parse(data),
    );
  },
  async openDoor(doorToken: string): Promise<DoorOpenResult> {
    return parseAnswer(
      schemas(),
      http.post(`/api/v2/door/${encodeURIComponent(doorToken)}/open`),
      (m, data) => m.doorOpenResponseSchema.parse(data),
    );
  },
};

export type BookingApi = typeof bookingApi;
