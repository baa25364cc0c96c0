import { act, render, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { fromPromise } from "xstate";
import type { SessionCustomer } from "../../machines/customerSessionMachine";
import { SessionCallFailure } from "../../src/client/customerSession";
import { createHttpClient } from "../../src/client/http";
import { storageKeys } from "../../src/client/storage";
import type { MembershipApi } from "../../src/client/membership";
import { AppLayout } from "../../src/web/layout/AppLayout";
import {
  MembershipEnvironmentContext,
  type MembershipEnvironment,
} from "../../src/web/membershipEnvironment";
import { CustomerSessionProvider } from "../../src/web/session/CustomerSessionProvider";
import { createCustomerSessionLogic } from "../../src/web/session/customerSessionLogic";
import { SubscriptionProvider } from "../../src/web/session/SubscriptionProvider";
import { siteFixture } from "../support/site";

/*
 * Shared by the membership path tests: a fake of the membership API whose every call waits until
 * the test settles it (the API is outside the view unit; the server has its own tests), a customer
 * session the test signs in and out (as another tab would), and the app's shell around the pages.
 */

type Method = keyof MembershipApi;
type PendingCall = { args: unknown[]; resolve(value: unknown): void; reject(error: unknown): void };
const METHODS: Method[] = [
  "tiers",
  "mySubscription",
  "signup",
  "cancelSubscription",
  "myInvoices",
  "payInvoice",
  "myData",
  "deleteAccount",
];

export function createFakeMembershipApi() {
  const pending = new Map<Method, PendingCall[]>();
  const made: Array<{ method: Method; args: unknown[] }> = [];
  const api = Object.fromEntries(
    METHODS.map((name) => [
      name,
      (...args: unknown[]) => {
        made.push({ method: name, args });
        return new Promise((resolve, reject) => {
          pending.set(name, [...(pending.get(name) ?? []), { args, resolve, reject }]);
        });
      },
    ]),
  ) as unknown as MembershipApi;

  /** Waits for the view to have called `name`, then answers its latest open call. */
  async function settle(name: Method, outcome: { value: unknown } | { error: unknown }): Promise<unknown[]> {
    await waitFor(() => expect(pending.get(name)?.length ?? 0).toBeGreaterThan(0));
    const call = pending.get(name)!.pop()!;
    await act(async () => {
      if ("value" in outcome) call.resolve(outcome.value);
      else call.reject(outcome.error);
    });
    return call.args;
  }

  /**
   * Answers every open call of `name` alike, once at least `atLeast` are open: several actors
   * asking at once share one request in the app (the http client's in-flight GETs).
   */
  async function settleAll(name: Method, outcome: { value: unknown } | { error: unknown }, atLeast = 1) {
    await waitFor(() => expect(pending.get(name)?.length ?? 0).toBeGreaterThanOrEqual(atLeast));
    const calls = pending.get(name)!.splice(0);
    await act(async () => {
      for (const call of calls) {
        if ("value" in outcome) call.resolve(outcome.value);
        else call.reject(outcome.error);
      }
    });
  }

  return {
    api,
    settle,
    settleAll,
    /** Every call the views made, in order. */
    calls: (name?: Method) => made.filter((c) => !name || c.method === name),
    openCalls: (name: Method) => pending.get(name)?.length ?? 0,
  };
}

export type FakeMembershipApi = ReturnType<typeof createFakeMembershipApi>;

export const ANSA: SessionCustomer = { id: "c-ansa", email: "ansa@example.com", name: "Ansa Asiakas" };
export const BERTTA: SessionCustomer = { id: "c-bertta", email: "bertta@example.com", name: "Bertta" };

/**
 * The customer session with the server replaced by whoever the test has signed in; the stored
 * token still counts (the app drops it after deleting the account). Signing in or out tells the
 * app the way another tab's login or logout does (a storage event).
 */
export function createTestSession(initial: SessionCustomer | null) {
  let current: SessionCustomer | null = null;
  const store = (customer: SessionCustomer | null) => {
    current = customer;
    if (customer) localStorage.setItem(storageKeys.customerSessionToken, `token-${customer.id}`);
    else localStorage.removeItem(storageKeys.customerSessionToken);
  };
  store(initial);
  const restored = () => {
    const token = localStorage.getItem(storageKeys.customerSessionToken);
    if (!current || !token) throw new SessionCallFailure(undefined);
    return { token, customer: current };
  };
  const logic = createCustomerSessionLogic().provide({
    actors: {
      restoreSession: fromPromise(async () => restored()),
      fetchCustomer: fromPromise(async () => restored().customer),
      waitForExpiry: fromPromise(() => new Promise<void>(() => {})),
      logout: fromPromise<unknown>(async () => ({ success: true })),
    },
  });
  return {
    logic,
    signedIn: () => (localStorage.getItem(storageKeys.customerSessionToken) ? current : null),
    async signInAs(customer: SessionCustomer | null) {
      store(customer);
      await act(async () => {
        window.dispatchEvent(new StorageEvent("storage", { key: "customer_session_token" }));
      });
    },
  };
}

export type TestSession = ReturnType<typeof createTestSession>;

/** Renders the app's shell (header included) with the given pages at `path`. */
export function renderMembershipApp(options: {
  path: string;
  pages: Array<{ path: string; element: ReactElement; handle?: unknown }>;
  session: TestSession;
  env: MembershipEnvironment;
}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <CustomerSessionProvider logic={options.session.logic} http={createHttpClient()}>
            <SubscriptionProvider>
              <AppLayout />
            </SubscriptionProvider>
          </CustomerSessionProvider>
        ),
        children: [...options.pages, { path: "*", element: <h1>Muu sivu</h1> }],
      },
    ],
    { initialEntries: [options.path] },
  );
  render(
    <MembershipEnvironmentContext.Provider value={options.env}>
      <RouterProvider router={router} />
    </MembershipEnvironmentContext.Provider>,
  );
  return router;
}

/**
 * The browser's fetch for what lies outside the unit under test: the site info of the shell, and
 * the member bookings section of /oma-tili (a customer without bookings).
 */
export function stubOtherRequests() {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url.startsWith("/api/v2/site")) return Response.json(siteFixture(4));
    if (url.startsWith("/api/v2/subscriptions/me"))
      return Response.json({ message: "Ei jäsenyyttä" }, { status: 404 });
    if (url.startsWith("/api/v2/reservations/me")) return Response.json({ reservations: [] });
    throw new TypeError(`unexpected request ${url}`);
  });
}
