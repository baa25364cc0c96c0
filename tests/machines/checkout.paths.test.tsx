// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AnyMachineSnapshot } from "xstate";
import { TestModel } from "xstate/graph";
import {
  checkoutMachine,
  CONFIRMATION_POLL_MS,
  PAYMENT_FALLBACK_MESSAGE,
  type CheckoutDetails,
  type CheckoutInput,
  type PaymentStart,
} from "../../machines/checkoutMachine";
import type { ApiError } from "../../src/client/http";
import { formatTime } from "../../src/domain/helsinkiClock";
import { checkoutDraft, heldCheckout, rememberHeldCheckout } from "../../src/client/checkoutHold";
import { storageKeys } from "../../src/client/storage";
import { formatEuros } from "../../src/domain/money";
import { CheckoutPage } from "../../src/web/pages/booking/CheckoutPage";
import { detailsErrors, withCheckoutRules } from "../../src/web/pages/booking/checkoutRules";
import type { Quote } from "../../src/domain/booking";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";
import { describePathTests, type StepWords } from "../support/paths";
import { siteFixture } from "../support/site";

/*
 * Paths generated from checkoutMachine, each run against the real CheckoutPage: the visitor's
 * steps are user events, the API's answers come from a fake whose calls the test settles.
 */

const START = "2026-06-16T10:00:00+03:00";
const END = "2026-06-16T11:00:00+03:00";
const CHECKOUT_PATH = `/checkout/${encodeURIComponent(START)}/${encodeURIComponent(END)}`;
const MAX_DOGS = 3;

const VALID: CheckoutDetails = {
  name: "Maija Meikäläinen",
  email: "maija@example.fi",
  phone: "040 123 4567",
  dogs: 2,
  paymentMethod: "card",
  acceptTerms: true,
  discountCode: "kevat10",
  giftCardCode: "ABCD-EFGH-JKLM-NPQR",
};
const INVALID: CheckoutDetails = {
  name: "M",
  email: "maija(at)example",
  phone: "soita",
  dogs: 1,
  paymentMethod: "mobilepay",
  acceptTerms: false,
  discountCode: "",
  giftCardCode: "",
};

const quote = (available: boolean): Quote => ({
  start: START,
  end: END,
  lengthMinutes: 60,
  priceCents: 1500,
  discountCents: 0,
  totalCents: 1500,
  vatCents: 305,
  vatRateBasisPoints: 2550,
  giftCardCents: 0,
  payableCents: 1500,
  giftCardBalanceCents: null,
  discountMessage: null,
  giftCardMessage: null,
  available,
  reason: available ? null : "Aika on jo varattu.",
  cancellableUntil: "2026-06-15T10:00:00+03:00",
  cancellable: true,
});
/** The quote with VALID's codes: 10 % off, and the gift card pays all of the 13,50 €. */
const DISCOUNTED: Quote = {
  ...quote(true),
  discountCents: 150,
  totalCents: 1350,
  vatCents: 274,
  giftCardCents: 1350,
  payableCents: 0,
  giftCardBalanceCents: 2000,
};
/** Nothing left to pay: no payment method is asked, and the button says what happens. */
const covered = (s: AnyMachineSnapshot) => (s.context.quote as Quote | null)?.payableCents === 0;
const submitName = (s: AnyMachineSnapshot) => (covered(s) ? "Vahvista varaus" : "Siirry maksamaan");
/** The same codes when the discount code is used up: the server says why, the card still pays. */
const CODE_REFUSED: Quote = {
  ...quote(true),
  giftCardCents: 1000,
  payableCents: 500,
  giftCardBalanceCents: 1000,
  discountMessage: "Alennuskoodi on jo käytetty loppuun.",
};
const reservation = (status: "pending" | "confirmed" | "cancelled") => ({
  id: "3f0c1a7e-5b6d-4c8e-9f1a-2b3c4d5e6f70",
  accessToken: "access-1",
  areaName: "Koirapuisto",
  start: START,
  end: END,
  status,
  name: VALID.name,
  email: VALID.email,
  phone: VALID.phone,
  dogs: 2,
  priceCents: 1500,
  vatCents: 305,
  doorUrl: status === "confirmed" ? "http://localhost:3000/avaa/door-1" : null,
  cancellable: status === "confirmed",
  cancellableUntil: "2026-06-15T10:00:00+03:00",
  payment: { method: "card" as const, status: "paid", refundedCents: 0 },
});

