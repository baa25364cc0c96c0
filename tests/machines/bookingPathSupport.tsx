import { act, render, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { ApiError } from "../../src/client/http";
import type { BookingApi } from "../../src/client/reservations";
import {
  BookingEnvironmentContext,
  type BookingEnvironment,
} from "../../src/web/pages/booking/bookingEnvironment";

/*
 * Shared by the booking path tests: a fake of the booking API whose every call waits until the test
 * settles it (the API is outside the view unit; the server has its own tests), a renderer for one
 * booking route (the transition-coverage check is in tests/support/paths.ts).
 */

type Method = keyof BookingApi;
type PendingCall = { args: unknown[]; resolve(value: unknown): void; reject(error: unknown): void };

export function createFakeApi(immediate: Partial<BookingApi> = {}) {
  const pending = new Map<Method, PendingCall[]>();
  const made: Array<{ method: Method; args: unknown[] }> = [];
  const method =
    (name: Method) =>
    (...args: unknown[]) => {
      made.push({ method: name, args });
      const now = immediate[name] as ((...a: unknown[]) => Promise<unknown>) | undefined;
      if (now) return now(...args);
      return new Promise((resolve, reject) => {
        pending.set(name, [...(pending.get(name) ?? []), { args, resolve, reject }]);
      });
    };
  const api = Object.fromEntries(
    (["availability", "quote", "site", "create", "byToken", "cancel", "door", "openDoor"] as const).map(
      (name) => [name, method(name)],
    ),
  ) as unknown as BookingApi;

  /**
   * Waits for the view to have called `name`, then answers its latest call: an earlier open one
   * belongs to an actor the visitor already left behind (e.g. moved on while a week was loading).
   */
  async function settle(name: Method, outcome: { value: unknown } | { error: unknown }): Promise<unknown[]> {
    await waitFor(() => expect(pending.get(name)?.length ?? 0).toBeGreaterThan(0));
    const call = pending.get(name)!.pop()!;
    await act(async () => {
      if ("value" in outcome) call.resolve(outcome.value);
      else call.reject(outcome.error);
    });
    return call.args;
  }

  return {
    api,
    settle,
    /** Every call the views made, in order (e.g. to prove a page never POSTs on load). */
    calls: (name?: Method) => made.filter((c) => !name || c.method === name),
    openCalls: (name: Method) => pending.get(name)?.length ?? 0,
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

export const apiError = (status: number | null, message: string) =>
  new ApiError(status, message, status === null ? undefined : { message });

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
  const router = createMemoryRouter(
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
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <BookingEnvironmentContext.Provider value={environment}>
        <RouterProvider router={router} />
      </BookingEnvironmentContext.Provider>,
    ),
  };
}

/* ---------- Paths and transition coverage ---------- */
