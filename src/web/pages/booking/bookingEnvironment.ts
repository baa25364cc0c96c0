import { createContext, useContext } from "react";
import { bookingApi, type BookingApi } from "../../../client/reservations";

/**
 * What the booking pages need from outside themselves: the API, the browser's clock and the
 * hand-over to the payment page. The app uses the real ones; view tests put controllable fakes
 * here (the API and the payment page are outside the view unit), so the pages' own wiring of
 * machines, actors and actions still runs.
 */
export type BookingEnvironment = {
  api: BookingApi;
  now(): Date;
  /** Leaves the SPA for the payment provider's page. */
  redirectToPayment(url: string): void;
};

export const browserBookingEnvironment: BookingEnvironment = {
  api: bookingApi,
  now: () => new Date(),
  redirectToPayment: (url) => window.location.assign(url),
};

export const BookingEnvironmentContext = createContext<BookingEnvironment>(browserBookingEnvironment);

export const useBookingEnvironment = () => useContext(BookingEnvironmentContext);