const TAKEN_MESSAGE = "Valitsemasi aika on juuri varattu. Valitse toinen aika.";
/** The server's refusal of the gift card typed, about that field (`{ message, field }`). */
const CARD_REFUSED = "Lahjakortilla ei ole saldoa jäljellä.";
const modelEvents = [
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(true), maxDogs: MAX_DOGS } },
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(false), maxDogs: MAX_DOGS } },
  { type: "xstate.error.actor.loadQuote", error: apiError(500, "Palvelimella tapahtui virhe.") },
  { type: "checkout.retry" },
  { type: "checkout.edit", details: VALID },
  { type: "checkout.edit", details: INVALID },
  { type: "checkout.applyCodes" },
  { type: "xstate.done.actor.updateQuote", output: { quote: DISCOUNTED, maxDogs: MAX_DOGS } },
  { type: "xstate.done.actor.updateQuote", output: { quote: CODE_REFUSED, maxDogs: MAX_DOGS } },
  { type: "xstate.done.actor.updateQuote", output: { quote: quote(false), maxDogs: MAX_DOGS } },
  {
    type: "xstate.error.actor.updateQuote",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "checkout.submit" },
  {
    type: "xstate.done.actor.createPayment",
    output: {
      success: true,
      redirectUrl: "/maksu/demo/pay-1",
      message: "Siirry maksamaan.",
      reservation: {
        id: "3f0c1a7e-5b6d-4c8e-9f1a-2b3c4d5e6f70",
        accessToken: "access-1",
        start: START,
        end: END,
      },
    },
  },
  // The slot shows taken and this tab handed no hold of it to payment: nobody's hold of ours.
  { type: "xstate.done.actor.findOwnHold", output: null },
  {
    // A gift card covered everything: confirmed already, no payment page.
    type: "xstate.done.actor.createPayment",
    output: {
      success: true,
      redirectUrl: "",
      message: "Varaus vahvistettu. Lahjakortti kattoi koko hinnan.",
      reservation: {
        id: "3f0c1a7e-5b6d-4c8e-9f1a-2b3c4d5e6f70",
        accessToken: "access-1",
        start: START,
        end: END,
      },
    },
  },
  { type: "xstate.done.actor.createPayment", output: { success: false, redirectUrl: "", message: "" } },
  { type: "xstate.error.actor.createPayment", error: apiError(409, TAKEN_MESSAGE) },
  { type: "xstate.error.actor.createPayment", error: apiError(502, "Maksupalvelu ei vastannut.") },
  { type: "xstate.error.actor.createPayment", error: apiError(400, CARD_REFUSED, "giftCardCode") },
  {
    type: "xstate.error.actor.createPayment",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "xstate.done.actor.loadReservation", output: reservation("confirmed") },
  { type: "xstate.done.actor.loadReservation", output: reservation("pending") },
  { type: "xstate.done.actor.loadReservation", output: reservation("cancelled") },
  { type: "xstate.error.actor.loadReservation", error: apiError(404, "Varausta ei löytynyt.") },
  { type: "xstate.after.confirmationPoll.checkout.waitingForConfirmation" },
] as const;
type ModelEvent = { type: string } & Record<string, unknown>;

/** What this tab handed to the payment page before the visitor came back with Back. */
const HELD = {
  start: START,
  end: END,
  accessToken: "access-9",
  redirectUrl: "/maksu/demo/pay-9",
  details: VALID,
};
const HOLD_ENDS = "2026-06-10T15:15:00+03:00"; // the test clock is 15.00 in Helsinki
const ownHold = { accessToken: "access-9", redirectUrl: "/maksu/demo/pay-9", holdExpiresAt: HOLD_ENDS };
const pendingHold = (holdExpiresAt: string) => ({
  ...reservation("pending"),
  accessToken: "access-9",
  holdExpiresAt,
});

/** Back from the payment page: the visitor's own hold, found by its token (or found gone). */
const backEvents = [
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(true), maxDogs: MAX_DOGS } },
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(false), maxDogs: MAX_DOGS } },
  // The remembered hold is asked for by its token (`byToken`: the server's answer): pending and
  // live is ours, anything else not.
  { type: "xstate.done.actor.findOwnHold", output: ownHold, byToken: pendingHold(HOLD_ENDS) },
  {
    type: "xstate.done.actor.findOwnHold",
    output: null,
    byToken: pendingHold("2026-06-10T14:59:00+03:00"),
  },
  {
    type: "xstate.error.actor.findOwnHold",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "checkout.continuePayment" },
  { type: "checkout.releaseHold" },
  { type: "xstate.done.actor.releaseHold", output: null },
  { type: "xstate.error.actor.releaseHold", error: apiError(502, "Palvelu ei vastannut.") },
  { type: "checkout.retry" },
] as const;

/** Each way into the page: a new checkout, unreadable times, the two returns from payment, and Back. */
const entries: Array<{
  name: string;
  url: string;
  input: CheckoutInput;
  events?: ReadonlyArray<ModelEvent>;
  held?: boolean;
}> = [
  {
    name: `New checkout: open /checkout/${START}/${END} in a fresh tab`,
    url: CHECKOUT_PATH,
    input: { start: START, end: END },
  },
  {
    name: `Back from the payment page: in a tab that handed the slot to the payment page ${HELD.redirectUrl} (booking token ${HELD.accessToken}, ${HELD.details.name}'s details), press the browser's Back to /checkout/${START}/${END}`,
    url: CHECKOUT_PATH,
    input: { start: START, end: END, draft: VALID },
    events: backEvents as unknown as ModelEvent[],
    held: true,
  },
  {
    name: `Unreadable times: open /checkout/huomenna/${START}`,
    url: `/checkout/huomenna/${encodeURIComponent(START)}`,
    input: { start: "huomenna", end: START },
  },
  {
    name: `Paid: the payment page sends the visitor back to /checkout/${START}/${END}?payment=success&token=access-1`,
    url: `${CHECKOUT_PATH}?payment=success&token=access-1`,
    input: { start: START, end: END, payment: "success", token: "access-1" },
  },
  {
    name: `Payment cancelled: the payment page sends the visitor back to /checkout/${START}/${END}?payment=cancelled&token=access-1`,
    url: `${CHECKOUT_PATH}?payment=cancelled&token=access-1`,
    input: { start: START, end: END, payment: "cancelled", token: "access-1" },
  },
];

