import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { useLocation } from "react-router-dom";
import { memoryApp } from "../support/appRouter";
import { ApiError } from "../../src/client/http";
import type { BookingApi } from "../../src/client/reservations";
import type { PublicReservation } from "../../src/domain/booking";
import {
  BookingEnvironmentContext,
  type BookingEnvironment,
} from "../../src/web/pages/booking/bookingEnvironment";
import { defineFakeApi, type Fake } from "../support/fakeApi";

/*
 * Shared by the booking path tests: a fake of the booking API whose every call waits until the test
 * settles it (tests/support/fakeApi.ts), a renderer for one booking route (the transition-coverage
 * check is in tests/support/paths.ts).
 */

export const createFakeApi = defineFakeApi<BookingApi>([
  "availability",
  "quote",
  "site",
  "create",
  "byToken",
  "cancel",
  "reschedule",
  "moveTimes",
  "door",
  "openDoor",
  "lookup",
  "waitlistJoin",
  "waitlistEntry",
  "waitlistLeave",
]);

export type FakeApi = Fake<BookingApi>;

export const apiError = (status: number | null, message: string, field?: string) =>
  new ApiError(status, message, status === null ? undefined : { message, ...(field ? { field } : {}) });

/** A booking as the API gives it by its access token: confirmed, paid, cancellable until the 19th. */
export const publicReservation = (
  id: string,
  start: string,
  end: string,
  changes: Partial<PublicReservation> = {},
): PublicReservation => ({
  id,
  accessToken: `access-${id}`,
  areaName: "Koirapuisto",
  start,
  end,
  status: "confirmed",
  name: "Maija",
  email: "maija@example.fi",
  phone: null,
  dogs: 1,
  priceCents: 1500,
  vatCents: 305,
  doorUrl: `http://127.0.0.1:3000/avaa/door-${id}`,
  cancellable: true,
  cancellableUntil: "2026-06-19T10:00:00+03:00",
  payment: { method: "card", status: "paid", refundedCents: 0 },
  ...changes,
});

/** Shows where the app navigated to, so a test can assert on it. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

/** Renders one booking page at `path` (its route `pattern`) with the given environment. */
export function renderBookingRoute(
  pattern: string,
  path: string,
  element: ReactElement,
  environment: BookingEnvironment,
) {
  const router = memoryApp(
    [
      {
        path: "*",
        element: <LocationProbe />,
      },
      {
        path: pattern,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
    ],
    path,
  );
  return {
    router,
    ...render(
      <BookingEnvironmentContext.Provider value={environment}>
        {router.element}
      </BookingEnvironmentContext.Provider>,
    ),
  };
}
