// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  LOAD_PREFERENCE_FAILED,
  reminderPreferenceMachine,
  SAVE_PREFERENCE_FAILED,
} from "../../machines/reminderPreferenceMachine";
import { AccountPage } from "../../src/web/pages/AccountPage";
import { describePathTests, type StateAssertions } from "../support/paths";
import { apiError } from "./bookingPathSupport";
import {
  ANSA,
  createFakeMembershipApi,
  createTestSession,
  renderMembershipApp,
  setUpMembershipTests,
  type FakeMembershipApi,
} from "./membershipPathSupport";

/*
 * Paths generated from reminderPreferenceMachine, run against the real /oma-tili (its
 * "Muistutukset" section) for a signed-in customer: reading the setting, turning reminders off and
 * on, and a failed read or save, after which the switch still shows what the server has.
 */

type Snapshot = SnapshotFrom<typeof reminderPreferenceMachine>;

const OFF = "Muistutukset ovat pois päältä.";
const ON = "Muistutukset ovat päällä: saat sähköpostin ennen jokaista varaustasi.";
const SERVER_DOWN = "Palvelimella tapahtui virhe.";

/** The server answers a save with the opposite of what the switch showed, as it does. */
const saved = (c: Snapshot["context"]) =>
  c.enabled
    ? { type: "xstate.done.actor.savePreference", output: { enabled: false, message: OFF } }
    : { type: "xstate.done.actor.savePreference", output: { enabled: true, message: ON } };

const modelEvents = (c: Snapshot["context"]) => [
  { type: "reminders.toggle" },
  { type: "reminders.retry" },
  { type: "xstate.done.actor.loadPreference", output: { enabled: true } },
  { type: "xstate.error.actor.loadPreference", error: apiError(500, SERVER_DOWN) },
  saved(c),
  { type: "xstate.error.actor.savePreference", error: apiError(null, "") },
];

const model = new TestModel(reminderPreferenceMachine, {
  events: (s) => modelEvents(s.context) as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.enabled, c.message, c.errorMessage]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let toggles: number;
const user = userEvent.setup({ delay: null });
const section = () => screen.getByRole("region", { name: "Muistutukset" });
const toggle = () => within(section()).getByRole("checkbox", { name: /Lähetä muistutus sähköpostiini/ });

type Step = { event: { output?: unknown; error?: unknown } };
const executors = {
  "xstate.init": async () => {
    await renderMembershipApp({
      path: "/oma-tili",
      pages: [{ path: "/oma-tili", element: <AccountPage /> }],
      session: createTestSession(ANSA),
      env: { api: fake.api, now: () => new Date(), redirectToPayment: () => {} },
    });
  },
  "reminders.toggle": async () => {
    toggles += 1;
    await user.click(toggle());
  },
  "reminders.retry": () => user.click(within(section()).getByRole("button", { name: "Yritä uudelleen" })),
  "xstate.done.actor.loadPreference": ({ event }: Step) => fake.settle("reminders", { value: event.output }),
  "xstate.error.actor.loadPreference": ({ event }: Step) => fake.settle("reminders", { error: event.error }),
  "xstate.done.actor.savePreference": ({ event }: Step) =>
    fake.settle("setReminders", { value: event.output }),
  "xstate.error.actor.savePreference": ({ event }: Step) =>
    fake.settle("setReminders", { error: event.error }),
};

/* ---------- What each state shows ---------- */

const states: StateAssertions<typeof reminderPreferenceMachine> = {
  loading: async () => {
    expect(await within(section()).findByText("Ladataan…")).toBeVisible();
    expect(within(section()).queryByRole("checkbox")).toBeNull();
  },
  loadFailed: async (s) => {
    expect(s.context.errorMessage).toBe(SERVER_DOWN);
    expect(await within(section()).findByRole("alert")).toHaveTextContent(SERVER_DOWN);
    expect(within(section()).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect(within(section()).queryByRole("checkbox")).toBeNull();
    expect([SERVER_DOWN, LOAD_PREFERENCE_FAILED]).toContain(s.context.errorMessage);
  },
  // The switch as the server has it; the last change's words, or why it failed.
  showing: async (s) => {
    await waitFor(() => expect(toggle()).toBeEnabled());
    if (s.context.enabled) expect(toggle()).toBeChecked();
    else expect(toggle()).not.toBeChecked();
    const status = within(section()).queryByRole("status");
    if (s.context.message) expect(status).toHaveTextContent(s.context.message);
    else expect(status).toBeNull();
    const alert = within(section()).queryByRole("alert");
    if (s.context.errorMessage) {
      expect(s.context.errorMessage).toBe(SAVE_PREFERENCE_FAILED);
      expect(alert).toHaveTextContent(SAVE_PREFERENCE_FAILED);
    } else expect(alert).toBeNull();
    expect(fake.calls("setReminders")).toHaveLength(toggles);
  },
  saving: async (s) => {
    expect(await within(section()).findByRole("status")).toHaveTextContent("Tallennetaan…");
    expect(toggle()).toBeDisabled();
    // What is asked for is the opposite of what the server had.
    expect(fake.calls("setReminders").at(-1)?.args).toEqual([!s.context.enabled]);
  },
};

setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
  toggles = 0;
});

type Answer = { output: { enabled: boolean; message?: string } };

describePathTests(reminderPreferenceMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}), open /oma-tili and find its section “Muistutukset”.`,
    "reminders.toggle": "Click the checkbox “Lähetä muistutus sähköpostiini ennen jokaista varaustani”.",
    "reminders.retry": "Press “Yritä uudelleen” in “Muistutukset”.",
    "xstate.done.actor.loadPreference": ({ output }: Answer) =>
      `The server answers that reminders are ${output.enabled ? "on" : "off"}.`,
    "xstate.done.actor.savePreference": ({ output }: Answer) =>
      `The server saves reminders ${output.enabled ? "on" : "off"} and answers “${output.message}”`,
    // The failure has no words of its own: the page says its fallback.
    "xstate.error.actor.savePreference":
      "The save request fails: no answer from the server (the connection is cut).",
  },
});
