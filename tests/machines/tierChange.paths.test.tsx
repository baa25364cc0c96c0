// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  CHANGE_TIER_FAILED,
  LOAD_TIERS_FAILED,
  QUOTE_TIER_CHANGE_FAILED,
  tierChangeMachine,
  type TierChangeEvent,
} from "../../machines/tierChangeMachine";
import type {
  Subscription,
  Tier,
  TierChangeQuote,
  TierChangeResponse,
  TiersResponse,
} from "../../src/domain/membership";
import { formatEuros } from "../../src/domain/money";
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
 * Paths generated from tierChangeMachine, run against the real /oma-tili (its section "Jäsenyys")
 * for a member with an active Plus membership (16 h, 59 €/kk, no commitment) on Tuesday 16.6.2026,
 * in the period 1.6.–30.6.: the tiers offered are read, Premium (up: at once, the difference on the
 * next invoice) or Perus (down: from 1.7.) is quoted, the change confirmed, refused or failed, and
 * after a change the membership is read again. The API's answers come from a fake the test settles.
 */

type Snapshot = SnapshotFrom<typeof tierChangeMachine>;
type ModelEvent = TierChangeEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

/* ---------- Fixtures ---------- */

const NOW = new Date("2026-06-16T12:00:00+03:00");
const PLUS = subscriptionFixture();

const tier = (tier_level: number, name: string, hours_quota: number, monthly: number): Tier => ({
  tier_level,
  name,
  hours_quota,
  monthly_price_cents: monthly,
  commitment_monthly_price_cents: Math.round(monthly * 0.9),
});
const TIERS = [tier(1, "Perus", 8, 3900), tier(2, "Plus", 16, 5900), tier(3, "Premium", 40, 8900)];
const TIERS_RESPONSE: Omit<TiersResponse, "tiers"> = {
  commitment_months: 12,
  vat_rate_basis_points: 2550,
  invoice_due_days: 14,
  suspend_after_days: 7,
};
const PERUS = 1;
const PREMIUM = 3;
/** The options of “Uusi taso”, literally (every run of white space one space): the member's own left out. */
const OPTIONS = ["Perus – 8 h/kk, 39,00 €/kk", "Premium – 40 h/kk, 89,00 €/kk"];

/** Up: at once; 15 of the period's 30 days left (today included), so half of the 30 € difference. */
const UP: TierChangeQuote = {
  tier_level: PREMIUM,
  tier_name: "Premium",
  hours_quota: 40,
  direction: "up",
  from: "2026-06-16",
  monthly_price_cents: 8900,
  difference_cents: 1500,
  difference_days: 15,
  summary: "Premium tulee voimaan heti: tuntikiintiösi on tästä päivästä alkaen 40 h kuukaudessa.",
};
/** Down: from the next period. */
const DOWN: TierChangeQuote = {
  tier_level: PERUS,
  tier_name: "Perus",
  hours_quota: 8,
  direction: "down",
  from: "2026-07-01",
  monthly_price_cents: 3900,
  difference_cents: 0,
  difference_days: 0,
  summary: "Perus tulee voimaan seuraavan jakson alussa; siihen asti käytössäsi on Plus ja sen 16 h.",
};
/** What the quote box says of each, literally, its paragraphs in order. */
const QUOTED = new Map<TierChangeQuote, { heading: string; lines: string[] }>([
  [
    UP,
    {
      heading: "Vaihto tasolle Premium",
      lines: [
        UP.summary,
        "Erotus 15,00 € (15 päivää) lisätään seuraavaan laskuun.",
        "Uusi kuukausihinta 89,00 €/kk, tuntikiintiö 40 h/kk.",
      ],
    },
  ],
  [
    DOWN,
    {
      heading: "Vaihto tasolle Perus",
      lines: [
        DOWN.summary,
        "Muutos tulee voimaan ke 1.7.2026.",
        "Uusi kuukausihinta 39,00 €/kk, tuntikiintiö 8 h/kk.",
      ],
    },
  ],
]);

const CHANGED_UP: TierChangeResponse = {
  success: true,
  message: "Tasosi on nyt Premium. Erotus 15,00 € lisätään seuraavaan laskuusi.",
  subscription: subscriptionFixture({
    tier_level: PREMIUM,
    tier_name: "Premium",
    monthly_price_cents: 8900,
    usage: { hours_used: 4, hours_quota: 40, percent: 10 },
  }),
};
const CHANGED_DOWN: TierChangeResponse = {
  success: true,
  message: "Tasosi vaihtuu Perukseen ke 1.7.2026 alkaen.",
  subscription: subscriptionFixture({
    pending_tier_change: { tier_level: PERUS, tier_name: "Perus", hours_quota: 8, from: "2026-07-01" },
  }),
};
/** How "Jäsenyys" says the membership read again after each change. */
const AFTER_CHANGE = new Map<string, { tier: string; pending: string | null; price: string }>([
  ["", { tier: "Plus", pending: null, price: "59,00 €/kk" }],
  [CHANGED_UP.message, { tier: "Premium", pending: null, price: "89,00 €/kk" }],
  [CHANGED_DOWN.message, { tier: "Plus", pending: "Perus (8 h/kk) ke 1.7.2026 alkaen", price: "59,00 €/kk" }],
]);

