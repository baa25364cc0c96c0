// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../support/appRouter";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  CANCEL_SUBSCRIPTION_FAILED,
  LOAD_SUBSCRIPTION_FAILED,
  subscriptionMachine,
} from "../../machines/subscriptionMachine";
import { storageKeys } from "../../src/client/storage";
import { suspensionMessage } from "../../src/domain/invoiceStatus";
import { NO_ACTIVE_SUBSCRIPTION } from "../../src/domain/membership";
import { formatEuros } from "../../src/domain/money";
import { AccountPage } from "../../src/web/pages/AccountPage";
import { LoginPage } from "../../src/web/pages/LoginPage";
import { subscriptionFixture } from "../support/membership";
import { describePathTests, type StateAssertions } from "../support/paths";
import { apiError } from "./bookingPathSupport";
import {
  ANSA,
  BERTTA,
  createFakeMembershipApi,
  createTestSession,
  renderMembershipApp,
  setUpMembershipTests,
  type FakeMembershipApi,
  type TestSession,
} from "./membershipPathSupport";

/*
 * Paths generated from subscriptionMachine, run against the real /oma-tili (its membership section)
 * inside the real shell, whose header reads the same actor (spec §1's "Omat varaukset" rule). The
 * customer signs in and out as another tab would; the API's answers come from a fake the test
 * settles.
 */

type Snapshot = SnapshotFrom<typeof subscriptionMachine>;

const NOW = new Date("2026-06-16T12:00:00+03:00");
const ACTIVE = subscriptionFixture();
const COMMITTED = subscriptionFixture({
  commitment: "12m",
  monthly_price_cents: 5310,
  commitment_end_date: "2027-05-01",
  commitment_days_remaining: 319,
});
const PENDING = subscriptionFixture({
  status: "pending",
  usage: { hours_used: 0, hours_quota: 16, percent: 0 },
});
const CANCELLED = subscriptionFixture({
  status: "cancelled",
  cancelled_at: "2026-06-16T09:00:00+03:00",
  access_ends_on: "2026-06-30",
});
const EXPIRED = subscriptionFixture({ status: "expired", has_access: false });
/** Invoice 1005 fell due on Friday 12.6.: in its grace until it suspends on Friday 19.6. */
const OVERDUE = subscriptionFixture({
  unpaid: {
    invoice_id: "5b0c5f4e-1d2a-4c3b-8e9f-000000001005",
    invoice_number: 1005,
    due_date: "2026-06-12",
    suspended_from: "2026-06-19",
    suspended: false,
  },
});
/** Invoice 1004 fell due on Friday 5.6.: suspended since Friday 12.6. */
const SUSPENDED = subscriptionFixture({
  unpaid: {
    invoice_id: "5b0c5f4e-1d2a-4c3b-8e9f-000000001004",
    invoice_number: 1004,
    due_date: "2026-06-05",
    suspended_from: "2026-06-12",
    suspended: true,
  },
});
/** In the member's own 4-week pause, 1.6.–28.6.: no period runs, so no usage (decision 058). */
const PAUSED = subscriptionFixture({
  current_period: null,
  usage: { hours_used: 0, hours_quota: 16, percent: 0 },
  pause: { starts_on: "2026-06-01", last_day: "2026-06-28", weeks: 4, current: true },
  pausing: { offer: null, note: null },
});
const CANCELLED_MESSAGE = "Jäsenyytesi on irtisanottu.";
const SERVER_DOWN = "Palvelimella tapahtui virhe.";
const network = () => apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä.");

const events = [
  { type: "subscription.load" },
  { type: "subscription.clear" },
  { type: "subscription.reload" },
  { type: "subscription.cancel" },
  { type: "subscription.confirmCancel" },
  { type: "subscription.keep" },
  ...[null, PENDING, ACTIVE, COMMITTED, PAUSED, OVERDUE, SUSPENDED, CANCELLED, EXPIRED].map((output) => ({
    type: "xstate.done.actor.loadSubscription",
    output,
  })),
  { type: "xstate.error.actor.loadSubscription", error: apiError(500, SERVER_DOWN) },
  { type: "xstate.error.actor.loadSubscription", error: network() },
  {
    type: "xstate.done.actor.cancelSubscription",
    output: {
      success: true,
      message: CANCELLED_MESSAGE,
      cancelled_at: CANCELLED.cancelled_at,
      subscription: CANCELLED,
    },
  },
  { type: "xstate.error.actor.cancelSubscription", error: apiError(409, NO_ACTIVE_SUBSCRIPTION) },
  { type: "xstate.error.actor.cancelSubscription", error: network() },
];

