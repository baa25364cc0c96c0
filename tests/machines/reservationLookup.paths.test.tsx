// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { LOOKUP_FAILED, reservationLookupMachine } from "../../machines/reservationLookupMachine";
import { MyReservationsPage } from "../../src/web/pages/booking/MyReservationsPage";
import { describePathTests, failedRequest, type StateAssertions } from "../support/paths";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";

/*
 * Paths generated from reservationLookupMachine, run against the real /oma-varaus (its
 * "Varaus toisella laitteella?" section) in a browser that keeps no bookings: the address is sent,
 * the server's answer shown, a refusal's words shown beside the form, and asking again.
 */

type Snapshot = SnapshotFrom<typeof reservationLookupMachine>;

const QUEUED =
  "Jos tällä osoitteella on tulevia varauksia, saat linkit niihin sähköpostiisi hetken kuluttua. Avaa linkki tällä laitteella, niin varaus tallentuu tähän selaimeen.";
const TOO_MANY = "Varauksia on pyydetty liian monta kertaa. Yritä uudelleen 12 minuutin kuluttua.";
const ADDRESS = "maija@example.com";

const events = [
  { type: "lookup.submit", email: ADDRESS },
  { type: "lookup.again" },
  { type: "xstate.done.actor.sendLookup", output: { success: true, message: QUEUED } },
  { type: "xstate.error.actor.sendLookup", error: apiError(429, TOO_MANY) },
  { type: "xstate.error.actor.sendLookup", error: apiError(null, "") },
];

const model = new TestModel(reservationLookupMachine, {
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.email, s.matches("failed") ? c.errorMessage : null]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeApi;
let sent: number;
const user = userEvent.setup({ delay: null });
const section = () => screen.getByRole("region", { name: "Varaus toisella laitteella?" });
const field = () => screen.getByLabelText("Sähköpostiosoite");
const sendButton = () =>
  screen.getByRole("button", { name: /^(Lähetä varaukseni sähköpostiini|Lähetetään…)$/ });

type Step = { event: { email?: string; output?: unknown; error?: unknown } };
const executors = {
  "xstate.init": async () => {
    renderBookingRoute("/oma-varaus", "/oma-varaus", <MyReservationsPage />, {
      api: fake.api,
      now: () => new Date("2026-06-16T08:00:00+03:00"),
      redirectToPayment: () => {},
    });
    // The page's own list has loaded (nothing kept) beside the form.
    expect(await screen.findByText("Tässä selaimessa ei ole tallennettuja varauksia.")).toBeVisible();
  },
  "lookup.submit": async ({ event }: Step) => {
    sent += 1;
    await user.clear(field());
    await user.type(field(), ` ${event.email!} `);
    await user.click(sendButton());
  },
  "lookup.again": () => user.click(screen.getByRole("button", { name: "Lähetä uudelleen" })),
  "xstate.done.actor.sendLookup": async ({ event }: Step) => {
    expect(await fake.settle("lookup", { value: event.output })).toEqual([ADDRESS]);
  },
  "xstate.error.actor.sendLookup": ({ event }: Step) => fake.settle("lookup", { error: event.error }),
};

/* ---------- What each state shows ---------- */

const states: StateAssertions<typeof reservationLookupMachine> = {
  editing: async (s) => {
    await waitFor(() => expect(sendButton()).toHaveTextContent("Lähetä varaukseni sähköpostiini"));
    expect(sendButton()).toBeEnabled();
    expect(field()).toHaveValue(s.context.email);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(QUEUED)).toBeNull();
    expect(fake.calls("lookup")).toHaveLength(sent);
  },
  sending: async () => {
    await waitFor(() => expect(sendButton()).toHaveTextContent("Lähetetään…"));
    expect(sendButton()).toBeDisabled();
    expect(fake.calls("lookup").at(-1)?.args).toEqual([ADDRESS]);
  },
  sent: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent(QUEUED);
    expect(screen.queryByLabelText("Sähköpostiosoite")).toBeNull();
    expect(section()).toContainElement(screen.getByRole("button", { name: "Lähetä uudelleen" }));
  },
  // The server's words when it gave some (the limit), the page's own otherwise; the address stays.
  failed: async (s) => {
    expect([TOO_MANY, LOOKUP_FAILED]).toContain(s.context.errorMessage);
    expect(await screen.findByRole("alert")).toHaveTextContent(s.context.errorMessage!);
    expect(field()).toHaveValue(ADDRESS);
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(sendButton()).toBeEnabled();
  },
};

beforeEach(() => {
  localStorage.clear();
  sent = 0;
  fake = createFakeApi();
});

const failureWords = failedRequest(LOOKUP_FAILED);

describePathTests(reservationLookupMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init":
      "Open /oma-varaus in a browser that keeps no bookings (“Tässä selaimessa ei ole tallennettuja varauksia.”); the form is under “Varaus toisella laitteella?”.",
    "lookup.submit": (e: { email: string }) =>
      `Clear “Sähköpostiosoite”, type “ ${e.email} ” (a space before and after) and press “Lähetä varaukseni sähköpostiini”.`,
    "lookup.again": "Press “Lähetä uudelleen”.",
    "xstate.done.actor.sendLookup": (e: { output: { message: string } }) =>
      `The server accepts the address: “${e.output.message}”`,
    "xstate.error.actor.sendLookup": failureWords,
  },
});