const noConnection = apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä.");
const refusedQuote = apiError(409, "Jäsenyydelläsi on erääntynyt lasku, joten tasoa ei voi nyt vaihtaa.");
const serverDown = apiError(500, "");

/* ---------- The model ---------- */

const modelEvents = (c: Snapshot["context"]): ModelEvent[] => [
  { type: "tierChange.open" },
  { type: "tierChange.retry" },
  { type: "tierChange.close" },
  { type: "tierChange.quote", tierLevel: PREMIUM },
  { type: "tierChange.quote", tierLevel: PERUS },
  { type: "tierChange.confirm" },
  { type: "tierChange.back" },
  { type: "xstate.done.actor.loadTiers", output: TIERS },
  { type: "xstate.error.actor.loadTiers", error: noConnection },
  { type: "xstate.done.actor.quoteTierChange", output: c.tierLevel === PREMIUM ? UP : DOWN },
  { type: "xstate.error.actor.quoteTierChange", error: refusedQuote },
  { type: "xstate.done.actor.changeTier", output: c.quote === UP ? CHANGED_UP : CHANGED_DOWN },
  { type: "xstate.error.actor.changeTier", error: serverDown },
];

/**
 * After a change the path ends: the membership read again is another tier (or has one coming),
 * and what the choice then offers is the subscription machine's story, not this one's.
 */
const offered = (s: Snapshot, event: ModelEvent) =>
  s.can(event as TierChangeEvent) && !(event.type === "tierChange.open" && s.context.message);

const model = new TestModel(tierChangeMachine, {
  events: (s) => modelEvents(s.context) as never,
  filterEvents: offered as never,
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([s.value, c.tierLevel, c.quote?.direction, c.message, c.errorMessage]);
  },
});

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
/** Presses of “Vaihda tasoa” and “Yritä uudelleen”, and of “Vahvista tasomuutos”, on this path. */
let tierReads: number;
let confirmations: number;
const user = userEvent.setup({ delay: null });
/** Text as toHaveTextContent compares it: every run of white space (the no-break ones too) one space. */
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const membership = () => screen.getByRole("region", { name: "Jäsenyys" });
const part = () => within(membership()).getByRole("region", { name: "Tason vaihto" });
const inPart = () => within(part());
const choice = () => inPart().getByRole("combobox", { name: "Uusi taso" }) as HTMLSelectElement;
const quoteBox = () => inPart().getByRole("group");
/** The membership's detail `term` (“Taso”, “Tasomuutos”, …), or null when it shows none. */
const detail = (term: string) => {
  const dt = within(membership())
    .queryAllByRole("term")
    .find((t) => t.textContent === term);
  return dt ? plain(dt.nextElementSibling!.textContent) : null;
};

/** /oma-tili for Ansa, whose membership the server gives as `found`. */
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
    tierReads = 0;
    confirmations = 0;
    await openAccount(PLUS);
  },
  "tierChange.open": async () => {
    tierReads += 1;
    await user.click(await within(membership()).findByRole("button", { name: "Vaihda tasoa" }));
  },
  "tierChange.retry": async () => {
    tierReads += 1;
    await user.click(inPart().getByRole("button", { name: "Yritä uudelleen" }));
  },
  "tierChange.close": () => user.click(inPart().getByRole("button", { name: "Peruuta" })),
  "tierChange.quote": async ({ event }: Step<{ tierLevel: number }>) => {
    await user.selectOptions(choice(), String(event.tierLevel));
    await user.click(inPart().getByRole("button", { name: "Näytä muutos" }));
  },
  "tierChange.confirm": async () => {
    confirmations += 1;
    await user.click(inPart().getByRole("button", { name: "Vahvista tasomuutos" }));
  },
  "tierChange.back": () => user.click(inPart().getByRole("button", { name: "Takaisin" })),
  "xstate.done.actor.loadTiers": ({ event }: Step<{ output: Tier[] }>) =>
    fake.settle("tiers", { value: { ...TIERS_RESPONSE, tiers: event.output } }),
  "xstate.error.actor.loadTiers": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("tiers", { error: event.error }),
  // The quote asked for is of the tier chosen.
  "xstate.done.actor.quoteTierChange": async ({ event, state }: Step<{ output: TierChangeQuote }>) => {
    expect(await fake.settle("tierChangeQuote", { value: event.output })).toEqual([state.context.tierLevel]);
  },
  "xstate.error.actor.quoteTierChange": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("tierChangeQuote", { error: event.error }),
  // The change asked for is the one quoted; then the page reads the membership again.
  "xstate.done.actor.changeTier": async ({ event }: Step<{ output: TierChangeResponse }>) => {
    const quoted = event.output === CHANGED_UP ? PREMIUM : PERUS;
    expect(await fake.settle("changeTier", { value: event.output })).toEqual([quoted]);
    await fake.settle("mySubscription", { value: event.output.subscription });
  },
  "xstate.error.actor.changeTier": ({ event }: Step<{ error: unknown }>) =>
    fake.settle("changeTier", { error: event.error }),
};