/** The machine as the page runs it: the checkout's rules are the guards the app provides. */
const checkoutLogic = withCheckoutRules(checkoutMachine);

const modelFor = (
  input: CheckoutInput,
  events: ReadonlyArray<ModelEvent> = modelEvents as unknown as ModelEvent[],
) =>
  new TestModel(checkoutLogic, {
    input,
    events: events as never,
    filterEvents: (snapshot, event) => snapshot.can(event as never),
    serializeState: (s) => {
      const c = s.context;
      return JSON.stringify([
        s.value,
        c.details,
        c.fieldErrors,
        c.errorMessage,
        c.polls,
        c.quote,
        c.token,
        c.ownHold,
        c.paymentFailure,
      ]);
    },
  });

/* ---------- Driving the real view ---------- */

let fake: FakeApi;
let redirect: ReturnType<typeof vi.fn<(url: string) => void>>;
const user = userEvent.setup({ delay: null });

async function fill(details: Partial<CheckoutDetails>) {
  for (const [field, label] of [
    ["name", "Nimi"],
    ["email", "Sähköposti"],
    ["phone", "Puhelin (vapaaehtoinen)"],
    ["discountCode", "Alennuskoodi (vapaaehtoinen)"],
    ["giftCardCode", "Lahjakortin koodi (vapaaehtoinen)"],
  ] as const) {
    if (details[field] === undefined) continue;
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (details[field]) await user.type(input, details[field]);
  }
  if (details.dogs !== undefined)
    await user.selectOptions(screen.getByLabelText("Koirien määrä"), String(details.dogs));
  // Hidden while the codes cover everything: the method then stays as it was.
  if (details.paymentMethod && screen.queryByLabelText("Kortti"))
    await user.click(screen.getByLabelText(details.paymentMethod === "card" ? "Kortti" : "MobilePay"));
  const terms = screen.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ });
  if (details.acceptTerms !== undefined && (terms as HTMLInputElement).checked !== details.acceptTerms)
    await user.click(terms);
}

const settleWith = (method: Parameters<FakeApi["settle"]>[0]) => async (step: { event: ModelEvent }) => {
  const event = step.event;
  const outcome = "error" in event ? { error: event.error } : { value: event.output };
  return fake.settle(method, outcome);
};

const executors = (url: string, held = false) => ({
  "xstate.init": () => {
    if (held) rememberHeldCheckout(HELD);
    renderBookingRoute("/checkout/:start?/:end?", url, <CheckoutPage />, {
      api: fake.api,
      now: () => new Date("2026-06-10T12:00:00Z"),
      redirectToPayment: redirect,
    });
  },
  "xstate.done.actor.loadQuote": async ({ event }: { event: ModelEvent }) => {
    const [start, end] = await fake.settle("quote", { value: (event.output as { quote: unknown }).quote });
    expect([start, end]).toEqual([START, END]);
  },
  "xstate.error.actor.loadQuote": settleWith("quote"),
  "checkout.retry": () =>
    user.click(
      screen.queryByRole("button", { name: "Varaa tämä aika uudelleen" }) ??
        screen.getByRole("button", { name: "Yritä uudelleen" }),
    ),
  "checkout.edit": ({ event }: { event: ModelEvent }) => fill(event.details as CheckoutDetails),
  "checkout.applyCodes": () => user.click(screen.getByRole("button", { name: "Päivitä hinta" })),
  "xstate.done.actor.updateQuote": async ({
    event,
    state,
  }: {
    event: ModelEvent;
    state: AnyMachineSnapshot;
  }) => {
    const args = await fake.settle("quote", { value: (event.output as { quote: unknown }).quote });
    // The quote is asked with the dogs (more than one) and the codes as typed, blank ones left out.
    const { dogs, discountCode, giftCardCode } = state.context.details as CheckoutDetails;
    expect(args).toEqual([
      START,
      END,
      {
        ...(dogs > 1 ? { dogs } : {}),
        ...(discountCode ? { discountCode } : {}),
        ...(giftCardCode ? { giftCardCode } : {}),
      },
    ]);
  },
  "xstate.error.actor.updateQuote": settleWith("quote"),
  "xstate.done.actor.findOwnHold": async ({ event }: { event: ModelEvent }) => {
    if (!event.byToken) {
      // Nothing of this slot was handed to payment from this tab: no need to ask the server.
      await waitFor(() => expect(screen.queryByText("Tarkistetaan aikaa…")).not.toBeInTheDocument());
      expect(fake.calls("byToken")).toEqual([]);
      return;
    }
    // The remembered hold is asked for by its token.
    const [token] = await fake.settle("byToken", { value: event.byToken });
    expect(token).toBe("access-9");
  },
  "xstate.error.actor.findOwnHold": settleWith("byToken"),
  "checkout.continuePayment": () => user.click(screen.getByRole("button", { name: "Jatka maksamaan" })),
  "checkout.releaseHold": () =>
    user.click(screen.getByRole("button", { name: "Vapauta aika ja valitse toinen" })),
  "xstate.done.actor.releaseHold": async (step: { event: ModelEvent }) => {
    const [token] = await settleWith("cancel")(step);
    expect(token).toBe("access-9");
  },
  "xstate.error.actor.releaseHold": settleWith("cancel"),
  "checkout.submit": ({ state }: { state: AnyMachineSnapshot }) =>
    user.click(screen.getByRole("button", { name: submitName(state) })),
  "xstate.done.actor.createPayment": async (step: { event: ModelEvent; state: AnyMachineSnapshot }) => {
    const [body] = (await settleWith("create")(step)) as [Record<string, unknown>];
    // With nothing to pay the method was not asked: whichever the form had is sent, and unused.
    const method = covered(step.state) ? { paymentMethod: body.paymentMethod } : {};
    expect(body).toEqual({ start: START, end: END, ...VALID, reactiveDog: false, inHeat: false, ...method });
  },
  "xstate.error.actor.createPayment": settleWith("create"),
  "xstate.done.actor.loadReservation": async (step: { event: ModelEvent }) => {
    const [token] = await settleWith("byToken")(step);
    expect(token).toBe("access-1");
  },
  "xstate.error.actor.loadReservation": settleWith("byToken"),
  "xstate.after.confirmationPoll.checkout.waitingForConfirmation": async () => {
    expect(fake.openCalls("byToken")).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));
  },
});

