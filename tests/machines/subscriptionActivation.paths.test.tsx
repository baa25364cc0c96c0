// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../support/appRouter";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  ACTIVATION_POLL_MS,
  MAX_ACTIVATION_POLLS,
  subscriptionActivationMachine,
} from "../../machines/subscriptionActivationMachine";
import { LOAD_SUBSCRIPTION_FAILED } from "../../machines/subscriptionMachine";
import { returnPathAfterLogin } from "../../src/client/returnAfterLogin";
import { SubscriptionSuccessPage } from "../../src/web/pages/membership/SubscriptionSuccessPage";
import { SUBSCRIPTION_ID, subscriptionFixture } from "../support/membership";
import { describePathTests, failedRequest, type StateAssertions } from "../support/paths";
import { apiError } from "./bookingPathSupport";
import {
  ANSA,
  createFakeMembershipApi,
  createTestSession,
  renderMembershipApp,
  setUpMembershipTests,
  type FakeMembershipApi,
  type TestSession,
} from "./membershipPathSupport";

/*
 * Paths generated from subscriptionActivationMachine, run against the real
 * /subscription/success?subscription=<id> for a signed-in customer, on a fake clock: the page asks
 * for the membership a few times, a second apart, until it is active. The app's shared
 * subscription actor asks at the same moment as the page's first check; in the app the two share
 * one request, so the fake answers them alike.
 */

type Snapshot = SnapshotFrom<typeof subscriptionActivationMachine>;

const ACTIVE = subscriptionFixture();
const PENDING = subscriptionFixture({ status: "pending" });
const SERVER_DOWN = "Palvelimella tapahtui virhe.";
const SUCCESS_PATH = `/subscription/success?subscription=${SUBSCRIPTION_ID}`;

const events = [
  { type: "xstate.done.actor.loadSubscription", output: ACTIVE },
  { type: "xstate.done.actor.loadSubscription", output: PENDING },
  { type: "xstate.error.actor.loadSubscription", error: apiError(500, SERVER_DOWN) },
  { type: "xstate.error.actor.loadSubscription", error: apiError(null, "Verkkovirhe.") },
  { type: "xstate.after.activationPoll.subscriptionActivation.waiting" },
  { type: "activation.retry" },
];

const model = new TestModel(subscriptionActivationMachine, {
  input: { subscriptionId: SUBSCRIPTION_ID },
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  // The count of tries matters only while still trying.
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    const trying = s.matches("checking") || s.matches("waiting");
    return JSON.stringify([s.value, trying ? c.polls : null, c.errorMessage]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let session: TestSession;
let router: TestApp;
/** The first answer, which the shared actor also got: it reads again on activation unless active. */
let firstAnswer: unknown;
const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });

type Step = { event: { output?: unknown; error?: unknown } };
const answer = async (outcome: { value: unknown } | { error: unknown }) => {
  const first = firstAnswer === undefined;
  if (first) firstAnswer = "value" in outcome ? outcome.value : "error";
  // The first time both the page and the shared actor ask.
  await fake.settleAll("mySubscription", outcome, first ? 2 : 1);
};

const executors = {
  "xstate.init": async () => {
    firstAnswer = undefined;
    session = createTestSession(ANSA);
    router = await renderMembershipApp({
      path: SUCCESS_PATH,
      pages: [
        { path: "/subscription/success", element: <SubscriptionSuccessPage />, handle: { hideHeader: true } },
      ],
      session,
      env: { api: fake.api, now: () => new Date(), redirectToPayment: () => {} },
    });
  },
  "xstate.done.actor.loadSubscription": ({ event }: Step) => answer({ value: event.output }),
  "xstate.error.actor.loadSubscription": ({ event }: Step) => answer({ error: event.error }),
  "xstate.after.activationPoll.subscriptionActivation.waiting": async () => {
    // Nothing is asked before the second has passed.
    expect(fake.openCalls("mySubscription")).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS));
  },
  "activation.retry": () =>
    user.click(screen.getByRole("button", { name: /^(Tarkista uudelleen|Yritä uudelleen)$/ })),
};

/* ---------- What each state shows ---------- */

const noHeader = () => expect(screen.queryByRole("navigation", { name: "Päävalikko" })).toBeNull();
const accountLink = (name: string) =>
  expect(screen.getByRole("link", { name })).toHaveAttribute("href", "/oma-tili");

const checkingView = async () => {
  expect(await screen.findByText("Vahvistetaan maksua…")).toHaveAttribute("role", "status");
  expect(screen.getByRole("heading", { level: 1, name: "Jäsenyyden aloitus" })).toBeInTheDocument();
  noHeader();
};

const states: StateAssertions<typeof subscriptionActivationMachine> = {
  checking: checkingView,
  waiting: checkingView,
  activated: async () => {
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tervetuloa jäseneksi!" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("jäsenyytesi Plus on voimassa");
    expect(screen.getByText(/16 tuntia kuukaudessa/)).toBeInTheDocument();
    accountLink("Siirry omalle tilille");
    noHeader();
    // The rest of the app reads the membership again, unless it already saw it active.
    const sawActive = (firstAnswer as { status?: string }).status === "active";
    expect(fake.openCalls("mySubscription")).toBe(sawActive ? 0 : 1);
  },
  notYetActive: async (s) => {
    expect(s.context.polls).toBe(MAX_ACTIVATION_POLLS);
    expect(await screen.findByText(/Maksun vahvistus ei ole vielä tullut perille/)).toHaveAttribute(
      "role",
      "status",
    );
    expect(screen.getByRole("button", { name: "Tarkista uudelleen" })).toBeEnabled();
    accountLink("Oma tili");
  },
  failed: async (s) => {
    expect([SERVER_DOWN, LOAD_SUBSCRIPTION_FAILED]).toContain(s.context.errorMessage);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(s.context.errorMessage!);
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    accountLink("Oma tili");
  },
};

// Registered first: the clock is fake before each test sets up, and real again after it is torn down.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});
setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
});

describePathTests(subscriptionActivationMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}) and open ${SUCCESS_PATH}, where the payment page sends her back.`,
    "xstate.done.actor.loadSubscription": ({ output }: { output: typeof ACTIVE }) =>
      output.status === "active"
        ? "The server gives her Plus membership (the one in the address) as active."
        : "The server gives her Plus membership as still pending: the payment is not confirmed yet.",
    "xstate.error.actor.loadSubscription": failedRequest(LOAD_SUBSCRIPTION_FAILED),
    "xstate.after.activationPoll.subscriptionActivation.waiting": `Wait ${ACTIVATION_POLL_MS / 1000} s: the page asks for the membership again.`,
    "activation.retry": "Press “Tarkista uudelleen” (or “Yritä uudelleen” after a failure).",
  },
});

test("signed out, the page asks to log in and comes back here afterwards", async () => {
  session = createTestSession(null);
  router = await renderMembershipApp({
    path: SUCCESS_PATH,
    pages: [{ path: "/subscription/success", element: <SubscriptionSuccessPage /> }],
    session,
    env: { api: fake.api, now: () => new Date(), redirectToPayment: () => {} },
  });
  await user.click(await screen.findByRole("link", { name: "Kirjaudu sisään" }));
  expect(router.here()).toBe("/login");
  expect(returnPathAfterLogin()).toBe(SUCCESS_PATH);
  expect(fake.calls("mySubscription")).toEqual([]);
});