/* ---------- What each state shows ---------- */

/** Nothing is changed before the member confirms, and the membership is read again after a change only. */
function expectCalls(s: Snapshot) {
  expect(fake.calls("tiers")).toHaveLength(tierReads);
  expect(fake.calls("changeTier")).toHaveLength(confirmations);
  expect(fake.calls("mySubscription")).toHaveLength(s.context.message ? 2 : 1);
}

/** The choice with the tier last asked about (Perus, the first offered, before), and its buttons. */
function expectChoice(s: Snapshot, enabled: boolean) {
  expect(part()).toHaveTextContent(
    "Nykyinen tasosi on Plus. Korkeampi taso tulee voimaan heti, matalampi seuraavan jakson alusta.",
  );
  expect(
    within(choice())
      .getAllByRole("option")
      .map((o) => plain(o.textContent)),
  ).toEqual(OPTIONS);
  expect(choice()).toHaveValue(String(s.context.tierLevel ?? PERUS));
  for (const name of ["Näytä muutos", "Peruuta"]) {
    const button = inPart().getByRole("button", { name });
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  }
  if (enabled) expect(choice()).toBeEnabled();
  else expect(choice()).toBeDisabled();
  expect(inPart().queryByRole("group")).toBeNull();
}

/** The quote's heading and paragraphs, as QUOTED says, and its buttons. */
function expectQuote(s: Snapshot, enabled: boolean) {
  const box = quoteBox();
  const shown = QUOTED.get(s.context.quote!)!;
  expect(box).toHaveAccessibleName(shown.heading);
  const lines = [...box.querySelectorAll("p:not([role])")].map((p) => plain(p.textContent));
  expect(lines).toEqual(shown.lines);
  for (const name of ["Vahvista tasomuutos", "Takaisin"]) {
    const button = within(box).getByRole("button", { name });
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  }
  expect(inPart().queryByRole("combobox")).toBeNull();
}

/** The membership as read (again after a change): its tier, any tier coming, and its price. */
function expectMembership(s: Snapshot) {
  const shown = AFTER_CHANGE.get(s.context.message ?? "")!;
  expect(detail("Taso")).toBe(shown.tier);
  expect(detail("Tasomuutos")).toBe(shown.pending);
  expect(detail("Kuukausihinta")).toBe(shown.price);
}

const states: StateAssertions<typeof tierChangeMachine> = {
  closed: async (s) => {
    const open = await within(membership()).findByRole("button", { name: "Vaihda tasoa" });
    expect(open).toBeEnabled();
    expect(within(membership()).queryByRole("region", { name: "Tason vaihto" })).toBeNull();
    const said = within(membership())
      .queryAllByRole("status")
      .map((e) => e.textContent);
    // After a change the server's words; the membership was read again (no reload under way).
    expect(said).toEqual(s.context.message ? [s.context.message] : []);
    await waitFor(() => expectMembership(s));
    expectCalls(s);
  },
  loadingTiers: async (s) => {
    expect(await inPart().findByRole("status")).toHaveTextContent("Ladataan tasoja…");
    expect(inPart().queryByRole("combobox")).toBeNull();
    expect(within(membership()).queryByRole("button", { name: "Vaihda tasoa" })).toBeNull();
    expectCalls(s);
  },
  loadFailed: async (s) => {
    expect(s.context.errorMessage).toBe(LOAD_TIERS_FAILED);
    expect(await inPart().findByRole("alert")).toHaveTextContent(LOAD_TIERS_FAILED);
    expect(inPart().getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect(inPart().getByRole("button", { name: "Peruuta" })).toBeEnabled();
    expect(inPart().queryByRole("combobox")).toBeNull();
    expectCalls(s);
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
    expectCalls(s);
  },
  quoting: async (s) => {
    expect(await inPart().findByRole("status")).toHaveTextContent("Lasketaan muutosta…");
    expectChoice(s, false);
    expect(inPart().queryByRole("alert")).toBeNull();
    expect(fake.calls("tierChangeQuote").at(-1)?.args).toEqual([s.context.tierLevel]);
    expectCalls(s);
  },
  confirming: async (s) => {
    await waitFor(() => expect(within(quoteBox()).getByRole("button", { name: "Takaisin" })).toBeEnabled());
    expectQuote(s, true);
    expect(inPart().queryByRole("status")).toBeNull();
    const alert = inPart().queryByRole("alert");
    // A change that failed without the server's words: the page's own.
    if (s.context.errorMessage) {
      expect(s.context.errorMessage).toBe(CHANGE_TIER_FAILED);
      expect(alert).toHaveTextContent(CHANGE_TIER_FAILED);
    } else expect(alert).toBeNull();
    expectMembership(s);
    expectCalls(s);
  },
  changing: async (s) => {
    expect(await within(quoteBox()).findByRole("status")).toHaveTextContent("Vaihdetaan tasoa…");
    expectQuote(s, false);
    expect(inPart().queryByRole("alert")).toBeNull();
    expect(fake.calls("changeTier").at(-1)?.args).toEqual([s.context.quote!.tier_level]);
    expectCalls(s);
  },
};

setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
});

