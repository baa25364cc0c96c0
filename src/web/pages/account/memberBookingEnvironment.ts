import { createContext, useContext } from "react";
import { memberBookingApi, type MemberBookingApi } from "../../../client/memberReservations";

/**
 * What the member's bookings need from outside the view: the API and the browser's clock. The app
 * uses the real ones; view tests put controllable fakes here (the API is outside the view unit), so
 * the section's own wiring of the machine, its actors and the calendar child still runs.
 */
export type MemberBookingEnvironment = { api: MemberBookingApi; now(): Date };

export const MemberBookingEnvironmentContext = createContext<MemberBookingEnvironment>({
  api: memberBookingApi,
  now: () => new Date(),
});

export const useMemberBookingEnvironment = () => useContext(MemberBookingEnvironmentContext);
