import type { AvailabilityResponse } from "../domain/booking";
import {
  memberReservationResponseSchema,
  memberReservationsResponseSchema,
  subscriberReservationRequestSchema,
  type MemberReservation,
} from "../domain/membership";
import {
  endStandingSlotRequestSchema,
  standingPreviewSchema,
  standingSlotRequestSchema,
  standingSlotResultSchema,
  standingSlotsResponseSchema,
  type StandingPreview,
  type StandingSlot,
  type StandingSlotRequest,
  type StandingSlotResult,
} from "../domain/standingSlot";
import { http } from "./http";
import { bookingApi } from "./reservations";

/*
 * The member's bookings (issue 7 contract in src/domain/membership.ts): the member's own list,
 * booking within the quota and cancelling. The membership itself is read by src/client/membership
 * for the app's shared subscription actor. Moving a booking is `reschedule`. The customer session's bearer token is added by the
 * http client's auth policy (these are customer /api/v2 paths). Answers are parsed with the
 * contract's schemas, so a server that drifts shows up as an error.
 */

export type SubscriberBookingRequest = { start: string; end: string; dogs: number };
export type MemberReservationResult = { success: boolean; message: string; reservation: MemberReservation };

export const memberBookingApi = {
  /** Subscriber bookings and single bookings made with the customer's e-mail, newest first. */
  async reservations(): Promise<MemberReservation[]> {
    return memberReservationsResponseSchema.parse(await http.get("/api/v2/reservations/me")).reservations;
  },
  async book(request: SubscriberBookingRequest): Promise<MemberReservationResult> {
    const body = subscriberReservationRequestSchema.parse(request);
    return memberReservationResponseSchema.parse(await http.post("/api/v2/reservations/subscriber", body));
  },
  async cancel(id: string): Promise<MemberReservationResult> {
    return memberReservationResponseSchema.parse(
      await http.delete(`/api/v2/reservations/${encodeURIComponent(id)}`),
    );
  },
  /** Moves one of the customer's own bookings (decision 026): a member booking's hours move with it. */
  async reschedule(id: string, start: string, end: string): Promise<MemberReservationResult> {
    return memberReservationResponseSchema.parse(
      await http.post(`/api/v2/reservations/${encodeURIComponent(id)}/reschedule`, { start, end }),
    );
  },
  /** The member's standing weekly slots (vakiovuorot, decision 056), newest first. */
  async standingSlots(): Promise<StandingSlot[]> {
    return standingSlotsResponseSchema.parse(await http.get("/api/v2/reservations/standing")).standing;
  },
  /** Every week inside the booking window checked as it would be booked, nothing booked. */
  async previewStandingSlot(request: StandingSlotRequest): Promise<StandingPreview> {
    const body = standingSlotRequestSchema.parse(request);
    return standingPreviewSchema.parse(await http.post("/api/v2/reservations/standing/preview", body));
  },
  async createStandingSlot(request: StandingSlotRequest): Promise<StandingSlotResult> {
    const body = standingSlotRequestSchema.parse(request);
    return standingSlotResultSchema.parse(await http.post("/api/v2/reservations/standing", body));
  },
  /** Ends a series from the week of `from`: its bookings from then on are cancelled. */
  async endStandingSlot(id: string, from: string): Promise<StandingSlotResult> {
    const body = endStandingSlotRequestSchema.parse({ from });
    return standingSlotResultSchema.parse(
      await http.post(`/api/v2/reservations/standing/${encodeURIComponent(id)}/end`, body),
    );
  },
  /** The public free-slot grid, the same the booking calendar shows. */
  availability(from: string, to: string): Promise<AvailabilityResponse> {
    return bookingApi.availability(from, to);
  },
  /** The park's settings: the largest number of dogs a booking may have. */
  async maxDogs(): Promise<number> {
    return (await bookingApi.site()).slotRules.maxDogs;
  },
};

export type MemberBookingApi = typeof memberBookingApi;