const quoteWords = (q: TierChangeQuote) =>
  q.direction === "up"
    ? `The server quotes ${q.tier_name} at once: 15,00 € for the period's last 15 days on the next invoice, then 89,00 €/kk: “${q.summary}”`
    : `The server quotes ${q.tier_name} from 1.7.2026 at 39,00 €/kk: “${q.summary}”`;
const membershipWords = (m: Subscription) =>
  m.pending_tier_change
    ? `Plus with Perus coming from 1.7.2026`
    : `${m.tier_name} (${m.usage.hours_quota} h/kk, ${formatEuros(m.monthly_price_cents)}/kk)`;

describePathTests(tierChangeMachine, {
  runs: [{ model, events: executors }],
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}) on Tuesday 16.6.2026, open /oma-tili; the server gives her active Plus membership (16 h/kk, 59,00 €/kk, no commitment, period 1.6.–30.6.2026). Find “Vaihda tasoa” in its section “Jäsenyys”.`,
    "tierChange.open": "Press “Vaihda tasoa”.",
    "tierChange.retry": "Press “Yritä uudelleen” in “Tason vaihto”.",
    "tierChange.close": "Press “Peruuta” in “Tason vaihto”.",
    "tierChange.quote": ({ tierLevel }: { tierLevel: number }) =>
      `Choose “${OPTIONS[tierLevel === PERUS ? 0 : 1]}” in “Uusi taso” and press “Näytä muutos”.`,
    "tierChange.confirm": "Press “Vahvista tasomuutos”.",
    "tierChange.back": "Press “Takaisin”.",
    "xstate.done.actor.loadTiers":
      "The server offers Perus (8 h/kk, 39,00 €/kk), Plus (16 h/kk, 59,00 €/kk) and Premium (40 h/kk, 89,00 €/kk).",
    "xstate.error.actor.loadTiers": failedRequest(LOAD_TIERS_FAILED),
    "xstate.error.actor.quoteTierChange": failedRequest(QUOTE_TIER_CHANGE_FAILED),
    "xstate.done.actor.quoteTierChange": ({ output }: { output: TierChangeQuote }) => quoteWords(output),
    "xstate.done.actor.changeTier": ({ output }: { output: TierChangeResponse }) =>
      `The server changes the tier and answers “${output.message}”; the page reads the membership again and the server gives it as ${membershipWords(output.subscription)}.`,
    "xstate.error.actor.changeTier": "The server answers 500 without a message (the page says its own).",
  },
});

/* ---------- Beyond the machine ---------- */

test("only an active membership offers “Vaihda tasoa”", async () => {
  const pending = subscriptionFixture({
    status: "pending",
    usage: { hours_used: 0, hours_quota: 16, percent: 0 },
  });
  const cancelled = subscriptionFixture({
    status: "cancelled",
    cancelled_at: "2026-06-16T09:00:00+03:00",
    access_ends_on: "2026-06-30",
  });
  for (const [found, status] of [
    [pending, "Odottaa maksua"],
    [cancelled, "Irtisanottu"],
  ] as const) {
    await openAccount(found);
    expect(await within(membership()).findByText(status)).toBeInTheDocument();
    expect(within(membership()).queryByRole("button", { name: "Vaihda tasoa" })).toBeNull();
    expect(fake.calls("tiers")).toHaveLength(0);
    cleanup();
  }
});
