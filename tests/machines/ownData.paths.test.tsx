// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../support/appRouter";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { DELETE_FAILED, LOAD_DATA_FAILED, ownDataMachine } from "../../machines/ownDataMachine";
import { readStoredSession } from "../../src/client/customerSession";
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
 * Paths generated from ownDataMachine, run against the real /oma-tili (its own-data section) for a
 * signed-in customer: reading and saving the export, and deleting the account only after a
 * confirmation, after which the session is gone and the customer is home.
 */

type Snapshot = SnapshotFrom<typeof ownDataMachine>;

const EXPORT = { customer: { email: ANSA.email, name: ANSA.name }, reservations: [], invoices: [] };
const OPEN_INVOICE = "Tiliä ei voi poistaa, kun sinulla on avoin lasku. Maksa lasku ensin.";
const SERVER_DOWN = "Palvelimella tapahtui virhe.";
const network = () => apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä.");

const events = [
  { type: "ownData.load" },
  { type: "ownData.delete" },
  { type: "ownData.confirmDelete" },
  { type: "ownData.keep" },
  { type: "xstate.done.actor.loadOwnData", output: EXPORT },
  { type: "xstate.error.actor.loadOwnData", error: apiError(500, SERVER_DOWN) },
  { type: "xstate.error.actor.loadOwnData", error: network() },
  { type: "xstate.done.actor.deleteAccount", output: { success: true, message: "Tilisi on poistettu." } },
  { type: "xstate.error.actor.deleteAccount", error: apiError(409, OPEN_INVOICE) },
  { type: "xstate.error.actor.deleteAccount", error: network() },
];

const model = new TestModel(ownDataMachine, {
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    // A message counts only where it is shown.
    const message = s.matches("loadFailed")
      ? c.errorMessage
      : s.matches("deleteFailed")
        ? c.deleteError
        : null;
    return JSON.stringify([s.value, c.data !== null, message]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let router: TestApp;
let confirmations = 0;
const user = userEvent.setup({ delay: null });
const section = () => screen.getByRole("region", { name: "Omat tiedot" });
const button = (name: string) => within(section()).getByRole("button", { name });
const confirmBox = () => screen.queryByRole("region", { name: "Poistetaanko tilisi?" });

type Step = { event: { output?: unknown; error?: unknown } };

const executors = {
  "xstate.init": async () => {
    router = await renderMembershipApp({
      path: "/oma-tili",
      pages: [
        { path: "/oma-tili", element: <AccountPage /> },
        { path: "/", element: <h1>Etusivu</h1> },
      ],
      session: createTestSession(ANSA),
      env: { api: fake.api, now: () => new Date(), redirectToPayment: () => {} },
    });
  },
  "ownData.load": () => user.click(button("Näytä omat tiedot")),
  "ownData.delete": () => user.click(button("Poista tili")),
  // From the confirmation, or again after a failure.
  "ownData.confirmDelete": async () => {
    confirmations += 1;
    await user.click(button(confirmBox() ? "Kyllä, poista tili" : "Yritä uudelleen"));
  },
  "ownData.keep": () =>
    user.click(within(section()).getByRole("button", { name: /^(Ei, säilytä tili|Sulje)$/ })),
  "xstate.done.actor.loadOwnData": ({ event }: Step) => fake.settle("myData", { value: event.output }),
  "xstate.error.actor.loadOwnData": ({ event }: Step) => fake.settle("myData", { error: event.error }),
  "xstate.done.actor.deleteAccount": ({ event }: Step) =>
    fake.settle("deleteAccount", { value: event.output }),
  "xstate.error.actor.deleteAccount": ({ event }: Step) =>
    fake.settle("deleteAccount", { error: event.error }),
};

/* ---------- What each state shows ---------- */

function expectExport(s: Snapshot) {
  const shown = within(section()).queryByLabelText("Omat tiedot");
  const save = within(section()).queryByRole("link", { name: "Tallenna tiedostona" });
  if (s.context.data === null) {
    expect(shown).toBeNull();
    expect(save).toBeNull();
    return;
  }
  expect(JSON.parse(shown!.textContent!)).toEqual(EXPORT);
  expect(save).toHaveAttribute("download", "omat-tiedot.json");
  expect(
    decodeURIComponent(save!.getAttribute("href")!.replace("data:application/json;charset=utf-8,", "")),
  ).toBe(JSON.stringify(EXPORT, null, 2));
}

const states: StateAssertions<typeof ownDataMachine> = {
  idle: async (s) => {
    await waitFor(() => expect(button("Näytä omat tiedot")).toBeEnabled());
    expect(button("Poista tili")).toBeEnabled();
    expect(within(section()).queryByRole("alert")).toBeNull();
    expect(confirmBox()).toBeNull();
    expectExport(s);
    expect(fake.calls("deleteAccount")).toHaveLength(confirmations);
  },
  loading: async () => {
    expect(await within(section()).findByRole("status")).toHaveTextContent("Haetaan tietoja…");
    expect(button("Näytä omat tiedot")).toBeDisabled();
  },
  loadFailed: async (s) => {
    expect([SERVER_DOWN, LOAD_DATA_FAILED]).toContain(s.context.errorMessage);
    expect(await within(section()).findByRole("alert")).toHaveTextContent(s.context.errorMessage!);
    expect(button("Näytä omat tiedot")).toBeEnabled();
    expect(button("Poista tili")).toBeEnabled();
  },
  // What deleting means, before anything is sent.
  confirmingDelete: async () => {
    const box = await screen.findByRole("region", { name: "Poistetaanko tilisi?" });
    expect(box).toHaveTextContent("eikä poistoa voi perua");
    expect(within(box).getByRole("button", { name: "Kyllä, poista tili" })).toBeEnabled();
    expect(within(box).getByRole("button", { name: "Ei, säilytä tili" })).toBeEnabled();
    expect(within(section()).queryByRole("button", { name: "Poista tili" })).toBeNull();
    expect(fake.calls("deleteAccount")).toHaveLength(confirmations);
  },
  deleting: async () => {
    const box = confirmBox()!;
    expect(await within(box).findByRole("status")).toHaveTextContent("Poistetaan tiliä…");
    expect(within(box).getByRole("button", { name: "Kyllä, poista tili" })).toBeDisabled();
    expect(within(box).getByRole("button", { name: "Ei, säilytä tili" })).toBeDisabled();
  },
  deleteFailed: async (s) => {
    // The server's message (e.g. an open invoice) when it gave one, a fallback otherwise.
    expect([OPEN_INVOICE, DELETE_FAILED]).toContain(s.context.deleteError);
    const alert = await within(section()).findByRole("alert");
    expect(alert).toHaveTextContent(s.context.deleteError!);
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect(within(alert).getByRole("button", { name: "Sulje" })).toBeEnabled();
    expect(readStoredSession().token).not.toBeNull();
  },
  // The session ended with the account: home, signed out.
  deleted: async () => {
    await waitFor(() => expect(router.here()).toBe("/"));
    expect(screen.getByRole("heading", { level: 1, name: "Etusivu" })).toBeInTheDocument();
    expect(readStoredSession().token).toBeNull();
  },
};

setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
  confirmations = 0;
});

describePathTests(ownDataMachine, { runs: [{ model, events: executors }], states });
