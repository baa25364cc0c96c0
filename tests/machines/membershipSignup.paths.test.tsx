// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../support/appRouter";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  membershipSignupMachine,
  PAYMENT_FAILED,
  TIERS_FAILED,
  type SignupInput,
} from "../../machines/membershipSignupMachine";
import type { ApiError } from "../../src/client/http";
import { returnPathAfterLogin } from "../../src/client/returnAfterLogin";
import { LoginPage } from "../../src/web/pages/LoginPage";
import { MembershipPage } from "../../src/web/pages/membership/MembershipPage";
import { tiersFixture } from "../support/membership";
import {
  describePathTests,
  failedPaymentStart,
  failedRequestWords,
  type StateAssertions,
} from "../support/paths";
import { apiError } from "./bookingPathSupport";
import {
  ANSA,
  createFakeMembershipApi,
  createTestSession,
  renderMembershipApp,
  setUpMembershipTests,
  type FakeMembershipApi,
  type TestSession,
} from "./membershipPathSupport";

/*
 * Paths generated from membershipSignupMachine, run against the real /jasenyys inside the real
 * shell: the customer's steps are clicks and typing, the API's answers come from a fake the test
 * settles, and the customer signs in (as from the e-mailed link in another tab) when a path's
 * submit says so. Two ways in: a fresh visit, and the return from /login with the choice in the
 * address.
 */

type Snapshot = SnapshotFrom<typeof membershipSignupMachine>;

const ALREADY = "Sinulla on jo voimassa oleva jäsenyys.";
const PROVIDER_DOWN = "Maksupalvelu ei vastannut.";
const GIFT_CARD = "LAHJA-2026";
const CARD_REFUSED = "Lahjakorttikoodia ei tunnistettu. Tarkista koodi tai jätä kenttä tyhjäksi.";

const events = [
  { type: "xstate.done.actor.loadTiers", output: tiersFixture() },
  {
    type: "xstate.error.actor.loadTiers",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "signup.retry" },
  { type: "signup.chooseTier", tierLevel: 2 },
  { type: "signup.chooseCommitment", commitment: "12m" },
  { type: "signup.choosePaymentMethod", paymentMethod: "card" },
  { type: "signup.editGiftCard", code: GIFT_CARD },
  { type: "signup.submit", signedIn: false },
  { type: "signup.submit", signedIn: true },
  {
    type: "xstate.done.actor.createSignup",
    output: { success: true, redirectUrl: "/maksu/demo/pay-1", message: "Siirry maksamaan." },
  },
  { type: "xstate.done.actor.createSignup", output: { success: false, redirectUrl: "", message: "" } },
  { type: "xstate.error.actor.createSignup", error: apiError(409, ALREADY) },
  { type: "xstate.error.actor.createSignup", error: apiError(502, PROVIDER_DOWN) },
  // Offline: no answer at all (the spec's fallback words, and what to do in Finnish).
  {
    type: "xstate.error.actor.createSignup",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "xstate.error.actor.createSignup", error: apiError(400, CARD_REFUSED, "giftCardCode") },
];

const entries: Array<{ name: string; path: string; input: SignupInput; signedIn: boolean }> = [
  {
    name: "a fresh visit: /jasenyys, nobody signed in",
    path: "/jasenyys",
    input: { tierLevel: null, commitment: null },
    signedIn: false,
  },
  {
    name: `back from the login with the choice: /jasenyys?taso=2&sitoumus=12m, ${ANSA.name} signed in`,
    path: "/jasenyys?taso=2&sitoumus=12m",
    input: { tierLevel: 2, commitment: "12m" },
    signedIn: true,
  },
];

/**
 * The tiers' answers of a run back from the login say so (`backFromLogin`, read only by the plan's
 * words): the start is said alike for every run, and the plan's paths must read apart.
 */
const eventsFor = (input: SignupInput) =>
  input.tierLevel === null
    ? events
    : events.map((e) => (e.type.endsWith(".loadTiers") ? { ...e, backFromLogin: true } : e));