const alert = () => screen.findByRole("alert");
const summaryValue = (term: string) =>
  screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

/** The summary shows the quote: the discount and the gift card's share only when there are some. */
function expectSummaryOf(q: Quote) {
  expect(screen.getByText("ti 16.6.2026 klo 10.00–11.00")).toBeInTheDocument();
  expect(summaryValue("Hinta")).toBe(formatEuros(q.totalCents));
  expect(summaryValue("ALV 25,5 %")).toBe(`${formatEuros(q.vatCents)} (sisältyy hintaan)`);
  if (q.discountCents > 0) {
    expect(summaryValue("Listahinta")).toBe(formatEuros(q.priceCents));
    expect(summaryValue("Alennus")).toBe(`−${formatEuros(q.discountCents)}`);
  } else expect(screen.queryByText("Alennus", { selector: "dt" })).not.toBeInTheDocument();
  if (q.giftCardCents > 0) {
    expect(summaryValue("Lahjakortilla")).toBe(`−${formatEuros(q.giftCardCents)}`);
    expect(summaryValue("Maksettavaa")).toBe(formatEuros(q.payableCents));
  } else expect(screen.queryByText("Maksettavaa", { selector: "dt" })).not.toBeInTheDocument();
}
const calendarLink = (name: string, href: string) =>
  expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);

