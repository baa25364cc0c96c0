import { act, cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { RouteObject } from "react-router-dom";
import { memoryApp } from "../support/appRouter";
import { fromPromise } from "xstate";
import type { SessionCustomer } from "../../machines/customerSessionMachine";
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
import { defineFakeApi, type Fake } from "../support/fakeApi";
import { settleTicks } from "../support/settle";
import { siteFixture } from "../support/site";

/*
 * Shared by the membership path tests: a fake of the membership API whose every call waits until
 * the test settles it (tests/support/fakeApi.ts), a customer session the test signs in and out (as
 * another tab would), the app's shell around the pages, and what each test starts and ends with.
 */

export const createFakeMembershipApi = defineFakeApi<MembershipApi>([
  "tiers",
  "mySubscription",
  "signup",
  "cancelSubscription",
  "tierChangeQuote",
  "changeTier",
  "pauseQuote",
  "pauseMembership",
  "withdrawPause",
  "myInvoices",
  "payInvoice",
  "invoiceReceipt",
  "invoicePage",
  "myData",
  "deleteAccount",
  "reminders",
  "setReminders",
]);

export type FakeMembershipApi = Fake<MembershipApi>;

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
    if (!current || !token) throw new Error("no valid stored session");
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
        await settleTicks();
      });
    },
  };
}

export type TestSession = ReturnType<typeof createTestSession>;

/**
 * Renders the app's shell (header included) with the given pages at `path`, and lets the session
 * settle inside act: its actors answer on later ticks, and React must see those updates in act.
 */
export async function renderMembershipApp(options: {
  path: string;
  pages: Array<{ path: string; element: ReactElement; handle?: unknown }>;
  session: TestSession;
  env: MembershipEnvironment;
}) {
  const Layout = () => <AppLayout routes={routes} />;
  const routes: RouteObject[] = [
    {
      element: (
        <CustomerSessionProvider logic={options.session.logic} http={createHttpClient()}>
          <SubscriptionProvider>
            <Layout />
          </SubscriptionProvider>
        </CustomerSessionProvider>
      ),
      children: [...options.pages, { path: "*", element: <h1>Muu sivu</h1> }],
    },
  ];
  const router = memoryApp(routes, options.path);
  await act(async () => {
    render(
      <MembershipEnvironmentContext.Provider value={options.env}>
        {router.element}
      </MembershipEnvironmentContext.Provider>,
    );
    await settleTicks();
  });
  return router;
}

/**
 * The browser's fetch for what lies outside the unit under test: the site info of the shell, and
 * the member bookings and Vakiovuoro sections of /oma-tili (a customer without bookings or series).
 */
function stubOtherRequests() {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url.startsWith("/api/v2/site")) return Response.json(siteFixture(4));
    if (url.startsWith("/api/v2/subscriptions/me"))
      return Response.json({ message: "Ei jäsenyyttä" }, { status: 404 });
    if (url.startsWith("/api/v2/reservations/me")) return Response.json({ reservations: [] });
    // Vakiovuoro, shown to a member with access: none.
    if (url.startsWith("/api/v2/reservations/standing")) return Response.json({ standing: [] });
    throw new TypeError(`unexpected request ${url}`);
  });
}

/**
 * What each membership path test starts from: empty storage, the browser's other requests stubbed,
 * then the file's own `setUp` (its fake API, say); afterwards the page unmounted and the stubs gone.
 */
export function setUpMembershipTests(setUp: () => void) {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    stubOtherRequests();
    setUp();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