const modelFor = (input: SignupInput) =>
  new TestModel(membershipSignupMachine, {
    input,
    events: eventsFor(input) as never,
    filterEvents: (snapshot, event) => snapshot.can(event),
    // The commitment, payment method and gift card only change the form: the assertions read them
    // from what the path's own steps did (`chosen`), so the model need not multiply its states by
    // them, while the coverage check still asks a path for each of their transitions.
    serializeState: (s) => {
      const c = (s as Snapshot).context;
      return JSON.stringify([s.value, c.tierLevel, c.errorMessage, c.paymentFailure, c.giftCardError]);
    },
  });

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let session: TestSession;
let router: TestApp;
let redirect: ReturnType<typeof vi.fn<(url: string) => void>>;
/** What this path's steps chose so far. */
let chosen: { commitment: string; paymentMethod: string; giftCardCode: string };
const user = userEvent.setup({ delay: null });
const here = () => router.here() + router.search();
const form = () => screen.getByRole("region", { name: "Liity jäseneksi" });
const submitButton = () =>
  within(form()).queryByRole("button", { name: /Siirry maksamaan|Kirjaudu ja jatka/ });

type Step = { event: Record<string, unknown>; state: Snapshot };

const executors = (entry: (typeof entries)[number]) => ({
  "xstate.init": async () => {
    chosen = { commitment: entry.input.commitment ?? "none", paymentMethod: "mobilepay", giftCardCode: "" };
    session = createTestSession(entry.signedIn ? ANSA : null);
    router = await renderMembershipApp({
      path: entry.path,
      pages: [
        { path: "/jasenyys", element: <MembershipPage /> },
        { path: "/login", element: <LoginPage /> },
      ],
      session,
      env: { api: fake.api, now: () => new Date(), redirectToPayment: redirect },
    });
  },
  "xstate.done.actor.loadTiers": ({ event }: Step) => fake.settle("tiers", { value: event.output }),
  "xstate.error.actor.loadTiers": ({ event }: Step) => fake.settle("tiers", { error: event.error }),
  "signup.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "signup.chooseTier": () => user.click(screen.getByRole("radio", { name: /^Plus/ })),
  "signup.chooseCommitment": async () => {
    chosen.commitment = "12m";
    await user.click(screen.getByRole("radio", { name: /^12 kuukauden sitoumus/ }));
  },
  "signup.choosePaymentMethod": async () => {
    chosen.paymentMethod = "card";
    await user.click(screen.getByRole("radio", { name: "Kortti" }));
  },
  "signup.editGiftCard": async () => {
    chosen.giftCardCode = GIFT_CARD;
    const field = screen.getByLabelText("Lahjakortin koodi (vapaaehtoinen)");
    await user.clear(field);
    await user.type(field, GIFT_CARD);
  },
  "signup.submit": async ({ event }: Step) => {
    // Signed in or out elsewhere meanwhile: the page reads the session when the button is pressed.
    if (event.signedIn !== !!session.signedIn()) await session.signInAs(event.signedIn ? ANSA : null);
    const label = event.signedIn ? "Siirry maksamaan" : "Kirjaudu ja jatka";
    await waitFor(() => expect(submitButton()).toHaveTextContent(label));
    await user.click(submitButton()!);
  },
  "xstate.done.actor.createSignup": async ({ event }: Step) => {
    const [body] = await fake.settle("signup", { value: event.output });
    expect(body).toEqual({
      tier_level: 2,
      commitment: chosen.commitment,
      paymentMethod: chosen.paymentMethod,
      gift_card_code: chosen.giftCardCode || undefined,
    });
  },
  "xstate.error.actor.createSignup": ({ event }: Step) => fake.settle("signup", { error: event.error }),
});

/* ---------- What each state shows ---------- */