const stateChecks = {
  invalidSlot: async () => {
    expect(await alert()).toHaveTextContent("Varattavaa aikaa ei tunnistettu");
    calendarLink("Siirry varauskalenteriin", "/varauskalenteri");
    expect(fake.calls()).toEqual([]);
  },
  loadingQuote: async () => {
    expect(await screen.findByText("Haetaan hintaa…")).toBeInTheDocument();
  },
  quoteFailed: async (s: AnyMachineSnapshot) => {
    expect(await alert()).toHaveTextContent(s.context.errorMessage);
    calendarLink("Takaisin varauskalenteriin", "/varauskalenteri/2026-06-16");
  },
  unavailable: async () => {
    expect(await alert()).toHaveTextContent("Aika on jo varattu.");
    expect(screen.getByText("ti 16.6.2026 klo 10.00–11.00")).toBeInTheDocument();
    calendarLink("Valitse toinen aika", "/varauskalenteri/2026-06-16");
    expect(screen.queryByRole("button", { name: "Siirry maksamaan" })).not.toBeInTheDocument();
  },
  editing: async (s: AnyMachineSnapshot) => {
    const details = s.context.details as CheckoutDetails;
    const errors = s.context.fieldErrors as Partial<Record<keyof CheckoutDetails, string>>;
    expect(await screen.findByLabelText("Nimi")).toHaveValue(details.name);
    expectSummaryOf(s.context.quote as Quote);
    expect(screen.getByLabelText("Sähköposti")).toHaveValue(details.email);
    expect(screen.getByLabelText("Puhelin (vapaaehtoinen)")).toHaveValue(details.phone);
    const dogs = screen.getByLabelText("Koirien määrä");
    expect(dogs).toHaveValue(String(details.dogs));
    expect(
      within(dogs)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1", "2", "3"]);
    if (covered(s)) {
      expect(screen.queryByRole("group", { name: "Maksutapa" })).not.toBeInTheDocument();
      expect(screen.getByText(/kattaa koko hinnan: maksutapaa ei tarvita/)).toBeInTheDocument();
    } else
      expect(screen.getByLabelText(details.paymentMethod === "card" ? "Kortti" : "MobilePay")).toBeChecked();
    const terms = screen.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ });
    expect(terms).toHaveProperty("checked", details.acceptTerms);
    expect(screen.getByRole("link", { name: "maksuehdot" })).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "maksuehdot" })).toHaveAttribute("href", "/maksuehdot");
    for (const [field, label] of [
      ["name", "Nimi"],
      ["email", "Sähköposti"],
      ["phone", "Puhelin (vapaaehtoinen)"],
    ] as const) {
      const input = screen.getByLabelText(label);
      if (errors[field]) expect(input).toHaveAccessibleDescription(errors[field]);
      else expect(input).not.toHaveAttribute("aria-invalid");
    }
    if (errors.acceptTerms) expect(terms).toHaveAccessibleDescription("Hyväksy maksuehdot jatkaaksesi");
    // The codes as typed, with the server's reason next to a code that does not apply: the quote's,
    // or the payment's refusal of it (then announced, and the form open to fix it).
    const { discountMessage, giftCardMessage } = s.context.quote as Quote;
    for (const [field, label, message] of [
      ["discountCode", "Alennuskoodi (vapaaehtoinen)", discountMessage],
      ["giftCardCode", "Lahjakortin koodi (vapaaehtoinen)", giftCardMessage],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveValue(details[field]);
      expect(input).toBeEnabled();
      const shown = errors[field] ?? message;
      if (shown) expect(input).toHaveAccessibleDescription(shown);
      else expect(input).not.toHaveAttribute("aria-invalid");
      if (errors[field]) expect(screen.getByRole("alert")).toHaveTextContent(errors[field]);
    }
    expect(screen.getByRole("button", { name: "Päivitä hinta" })).toBeEnabled();
    // What is shown is what the API's schema says about the values as they were submitted (a code's
    // refusal is the server's, above).
    const fresh = detailsErrors(details, MAX_DOGS);
    for (const [field, message] of Object.entries(errors))
      if (field !== "giftCardCode" && field !== "discountCode")
        expect(fresh[field as keyof CheckoutDetails]).toBe(message);
    const submit = screen.getByRole("button", { name: submitName(s) });
    expect(submit).toBeEnabled();
    // A payment that did not start: beside the button, the words (the spec's fallback or the
    // server's) and in Finnish what happened and what to do; the form is open for the retry.
    const failure = s.context.paymentFailure as { message: string; offline: boolean } | null;
    const failureBox = document.getElementById("checkout-payment-error");
    if (failure) {
      expect(failureBox).toHaveAttribute("role", "alert");
      expect(failureBox).toHaveTextContent(failure.message);
      expect([PAYMENT_FALLBACK_MESSAGE, "Maksupalvelu ei vastannut."]).toContain(failure.message);
      expect(failureBox).toHaveTextContent(
        failure.offline
          ? `Yhteys palvelimeen katkesi, joten maksua ei aloitettu. Tarkista verkkoyhteys ja paina ”${submitName(s)}” uudelleen.`
          : `Maksua ei aloitettu. Antamasi tiedot ovat tallessa: yritä hetken kuluttua uudelleen painamalla ”${submitName(s)}”.`,
      );
      // Next to the button (its description), not at the top of the page.
      expect(failureBox!.nextElementSibling).toBe(submit);
      expect(submit).toHaveAccessibleDescription(expect.stringContaining(failure.message));
      expect(screen.getByLabelText("Nimi")).toBeEnabled();
    } else expect(failureBox).toBeNull();
    expect(screen.queryByText(/^Huomaa:/)).not.toBeInTheDocument();
    expect(summaryValue("Peruutus ja siirto")).toBe("ma 15.6.2026 klo 10.00 asti");
    expect(redirect).not.toHaveBeenCalled();
  },
  updatingQuote: async (s: AnyMachineSnapshot) => {
    expect(await screen.findByText("Päivitetään hintaa…")).toBeInTheDocument();
    expectSummaryOf(s.context.quote as Quote);
    expect(screen.getByRole("button", { name: "Päivitä hinta" })).toBeDisabled();
    expect(screen.getByRole("button", { name: submitName(s) })).toBeDisabled();
  },
  creatingPayment: async (s: AnyMachineSnapshot) => {
    expect(await screen.findByText("Luodaan maksua…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: submitName(s) })).toBeDisabled();
    expect(screen.getByLabelText("Nimi")).toBeDisabled();
  },
  redirecting: async (s: AnyMachineSnapshot) => {
    expect(await screen.findByText("Siirrytään maksamaan…")).toBeInTheDocument();
    expect(redirect).toHaveBeenCalledTimes(1);
    if (s.context.ownHold) {
      // Back to the same payment the visitor had started.
      expect(redirect).toHaveBeenCalledWith("/maksu/demo/pay-9");
      expect(fake.calls("create")).toEqual([]);
    } else {
      expect(redirect).toHaveBeenCalledWith("/maksu/demo/pay-1");
      // Remembered for Back and for a retry.
      expect(heldCheckout()).toEqual({
        start: START,
        end: END,
        accessToken: "access-1",
        redirectUrl: "/maksu/demo/pay-1",
        details: s.context.details,
      });
    }
  },
  checkingOwnHold: async () => {
    // Shown while the server is asked; without a remembered hold of the slot the answer is at once.
    expect(await screen.findByText(/^(Tarkistetaan aikaa…|Aika on jo varattu\.)$/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Siirry maksamaan" })).not.toBeInTheDocument();
  },
  ownHold: async (s: AnyMachineSnapshot) => {
    const card = await screen.findByText(/Sinulla on tälle ajalle keskeneräinen maksu\./);
    expect(card).toHaveTextContent("Aika on varattu sinulle klo 15.15 asti.");
    if (s.context.errorMessage) expect(screen.getByText(s.context.errorMessage)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Jatka maksamaan" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Vapauta aika ja valitse toinen" })).toBeEnabled();
    // Not the lock-out message of a slot someone else holds.
    expect(screen.queryByText("Aika on jo varattu.")).not.toBeInTheDocument();
  },
  releasingHold: async () => {
    expect(await screen.findByText("Vapautetaan aikaa…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Jatka maksamaan" })).toBeDisabled();
  },
  holdReleased: async () => {
    expect(await screen.findByText("Aika on vapautettu.")).toBeInTheDocument();
    calendarLink("Valitse toinen aika", "/varauskalenteri/2026-06-16");
    expect(screen.getByRole("button", { name: "Varaa tämä aika uudelleen" })).toBeEnabled();
    expect(heldCheckout()).toBeNull();
  },
  slotTaken: async () => {
    expect(await alert()).toHaveTextContent(TAKEN_MESSAGE);
    calendarLink("Valitse toinen aika", "/varauskalenteri/2026-06-16");
    expect(screen.queryByRole("button", { name: "Siirry maksamaan" })).not.toBeInTheDocument();
  },
  confirming: async () => {
    expect(await screen.findByText("Vahvistetaan maksua…")).toBeInTheDocument();
    // Whether back from the payment page or paid by a gift card here, nobody is sent anywhere.
    expect(redirect).not.toHaveBeenCalled();
  },
  waitingForConfirmation: async () => {
    expect(await screen.findByText("Vahvistetaan maksua…")).toBeInTheDocument();
  },
  confirmationFailed: async (s: AnyMachineSnapshot) => {
    expect(await alert()).toHaveTextContent(s.context.errorMessage);
    expect(localStorage.getItem(storageKeys.reservations)).toBeNull();
  },
  confirmed: async () => {
    expect(await screen.findByRole("heading", { name: "Varaus vahvistettu" })).toBeInTheDocument();
    expect(heldCheckout()).toBeNull();
    expect(checkoutDraft()).toBeNull();
    expect(screen.getByText("ti 16.6.2026 klo 10.00–11.00")).toBeInTheDocument();
    expect(screen.getByText("15,00 €")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Avaa portti" })).toHaveAttribute("href", "/avaa/door-1");
    expect(screen.getByRole("link", { name: "Oma varaus" })).toHaveAttribute("href", "/oma-varaus");
    expect(screen.getByRole("link", { name: "Lisää kalenteriin" })).toHaveAttribute(
      "href",
      "/api/v2/reservations/by-token/access-1/calendar.ics",
    );
    expect(screen.getByRole("link", { name: "Kuitti" })).toHaveAttribute(
      "href",
      "/api/v2/reservations/by-token/access-1/receipt",
    );
    expect(JSON.parse(localStorage.getItem(storageKeys.reservations)!)).toEqual([
      {
        id: "3f0c1a7e-5b6d-4c8e-9f1a-2b3c4d5e6f70",
        accessToken: "access-1",
        start: START,
        endTime: END,
        areaName: "Koirapuisto",
      },
    ]);
  },
  notConfirmed: async () => {
    expect(await alert()).toHaveTextContent("Varausta ei vahvistettu");
    expect(localStorage.getItem(storageKeys.reservations)).toBeNull();
  },
  paymentCancelled: async () => {
    expect(await screen.findByText("Maksu peruttiin. Aikaa ei varattu.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Yritä uudelleen" })).toHaveAttribute("href", CHECKOUT_PATH);
    calendarLink("Takaisin varauskalenteriin", "/varauskalenteri/2026-06-16");
    expect(fake.calls()).toEqual([]);
  },
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  sessionStorage.clear();
  fake = createFakeApi({ site: async () => siteFixture(MAX_DOGS) });
  redirect = vi.fn<(url: string) => void>();
});
afterEach(() => vi.useRealTimers());

