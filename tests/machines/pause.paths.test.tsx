// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  PAUSE_FAILED,
  QUOTE_PAUSE_FAILED,
  WITHDRAW_PAUSE_FAILED,
  pauseMachine,
  type PauseEvent,
} from "../../machines/pauseMachine";
import type { PauseQuote, PauseResponse, Subscription } from "../../src/domain/membership";
import { AccountPage } from "../../src/web/pages/AccountPage";
import { subscriptionFixture } from "../support/membership";
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
 * Paths generated from pauseMachine, run against the real /oma-tili (its section "Jäsenyys") for a
 * member with an active Plus membership on Tuesday 16.6.2026, in the period 1.6.–30.6., to whom the
 * server offers a pause of 2–12 weeks from 1.7.: a length is quoted (4 weeks with a booking and a
 * standing week inside it, or 2 weeks with none), the pause confirmed, refused or failed, and after
 * it the membership is read again. The API's answers come from a fake the test settles.
 */

type Snapshot = SnapshotFrom<typeof pauseMachine>;
type ModelEvent = PauseEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

/* ---------- Fixtures ---------- */

const NOW = new Date("2026-06-16T12:00:00+03:00");
const PLUS = subscriptionFixture();

const FOUR: PauseQuote = {
  weeks: 4,
  starts_on: "2026-07-01",
  last_day: "2026-07-28",
  resumes_on: "2026-07-29",
  commitment_last_day: null,
  cancelled_bookings: [
    { start: "2026-07-07T17:00:00+03:00", end: "2026-07-07T18:00:00+03:00", standing: true },
    { start: "2026-07-10T10:00:00+03:00", end: "2026-07-10T11:30:00+03:00", standing: false },
  ],
  summary:
    "Jäsenyys on tauolla ke 1.7.2026–ti 28.7.2026: tauon ajalta ei laskuteta eikä sille voi varata jäsenenä. Laskutus ja tuntikiintiö jatkuvat ke 29.7.2026.",
};
const TWO: PauseQuote = {
  weeks: 2,
  starts_on: "2026-07-01",
  last_day: "2026-07-14",
  resumes_on: "2026-07-15",
  commitment_last_day: "2027-06-14",
  cancelled_bookings: [],
  summary:
    "Jäsenyys on tauolla ke 1.7.2026–ti 14.7.2026: tauon ajalta ei laskuteta eikä sille voi varata jäsenenä. Laskutus ja tuntikiintiö jatkuvat ke 15.7.2026.",
};
/** What the quote box says of each, literally: its heading and its paragraphs and list in order. */
const QUOTED = new Map<PauseQuote, { heading: string; lines: string[] }>([
  [
    FOUR,
    {
      heading: "Tauko ke 1.7.2026–ti 28.7.2026 (4 viikkoa)",
      lines: [
        FOUR.summary,
        "Nämä tauon aikaiset varauksesi perutaan:",
        "ti 7.7.2026 klo 17.00–18.00 (vakiovuoro)",
        "pe 10.7.2026 klo 10.00–11.30",
      ],
    },
  ],
  [
    TWO,
    {
      heading: "Tauko ke 1.7.2026–ti 14.7.2026 (2 viikkoa)",
      lines: [
        TWO.summary,
        "Sitoumus siirtyy tauon verran: se on voimassa ma 14.6.2027 asti.",
        "Tauon ajalla ei ole varauksiasi.",
      ],
    },
  ],
]);

const pausedMembership = (quote: PauseQuote): Subscription =>
  subscriptionFixture({
    pause: { starts_on: quote.starts_on, last_day: quote.last_day, weeks: quote.weeks, current: false },
    pausing: { offer: null, note: null },
  });
