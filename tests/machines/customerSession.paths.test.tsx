// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fromPromise, type NonReducibleUnknown, type SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  AUTH_FAILED_FALLBACK,
  customerSessionMachine,
  LINK_FAILED_FALLBACK,
  type CustomerSessionEvent,
  type SessionCustomer,
} from "../../machines/customerSessionMachine";
import { readStoredSession, writeStoredSession } from "../../src/client/customerSession";
import { ApiError, createHttpClient } from "../../src/client/http";
import { AppLayout } from "../../src/web/layout/AppLayout";
import { loadedRoutes } from "../../src/web/router";
import { memoryApp, type TestApp } from "../support/appRouter";
import { CustomerSessionProvider } from "../../src/web/session/CustomerSessionProvider";
import { SubscriptionProvider } from "../../src/web/session/SubscriptionProvider";
import { createCustomerSessionLogic } from "../../src/web/session/customerSessionLogic";
import { describePathTests, type StateAssertions } from "../support/paths";
import { siteFixture } from "../support/site";

/*
 * Paths generated from customerSessionMachine, each run against the real pages (/login,
 * /auth/callback, /oma-tili) inside the real layout. The customer's steps are clicks, typing and
 * navigation; the API's answers come from actors the test settles (the server has its own tests),
 * while storage, the 401 policy and the provider are the app's own.
 */

type Snapshot = SnapshotFrom<typeof customerSessionMachine>;
type ModelEvent = CustomerSessionEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

const customer: SessionCustomer = { id: "c-1", email: "ansa@example.com", name: null };
const stored = { token: "stored-session-token", customer };
const fromLink = { token: "link-session-token", customer };
const refreshed = { ...customer, name: "Ansa Asiakas", phone: null, createdAt: "2026-06-01T09:00:00.000Z" };
const LINK_TOKEN = "login-link-token";
const SENT = "Jos osoite on oikein, saat kirjautumislinkin sähköpostiisi hetken kuluttua.";
const TOO_MANY = "Kirjautumislinkkejä on pyydetty liian monta. Yritä uudelleen 15 minuutin kuluttua.";
const USED = "Tämä kirjautumislinkki on jo käytetty. Pyydä uusi linkki kirjautumissivulta.";

/** The http client's failure: with the server's words, or a lost connection without any. */
const refused = (message: string) => new ApiError(400, message, { message });
const offline = () => new ApiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä.");

const events: ModelEvent[] = [
  { type: "xstate.done.actor.restoreSession", output: stored },
  { type: "xstate.error.actor.restoreSession", error: new Error("no valid stored session") },
  { type: "session.requestLink", email: customer.email },
  { type: "xstate.done.actor.requestLink", output: { success: true, message: SENT } },
  { type: "xstate.error.actor.requestLink", error: refused(TOO_MANY) },
  { type: "xstate.error.actor.requestLink", error: offline() },
  { type: "session.restart" },
  { type: "session.validateLink", token: LINK_TOKEN },
  { type: "xstate.done.actor.validateLink", output: fromLink },
  { type: "xstate.error.actor.validateLink", error: refused(USED) },
  { type: "xstate.error.actor.validateLink", error: offline() },
  { type: "xstate.done.actor.fetchCustomer", output: refreshed },
  { type: "xstate.error.actor.fetchCustomer", error: offline() },
  { type: "xstate.done.actor.sessionExpiry", output: undefined },
  { type: "session.logout" },
  { type: "xstate.done.actor.logout", output: { success: true, message: "Olet kirjautunut ulos." } },
  { type: "xstate.error.actor.logout", error: offline() },
  { type: "session.rejected" },
  { type: "session.storageChanged" },
];

/**
 * States differ by what the views show and storage holds; the rest of the context (the address
 * typed, the link's token) is left out so the model stays small.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    token: s.context.token,
    error: s.matches({ anonymous: "failed" }) || s.matches("linkRefused") ? s.context.error : null,
    notice: s.matches("anonymous") ? s.context.notice : null,
    linkPending: s.context.linkToken !== null,
    name: s.matches("authenticated") || s.matches("loggingOut") ? (s.context.customer?.name ?? null) : null,
    fromLink: s.context.validatedLink !== null,
  });

const model = new TestModel(customerSessionMachine, {
  events: events as CustomerSessionEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => serializeState(s as Snapshot),
});

/* ---------- The app under test ---------- */

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };
let pending: Map<string, Pending>;
let router: TestApp;
let user: ReturnType<typeof userEvent.setup>;

