// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import { WAITLIST_JOIN_FAILED, waitlistMachine } from "../../machines/waitlistMachine";
import { WaitlistPage } from "../../src/web/pages/booking/WaitlistPage";
import { describePathTests, type StateAssertions } from "../support/paths";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";

/*
 * Paths generated from waitlistMachine, run against the real /varauskalenteri/jono/:start/:end
 * ("Ilmoita, jos aika vapautuu" of a taken calendar cell): the address is sent with the slot, the
 * server's answer shown, a refusal's words shown beside the form, and sending again.
 */

type Snapshot = SnapshotFrom<typeof waitlistMachine>;

const START = "2026-06-20T10:00:00+03:00";
const END = "2026-06-20T10:30:00+03:00";
const JOINED =
  "Olet jonossa. Jos aika vapautuu, lähetämme sähköpostiisi linkin, jolla aika on hetken varattuna vain sinulle.";
const FREE = "Aika on vapaa juuri nyt: varaa se varauskalenterista.";
const ADDRESS = "maija@example.com";

const events = [
  { type: "waitlist.submit", email: ADDRESS },
  { type: "xstate.done.actor.joinWaitlist", output: { success: true, message: JOINED } },
  { type: "xstate.error.actor.joinWaitlist", error: apiError(409, FREE) },
  { type: "xstate.error.actor.joinWaitlist", error: apiError(null, "") },
];

const model = new TestModel(waitlistMachine, {
  input: { start: START, end: END },
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.email, s.matches("failed") ? c.errorMessage : null]);
  },
});

let fake: FakeApi;
let sent: number;
const user = userEvent.setup({ delay: null });
const field = () => screen.getByLabelText("Sähköpostiosoite");
const sendButton = () => screen.getByRole("button", { name: /^(Ilmoita, jos aika vapautuu|Lähetetään…)$/ });

type Step = { event: { email?: string; output?: unknown; error?: unknown } };
const executors = {
  "xstate.init": async () => {
    renderBookingRoute(
      "/varauskalenteri/jono/:start/:end",
      `/varauskalenteri/jono/${encodeURIComponent(START)}/${encodeURIComponent(END)}`,
      <WaitlistPage />,
      { api: fake.api, now: () => new Date("2026-06-16T08:00:00+03:00"), redirectToPayment: () => {} },
    );
    expect(await screen.findByText("la 20.6.2026 klo 10.00–10.30")).toBeVisible();
  },
  "waitlist.submit": async ({ event }: Step) => {
    sent += 1;
    await user.clear(field());
    await user.type(field(), ` ${event.email!} `);
    await user.click(sendButton());
  },
  "xstate.done.actor.joinWaitlist": async ({ event }: Step) => {
    expect(await fake.settle("waitlistJoin", { value: event.output })).toEqual([START, END, ADDRESS]);
  },
  "xstate.error.actor.joinWaitlist": ({ event }: Step) => fake.settle("waitlistJoin", { error: event.error }),
};

const states: StateAssertions<typeof waitlistMachine> = {
  editing: async () => {
    await waitFor(() => expect(sendButton()).toHaveTextContent("Ilmoita, jos aika vapautuu"));
    expect(sendButton()).toBeEnabled();
    expect(field()).toHaveValue("");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fake.calls("waitlistJoin")).toHaveLength(sent);
  },
  sending: async () => {
    await waitFor(() => expect(sendButton()).toHaveTextContent("Lähetetään…"));
    expect(sendButton()).toBeDisabled();
    expect(fake.calls("waitlistJoin").at(-1)?.args).toEqual([START, END, ADDRESS]);
  },
  joined: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent(JOINED);
    expect(screen.queryByLabelText("Sähköpostiosoite")).toBeNull();
    expect(screen.getByRole("link", { name: "Takaisin varauskalenteriin" })).toHaveAttribute(
      "href",
      "/varauskalenteri/2026-06-20",
    );
  },
  // The server's words when it gave some (the slot is free), the page's own otherwise; the address stays.
  failed: async (s) => {
    expect([FREE, WAITLIST_JOIN_FAILED]).toContain(s.context.errorMessage);
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

describePathTests(waitlistMachine, { runs: [{ model, events: executors }], states });