const PAUSED_FOUR: PauseResponse = {
  success: true,
  message: "Jäsenyys on tauolla ke 1.7.2026–ti 28.7.2026. Laskutus ja tuntikiintiö jatkuvat ke 29.7.2026.",
  subscription: pausedMembership(FOUR),
};
const PAUSED_TWO: PauseResponse = {
  success: true,
  message: "Jäsenyys on tauolla ke 1.7.2026–ti 14.7.2026. Laskutus ja tuntikiintiö jatkuvat ke 15.7.2026.",
  subscription: pausedMembership(TWO),
};
const WITHDRAWN: PauseResponse = {
  success: true,
  message:
    "Tauko ke 1.7.2026–ti 28.7.2026 peruttu: jäsenyys jatkuu ja laskutetaan kuten ennenkin. Tauon vuoksi perutut varaukset eivät palaa.",
  subscription: PLUS,
};
/** The membership's “Tauko” read again after each pause (none before, nor once taken back). */
const PAUSE_SHOWN = new Map<string, string | null>([
  ["", null],
  [PAUSED_FOUR.message, "ke 1.7.2026 – ti 28.7.2026 (4 viikkoa)"],
  [PAUSED_TWO.message, "ke 1.7.2026 – ti 14.7.2026 (2 viikkoa)"],
  [WITHDRAWN.message, null],
]);

const refusedQuote = apiError(
  403,
  "Jäsenyytesi on keskeytetty, koska lasku nro 1002 (eräpäivä ke 29.7.2026) on maksamatta.",
);
const serverDown = apiError(500, "");
const begun = apiError(409, "Tauko on jo alkanut, joten sitä ei voi perua. Se päättyy ti 28.7.2026.");
const OFFERED = "Voit pitää jäsenyydessä 2–12 viikon tauon ke 1.7.2026 alkaen. Tauon ajalta ei laskuteta.";
const LENGTHS = Array.from({ length: 11 }, (_, i) => `${i + 2} viikkoa`);

/* ---------- The model ---------- */

const modelEvents = (c: Snapshot["context"]): ModelEvent[] => [
  { type: "pause.open" },
  { type: "pause.close" },
  { type: "pause.quote", weeks: 4 },
  { type: "pause.quote", weeks: 2 },
  { type: "pause.confirm" },
  { type: "pause.back" },
  { type: "xstate.done.actor.quotePause", output: c.weeks === 4 ? FOUR : TWO },
  { type: "xstate.error.actor.quotePause", error: refusedQuote },
  { type: "xstate.done.actor.pause", output: c.quote === FOUR ? PAUSED_FOUR : PAUSED_TWO },
  { type: "xstate.error.actor.pause", error: serverDown },
  { type: "pause.withdraw" },
  { type: "pause.confirmWithdraw" },
  { type: "pause.keep" },
  { type: "xstate.done.actor.withdrawPause", output: WITHDRAWN },
  { type: "xstate.error.actor.withdrawPause", error: begun },
];

/** After a pause the path ends: the membership read again offers none (once in 12 months). */
const offered = (s: Snapshot, event: ModelEvent) =>
  s.can(event as PauseEvent) && !(event.type === "pause.open" && s.context.message);

