// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  ENTRY_LEAVE_FAILED,
  ENTRY_LOAD_FAILED,
  waitlistEntryMachine,
  type WaitlistEntry,
} from "../../machines/waitlistEntryMachine";
import { WaitlistEntryPage } from "../../src/web/pages/booking/WaitlistEntryPage";
import { describePathTests, failedRequest, type StateAssertions } from "../support/paths";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";

/*
 * Paths generated from waitlistEntryMachine, run against the real /varauskalenteri/jono/:token (the
 * link in each waitlist e-mail): the entry waiting, offered (with the way to the checkout) or ended,
 * a wrong link, leaving the line and a leave that fails.
 */

type Snapshot = SnapshotFrom<typeof waitlistEntryMachine>;

const TOKEN = "jono-1";
const slot = {
  start: "2026-06-20T10:00:00+03:00",
  end: "2026-06-20T10:30:00+03:00",
  email: "maija@example.com",
};
const waiting: WaitlistEntry = { ...slot, status: "waiting", offerExpiresAt: null };
const offered: WaitlistEntry = { ...slot, status: "offered", offerExpiresAt: "2026-06-16T08:15:00+03:00" };
const ended: WaitlistEntry = { ...slot, status: "missed", offerExpiresAt: null };
const NOT_FOUND = "Jonopaikkaa ei löytynyt. Tarkista linkki.";
const LEFT = "Poistuit jonosta. Emme lähetä tästä ajasta enää viestejä.";

const events = [
  { type: "entry.leave" },
  { type: "entry.retry" },
  { type: "xstate.done.actor.loadEntry", output: waiting },
  { type: "xstate.done.actor.loadEntry", output: offered },
  { type: "xstate.done.actor.loadEntry", output: ended },
  { type: "xstate.error.actor.loadEntry", error: apiError(404, NOT_FOUND) },
  { type: "xstate.error.actor.loadEntry", error: apiError(null, "") },
  { type: "xstate.done.actor.leaveEntry", output: { message: LEFT } },
  { type: "xstate.error.actor.leaveEntry", error: apiError(null, "") },
];

const model = new TestModel(waitlistEntryMachine, {
  input: { token: TOKEN },
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.entry?.status, c.errorMessage]);
  },
});

let fake: FakeApi;
const user = userEvent.setup({ delay: null });
const leaveButton = () => screen.queryByRole("button", { name: /^(Poistu jonosta|Poistutaan…)$/ });

type Step = { event: { output?: unknown; error?: unknown } };
const executors = {
  "xstate.init": () => {
    renderBookingRoute(
      "/varauskalenteri/jono/:token",
      `/varauskalenteri/jono/${TOKEN}`,
      <WaitlistEntryPage />,
      {
        api: fake.api,
        now: () => new Date("2026-06-16T08:00:00+03:00"),
        redirectToPayment: () => {},
      },
    );
  },
  "entry.leave": () => user.click(leaveButton()!),
  "entry.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "xstate.done.actor.loadEntry": async ({ event }: Step) => {
    expect(await fake.settle("waitlistEntry", { value: event.output })).toEqual([TOKEN]);
  },
  "xstate.error.actor.loadEntry": ({ event }: Step) => fake.settle("waitlistEntry", { error: event.error }),
  "xstate.done.actor.leaveEntry": async ({ event }: Step) => {
    expect(await fake.settle("waitlistLeave", { value: event.output })).toEqual([TOKEN]);
  },
  "xstate.error.actor.leaveEntry": ({ event }: Step) => fake.settle("waitlistLeave", { error: event.error }),
};

const states: StateAssertions<typeof waitlistEntryMachine> = {
  loading: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent("Haetaan jonopaikkaa…");
  },
  loadFailed: async (s) => {
    expect([NOT_FOUND, ENTRY_LOAD_FAILED]).toContain(s.context.errorMessage);
    expect(await screen.findByRole("alert")).toHaveTextContent(s.context.errorMessage!);
    expect(screen.getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
  },
  shown: async (s) => {
    expect(await screen.findByText("la 20.6.2026 klo 10.00–10.30")).toBeVisible();
    const status = s.context.entry!.status;
    const checkout = screen.queryByRole("link", { name: "Varaa aika" });
    if (status === "offered") {
      expect(screen.getByText("Varaa ja maksa aika klo 8.15 mennessä.")).toBeVisible();
      expect(checkout).toHaveAttribute(
        "href",
        `/checkout/${encodeURIComponent(slot.start)}/${encodeURIComponent(slot.end)}?jono=${TOKEN}&email=maija%40example.com`,
      );
    } else expect(checkout).toBeNull();
    if (status === "missed") {
      expect(screen.getByText(/varausaika umpeutui/)).toBeVisible();
      expect(leaveButton()).toBeNull();
    } else await waitFor(() => expect(leaveButton()).toHaveTextContent("Poistu jonosta"));
    if (s.context.errorMessage) expect(screen.getByRole("alert")).toHaveTextContent(ENTRY_LEAVE_FAILED);
    else expect(screen.queryByRole("alert")).toBeNull();
  },
  leaving: async () => {
    await waitFor(() => expect(leaveButton()).toHaveTextContent("Poistutaan…"));
    expect(leaveButton()).toBeDisabled();
    expect(fake.calls("waitlistLeave").at(-1)?.args).toEqual([TOKEN]);
  },
  left: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent(LEFT);
    expect(leaveButton()).toBeNull();
  },
};

beforeEach(() => {
  fake = createFakeApi();
});

const standing: Record<string, string> = {
  waiting: "as waiting in line",
  offered: "as offered to it until klo 8.15",
  missed: "as missed (the offer's time to book ran out)",
};

describePathTests(waitlistEntryMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `On ti 16.6.2026 at klo 8.00, open /varauskalenteri/jono/${TOKEN} (the link in the entry's e-mails).`,
    "xstate.done.actor.loadEntry": ({ output }: { output: WaitlistEntry }) =>
      `The server gives the entry of ${output.email} for la 20.6.2026 klo 10.00–10.30 ${standing[output.status]}.`,
    "xstate.error.actor.loadEntry": failedRequest(ENTRY_LOAD_FAILED),
    "entry.leave": "Press “Poistu jonosta”.",
    "entry.retry": "Press “Yritä uudelleen”.",
    "xstate.done.actor.leaveEntry": ({ output }: { output: { message: string } }) =>
      `The server takes the entry out of the line and answers “${output.message}”`,
    "xstate.error.actor.leaveEntry": failedRequest(ENTRY_LEAVE_FAILED),
  },
});