/** An actor that waits until the test settles it under its invoke id. */
const settledByTest = <TOutput, TInput = NonReducibleUnknown>(id: string) =>
  fromPromise<TOutput, TInput>(
    ({ signal }) =>
      new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        signal.addEventListener("abort", () => pending.delete(id));
      }),
  );

// The server answers every customer call from this client with 401 (the session was revoked).
const rejectingHttp = createHttpClient({
  fetch: (async () => Response.json({ message: "Istuntosi on päättynyt." }, { status: 401 })) as typeof fetch,
});

// The app's routes with their pages loaded, so that a navigation waits for no chunk.
let routes: Awaited<ReturnType<typeof loadedRoutes>>;
beforeAll(async () => {
  routes = await loadedRoutes();
});

function renderApp() {
  localStorage.clear();
  pending = new Map();
  user = userEvent.setup();
  const logic = createCustomerSessionLogic().provide({
    actors: {
      restoreSession: settledByTest<typeof stored>("restoreSession"),
      requestLink: settledByTest<{ message: string }, { email: string }>("requestLink"),
      validateLink: settledByTest<typeof fromLink, { token: string }>("validateLink"),
      fetchCustomer: settledByTest<SessionCustomer>("fetchCustomer"),
      waitForExpiry: settledByTest<void, { token: string }>("sessionExpiry"),
      logout: settledByTest<unknown>("logout"),
    },
  });
  const [root] = routes;
  router = memoryApp(
    [
      {
        ...root,
        element: (
          <CustomerSessionProvider logic={logic} http={rejectingHttp}>
            <SubscriptionProvider>
              <AppLayout routes={routes} />
            </SubscriptionProvider>
          </CustomerSessionProvider>
        ),
      },
    ],
    "/oma-tili",
  );
  render(router.element);
}

async function settle(id: string, outcome: { value: unknown } | { error: unknown }) {
  await waitFor(() => expect(pending.has(id)).toBe(true));
  const call = pending.get(id)!;
  pending.delete(id);
  await act(async () => ("value" in outcome ? call.resolve(outcome.value) : call.reject(outcome.error)));
}

const navigate = (to: string) => act(() => router.navigate(to));
const here = () => router.here();
let previous: Snapshot;

type ActorResult = { event: { output?: unknown; error?: unknown } };
const settleByEvent = (id: string) => ({
  [`xstate.done.actor.${id}`]: ({ event }: ActorResult) => settle(id, { value: event.output }),
  [`xstate.error.actor.${id}`]: ({ event }: ActorResult) => settle(id, { error: event.error }),
});

const executors = {
  "xstate.init": () => renderApp(),
  "xstate.done.actor.restoreSession": ({ event }: ActorResult) => {
    // The real restore reads storage; the stand-in answers with what storage now holds.
    writeStoredSession(stored.token, stored.customer);
    return settle("restoreSession", { value: event.output });
  },
  "xstate.error.actor.restoreSession": ({ event }: ActorResult) =>
    settle("restoreSession", { error: event.error }),
  ...settleByEvent("requestLink"),
  ...settleByEvent("validateLink"),
  ...settleByEvent("fetchCustomer"),
  ...settleByEvent("sessionExpiry"),
  ...settleByEvent("logout"),
  "session.requestLink": async ({ event }: { event: ModelEvent }) => {
    if (here() !== "/login") await navigate("/login");
    const field = await screen.findByLabelText("Sähköpostiosoite");
    await user.clear(field);
    await user.type(field, (event as { email: string }).email);
    await user.click(screen.getByRole("button", { name: "Lähetä kirjautumislinkki" }));
  },
  "session.restart": async () => {
    if (previous.matches("linkRefused"))
      await user.click(screen.getByRole("link", { name: "Takaisin kirjautumiseen" }));
    else await user.click(screen.getByRole("button", { name: "Pyydä uusi linkki" }));
  },
  "session.validateLink": async () => {
    // The page hands the token over when it opens; leave it first if it is already open.
    if (here() === "/auth/callback") await navigate("/login");
    await navigate(`/auth/callback?token=${LINK_TOKEN}`);
  },
  "session.logout": async () => {
    await user.click(await screen.findByRole("button", { name: "Kirjaudu ulos" }));
  },
  "session.rejected": async () => {
    await act(() => rejectingHttp.get("/api/v2/customers/me").catch(() => undefined));
  },
  "session.storageChanged": async () => {
    // Another tab logged in or out.
    await act(async () => {
      window.dispatchEvent(new StorageEvent("storage", { key: "customer_session_token" }));
    });
  },
};

