// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  adminSectionMachine,
  SECTION_FAILED_FALLBACK,
  type AdminSectionEvent,
} from "../../machines/adminSectionMachine";
import { ApiError } from "../../src/client/http";
import type { ReservationList } from "../../src/domain/admin/reservations";
import { describePathTests, type StateAssertions } from "../support/paths";
import { BASE, createAdminHarness, idToken, signedInWith } from "./adminPathSupport";

/*
 * Paths generated from adminSectionMachine, run against the real varaukset page of the admin
 * area: its requests go through the real HTTP client and API wrapper, and the test answers them.
 */

type Snapshot = SnapshotFrom<typeof adminSectionMachine>;
type ModelEvent = AdminSectionEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

const TOKEN = idToken("admin", BASE + 3_600_000);
const LIST: ReservationList = {
  reservations: [
    {
      id: "11111111-1111-4111-8111-111111111111",
      areaId: 1,
      areaName: "Koirapuisto",
      start: "2026-06-16T10:00:00+03:00",
      end: "2026-06-16T11:00:00+03:00",
      status: "confirmed",
      kind: "single",
      name: "Ansa Asiakas",
      email: "ansa@example.com",
      phone: null,
      dogs: 2,
      priceCents: 1500,
      paymentStatus: "paid",
      cancelledAt: null,
      cancelReason: null,
      createdAt: "2026-06-15T12:00:00+03:00",
    },
  ],
  blocks: [],
  areas: [{ id: 1, name: "Koirapuisto", active: true }],
  days: [],
};
/** The http client's failure (the one failure shape): the status and the server's words. */
const failure = (status: number, message: string) => new ApiError(status, message, { message });
const SERVER_ERROR = failure(500, "Palvelinvirhe. Yritä hetken kuluttua uudelleen.");
const CANCELLED = "Varaus peruttu. 15,00 € palautetaan maksutavalle.";
const TOO_LATE = failure(409, "Varaus Ansa Asiakas 2026-06-16 ei ole voimassa.");

const events: ModelEvent[] = [
  { type: "xstate.done.actor.load", output: LIST },
  { type: "xstate.error.actor.load", error: SERVER_ERROR },
  { type: "section.query", query: { view: "day" } },
  { type: "section.retry" },
  { type: "section.write", command: { kind: "cancel" } },
  { type: "xstate.done.actor.write", output: CANCELLED },
  { type: "xstate.error.actor.write", error: TOO_LATE },
  { type: "section.dismiss" },
];

const model = new TestModel(adminSectionMachine, {
  input: { query: null },
  events: events as AdminSectionEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      failure: s.context.failure?.status ?? null,
      notice: s.context.notice !== null,
    }),
});

const app = createAdminHarness();
let user: ReturnType<typeof userEvent.setup>;
type ActorResult = { event: { output?: unknown; error?: { status: number; message: string } } };

const executors = {
  "xstate.init": async () => {
    user = userEvent.setup();
    // The list view: the calendars have their own test (tests/web/adminReservationsCalendar.test.tsx).
    await app.render({
      path: "/hallinta/varaukset?nakyma=lista",
      token: signedInWith(TOKEN),
    });
  },
  "xstate.done.actor.load": ({ event }: ActorResult) =>
    app.answerApi("GET", "/api/v2/admin/reservations", 200, event.output),
  "xstate.error.actor.load": ({ event }: ActorResult) =>
    app.answerApi("GET", "/api/v2/admin/reservations", event.error!.status, {
      message: event.error!.message,
    }),
  "xstate.done.actor.write": ({ event }: ActorResult) =>
    app.answerApi("POST", "/api/v2/admin/reservations/", 200, {
      message: event.output,
      reservation: { ...LIST.reservations[0], status: "cancelled" },
    }),
  "xstate.error.actor.write": ({ event }: ActorResult) =>
    app.answerApi("POST", "/api/v2/admin/reservations/", event.error!.status, {
      message: event.error!.message,
    }),
  "section.query": async () => {
    const search = await screen.findByLabelText("Hae nimellä tai sähköpostilla");
    await user.clear(search);
    await user.type(search, "ansa");
    await user.click(screen.getByRole("button", { name: "Hae" }));
  },
  "section.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "section.write": async () => {
    const table = screen.getByRole("table", { name: "Varaukset" });
    await user.click(within(table).getByRole("button", { name: "Peru ja palauta" }));
    await user.click(within(table).getByRole("button", { name: "Vahvista peruminen" }));
  },
  "section.dismiss": async () => {
    await user.click(screen.getByRole("button", { name: /^(Sulje|Selvä)$/ }));
  },
};

const shows = (expectView: (s: Snapshot) => void) => async (s: Snapshot) => {
  await waitFor(() => expectView(s));
};
const table = () => screen.queryByRole("table", { name: "Varaukset" });

const stateChecks: StateAssertions<typeof adminSectionMachine> = {
  loading: shows(() => {
    expect(screen.getByRole("heading", { level: 1, name: "Varaukset" })).toBeInTheDocument();
    expect(screen.getByText("Ladataan…")).toBeInTheDocument();
  }),
  loadFailed: shows(() => {
    expect(screen.getByRole("alert")).toHaveTextContent(SERVER_ERROR.message);
    expect(screen.getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect([SERVER_ERROR.message, SECTION_FAILED_FALLBACK]).toContain(
      screen.getByRole("alert").querySelector("p")!.textContent,
    );
  }),
  "ready.idle": shows((s) => {
    expect(within(table()!).getByText("Ansa Asiakas")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(within(table()!).getByRole("button", { name: "Peru ja palauta" })).toBeEnabled();
    if (s.context.notice) expect(screen.getByText(/Varaus peruttu\. 15,00/)).toBeInTheDocument();
    else expect(screen.queryByText(/Varaus peruttu\./)).toBeNull();
  }),
  "ready.writing": shows(() => {
    expect(screen.getByText("Tallennetaan…")).toBeInTheDocument();
    expect(within(table()!).getByRole("button", { name: "Peru ja palauta" })).toBeDisabled();
  }),
  "ready.writeFailed": shows(() => {
    expect(screen.getByRole("alert")).toHaveTextContent(TOO_LATE.message);
    expect(within(table()!).getByText("Ansa Asiakas")).toBeInTheDocument();
  }),
};

afterEach(() => cleanup());

describePathTests(adminSectionMachine, {
  runs: [{ model, events: executors }],
  states: stateChecks,
  steps: {
    "xstate.init":
      "Sign in to the admin area as omistaja@example.com and open /hallinta/varaukset?nakyma=lista (“Varaukset” as a list).",
    "xstate.done.actor.load":
      "The server gives one booking: Ansa Asiakas (ansa@example.com), ti 16.6.2026 klo 10.00–11.00 in Koirapuisto, 2 dogs, 15,00 € paid.",
    "section.query": "Clear “Hae nimellä tai sähköpostilla”, type “ansa” in it and press “Hae”.",
    "section.retry": "Press “Yritä uudelleen”.",
    "section.write":
      "In the table “Varaukset”, on Ansa Asiakas's booking press “Peru ja palauta”, then “Vahvista peruminen”.",
    "xstate.done.actor.write": ({ output }: { output: string }) =>
      `The server cancels the booking (refunding it) and answers “${output}”`,
    "section.dismiss": "Press “Selvä” on the green notice (or “Sulje” beside a refused change).",
  },
});
