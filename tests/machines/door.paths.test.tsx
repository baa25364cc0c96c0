// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AnyMachineSnapshot } from "xstate";
import { TestModel } from "xstate/graph";
import { DOOR_LOAD_FAILED, doorMachine, type DoorContext, type DoorInfo } from "../../machines/doorMachine";
import { formatDateTime, formatTimeRange } from "../../src/domain/helsinkiTime";
import { DoorPage } from "../../src/web/pages/booking/DoorPage";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";
import { describePathTests, failedRequest } from "../support/paths";

/*
 * Paths generated from doorMachine, run against the real DoorPage on a fake clock: the waits until
 * the gate's window opens and closes are real timers of the page, moved forward by the test.
 */

const NOW = Date.parse("2026-06-16T09:45:00+03:00");
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
const info = (status: DoorInfo["status"], opensFromMinutes: number): DoorInfo => ({
  areaName: "Koirapuisto",
  start: minutes(opensFromMinutes + 5),
  end: minutes(opensFromMinutes + 65),
  opensFrom: minutes(opensFromMinutes),
  opensUntil: minutes(opensFromMinutes + 65),
  waitsForPrevious: false,
  fallbackText: null,
  status,
});
// Early: opens in 10 minutes. Open: opened 5 minutes ago, closes in an hour.
const EARLY = info("early", 10);
const OPEN = info("open", -5);

const modelEvents = [
  { type: "xstate.done.actor.loadDoor", output: EARLY },
  { type: "xstate.done.actor.loadDoor", output: OPEN },
  { type: "xstate.done.actor.loadDoor", output: info("ended", -120) },
  { type: "xstate.done.actor.loadDoor", output: info("cancelled", 10) },
  { type: "xstate.error.actor.loadDoor", error: apiError(404, "Varausta ei löytynyt.") },
  {
    type: "xstate.error.actor.loadDoor",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "door.open" },
  { type: "door.retry" },
  { type: "xstate.done.actor.openDoor", output: { success: true, message: "Portti avattu." } },
  { type: "xstate.done.actor.openDoor", output: { success: false, message: "Portti ei vastannut." } },
  {
    type: "xstate.error.actor.openDoor",
    error: apiError(403, "Portin voi avata vasta 5 minuuttia ennen alkua."),
  },
  { type: "xstate.error.actor.openDoor", error: apiError(429, "Liian monta yritystä. Odota hetki.") },
  { type: "xstate.error.actor.openDoor", error: apiError(500, "Palvelimella tapahtui virhe.") },
  { type: "xstate.after.untilOpen.door.waiting" },
  { type: "xstate.after.untilClose.door.ready" },
  { type: "xstate.after.untilClose.door.opened" },
];

const model = new TestModel(doorMachine, {
  input: { token: "door-1" },
  events: modelEvents as never,
  filterEvents: (s, e) => s.can(e),
  serializeState: (s) => JSON.stringify([s.value, s.context.info?.status, s.context.message]),
});

/* ---------- Driving the real view ---------- */

let fake: FakeApi;
let presses = 0;
const user = userEvent.setup({ delay: null });
const button = () => screen.queryByRole("button", { name: /Avaa portti|Avataan…/ });

/** Moves the clock to just before `iso` (nothing may happen yet), then past it. */
async function passTime(iso: string) {
  const wait = Date.parse(iso) - Date.now();
  if (wait > 500) {
    const before = fake.calls("door").length;
    await act(() => vi.advanceTimersByTimeAsync(wait - 500));
    expect(fake.calls("door")).toHaveLength(before);
  }
  // The page asks a second after the moment, so a server clock slightly behind agrees.
  await act(() => vi.advanceTimersByTimeAsync(2000));
}

const executors = {
  "xstate.init": () => {
    renderBookingRoute("/avaa/:token", "/avaa/door-1", <DoorPage />, {
      api: fake.api,
      now: () => new Date(),
      redirectToPayment: () => {
        throw new Error("the gate never pays");
      },
    });
  },
  "xstate.done.actor.loadDoor": async ({ event }: { event: { output: DoorInfo } }) => {
    expect(await fake.settle("door", { value: event.output })).toEqual(["door-1"]);
  },
  "xstate.error.actor.loadDoor": ({ event }: { event: { error: unknown } }) =>
    fake.settle("door", { error: event.error }),
  "door.open": async () => {
    presses += 1;
    await user.click(button()!);
  },
  "door.retry": () => user.click(screen.getByRole("button", { name: /Päivitä tilanne|Yritä uudelleen/ })),
  "xstate.done.actor.openDoor": async ({ event }: { event: { output: unknown } }) => {
    expect(await fake.settle("openDoor", { value: event.output })).toEqual(["door-1"]);
  },
  "xstate.error.actor.openDoor": ({ event }: { event: { error: unknown } }) =>
    fake.settle("openDoor", { error: event.error }),
  "xstate.after.untilOpen.door.waiting": () => passTime(EARLY.opensFrom),
  "xstate.after.untilClose.door.ready": () => passTime(OPEN.opensUntil),
  "xstate.after.untilClose.door.opened": () => passTime(OPEN.opensUntil),
};

/** The page POSTs only when the button was pressed: never on load or on a timer. */
const expectOnlyPressedOpens = () => expect(fake.calls("openDoor")).toHaveLength(presses);

function expectBooking(c: DoorContext) {
  expect(screen.getByText("Koirapuisto")).toBeInTheDocument();
  expect(screen.getByText(formatTimeRange(c.info!.start, c.info!.end))).toBeInTheDocument();
}