const states: StateAssertions<typeof membershipSignupMachine> = {
  loadingTiers: async () => {
    expect(await screen.findByRole("status")).toHaveTextContent("Ladataan jäsenyystasoja…");
    expect(screen.getByRole("heading", { level: 1, name: "Jäsenyys" })).toBeInTheDocument();
  },
  tiersFailed: async (s) => {
    const alert = await screen.findByRole("alert");
    expect(s.context.errorMessage).toBe(TIERS_FAILED);
    expect(alert).toHaveTextContent(TIERS_FAILED);
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
  },
  choosing: async (s) => {
    // The tiers from the server, with both monthly prices and the terms.
    const tiers = await screen.findByRole("region", { name: "Jäsenyystasot" });
    expect(
      within(tiers)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Perus", "Plus", "Premium"]);
    expect(tiers).toHaveTextContent("16 h kuukaudessa59,00 €/kk12 kk sitoumuksella 53,10 €/kk");
    expect(screen.getByRole("region", { name: "Sitoumus" })).toHaveTextContent(
      "vasta sitoumuksen päättyessä",
    );
    expect(screen.getByRole("region", { name: "Laskutus" })).toHaveTextContent("14 päivän kuluttua");
    expect(screen.getByRole("region", { name: "Laskutus" })).toHaveTextContent("viitenumero");
    // The form shows the choice; the address remembers tier and commitment.
    const c = { ...chosen, tierLevel: s.context.tierLevel };
    if (c.tierLevel === null) {
      expect(screen.getByRole("radio", { name: /^Plus/ })).not.toBeChecked();
      expect(submitButton()).toBeDisabled();
    } else {
      expect(screen.getByRole("radio", { name: /^Plus/ })).toBeChecked();
      expect(form()).toHaveTextContent(
        `Valintasi: Plus, ${c.commitment === "12m" ? "12 kuukauden sitoumus" : "ei sitoumusta"}.`,
      );
      expect(here()).toBe(`/jasenyys?taso=2&sitoumus=${c.commitment}`);
      await waitFor(() => expect(submitButton()).toBeEnabled());
    }
    expect(
      screen.getByRole("radio", { name: c.commitment === "12m" ? /^12 kuukauden/ : /^Ei sitoumusta/ }),
    ).toBeChecked();
    expect(
      screen.getByRole("radio", { name: c.paymentMethod === "card" ? "Kortti" : "MobilePay" }),
    ).toBeChecked();
    const giftCard = screen.getByLabelText("Lahjakortin koodi (vapaaehtoinen)");
    expect(giftCard).toHaveValue(c.giftCardCode);
    expect(giftCard).toBeEnabled();
    // After a payment that did not start the form is open again: the failure beside the button
    // (the server's words or the spec's fallback, and in Finnish what to do), or a refused gift
    // card beside its field; nothing else is alerted.
    const { paymentFailure, giftCardError } = s.context;
    const alerts = screen.queryAllByRole("alert");
    if (paymentFailure) {
      expect([PROVIDER_DOWN, PAYMENT_FAILED]).toContain(paymentFailure.message);
      const box = document.getElementById("signup-payment-error")!;
      expect(alerts).toEqual([box]);
      expect(box).toHaveTextContent(paymentFailure.message);
      expect(box).toHaveTextContent(
        paymentFailure.offline
          ? "Yhteys palvelimeen katkesi, joten maksua ei aloitettu. Tarkista verkkoyhteys ja paina ”Siirry maksamaan” uudelleen."
          : "Maksua ei aloitettu. Antamasi tiedot ovat tallessa: yritä hetken kuluttua uudelleen painamalla ”Siirry maksamaan”.",
      );
      expect(box.nextElementSibling).toBe(submitButton());
      expect(submitButton()).toHaveAccessibleDescription(expect.stringContaining(paymentFailure.message));
    } else if (giftCardError) {
      expect(giftCardError).toBe(CARD_REFUSED);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toHaveTextContent(CARD_REFUSED);
      expect(giftCard).toHaveAccessibleDescription(expect.stringContaining(CARD_REFUSED));
      expect(giftCard).toHaveAttribute("aria-invalid", "true");
    } else {
      expect(alerts).toEqual([]);
      expect(giftCard).not.toHaveAttribute("aria-invalid");
    }
    expect(redirect).not.toHaveBeenCalled();
  },
  // Off to log in, the choice remembered for the way back.
  loginRequired: async (s) => {
    await waitFor(() => expect(here()).toBe("/login"));
    expect(screen.getByRole("heading", { level: 1, name: "Kirjaudu sisään" })).toBeInTheDocument();
    expect(returnPathAfterLogin()).toBe(`/jasenyys?taso=2&sitoumus=${chosen.commitment}`);
    // Nothing sent for this press (a signup tried before signing out was answered already).
    expect(fake.openCalls("signup")).toBe(0);
    expect(fake.calls("signup")).toHaveLength(s.context.paymentFailure || s.context.giftCardError ? 1 : 0);
  },
  creatingPayment: async () => {
    expect(await within(form()).findByRole("status")).toHaveTextContent("Luodaan maksua…");
    expect(screen.getByRole("radio", { name: /^Plus/ })).toBeDisabled();
    expect(submitButton()).toBeNull();
  },
  redirecting: async () => {
    expect(await within(form()).findByRole("status")).toHaveTextContent("Siirrytään maksamaan…");
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith("/maksu/demo/pay-1");
  },
  alreadyMember: async () => {
    const alert = await within(form()).findByRole("alert");
    expect(alert).toHaveTextContent(ALREADY);
    expect(within(alert).getByRole("link", { name: "Siirry omalle tilille" })).toHaveAttribute(
      "href",
      "/oma-tili",
    );
    expect(submitButton()).toBeNull();
  },
};

type Failure = { error: ApiError; backFromLogin?: boolean };
/** Back from the login, the tiers are asked for with the choice in the address. */
const afterLogin = (yes: boolean | undefined, said: string) =>
  yes ? `Back from the login, ${said.charAt(0).toLowerCase()}${said.slice(1)}` : said;

setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
  redirect = vi.fn<(url: string) => void>();
});