const model = new TestModel(pauseMachine, {
  input: { coming: false },
  events: (s) => modelEvents(s.context) as never,
  filterEvents: offered as never,
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.coming, c.weeks, c.quote?.weeks, c.message, c.errorMessage]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let confirmations: number;
let withdrawals: number;
/** The membership read on opening, and again after each change. */
let reads: number;
const user = userEvent.setup({ delay: null });
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const membership = () => screen.getByRole("region", { name: "Jäsenyys" });
const part = () => within(membership()).getByRole("region", { name: "Jäsenyyden tauko" });
const inPart = () => within(part());
const choice = () => inPart().getByRole("combobox", { name: "Tauon pituus" }) as HTMLSelectElement;
const quoteBox = () => inPart().getByRole("group");
const question = () => within(membership()).getByRole("region", { name: "Perutaanko tauko?" });
const detail = (term: string) => {
  const dt = within(membership())
    .queryAllByRole("term")
    .find((t) => t.textContent === term);
  return dt ? plain(dt.nextElementSibling!.textContent) : null;
};

async function openAccount(found: Subscription) {
  await renderMembershipApp({
    path: "/oma-tili",
    pages: [{ path: "/oma-tili", element: <AccountPage /> }],
    session: createTestSession(ANSA),
    env: { api: fake.api, now: () => NOW, redirectToPayment: () => {} },
  });
  await fake.settle("mySubscription", { value: found });
}

type Step<E> = { event: E; state: Snapshot };
const executors = {
  "xstate.init": async () => {
    confirmations = 0;
    withdrawals = 0;
    reads = 1;
    await openAccount(PLUS);
  },
  "pause.open": async () => {
    await user.click(await within(membership()).findByRole("button", { name: "Pidä taukoa" }));
  },
  "pause.close": () => user.click(inPart().getByRole("button", { name: "Peruuta" })),
  "pause.quote": async ({ event }: Step<{ weeks: number }>) => {
    await user.selectOptions(choice(), String(event.weeks));
    await user.click(inPart().getByRole("button", { name: "Näytä tauko" }));
  },
  "pause.confirm": async () => {
    confirmations += 1;
    await user.click(inPart().getByRole("button", { name: "Vahvista tauko" }));
  },
  "pause.back": () => user.click(inPart().getByRole("button", { name: "Takaisin" })),
  // The quote asked for is of the length chosen.
  "xstate.done.actor.quotePause": async ({ event, state }: Step<{ output: PauseQuote }>) => {
    expect(await fake.settle("pauseQuote", { value: event.output })).toEqual([state.context.weeks]);
  },
  "xstate.error.actor.quotePause": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("pauseQuote", { error: event.error }),
  // The pause asked for is the one quoted; then the page reads the membership again.
  "xstate.done.actor.pause": async ({ event }: Step<{ output: PauseResponse }>) => {
    const weeks = event.output === PAUSED_FOUR ? 4 : 2;
    expect(await fake.settle("pauseMembership", { value: event.output })).toEqual([weeks]);
    reads += 1;
    await fake.settle("mySubscription", { value: event.output.subscription });
  },
  "pause.withdraw": () => user.click(within(membership()).getByRole("button", { name: "Peru tauko" })),
  "pause.confirmWithdraw": async () => {
    withdrawals += 1;
    await user.click(within(question()).getByRole("button", { name: "Kyllä, peru tauko" }));
  },
  "pause.keep": () => user.click(within(question()).getByRole("button", { name: "Ei, pidä tauko" })),
  "xstate.done.actor.withdrawPause": async ({ event }: Step<{ output: PauseResponse }>) => {
    await fake.settle("withdrawPause", { value: event.output });
    reads += 1;
    await fake.settle("mySubscription", { value: event.output.subscription });
  },
  "xstate.error.actor.withdrawPause": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("withdrawPause", { error: event.error }),
  "xstate.error.actor.pause": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("pauseMembership", { error: event.error }),
};

/* ---------- What each state shows ---------- */

function expectCalls() {
  expect(fake.calls("pauseMembership")).toHaveLength(confirmations);
  expect(fake.calls("withdrawPause")).toHaveLength(withdrawals);
  expect(fake.calls("mySubscription")).toHaveLength(reads);
}

function expectChoice(s: Snapshot, enabled: boolean) {
  expect(part()).toHaveTextContent(
    "Tauko alkaa ke 1.7.2026, seuraavan jakson alusta. Tauon ajalta ei laskuteta eikä sille voi varata jäsenenä; sen aikaiset varauksesi perutaan. Taukoa voi pitää kerran 12 kuukaudessa.",
  );
  expect(
    within(choice())
      .getAllByRole("option")
      .map((o) => plain(o.textContent)),
  ).toEqual(LENGTHS);
  expect(choice()).toHaveValue(String(s.context.weeks ?? 2));
  for (const name of ["Näytä tauko", "Peruuta"]) {
    const button = inPart().getByRole("button", { name });
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  }
  if (enabled) expect(choice()).toBeEnabled();
  else expect(choice()).toBeDisabled();
  expect(inPart().queryByRole("group")).toBeNull();
}

function expectQuote(s: Snapshot, enabled: boolean) {
  const box = quoteBox();
  const shown = QUOTED.get(s.context.quote!)!;
  expect(box).toHaveAccessibleName(shown.heading);
  const lines = [...box.querySelectorAll("p:not([role]), li")].map((p) => plain(p.textContent));
  expect(lines).toEqual(shown.lines);
  for (const name of ["Vahvista tauko", "Takaisin"]) {
    const button = within(box).getByRole("button", { name });
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  }
  expect(inPart().queryByRole("combobox")).toBeNull();
}

const states: StateAssertions<typeof pauseMachine> = {
  closed: async (s) => {
    await waitFor(() => expect(detail("Tauko")).toBe(PAUSE_SHOWN.get(s.context.message ?? "")));
    expect(within(membership()).queryByRole("region", { name: "Jäsenyyden tauko" })).toBeNull();
    expect(within(membership()).queryByRole("region", { name: "Perutaanko tauko?" })).toBeNull();
    const open = within(membership()).queryByRole("button", { name: "Pidä taukoa" });
    const withdraw = within(membership()).queryByRole("button", { name: "Peru tauko" });
    if (s.context.message)
      expect(within(membership()).getByText(s.context.message)).toHaveAttribute("role", "status");
    // With a pause to come: “Peru tauko” and no second pause; without: the offer.
    if (s.context.coming) {
      expect(open).toBeNull();
      expect(withdraw).toBeEnabled();
    } else {
      expect(withdraw).toBeNull();
      expect(open).toBeEnabled();
      expect(membership()).toHaveTextContent(OFFERED);
    }
    expectCalls();
  },
  confirmingWithdraw: async (s) => {
    const box = question();
    expect(box).toHaveTextContent(
      "Jäsenyys jatkuu ja laskutetaan kuten ilman taukoa. Tauon vuoksi perutut varaukset eivät palaa; voit varata ajat uudelleen.",
    );
    await waitFor(() => expect(within(box).getByRole("button", { name: "Kyllä, peru tauko" })).toBeEnabled());
    expect(within(box).getByRole("button", { name: "Ei, pidä tauko" })).toBeEnabled();
    const alert = within(box).queryByRole("alert");
    if (s.context.errorMessage) {
      expect(s.context.errorMessage).toBe(begun.message);
      expect(alert).toHaveTextContent(begun.message);
    } else expect(alert).toBeNull();
    expect(within(membership()).queryByRole("button", { name: "Peru tauko" })).toBeNull();
    expectCalls();
  },
  withdrawing: async () => {
    const box = question();
    expect(await within(box).findByRole("status")).toHaveTextContent("Perutaan taukoa…");
    expect(within(box).getByRole("button", { name: "Kyllä, peru tauko" })).toBeDisabled();
    expect(within(box).getByRole("button", { name: "Ei, pidä tauko" })).toBeDisabled();
    expectCalls();
  },
  choosing: async (s) => {
    await waitFor(() => expect(choice()).toBeEnabled());
    expectChoice(s, true);
    expect(inPart().queryByRole("status")).toBeNull();
    const alert = inPart().queryByRole("alert");
    if (s.context.errorMessage) {
      expect(s.context.errorMessage).toBe(refusedQuote.message);
      expect(alert).toHaveTextContent(refusedQuote.message);
    } else expect(alert).toBeNull();
    expectCalls();
  },
  quoting: async (s) => {
    expect(await inPart().findByRole("status")).toHaveTextContent("Lasketaan taukoa…");
    expectChoice(s, false);
    expect(fake.calls("pauseQuote").at(-1)?.args).toEqual([s.context.weeks]);
    expectCalls();
  },
  confirming: async (s) => {
    await waitFor(() => expect(within(quoteBox()).getByRole("button", { name: "Takaisin" })).toBeEnabled());
    expectQuote(s, true);
    expect(inPart().queryByRole("status")).toBeNull();
    const alert = inPart().queryByRole("alert");
    if (s.context.errorMessage) {
      expect(s.context.errorMessage).toBe(PAUSE_FAILED);
      expect(alert).toHaveTextContent(PAUSE_FAILED);
    } else expect(alert).toBeNull();
    expect(detail("Tauko")).toBeNull();
    expectCalls();
  },
  pausing: async (s) => {
    expect(await within(quoteBox()).findByRole("status")).toHaveTextContent("Vahvistetaan taukoa…");
    expectQuote(s, false);
    expect(fake.calls("pauseMembership").at(-1)?.args).toEqual([s.context.quote!.weeks]);
    expectCalls();
  },
};

setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
});