const stateChecks = {
  loading: async () => {
    expect(await screen.findByText("Ladataan varauksen tietoja…")).toBeInTheDocument();
    expectOnlyPressedOpens();
  },
  waiting: async (s: AnyMachineSnapshot) => {
    expect(
      await screen.findByText(`Portin voi avata ${formatDateTime(EARLY.opensFrom)} alkaen.`),
    ).toBeInTheDocument();
    expectBooking(s.context);
    expect(button()).toBeDisabled();
    expectOnlyPressedOpens();
  },
  ready: async (s: AnyMachineSnapshot) => {
    await vi.waitFor(() => expect(button()).toBeEnabled());
    expect(button()).toHaveTextContent("Avaa portti");
    expectBooking(s.context);
    expectOnlyPressedOpens();
  },
  opening: async () => {
    expect(await screen.findByRole("button", { name: "Avataan…" })).toBeDisabled();
    expectOnlyPressedOpens();
  },
  opened: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent("Portti avattu.");
    expect(button()).toBeEnabled();
  },
  refused: async (s: AnyMachineSnapshot) => {
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(s.context.message);
    expect(within(alert).getByRole("button", { name: "Päivitä tilanne" })).toBeEnabled();
    expect(button()).not.toBeInTheDocument();
  },
  failed: async (s: AnyMachineSnapshot) => {
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(s.context.message);
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect(button()).not.toBeInTheDocument();
  },
  ended: async () => {
    expect(await screen.findByText(/Varaus on päättynyt/)).toBeInTheDocument();
    expect(button()).not.toBeInTheDocument();
    expectOnlyPressedOpens();
  },
  cancelled: async () => {
    expect(await screen.findByText(/Varaus on peruttu/)).toBeInTheDocument();
    expect(button()).not.toBeInTheDocument();
    expectOnlyPressedOpens();
  },
  notFound: async () => {
    expect(await screen.findByText(/Linkkiä ei tunnistettu/)).toBeInTheDocument();
    expect(button()).not.toBeInTheDocument();
    expect(screen.queryByText("Koirapuisto")).not.toBeInTheDocument();
  },
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  fake = createFakeApi();
  presses = 0;
});
afterEach(() => vi.useRealTimers());

/** The server's answer for the booking, in a tester's words (times from now, as the page sees them). */
const bookingWords: Record<DoorInfo["status"], string> = {
  early:
    "The server gives the booking in “Koirapuisto”: it starts in 15 minutes, and the gate opens 5 minutes before.",
  open: "The server gives the booking in “Koirapuisto” with its gate open: it starts about now and ends in an hour.",
  ended: "The server gives the booking in “Koirapuisto”: it ended 55 minutes ago.",
  cancelled:
    "The server gives the booking in “Koirapuisto”: it would start in 15 minutes, but it was cancelled.",
};

describePathTests(doorMachine, {
  runs: [{ model, events: executors }],
  states: stateChecks,
  steps: {
    "xstate.init": "Open the booking's gate link /avaa/door-1.",
    "xstate.done.actor.loadDoor": (e: { output: DoorInfo }) => bookingWords[e.output.status],
    // Without an answer the page has its own words, not the error's.
    "xstate.error.actor.loadDoor": failedRequest(DOOR_LOAD_FAILED),
    "door.open": "Press “Avaa portti”.",
    "door.retry": "Press the alert's button (“Päivitä tilanne” or “Yritä uudelleen”).",
    "xstate.done.actor.openDoor": (e: { output: { success: boolean; message: string } }) =>
      e.output.success
        ? `The gate opens; the server says “${e.output.message}”`
        : `The server answers that the gate did not open: “${e.output.message}”`,
    "xstate.after.untilOpen.door.waiting":
      "Wait until the gate's opening time (10 minutes): the page asks the server again by itself.",
    "xstate.after.untilClose.door.ready":
      "Wait until the booking ends (an hour): the page asks the server again by itself.",
    "xstate.after.untilClose.door.opened":
      "Wait until the booking ends (an hour): the page asks the server again by itself.",
  },
});

/** What the page adds to its states from the server's answer (decision 029): not machine paths. */
describe("the gate page's handover and fallback notices", () => {
  const render = () =>
    renderBookingRoute("/avaa/:token", "/avaa/door-1", <DoorPage />, {
      api: fake.api,
      now: () => new Date(),
      redirectToPayment: () => {
        throw new Error("the gate never pays");
      },
    });

  it("says the previous booking is still on and when the gate opens", async () => {
    render();
    await fake.settle("door", { value: { ...EARLY, waitsForPrevious: true } });
    expect(
      await screen.findByText(
        `Edellinen varaus on vielä käynnissä. Portin voi avata ${formatDateTime(EARLY.opensFrom)} alkaen.`,
      ),
    ).toBeInTheDocument();
    expect(button()).toBeDisabled();
  });

  it("shows the fallback while the gate does not answer, the button still there", async () => {
    render();
    await fake.settle("door", { value: { ...OPEN, fallbackText: "Soita 040 111 2222, koodi 1234." } });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Portti ei juuri nyt vastaa. Soita 040 111 2222, koodi 1234.");
    await vi.waitFor(() => expect(button()).toBeEnabled());
  });

  it("says before the press that a suspended membership's booking will not open", async () => {
    render();
    const why = "Jäsenyytesi on keskeytetty, koska lasku nro 1002 (eräpäivä ke 29.7.2026) on maksamatta.";
    await fake.settle("door", { value: { ...OPEN, suspended: why } });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`Porttia ei voi avata tällä linkillä. ${why}`);
  });
});
