// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AnyMachineSnapshot } from "xstate";
import { TestModel } from "xstate/graph";
import {
  checkoutMachine,
  CONFIRMATION_POLL_MS,
  PAYMENT_FALLBACK_MESSAGE,
  type CheckoutDetails,
  type CheckoutInput,
} from "../../machines/checkoutMachine";
import { storageKeys } from "../../src/client/storage";
import { CheckoutPage } from "../../src/web/pages/booking/CheckoutPage";
import { checkoutRules } from "../../src/web/pages/booking/checkoutRules";
import { apiError, createFakeApi, renderBookingRoute, type FakeApi } from "./bookingPathSupport";
import { describePathTests } from "../support/paths";
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
};
const INVALID: CheckoutDetails = {
  name: "M",
  email: "maija(at)example",
  phone: "soita",
  dogs: 1,
  paymentMethod: "mobilepay",
  acceptTerms: false,
};

const quote = (available: boolean) => ({
  start: START,
  end: END,
  lengthMinutes: 60,
  priceCents: 1500,
  vatCents: 305,
  vatRateBasisPoints: 2550,
  available,
  reason: available ? null : "Aika on jo varattu.",
});
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
const modelEvents = [
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(true), maxDogs: MAX_DOGS } },
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(false), maxDogs: MAX_DOGS } },
  { type: "xstate.error.actor.loadQuote", error: apiError(500, "Palvelimella tapahtui virhe.") },
  { type: "checkout.retry" },
  { type: "checkout.edit", details: VALID },
  { type: "checkout.edit", details: INVALID },
  { type: "checkout.submit" },
  {
    type: "xstate.done.actor.createPayment",
    output: { success: true, redirectUrl: "/maksu/demo/pay-1", message: "Siirry maksamaan." },
  },
  { type: "xstate.done.actor.createPayment", output: { success: false, redirectUrl: "", message: "" } },
  { type: "xstate.error.actor.createPayment", error: apiError(409, TAKEN_MESSAGE) },
  { type: "xstate.error.actor.createPayment", error: apiError(502, "Maksupalvelu ei vastannut.") },
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
type ModelEvent = (typeof modelEvents)[number] & Record<string, unknown>;

/** Each way into the page: a new checkout, unreadable times, and the two returns from payment. */
const entries: Array<{ name: string; url: string; input: Omit<CheckoutInput, "rules"> }> = [
  { name: "new checkout", url: CHECKOUT_PATH, input: { start: START, end: END } },
  {
    name: "invalid times",
    url: `/checkout/huomenna/${encodeURIComponent(START)}`,
    input: { start: "huomenna", end: START },
  },
  {
    name: "paid",
    url: `${CHECKOUT_PATH}?payment=success&token=access-1`,
    input: { start: START, end: END, payment: "success", token: "access-1" },
  },
  {
    name: "payment cancelled",
    url: `${CHECKOUT_PATH}?payment=cancelled&token=access-1`,
    input: { start: START, end: END, payment: "cancelled", token: "access-1" },
  },
];

const modelFor = (input: Omit<CheckoutInput, "rules">) =>
  new TestModel(checkoutMachine, {
    input: { ...input, rules: checkoutRules },
    events: modelEvents as never,
    filterEvents: (snapshot, event) => snapshot.can(event as never),
    serializeState: (s) => {
      const c = s.context;
      return JSON.stringify([s.value, c.details, c.fieldErrors, c.errorMessage, c.polls]);
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
  ] as const) {
    if (details[field] === undefined) continue;
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (details[field]) await user.type(input, details[field]);
  }
  if (details.dogs !== undefined)
    await user.selectOptions(screen.getByLabelText("Koirien määrä"), String(details.dogs));
  if (details.paymentMethod)
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

const executors = (url: string) => ({
  "xstate.init": () => {
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
  "checkout.retry": () => user.click(screen.getByRole("button", { name: "Yritä uudelleen" })),
  "checkout.edit": ({ event }: { event: ModelEvent }) => fill(event.details as CheckoutDetails),
  "checkout.submit": () => user.click(screen.getByRole("button", { name: "Siirry maksamaan" })),
  "xstate.done.actor.createPayment": async (step: { event: ModelEvent }) => {
    const [body] = await settleWith("create")(step);
    expect(body).toEqual({ start: START, end: END, ...VALID });
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
    expect(screen.getByText("ti 16.6.2026 klo 10.00–11.00")).toBeInTheDocument();
    expect(screen.getByText("15,00 €")).toBeInTheDocument();
    expect(screen.getByText(/3,05 €/)).toBeInTheDocument();
    expect(screen.getByText("ALV 25,5 %")).toBeInTheDocument();
    expect(screen.getByLabelText("Sähköposti")).toHaveValue(details.email);
    expect(screen.getByLabelText("Puhelin (vapaaehtoinen)")).toHaveValue(details.phone);
    const dogs = screen.getByLabelText("Koirien määrä");
    expect(dogs).toHaveValue(String(details.dogs));
    expect(
      within(dogs)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1", "2", "3"]);
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
    // What is shown is what the API's schema says about the values as they were submitted.
    const fresh = checkoutRules.detailsErrors(details, MAX_DOGS);
    for (const [field, message] of Object.entries(errors))
      expect(fresh[field as keyof CheckoutDetails]).toBe(message);
    expect(screen.getByRole("button", { name: "Siirry maksamaan" })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
  },
  creatingPayment: async () => {
    expect(await screen.findByText("Luodaan maksua…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Siirry maksamaan" })).toBeDisabled();
    expect(screen.getByLabelText("Nimi")).toBeDisabled();
  },
  redirecting: async () => {
    expect(await screen.findByText("Siirrytään maksamaan…")).toBeInTheDocument();
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith("/maksu/demo/pay-1");
  },
  failed: async (s: AnyMachineSnapshot) => {
    const message = await alert();
    expect(message).toHaveTextContent(s.context.errorMessage);
    // The spec's fallback when the server said nothing; the server's own message otherwise.
    expect([PAYMENT_FALLBACK_MESSAGE, "Maksupalvelu ei vastannut."]).toContain(s.context.errorMessage);
    expect(within(message).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
  },
  slotTaken: async () => {
    expect(await alert()).toHaveTextContent(TAKEN_MESSAGE);
    calendarLink("Valitse toinen aika", "/varauskalenteri/2026-06-16");
    expect(screen.queryByRole("button", { name: "Siirry maksamaan" })).not.toBeInTheDocument();
  },
  confirming: async () => {
    expect(await screen.findByText("Vahvistetaan maksua…")).toBeInTheDocument();
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
    expect(screen.getByText("ti 16.6.2026 klo 10.00–11.00")).toBeInTheDocument();
    expect(screen.getByText("15,00 €")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Avaa portti" })).toHaveAttribute("href", "/avaa/door-1");
    expect(screen.getByRole("link", { name: "Oma varaus" })).toHaveAttribute("href", "/oma-varaus");
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
  fake = createFakeApi({ site: async () => siteFixture(MAX_DOGS) });
  redirect = vi.fn<(url: string) => void>();
});
afterEach(() => vi.useRealTimers());

describePathTests(checkoutMachine, {
  runs: entries.map(({ name, url, input }) => ({ name, model: modelFor(input), events: executors(url) })),
  states: stateChecks,
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
