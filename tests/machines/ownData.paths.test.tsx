// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../support/appRouter";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { DELETE_FAILED, LOAD_DATA_FAILED, ownDataMachine } from "../../machines/ownDataMachine";
import { readStoredSession } from "../../src/client/customerSession";
import type { CustomerData } from "../../src/domain/membership";
import { AccountPage } from "../../src/web/pages/AccountPage";
import { invoiceFixture, subscriptionFixture } from "../support/membership";
import { describePathTests, failedRequest, type StateAssertions } from "../support/paths";
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

/** A member with a 12-month commitment from 1 May 2026: commitment_end_date is the first free day. */
const MEMBERSHIP = subscriptionFixture({
  commitment: "12m",
  monthly_price_cents: 5310,
  commitment_end_date: "2027-05-01",
  commitment_days_remaining: 319,
});
const EXPORT: CustomerData = {
  exported_at: "2026-06-16T12:00:00+03:00",
  customer: {
    id: ANSA.id,
    email: ANSA.email,
    name: ANSA.name ?? null,
    phone: null,
    createdAt: "2026-04-28T09:15:00.000Z",
  },
  subscription: MEMBERSHIP,
  invoices: [invoiceFixture({ status: "paid", paid_at: "2026-06-02T10:00:00+03:00" })],
  reservations: [
    {
      id: "1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
      kind: "subscriber",
      areaName: "Koirapuisto",
      start: "2026-06-20T10:00:00+03:00",
      end: "2026-06-20T11:00:00+03:00",
      status: "confirmed",
      dogs: 1,
      hours: 1,
      priceCents: 0,
      doorUrl: null,
      accessToken: "access-m1",
      cancellable: true,
      cancellableUntil: "2026-06-20T10:00:00+03:00",
      noShow: false,
    },
  ],
  emails: [
    { subject: "Tervetuloa jäseneksi", kind: "membership_welcome", sent_at: "2026-05-01T08:00:00+03:00" },
  ],
  records: {
    customers: [{ id: ANSA.id, email: ANSA.email }],
    reservations: [{ id: "1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b" }],
    invoices: [{ id: "a" }, { id: "b" }],
    door_events: [],
  },
};
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
  const shown = within(section()).queryByRole("group", { name: "Sinusta tallennetut tiedot" });
  const save = within(section()).queryByRole("link", { name: "Tallenna tiedostona (JSON)" });
  if (s.context.data === null) {
    expect(shown).toBeNull();
    expect(save).toBeNull();
    return;
  }
  // Read as a person reads it: Finnish sections and lists, no raw JSON or English keys.
  const view = within(shown!);
  const part = (name: string) => view.getByRole("heading", { level: 4, name }).parentElement!;
  expect(shown).toHaveTextContent("Haettu ti 16.6.2026 klo 12.00.");
  expect(part("Perustiedot")).toHaveTextContent(
    `Sähköposti${ANSA.email}Nimi${ANSA.name}Puhelin–Tili luotuti 28.4.2026`,
  );
  // The commitment's end is its last binding day, the date /oma-tili's membership says too.
  expect(part("Jäsenyys")).toHaveTextContent(
    "TasoPlusTilaVoimassaKuukausihinta53,10 €/kkAlkoipe 1.5.2026Sitoumus12 kk, pe 30.4.2027 asti",
  );
  expect(part("Laskut (1)")).toHaveTextContent(
    "Lasku 1002: Jäsenyys Plus 1.6.–30.6.2026, 59,00 €, maksettu ti 2.6.2026",
  );
  expect(part("Varaukset (1)")).toHaveTextContent(
    "la 20.6.2026 klo 10.00–11.00: Jäsenvaraus, Koirapuisto, vahvistettu",
  );
  expect(view.getByText("Lähetetyt sähköpostit (1)")).toBeInTheDocument();
  expect(shown).toHaveTextContent("pe 1.5.2026 klo 8.00: Tervetuloa jäseneksi");
  expect(shown).toHaveTextContent("Asiakastiedot: 1 riviVaraukset: 1 riviLaskut: 2 riviä");
  expect(shown).not.toHaveTextContent("Portin avaukset");
  expect(shown).not.toHaveTextContent(/[{}"]|commitment_end_date|exported_at|createdAt/);
  // The machine-readable export stays, as a file.
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

describePathTests(ownDataMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}), open /oma-tili and find its section “Omat tiedot”.`,
    "ownData.load": "Press “Näytä omat tiedot”.",
    "ownData.delete": "Press “Poista tili”.",
    "ownData.confirmDelete": "Press “Kyllä, poista tili” (or “Yritä uudelleen” beside a failed deletion).",
    "ownData.keep": "Press “Ei, säilytä tili” (or “Sulje” beside a failed deletion).",
    "xstate.done.actor.loadOwnData": `The server gives ${ANSA.name}'s data: her details (account made 28.4.2026), a Plus membership with a 12-month commitment from 1.5.2026, the paid invoice 1002, one member booking la 20.6.2026 klo 10.00–11.00 and one e-mail “Tervetuloa jäseneksi”.`,
    "xstate.error.actor.loadOwnData": failedRequest(LOAD_DATA_FAILED),
    "xstate.done.actor.deleteAccount": ({ output }: { output: { message: string } }) =>
      `The server deletes the account, ends the session and answers “${output.message}”`,
    "xstate.error.actor.deleteAccount": failedRequest(DELETE_FAILED),
  },
});

test("the commitment ends on one date on /oma-tili: in the membership and in the own data", async () => {
  await executors["xstate.init"]();
  await fake.settle("mySubscription", { value: MEMBERSHIP });
  const membership = await screen.findByRole("region", { name: "Jäsenyys" });
  expect(await within(membership).findByText(/^12 kk, päättyy/)).toHaveTextContent(
    "12 kk, päättyy pe 30.4.2027 (319 päivää jäljellä)",
  );
  await user.click(button("Näytä omat tiedot"));
  await fake.settle("myData", { value: EXPORT });
  expect(await within(section()).findByText("12 kk, pe 30.4.2027 asti")).toBeInTheDocument();
  // commitment_end_date (1.5.2027) is the first free day: no view calls it the end.
  expect(document.body).not.toHaveTextContent("1.5.2027");
});