const model = new TestModel(subscriptionMachine, {
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  // Everything the assertions read (a state's snapshot stands for every path that reaches it).
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    const shown = [
      c.subscription?.status,
      c.subscription?.commitment,
      c.subscription?.unpaid?.suspended,
      c.subscription?.pause?.current,
    ];
    return JSON.stringify([s.value, shown, c.errorMessage, c.cancelError, c.cancelMessage]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let session: TestSession;
let router: TestApp;
let confirmations = 0;
/** How many times the membership had been asked for when the customer last signed out. */
let askedBeforeSignOut = 0;
const user = userEvent.setup({ delay: null });
const here = () => router.here();
/** Text as toHaveTextContent compares it: every run of white space (the no-break ones too) one space. */
const plain = (text: string) => text.replace(/\s+/g, " ");
const section = () => screen.getByRole("region", { name: "Jäsenyys" });
const button = (name: string) => within(section()).getByRole("button", { name });

type Step = { event: { output?: unknown; error?: unknown } };
const settle = (name: "mySubscription" | "cancelSubscription") => ({
  done: ({ event }: Step) => fake.settle(name, { value: event.output }),
  error: ({ event }: Step) => fake.settle(name, { error: event.error }),
});

const executors = {
  "xstate.init": async () => {
    router = await renderMembershipApp({
      path: "/oma-tili",
      pages: [
        { path: "/oma-tili", element: <AccountPage /> },
        { path: "/login", element: <LoginPage /> },
      ],
      session,
      env: { api: fake.api, now: () => NOW, redirectToPayment: () => {} },
    });
  },
  // A customer signs in; when one already is, another one does (in another tab).
  "subscription.load": () => session.signInAs(session.signedIn()?.id === ANSA.id ? BERTTA : ANSA),
  "subscription.clear": () => {
    session.signInAs(null);
    askedBeforeSignOut = fake.calls("mySubscription").length;
  },
  // Whichever name the state gives the button; after a failed cancel, the one beside the message.
  "subscription.reload": () =>
    user.click(
      within(section())
        .getAllByRole("button", {
          name: /^(Yritä uudelleen|Päivitä tiedot|Päivitä tila|Päivitä käyttötiedot)$/,
        })
        .at(-1)!,
    ),
  "subscription.cancel": () => user.click(button("Irtisano jäsenyys")),
  "subscription.confirmCancel": async () => {
    confirmations += 1;
    await user.click(button("Kyllä, irtisano"));
  },
  "subscription.keep": () =>
    user.click(within(section()).getByRole("button", { name: /^(Ei, pidä jäsenyys|Sulje)$/ })),
  "xstate.done.actor.loadSubscription": settle("mySubscription").done,
  "xstate.error.actor.loadSubscription": settle("mySubscription").error,
  "xstate.done.actor.cancelSubscription": settle("cancelSubscription").done,
  "xstate.error.actor.cancelSubscription": settle("cancelSubscription").error,
};

/* ---------- What each state shows ---------- */

/** Spec §1: "Omat varaukset" shows (a stored booking is ahead) only without an active membership. */
async function expectHeaderRule(s: Snapshot) {
  const nav = await screen.findByRole("navigation", { name: "Päävalikko" });
  const link = within(nav).queryByRole("link", { name: "Omat varaukset" });
  if (s.context.subscription?.status === "active") expect(link).toBeNull();
  else expect(link).toHaveAttribute("href", "/oma-varaus");
}

const shows = (check: (s: Snapshot) => unknown) => async (s: Snapshot) => {
  await waitFor(() => check(s));
  await expectHeaderRule(s);
};

function expectDetails(s: Snapshot, status: string) {
  const region = section();
  expect(within(region).getByText("Plus")).toBeInTheDocument();
  expect(within(region).getByText(status)).toBeInTheDocument();
  expect(region).toHaveTextContent(plain(`${formatEuros(s.context.subscription!.monthly_price_cents)}/kk`));
}

const USAGE = "Tuntikiintiön käyttö tällä jaksolla";
function expectUsage() {
  expect(screen.getByLabelText(USAGE)).toHaveAttribute("value", "4");
  expect(section()).toHaveTextContent("4 / 16 h (25 %)");
}

const noConfirmation = () =>
  expect(screen.queryByRole("region", { name: "Irtisanotaanko jäsenyys?" })).toBeNull();

const states: StateAssertions<typeof subscriptionMachine> = {
  // Nobody is signed in: the account page sent them to /login, and nothing was asked for since
  // (a load still under way when they signed out is left unanswered: its answer is ignored).
  idle: shows(() => {
    expect(here()).toBe("/login");
    expect(screen.getByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    expect(fake.calls("mySubscription")).toHaveLength(askedBeforeSignOut);
  }),
  // A first load has nothing to show; a reload keeps the membership on screen meanwhile.
  loading: shows((s) => {
    if (s.context.subscription) {
      expect(within(section()).getByText("Päivitetään jäsenyyden tietoja…")).toHaveAttribute(
        "role",
        "status",
      );
      expect(section()).toHaveTextContent("Plus");
    } else expect(within(section()).getByRole("status")).toHaveTextContent("Ladataan jäsenyyttä…");
  }),
  none: shows(() => {
    expect(section()).toHaveTextContent("Sinulla ei ole jäsenyyttä.");
    expect(within(section()).getByRole("link", { name: "Tutustu jäsenyyteen" })).toHaveAttribute(
      "href",
      "/jasenyys",
    );
    expect(screen.queryByRole("alert")).toBeNull();
  }),
  pending: shows((s) => {
    expectDetails(s, "Odottaa maksua");
    expect(section()).toHaveTextContent("Jäsenyys alkaa, kun ensimmäinen lasku on maksettu.");
    expect(button("Päivitä tila")).toBeEnabled();
    expect(within(section()).queryByRole("button", { name: "Irtisano jäsenyys" })).toBeNull();
  }),
  active: shows((s) => {
    if (s.context.subscription!.pause?.current) expect(screen.queryByLabelText(USAGE)).toBeNull();
    else expectUsage();
    expect(section()).toHaveTextContent(
      s.context.subscription!.commitment === "12m"
        ? "12 kk, päättyy pe 30.4.2027 (319 päivää jäljellä)"
        : "Ei sitoumusta",
    );
  }),
  "active.standing.good": shows((s) => {
    expectDetails(s, "Voimassa");
    expect(section()).not.toHaveTextContent("Siirry laskuihin");
  }),
  // In the grace: bookings still work; the note says the day it would be suspended.
  "active.standing.overdue": shows((s) => {
    expectDetails(s, "Voimassa");
    expect(section()).toHaveTextContent(
      plain("Lasku nro 1005 erääntyi pe 12.6.2026. Maksa se viimeistään to 18.6.2026"),
    );
    expect(section()).toHaveTextContent("muuten jäsenyytesi keskeytetään");
    expect(within(section()).getByRole("link", { name: "Siirry laskuihin" })).toHaveAttribute(
      "href",
      "#invoices-heading",
    );
  }),
  "active.standing.suspended": shows((s) => {
    expectDetails(s, "Keskeytetty pe 12.6.2026 alkaen");
    expect(section()).toHaveTextContent(plain(suspensionMessage(SUSPENDED.unpaid!)));
    expect(section()).toHaveTextContent("1004");
    expect(within(section()).getByRole("link", { name: "Siirry laskuihin" })).toBeInTheDocument();
  }),
  // The member's own pause: no usage, and when billing resumes.
  "active.standing.paused": shows((s) => {
    expectDetails(s, "Tauolla su 28.6.2026 asti");
    expect(section()).toHaveTextContent("ma 1.6.2026 – su 28.6.2026 (4 viikkoa)");
    expect(section()).toHaveTextContent(
      plain(
        "Jäsenyys on tauolla su 28.6.2026 asti: tauon ajalta ei laskuteta eikä sille voi varata jäsenenä. Laskutus ja tuntikiintiö jatkuvat ma 29.6.2026.",
      ),
    );
    expect(section()).not.toHaveTextContent("Siirry laskuihin");
  }),
  "active.cancel.idle": shows(() => {
    expect(button("Irtisano jäsenyys")).toBeEnabled();
    expect(button("Päivitä käyttötiedot")).toBeEnabled();
    noConfirmation();
    expect(fake.calls("cancelSubscription")).toHaveLength(confirmations);
  }),
  // What cancelling means, before anything is sent.
  "active.cancel.confirmingCancel": shows((s) => {
    const box = screen.getByRole("region", { name: "Irtisanotaanko jäsenyys?" });
    if (s.context.subscription!.pause?.current) {
      expect(box).toHaveTextContent(
        plain("Jäsenyys päättyy tauon lopussa, su 28.6.2026 (13 päivää jäljellä). Uusia laskuja ei tule."),
      );
    } else if (s.context.subscription!.commitment === "12m") {
      expect(box).toHaveTextContent("sitoumus, joka päättyy pe 30.4.2027 (319 päivää jäljellä)");
      expect(box).toHaveTextContent("Irtisanominen tulee voimaan vasta sitoumuksen päättyessä");
    } else {
      expect(box).toHaveTextContent("maksetun jakson loppuun, ti 30.6.2026 asti (15 päivää jäljellä)");
    }
    expect(within(box).getByRole("button", { name: "Kyllä, irtisano" })).toBeEnabled();
    expect(within(box).getByRole("button", { name: "Ei, pidä jäsenyys" })).toBeEnabled();
    expect(fake.calls("cancelSubscription")).toHaveLength(confirmations);
  }),
  "active.cancel.cancelling": shows(() => {
    const box = screen.getByRole("region", { name: "Irtisanotaanko jäsenyys?" });
    expect(within(box).getByRole("status")).toHaveTextContent("Irtisanotaan…");
    expect(within(box).getByRole("button", { name: "Kyllä, irtisano" })).toBeDisabled();
    expect(within(box).getByRole("button", { name: "Ei, pidä jäsenyys" })).toBeDisabled();
  }),
  "active.cancel.cancelFailed": shows((s) => {
    expect([NO_ACTIVE_SUBSCRIPTION, CANCEL_SUBSCRIPTION_FAILED]).toContain(s.context.cancelError);
    expect(within(section()).getByRole("alert")).toHaveTextContent(s.context.cancelError!);
    expect(button("Päivitä tiedot")).toBeEnabled();
    expect(button("Sulje")).toBeEnabled();
    noConfirmation();
  }),
  cancelled: shows((s) => {
    expectDetails(s, "Irtisanottu");
    expectUsage();
    const note = within(section()).getByRole("status");
    // The end date is said once: by the cancel's answer, or (after a reload) by the membership.
    if (s.context.cancelMessage) {
      expect(note).toHaveTextContent(CANCELLED_MESSAGE);
      expect(note).not.toHaveTextContent("Käyttöoikeus on voimassa");
    } else {
      expect(note).toHaveTextContent("Käyttöoikeus on voimassa ti 30.6.2026 asti (15 päivää jäljellä).");
    }
    if (s.context.subscription!.commitment === "12m") {
      expect(section()).toHaveTextContent("Sitoumus12 kk");
      expect(section()).not.toHaveTextContent("päättyy");
    }
    expect(within(section()).queryByRole("button", { name: "Irtisano jäsenyys" })).toBeNull();
    noConfirmation();
  }),
  error: shows((s) => {
    // The server's message when it gave one, the spec's fallback otherwise (never for a 404).
    expect([SERVER_DOWN, LOAD_SUBSCRIPTION_FAILED]).toContain(s.context.errorMessage);
    expect(within(section()).getByRole("alert")).toHaveTextContent(s.context.errorMessage!);
    expect(button("Yritä uudelleen")).toBeEnabled();
  }),
};

setUpMembershipTests(() => {
  // A booking ahead, so the header's rule depends on the membership alone.
  localStorage.setItem(
    storageKeys.reservations,
    JSON.stringify([
      {
        id: "r1",
        accessToken: "a1",
        start: "2099-06-01T09:00:00+03:00",
        endTime: "2099-06-01T10:00:00+03:00",
      },
    ]),
  );
  fake = createFakeMembershipApi();
  session = createTestSession(null);
  confirmations = 0;
  askedBeforeSignOut = 0;
});

/** A membership the server gives, as a tester arranges it. */
const membershipWords = (output: typeof ACTIVE | null) =>
  output === null
    ? "The server answers 404: the customer has no membership."
    : `The server gives a Plus membership that is ${output.status}` +
      (output.commitment === "12m" ? `, committed until ${output.commitment_end_date}` : "") +
      (output.pause?.current ? `, paused ${output.pause.starts_on}–${output.pause.last_day}` : "") +
      (output.unpaid
        ? `, with invoice ${output.unpaid.invoice_number} due ${output.unpaid.due_date} unpaid (${output.unpaid.suspended ? "suspended" : "in its grace"}).`
        : ".");

describePathTests(subscriptionMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": "Open /oma-tili with nobody signed in.",
    "subscription.load": "In another tab, sign in (as Ansa; as Bertta when Ansa is already signed in).",
    "subscription.clear": "In another tab, sign out.",
    "subscription.reload":
      "Press the membership's refresh button (“Yritä uudelleen”, “Päivitä tiedot”, “Päivitä tila” or “Päivitä käyttötiedot”, whichever it shows).",
    "subscription.cancel": "Press “Irtisano jäsenyys”.",
    "subscription.confirmCancel": "Press “Kyllä, irtisano”.",
    "subscription.keep": "Press “Ei, pidä jäsenyys” (or “Sulje” beside a failed cancel).",
    "xstate.done.actor.loadSubscription": (e: { output: typeof ACTIVE | null }) => membershipWords(e.output),
    "xstate.done.actor.cancelSubscription": `The server accepts the cancel: “${CANCELLED_MESSAGE}”`,
  },
});