/* ---------- The plan's words (docs/machines/checkout.md) ---------- */

/** The form filled in as the executor does it: each value replaced, the choices made. */
function fillWords(details: Partial<CheckoutDetails>): string {
  const typed = (
    [
      ["name", "Nimi"],
      ["email", "Sähköposti"],
      ["phone", "Puhelin (vapaaehtoinen)"],
      ["discountCode", "Alennuskoodi (vapaaehtoinen)"],
      ["giftCardCode", "Lahjakortin koodi (vapaaehtoinen)"],
    ] as const
  )
    .filter(([field]) => details[field] !== undefined)
    .map(([field, label]) =>
      details[field] ? `“${details[field]}” in “${label}”` : `nothing in “${label}”`,
    );
  const choices = [
    ...(details.dogs !== undefined ? [`choose ${details.dogs} in “Koirien määrä”`] : []),
    ...(details.paymentMethod
      ? [`choose “${details.paymentMethod === "card" ? "Kortti" : "MobilePay"}” (when “Maksutapa” is shown)`]
      : []),
    ...(details.acceptTerms !== undefined
      ? [`${details.acceptTerms ? "tick" : "untick"} “Hyväksyn maksuehdot”`]
      : []),
  ];
  const listed = (items: string[]) =>
    items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join("");
  return `Type, replacing what is there, ${listed(typed)}; ${listed(choices)}.`;
}