describePathTests(membershipSignupMachine, {
  runs: entries.map((entry) => ({
    name: entry.name,
    model: modelFor(entry.input),
    events: executors(entry),
  })),
  states,
  steps: {
    "xstate.init":
      "Open the address in this part's heading, with the customer it names signed in (or nobody).",
    "xstate.done.actor.loadTiers": ({ backFromLogin }: { backFromLogin?: boolean }) =>
      afterLogin(
        backFromLogin,
        "The server gives the tiers Perus (8 h, 39,00 €/kk), Plus (16 h, 59,00 €/kk, 53,10 €/kk with a 12-month commitment) and Premium (40 h, 89,00 €/kk); invoices due in 14 days.",
      ),
    "xstate.error.actor.loadTiers": ({ error, backFromLogin }: Failure) =>
      afterLogin(backFromLogin, failedRequestWords(error, TIERS_FAILED)),
    "signup.retry": "Press “Yritä uudelleen”.",
    "signup.chooseTier": "On the card “Plus”, press “Valitse” (the radio “Plus – 16 h/kk”).",
    "signup.chooseCommitment": "Under “Sitoumus”, choose “12 kuukauden sitoumus”.",
    "signup.choosePaymentMethod": "Under “Maksutapa”, choose “Kortti”.",
    "signup.editGiftCard": `Clear “Lahjakortin koodi (vapaaehtoinen)” and type “${GIFT_CARD}” in it.`,
    "signup.submit": ({ signedIn }: { signedIn: boolean }) =>
      signedIn
        ? `With ${ANSA.name} signed in (if nobody is, sign in as her in another tab), press “Siirry maksamaan”.`
        : "With nobody signed in (if someone is, sign out in another tab), press “Kirjaudu ja jatka”.",
    "xstate.done.actor.createSignup": ({ output }: { output: { redirectUrl: string } }) =>
      output.redirectUrl
        ? `The server creates the membership and its first payment (the tier, commitment, method and gift card code the form holds) and sends the browser to the payment page ${output.redirectUrl}.`
        : "The server answers that it started no payment, without a reason (success false, no message).",
    "xstate.error.actor.createSignup": failedPaymentStart(PAYMENT_FAILED),
  },
});

test("after logging in, the customer is back at the choice they made", async () => {
  const entry = entries[0]!;
  const run = executors(entry);
  await run["xstate.init"]();
  await fake.settle("tiers", { value: tiersFixture() });
  await user.click(await screen.findByRole("radio", { name: /^Plus/ }));
  await user.click(screen.getByRole("radio", { name: /^12 kuukauden sitoumus/ }));
  await user.click(submitButton()!);
  await waitFor(() => expect(here()).toBe("/login"));

  // The e-mailed link was opened in another tab: this tab's login page notices and goes back.
  await session.signInAs(ANSA);
  await waitFor(() => expect(here()).toBe("/jasenyys?taso=2&sitoumus=12m"));
  await fake.settle("tiers", { value: tiersFixture() });
  expect(await screen.findByRole("radio", { name: /^Plus/ })).toBeChecked();
  expect(screen.getByRole("radio", { name: /^12 kuukauden sitoumus/ })).toBeChecked();
  await waitFor(() => expect(submitButton()).toHaveTextContent("Siirry maksamaan"));
  expect(sessionStorage.length).toBe(0);
});