describePathTests(pauseMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}) on Tuesday 16.6.2026, open /oma-tili; the server gives her active Plus membership (period 1.6.–30.6.2026) and offers a pause of 2–12 weeks from 1.7.2026. Find “Pidä taukoa” in its section “Jäsenyys”.`,
    "pause.open": "Press “Pidä taukoa”.",
    "pause.close": "Press “Peruuta” in “Jäsenyyden tauko”.",
    "pause.quote": ({ weeks }: { weeks: number }) =>
      `Choose “${weeks} viikkoa” in “Tauon pituus” and press “Näytä tauko”.`,
    "pause.confirm": "Press “Vahvista tauko”.",
    "pause.back": "Press “Takaisin”.",
    "xstate.done.actor.quotePause": ({ output }: { output: PauseQuote }) =>
      output.cancelled_bookings.length
        ? `The server quotes ${output.weeks} weeks, 1.7.–28.7.2026, cancelling a standing week on 7.7. and a booking on 10.7.`
        : `The server quotes ${output.weeks} weeks, 1.7.–14.7.2026, with no bookings inside and the commitment moved to 14.6.2027.`,
    "xstate.error.actor.quotePause": failedRequest(QUOTE_PAUSE_FAILED),
    "xstate.done.actor.pause": ({ output }: { output: PauseResponse }) =>
      `The server pauses the membership and answers “${output.message}”; the page reads the membership again and the server gives it with the pause and no further pause offered.`,
    "xstate.error.actor.pause": "The server answers 500 without a message (the page says its own).",
    "pause.withdraw": "Press “Peru tauko”.",
    "pause.confirmWithdraw": "Press “Kyllä, peru tauko”.",
    "pause.keep": "Press “Ei, pidä tauko”.",
    "xstate.done.actor.withdrawPause": `The server takes the pause back and answers “${WITHDRAWN.message}”; the page reads the membership again and the server gives it without a pause, the offer back.`,
    "xstate.error.actor.withdrawPause": failedRequest(WITHDRAW_PAUSE_FAILED),
  },
});

/* ---------- Beyond the machine ---------- */

test("a membership with no pause offered says why, or nothing, and has no “Pidä taukoa”", async () => {
  const note =
    "Taukoa voi pitää kerran 12 kuukaudessa. Edellinen tauko alkoi ke 15.7.2026, joten seuraava voi alkaa jaksosta, joka alkaa to 15.7.2027 tai myöhemmin.";
  for (const pausing of [
    { offer: null, note },
    { offer: null, note: null },
  ]) {
    await openAccount(subscriptionFixture({ pausing }));
    expect(await within(membership()).findByText("Plus")).toBeInTheDocument();
    expect(within(membership()).queryByRole("button", { name: "Pidä taukoa" })).toBeNull();
    if (pausing.note) expect(membership()).toHaveTextContent(note);
    cleanup();
  }
});