/* ---------- What each state shows ---------- */

const header = () => screen.queryByRole("navigation", { name: "Päävalikko" });
const submitButton = () => screen.getByRole("button", { name: /Lähetä kirjautumislinkki|Lähetetään…/ });
const notices = {
  expired: "Istuntosi on päättynyt. Kirjaudu sisään uudelleen.",
  loggedOut: "Olet kirjautunut ulos.",
};

function expectStorage(s: Snapshot) {
  const { token } = readStoredSession();
  if (s.matches("anonymous")) expect(token).toBeNull();
  if (s.matches("authenticated") || s.matches("loggingOut")) expect(token).toBe(s.context.token);
}

/** Waits until the app shows `s` (it settles asynchronously), and storage agrees with it. */
const shows = (expectView: (s: Snapshot) => void) => async (s: Snapshot) => {
  previous = s;
  await waitFor(() => {
    expectView(s);
    expectStorage(s);
  });
};

function expectLoginForm({ sending }: { sending: boolean }) {
  expect(submitButton()).toHaveTextContent(sending ? "Lähetetään…" : "Lähetä kirjautumislinkki");
  if (sending) expect(submitButton()).toBeDisabled();
  else expect(submitButton()).toBeEnabled();
}

/** /oma-tili with the customer's details; returns the logout button. */
function expectAccountPage(s: Snapshot) {
  expect(here()).toBe("/oma-tili");
  expect(header()).not.toBeNull();
  const details = screen.getByRole("region", { name: "Tietosi" });
  expect(within(details).getByText(s.context.customer!.email)).toBeInTheDocument();
  if (s.context.customer!.name)
    expect(within(details).getByText(s.context.customer!.name)).toBeInTheDocument();
  // The membership sections are there too (their own path tests cover what they show).
  expect(screen.getByRole("region", { name: "Jäsenyys" })).toBeInTheDocument();
  expect(screen.getByRole("region", { name: "Laskut" })).toBeInTheDocument();
  return within(details).getByRole("button", { name: /Kirjaudu ulos|Kirjaudutaan ulos…/ });
}