/** The quote the server gives, as a tester arranges it. */
function quoteWords(q: Quote): string {
  if (!q.available) return `The server quotes the slot as not bookable: “${q.reason}”`;
  const refused = [q.discountMessage, q.giftCardMessage].filter(Boolean).map((m) => `“${m}”`);
  return [
    `The server quotes the slot as free: ${formatEuros(q.totalCents)} with ALV ${formatEuros(q.vatCents)}`,
    q.discountCents > 0
      ? `, after a discount of ${formatEuros(q.discountCents)} off ${formatEuros(q.priceCents)}`
      : "",
    refused.length > 0 ? `, refusing a code: ${refused.join(", ")}` : "",
    q.giftCardCents > 0
      ? `; the gift card pays ${formatEuros(q.giftCardCents)} of it, leaving ${formatEuros(q.payableCents)} to pay`
      : "",
    ".",
  ].join("");
}

/** A failed request as a tester arranges it: without an answer the page says the machine's own words. */
const failureWords =
  (fallback: string) =>
  ({ error }: { error: ApiError }) => {
    const field = (error.data as { field?: string } | undefined)?.field;
    const about = field ? ` about “${codeLabels[field] ?? field}”` : "";
    return error.status === null
      ? `The request fails: no connection to the server (the page says “${fallback}”).`
      : `The server answers ${error.status}${about}: “${error.message}”`;
  };
const codeLabels: Record<string, string> = {
  discountCode: "Alennuskoodi (vapaaehtoinen)",
  giftCardCode: "Lahjakortin koodi (vapaaehtoinen)",
};

/** Each event in a tester's words, for the plan in docs/machines/checkout.md. */
const stepWords: StepWords = {
  "xstate.init": `Go to the page as the heading says. The slot is ti 16.6.2026 klo 10.00–11.00, it is 10.6.2026 at 15.00, and the park takes up to ${MAX_DOGS} dogs.`,
  "checkout.edit": (e: { details: CheckoutDetails }) => fillWords(e.details),
  "checkout.applyCodes": "Press “Päivitä hinta”.",
  "checkout.submit": "Press “Siirry maksamaan” (“Vahvista varaus” when nothing is left to pay).",
  "checkout.retry": "Press “Yritä uudelleen” (“Varaa tämä aika uudelleen” after a released hold).",
  "checkout.continuePayment": "Press “Jatka maksamaan”.",
  "checkout.releaseHold": "Press “Vapauta aika ja valitse toinen”.",
  "xstate.done.actor.loadQuote": (e: { output: { quote: Quote } }) => quoteWords(e.output.quote),
  "xstate.done.actor.updateQuote": (e: { output: { quote: Quote } }) => quoteWords(e.output.quote),
  "xstate.error.actor.updateQuote": failureWords("Hinnan hakeminen epäonnistui."),
  "xstate.done.actor.findOwnHold": (e: { output: unknown; byToken?: { holdExpiresAt: string } }) =>
    !e.byToken
      ? "Nothing to arrange: this tab handed no payment of the slot to the payment page, so the hold is somebody else's."
      : e.output
        ? `The server gives the booking of token ${HELD.accessToken} (the one this tab handed to payment) as pending, held until ${formatTime(e.byToken.holdExpiresAt)}: the visitor's own hold.`
        : `The server gives the booking of token ${HELD.accessToken} as pending, but its hold ended at ${formatTime(e.byToken.holdExpiresAt)}: no longer the visitor's.`,
  "xstate.error.actor.findOwnHold": (e: { error: ApiError }) =>
    `Looking up the booking this tab handed to payment (token ${HELD.accessToken}) fails: ${e.error.status === null ? "no connection to the server" : `the server answers ${e.error.status}`}.`,
  "xstate.done.actor.releaseHold": `The server cancels the hold (the booking of token ${ownHold.accessToken}).`,
  "xstate.done.actor.createPayment": (e: { output: PaymentStart }) =>
    e.output.redirectUrl
      ? `The server starts the payment and gives the payment page ${e.output.redirectUrl}.`
      : e.output.success
        ? `The server confirms the booking at once, the gift card paying all of it: “${e.output.message}”`
        : "The server answers that no payment was started (success false), with no words.",
  "xstate.error.actor.createPayment": failureWords(PAYMENT_FALLBACK_MESSAGE),
  "xstate.done.actor.loadReservation": (e: { output: { status: string } }) =>
    ({
      confirmed: "The server gives the booking (token access-1) as confirmed and paid, with its gate link.",
      pending:
        "The server gives the booking (token access-1) as still pending: the payment is not confirmed yet.",
      cancelled:
        "The server gives the booking (token access-1) as cancelled: the hold ran out before the payment.",
    })[e.output.status] ?? `The server gives the booking as ${e.output.status}.`,
  "xstate.after.confirmationPoll.checkout.waitingForConfirmation": `Wait ${CONFIRMATION_POLL_MS / 1000} second: the page asks for the booking again.`,
};

