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
const ANSA: ReservationList["reservations"][number] = {
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
};
const LIST: ReservationList = {
  reservations: [
    ANSA,
    // A second paid booking: a question asked while another is open replaces it.
    {
      ...ANSA,
      id: "22222222-2222-4222-8222-222222222222",
      start: "2026-06-16T12:00:00+03:00",
      end: "2026-06-16T13:00:00+03:00",
      name: "Bertta Bokaaja",
      email: "bertta@example.com",
    },
  ],
  // A write that does not ask: “Poista sulku”.
  blocks: [
    {
      id: 7,
      areaId: null,
      areaName: null,
      start: "2026-06-17T08:00:00+03:00",
      end: "2026-06-17T09:00:00+03:00",
      reason: "Aidan huolto",
    },
  ],
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
  { type: "section.write", command: { kind: "deleteBlock" } },
  { type: "section.ask", command: { kind: "cancel" } },
  { type: "section.confirm" },
  { type: "section.keep" },
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
/** Which write the server is answering: the block's removal or a booking's cancel. */
let sent: "block" | "cancel" = "cancel";
const BLOCK_REMOVED = "Sulku poistettu.";
const answerWrite = (status: number, body: unknown) =>
  sent === "block"
    ? app.answerApi("DELETE", "/api/v2/admin/blocks/7", status, body)
    : app.answerApi("POST", "/api/v2/admin/reservations/", status, body);
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
    answerWrite(200, { message: sent === "block" ? BLOCK_REMOVED : event.output }),
  "xstate.error.actor.write": ({ event }: ActorResult) =>
    answerWrite(event.error!.status, { message: event.error!.message }),
  "section.query": async () => {
    const search = await screen.findByLabelText("Hae nimellä tai sähköpostilla");
    await user.clear(search);
    await user.type(search, "ansa");
    await user.click(screen.getByRole("button", { name: "Hae" }));
  },
  "section.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "section.write": async () => {
    sent = "block";
    await user.click(screen.getByRole("button", { name: "Poista sulku" }));
  },
  // The first booking whose buttons show (while one's question is open, the other's).
  "section.ask": async () => {
    const table = screen.getByRole("table", { name: "Varaukset" });
    await user.click(within(table).getAllByRole("button", { name: "Peru ja palauta" })[0]!);
  },
  "section.confirm": async () => {
    sent = "cancel";
    await user.click(screen.getByRole("button", { name: "Vahvista peruminen" }));
  },
  "section.keep": () => user.click(screen.getByRole("button", { name: "Älä peru" })),
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
    expect(screen.queryByRole("group", { name: "Vahvista peruminen" })).toBeNull();
    const cancels = within(table()!).getAllByRole("button", { name: "Peru ja palauta" });
    expect(cancels).toHaveLength(2);
    for (const button of cancels) expect(button).toBeEnabled();
    if (s.context.notice)
      expect(screen.getByText(/Varaus peruttu\. 15,00|Sulku poistettu\./)).toBeInTheDocument();
    else expect(screen.queryByText(/Varaus peruttu\.|Sulku poistettu\./)).toBeNull();
  }),
  "ready.asking": shows(() => {
    // One question, on the booking asked; the other booking's buttons still work.
    const question = screen.getByRole("group", { name: "Vahvista peruminen" });
    expect(question).toHaveTextContent("Perutaanko ja palautetaan 15,00 €?");
    expect(question.closest("tr")).toHaveTextContent(/Ansa Asiakas|Bertta Bokaaja/);
    expect(within(table()!).getAllByRole("button", { name: "Peru ja palauta" })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Vahvista peruminen" })).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
  }),
  "ready.writing": shows(() => {
    expect(screen.getByText("Tallennetaan…")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Vahvista peruminen" })).toBeNull();
    for (const button of within(table()!).getAllByRole("button", { name: "Peru ja palauta" }))
      expect(button).toBeDisabled();
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
      "The server gives two paid bookings of 15,00 € on ti 16.6.2026 in Koirapuisto, Ansa Asiakas's at 10.00–11.00 and Bertta Bokaaja's at 12.00–13.00, and one block, “Aidan huolto” on ke 17.6. at 8.00–9.00.",
    "section.query": "Clear “Hae nimellä tai sähköpostilla”, type “ansa” in it and press “Hae”.",
    "section.retry": "Press “Yritä uudelleen”.",
    "section.write": "Under “Sulut”, press “Poista sulku” beside “Aidan huolto” (it asks nothing).",
    "section.ask":
      "In the table “Varaukset”, press “Peru ja palauta” on the first booking that shows it (Ansa Asiakas's, or Bertta Bokaaja's while Ansa's question is open).",
    "section.confirm": "Under the question, press “Vahvista peruminen”.",
    "section.keep": "Under the question, press “Älä peru”.",
    "xstate.done.actor.write": ({ output }: { output: string }) =>
      `The server makes the change and answers in its words: “${output}” for a cancel, “${BLOCK_REMOVED}” for the block`,
    "section.dismiss": "Press “Selvä” on the green notice (or “Sulje” beside a refused change).",
  },
});