const stateChecks: StateAssertions<typeof customerSessionMachine> = {
  restoring: shows(() => {
    if (here() === "/auth/callback")
      expect(screen.getByRole("status")).toHaveTextContent("Tarkistetaan kirjautumislinkkiä…");
    else expect(screen.getByText("Ladataan…")).toBeInTheDocument();
  }),
  anonymous: shows(() => {
    expect(here()).toBe("/login");
    expect(screen.getByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
  }),
  "anonymous.idle": shows((s) => {
    expectLoginForm({ sending: false });
    expect(screen.queryByRole("alert")).toBeNull();
    if (s.context.notice) expect(screen.getByRole("status")).toHaveTextContent(notices[s.context.notice]);
  }),
  "anonymous.sending": shows(() => {
    expectLoginForm({ sending: true });
    expect(screen.queryByRole("alert")).toBeNull();
  }),
  "anonymous.sent": shows(() => {
    expect(screen.getByRole("heading", { name: "Tarkista sähköpostisi" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(SENT);
    expect(screen.getByText(customer.email)).toBeInTheDocument();
  }),
  "anonymous.failed": shows((s) => {
    expectLoginForm({ sending: false });
    expect([TOO_MANY, LINK_FAILED_FALLBACK]).toContain(s.context.error);
    expect(screen.getByRole("alert")).toHaveTextContent(s.context.error!);
  }),
  validatingLink: shows(() => {
    expect(here()).toBe("/auth/callback");
    expect(header()).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Tarkistetaan kirjautumislinkkiä…");
  }),
  linkRefused: shows((s) => {
    expect([USED, AUTH_FAILED_FALLBACK]).toContain(s.context.error);
    expect(screen.getByRole("alert")).toHaveTextContent(s.context.error!);
    if (here() === "/auth/callback") {
      expect(header()).toBeNull();
      expect(screen.getByRole("link", { name: "Takaisin kirjautumiseen" })).toHaveAttribute("href", "/login");
    }
  }),
  // The stored details show at once; the server's newer ones only once it has answered.
  "authenticated.refreshing": shows((s) => {
    expect(expectAccountPage(s)).toBeEnabled();
    expect(screen.queryByText(refreshed.name)).toBeNull();
  }),
  "authenticated.current": shows((s) => {
    expect(expectAccountPage(s)).toBeEnabled();
    expect(readStoredSession().customer?.name ?? null).toBe(s.context.customer!.name);
  }),
  loggingOut: shows((s) => expect(expectAccountPage(s)).toBeDisabled()),
};

/* ---------- The tests ---------- */

beforeEach(() => {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url.startsWith("/api/v2/site")) return Response.json(siteFixture(4));
    // The account page's membership sections: a customer without a membership.
    if (url.startsWith("/api/v2/subscriptions/me"))
      return Response.json({ message: "Ei jäsenyyttä" }, { status: 404 });
    if (url.startsWith("/api/v2/invoices/me")) return Response.json({ invoices: [] });
    if (url.startsWith("/api/v2/reservations/me")) return Response.json({ reservations: [] });
    throw new TypeError(`unexpected request ${url}`);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A failed call, and what the page then says: the server's words, or its own without an answer. */
const failure = (offline: string) => (e: { error: ApiError }) =>
  e.error.status === null
    ? `The request fails: no connection to the server (${offline}).`
    : `The server answers ${e.error.status}: “${e.error.message}”`;

describePathTests(customerSessionMachine, {
  runs: [{ model, events: executors }],
  states: stateChecks,
  steps: {
    "xstate.init": "Open /oma-tili; the next step says whether a session is stored in this browser.",
    "xstate.done.actor.restoreSession": `A session of ${customer.email} (stored without a name) is in this browser and still valid.`,
    "xstate.error.actor.restoreSession":
      "No valid session is stored in this browser (none, or one with under a minute left).",
    "session.requestLink": (e: { email: string }) =>
      `On /login (go there if elsewhere), type “${e.email}” in “Sähköpostiosoite” and press “Lähetä kirjautumislinkki”.`,
    "xstate.done.actor.requestLink": (e: { output: { message: string } }) =>
      `The server sends the link: “${e.output.message}”`,
    "xstate.error.actor.requestLink": failure(`the page says “${LINK_FAILED_FALLBACK}”`),
    "xstate.error.actor.validateLink": failure(`the page says “${AUTH_FAILED_FALLBACK}”`),
    "xstate.error.actor.fetchCustomer": failure("the page keeps the stored details"),
    "xstate.error.actor.logout": failure("the session ends in this browser anyway"),
    "session.restart":
      "Press “Pyydä uusi linkki” (after a link was sent) or “Takaisin kirjautumiseen” (after a refused link).",
    "session.validateLink": `Open the login link from the e-mail, /auth/callback?token=${LINK_TOKEN} (if that page is open, go to /login first).`,
    "xstate.done.actor.validateLink": `The server accepts the link and signs ${customer.email} in.`,
    "xstate.done.actor.fetchCustomer": (e: { output: SessionCustomer }) =>
      `The server gives the customer's details now: the name “${e.output.name}” added.`,
    "xstate.done.actor.sessionExpiry": "Wait until the session has a minute left (it is about to expire).",
    "session.logout": "Press “Kirjaudu ulos”.",
    "xstate.done.actor.logout": "The server ends the session.",
    "session.rejected": "The server answers a customer call 401 (the session was revoked on the server).",
    "session.storageChanged": "In another tab, sign in or out: this tab reads the stored session again.",
  },
});