describePathTests(checkoutLogic, {
  runs: entries.map(({ name, url, input, events, held }) => ({
    name,
    model: modelFor(input, events),
    events: executors(url, held),
  })),
  states: stateChecks,
  steps: stepWords,
});

test("a payment that came back failed shows the booking was not kept and the refund", async () => {
  executors(`${CHECKOUT_PATH}?payment=failed&token=access-1`)["xstate.init"]();
  expect(await screen.findByText("Vahvistetaan maksua…")).toBeInTheDocument();
  await fake.settle("byToken", {
    value: {
      ...reservation("cancelled"),
      payment: { method: "card", status: "refunded", refundedCents: 1500 },
    },
  });
  expect(await screen.findByRole("alert")).toHaveTextContent("Varausta ei vahvistettu");
  expect(screen.getByText("Maksu 15,00 € palautetaan maksutavallesi.")).toBeInTheDocument();
  expect(localStorage.getItem(storageKeys.reservations)).toBeNull();
});

test("'Yritä uudelleen' after a cancelled payment keeps the form's values", async () => {
  rememberHeldCheckout(HELD);
  const { router } = renderBookingRoute(
    "/checkout/:start?/:end?",
    `${CHECKOUT_PATH}?payment=cancelled&token=access-9`,
    <CheckoutPage />,
    { api: fake.api, now: () => new Date("2026-06-10T12:00:00Z"), redirectToPayment: redirect },
  );
  await user.click(await screen.findByRole("link", { name: "Yritä uudelleen" }));
  expect(router.search()).toBe("");
  await fake.settle("quote", { value: quote(true) });
  expect(await screen.findByLabelText("Nimi")).toHaveValue(VALID.name);
  expect(screen.getByLabelText("Sähköposti")).toHaveValue(VALID.email);
  expect(screen.getByLabelText("Alennuskoodi (vapaaehtoinen)")).toHaveValue(VALID.discountCode);
  expect(screen.getByLabelText("Kortti")).toBeChecked();
  expect(screen.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ })).toBeChecked();
});

test("a reload keeps the form's values for the tab; a made booking forgets them", async () => {
  const render = () =>
    renderBookingRoute("/checkout/:start?/:end?", CHECKOUT_PATH, <CheckoutPage />, {
      api: fake.api,
      now: () => new Date("2026-06-10T12:00:00Z"),
      redirectToPayment: redirect,
    });
  render();
  await fake.settle("quote", { value: quote(true) });
  await fill({ name: VALID.name, email: VALID.email, paymentMethod: "card", giftCardCode: "LAHJA" });
  cleanup();
  render();
  await fake.settle("quote", { value: quote(true) });
  expect(await screen.findByLabelText("Nimi")).toHaveValue(VALID.name);
  expect(screen.getByLabelText("Sähköposti")).toHaveValue(VALID.email);
  expect(screen.getByLabelText("Lahjakortin koodi (vapaaehtoinen)")).toHaveValue("LAHJA");
  expect(screen.getByLabelText("Kortti")).toBeChecked();
  // Another tab starts empty: the values are this tab's (session storage).
  expect(localStorage.getItem("checkout_draft")).toBeNull();
});

test("a slot inside the cancellation window is said, before paying, to be neither cancellable nor movable", async () => {
  executors(CHECKOUT_PATH)["xstate.init"]();
  await fake.settle("quote", {
    // The server's answer when booking now is inside the window (its clock, not this test's).
    value: { ...quote(true), cancellable: false },
  });
  const warning = (await screen.findByText(/^Huomaa:/)).closest("p")!;
  expect(warning).toHaveTextContent(
    "Huomaa: Aika alkaa alle 24 tunnin kuluttua. Varausta ei voi maksamisen jälkeen perua eikä siirtää, eikä maksua palauteta.",
  );
  // Just before the button it describes, and in the summary beside the price.
  const submit = screen.getByRole("button", { name: "Siirry maksamaan" });
  expect(warning.nextElementSibling).toBe(submit);
  expect(submit).toHaveAccessibleDescription(expect.stringContaining("ei voi maksamisen jälkeen perua"));
  expect(summaryValue("Peruutus ja siirto")).toBe("Ei mahdollista: aika alkaa pian");
});
