import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import type { AnyMachineSnapshot } from "xstate";
import { TestModel } from "xstate/graph";
import { checkoutMachine, type CheckoutDetails, type CheckoutQuote } from "../../machines/checkoutMachine";
import { ApiError } from "../../src/client/http";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { withCheckoutRules } from "../../src/web/pages/booking/checkoutRules";
import { checkoutView, NETWORK_MESSAGE, SLOT_TAKEN_MESSAGE } from "../machines/checkoutView";
import { describeBrowserPaths, HeldRequests, type BrowserStep } from "../support/browserPaths.js";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { browserProbe, type PageProbe } from "../support/pageProbe.js";

/*
 * The paths of checkoutMachine in Chromium against the production build, the real server and its
 * database (`npx vite build` first). The server runs as in development, so it has the discount code
 * DEMO10, and its payment provider is the demo payment page, which is ours. Three runs, one for
 * each way into the page: a new checkout (the quote, the details, the codes, the payment's start),
 * the return from the payment page with "success", and Back from the payment page to the visitor's
 * own hold; each the fewest paths that walk every (state, event) pair of its entry
 * (tests/support/browserPaths.ts), while the jsdom run (tests/machines/checkout.paths.test.tsx)
 * walks every transition of every entry. The addresses that decide at once (unreadable times, a
 * cancelled payment) are checked at the end. The states are checked by the table
 * tests/machines/checkoutView.ts, asked through the page probe.
 *
 * The test decides when an answer arrives, never what it says: the quote, the payment's POST, the
 * booking by its token and its release are held at the network and let through or cut as a
 * dropped connection (and its retry). A slot shows taken, or its payment is refused with 409,
 * because another visitor (another IP address and e-mail) really started a payment for it
 * meanwhile; a code's discount is the server's own; a booking is confirmed or not because "Maksa"
 * or "Peruuta" was pressed on the demo payment page, and pending while neither was.
 */

const e2e = serverAndBrowserForFile({ env: { NODE_ENV: "development", TRUST_PROXY: "1" } });

type World = {
  page: WatchedPage;
  probe: PageProbe;
  held: HeldRequests;
  start: string;
  end: string;
  /** The paid run's booking: its token and its demo payment page. */
  token?: string;
  paymentPage?: string;
};
type CheckoutStep = BrowserStep<World>;

const newClient = () =>
  `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;

/** Each path its own slot (a day of its own at noon), so no path meets another's hold. */
let slots = 0;
function nextSlot() {
  slots += 1;
  const start = DateTime.now()
    .setZone(HELSINKI)
    .plus({ days: 1 + slots })
    .set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  return { start: start.toISO()!, end: start.plus({ hours: 1 }).toISO()! };
}
const checkoutUrl = (start: string, end: string) =>
  `${e2e.server.url}/checkout/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;

/** Another visitor, from another address, starts a payment for the slot: it is held for them. */
async function takenByAnother(world: World) {
  const answer = await fetch(`${e2e.server.url}/api/v2/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": newClient() },
    body: JSON.stringify({
      start: world.start,
      end: world.end,
      name: "Toinen Asiakas",
      email: `toinen-${randomUUID().slice(0, 8)}@example.com`,
      dogs: 1,
      paymentMethod: "card",
      acceptTerms: true,
    }),
  });
  expect(answer.status).toBe(201);
}

/* ---------- The model: one event of each answer the browser can bring about ---------- */

const quote = (available: boolean) =>
  ({ available, payableCents: 1500, reason: available ? null : "Aika on jo varattu." }) as CheckoutQuote;
const VALID: CheckoutDetails = {
  name: "Maija Meikäläinen",
  email: "maija.polku@example.com",
  phone: "",
  dogs: 2,
  reactiveDog: false,
  inHeat: false,
  paymentMethod: "card",
  acceptTerms: true,
  discountCode: "demo10",
  giftCardCode: "",
};
const networkError = new ApiError(null, NETWORK_MESSAGE);

const events = [
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(true), maxDogs: 4 } },
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(false), maxDogs: 4 } },
  { type: "xstate.error.actor.loadQuote", error: networkError },
  { type: "checkout.retry" },
  { type: "checkout.edit", details: VALID },
  { type: "checkout.applyCodes" },
  { type: "xstate.done.actor.updateQuote", output: { quote: quote(true), maxDogs: 4 } },
  { type: "xstate.done.actor.updateQuote", output: { quote: quote(false), maxDogs: 4 } },
  { type: "xstate.error.actor.updateQuote", error: networkError },
  { type: "checkout.submit" },
  {
    type: "xstate.done.actor.createPayment",
    output: { success: true, redirectUrl: "/maksu/demo/x", message: "", reservation: { accessToken: "a" } },
  },
  // Nothing of this slot was handed to payment from this tab: settled at once, no request.
  { type: "xstate.done.actor.findOwnHold", output: null },
  {
    type: "xstate.error.actor.createPayment",
    error: new ApiError(409, SLOT_TAKEN_MESSAGE, { message: SLOT_TAKEN_MESSAGE }),
  },
  { type: "xstate.error.actor.createPayment", error: networkError },
];

const checkoutLogic = withCheckoutRules(checkoutMachine);

// The model's slot is only read as valid times; each path books a slot of its own (nextSlot).
const model = new TestModel(checkoutLogic, {
  input: { start: "2026-06-16T12:00:00+03:00", end: "2026-06-16T13:00:00+03:00" },
  events: events as never,
  filterEvents: (snapshot, event) => snapshot.can(event as never),
  serializeState: (s) => {
    const c = (s as AnyMachineSnapshot).context;
    return JSON.stringify([
      s.value,
      c.details,
      c.fieldErrors,
      c.errorMessage,
      c.quote?.available,
      c.paymentFailure,
    ]);
  },
});

/* ---------- The visitor's steps, and when the server's answers arrive ---------- */

const quoteAvailable = (event: object) =>
  (event as { output?: { quote?: CheckoutQuote } }).output?.quote?.available !== false;

const executors: Record<string, (step: CheckoutStep) => Promise<unknown>> = {
  "xstate.init": async ({ world, next }) => {
    if (next && !quoteAvailable(next.event as never)) await takenByAnother(world);
    await world.page.goto(checkoutUrl(world.start, world.end));
  },
  "xstate.done.actor.loadQuote": ({ world }) => world.held.pass("quote"),
  "xstate.error.actor.loadQuote": ({ world }) => world.held.cut("quote"),
  "checkout.retry": ({ world }) => world.page.getByRole("button", { name: "Yritä uudelleen" }).click(),
  "checkout.edit": async ({ world, event }) => {
    const { page } = world;
    const details = (event as unknown as { details: CheckoutDetails }).details;
    await page.getByLabel("Nimi").fill(details.name);
    await page.getByLabel("Sähköposti").fill(details.email);
    await page.getByLabel("Koirien määrä").selectOption(String(details.dogs));
    await page.getByLabel("Kortti").check();
    await page.getByLabel("Alennuskoodi (vapaaehtoinen)").fill(details.discountCode);
    await page.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ }).check();
  },
  "checkout.applyCodes": ({ world }) => world.page.getByRole("button", { name: "Päivitä hinta" }).click(),
  "xstate.done.actor.updateQuote": async ({ world, event }) => {
    if (!quoteAvailable(event)) await takenByAnother(world);
    await world.held.pass("quote");
  },
  "xstate.error.actor.updateQuote": ({ world }) => world.held.cut("quote"),
  "checkout.submit": ({ world }) => world.page.getByRole("button", { name: "Siirry maksamaan" }).click(),
  "xstate.done.actor.createPayment": ({ world }) => world.held.pass("create"),
  "xstate.done.actor.findOwnHold": async () => {},
  "xstate.error.actor.createPayment": async ({ world, event }) => {
    if ((event as unknown as { error: { status: number | null } }).error.status === 409) {
      await takenByAnother(world);
      await world.held.pass("create");
    } else await world.held.cut("create");
  },
};

/* ---------- What each state shows: the shared checks, and what the network holds ---------- */

const view = (key: string) => (world: World, s: AnyMachineSnapshot) => checkoutView[key]!(world.probe, s);

const states: Record<string, (world: World, s: AnyMachineSnapshot) => Promise<unknown>> = {
  loadingQuote: async (world, s) => {
    await view("loadingQuote")(world, s);
    await world.held.arrives("quote");
  },
  quoteFailed: view("quoteFailed"),
  checkingOwnHold: view("checkingOwnHold"),
  unavailable: view("unavailable"),
  editing: view("editing"),
  updatingQuote: async (world, s) => {
    await view("updatingQuote")(world, s);
    await world.held.arrives("quote");
  },
  creatingPayment: async (world, s) => {
    await view("creatingPayment")(world, s);
    await world.held.arrives("create");
  },
  slotTaken: view("slotTaken"),
  redirecting: async (world, s) => {
    await view("redirecting")(world, s);
    expect(world.page.errors).toEqual([]);
  },
};

/* ---------- Back from the payment page with "success": confirming the booking ---------- */

const reservationAnswer = (status: "pending" | "confirmed" | "cancelled") => ({
  type: "xstate.done.actor.loadReservation",
  output: { status, accessToken: "t" },
});
const paidEvents = [
  reservationAnswer("confirmed"),
  reservationAnswer("pending"),
  reservationAnswer("cancelled"),
  { type: "xstate.error.actor.loadReservation", error: networkError },
  { type: "xstate.after.confirmationPoll.checkout.waitingForConfirmation" },
  { type: "checkout.retry" },
];
const paidModel = new TestModel(checkoutLogic, {
  input: {
    start: "2026-06-16T12:00:00+03:00",
    end: "2026-06-16T13:00:00+03:00",
    payment: "success",
    token: "t",
  },
  events: paidEvents as never,
  filterEvents: (snapshot, event) => snapshot.can(event as never),
  serializeState: (s) => {
    const c = (s as AnyMachineSnapshot).context;
    return JSON.stringify([s.value, c.errorMessage, c.polls]);
  },
});

/** This visitor's booking, its payment started on the demo page (pending until paid there). */
async function startedBooking(world: World) {
  const answer = await fetch(`${e2e.server.url}/api/v2/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": newClient() },
    body: JSON.stringify({
      start: world.start,
      end: world.end,
      name: VALID.name,
      email: `maksaja-${randomUUID().slice(0, 8)}@example.com`,
      dogs: 1,
      paymentMethod: "card",
      acceptTerms: true,
    }),
  });
  expect(answer.status).toBe(201);
  const body = (await answer.json()) as { redirectUrl: string; reservation: { accessToken: string } };
  world.token = body.reservation.accessToken;
  world.paymentPage = new URL(body.redirectUrl, e2e.server.url).toString();
}

/** "Maksa" or "Peruuta" on the demo payment page, as the visitor did before coming back. */
async function onPaymentPage(world: World, button: "approve" | "cancel") {
  const answer = await fetch(`${world.paymentPage}/${button}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(answer.status, await answer.clone().text()).toBe(303);
}

const paidExecutors: Record<string, (step: CheckoutStep) => Promise<unknown>> = {
  "xstate.init": async ({ world }) => {
    await startedBooking(world);
    await world.page.goto(`${checkoutUrl(world.start, world.end)}?payment=success&token=${world.token}`);
  },
  // The payment page's answer decides what the booking is when the page asks for it.
  "xstate.done.actor.loadReservation": async ({ world, event }) => {
    const status = (event as unknown as { output: { status: string } }).output.status;
    if (status === "confirmed") await onPaymentPage(world, "approve");
    if (status === "cancelled") await onPaymentPage(world, "cancel");
    await world.held.pass("byToken");
  },
  "xstate.error.actor.loadReservation": ({ world }) => world.held.cut("byToken"),
  // A second later the page asks again (the confirming state's check waits for that request).
  "xstate.after.confirmationPoll.checkout.waitingForConfirmation": async () => {},
  "checkout.retry": ({ world }) => world.page.getByRole("button", { name: "Yritä uudelleen" }).click(),
};

const paidStates: Record<string, (world: World, s: AnyMachineSnapshot) => Promise<unknown>> = {
  confirming: async (world, s) => {
    await view("confirming")(world, s);
    await world.held.arrives("byToken");
  },
  waitingForConfirmation: view("waitingForConfirmation"),
  confirmationFailed: view("confirmationFailed"),
  confirmed: async (world, s) => {
    await view("confirmed")(world, s);
    expect(world.page.errors).toEqual([]);
  },
  notConfirmed: view("notConfirmed"),
};

/* ---------- Back from the payment page to the checkout: the visitor's own hold ---------- */

const backEvents = [
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(true), maxDogs: 4 } },
  { type: "xstate.done.actor.loadQuote", output: { quote: quote(false), maxDogs: 4 } },
  { type: "xstate.done.actor.findOwnHold", output: { accessToken: "t", redirectUrl: "/maksu/demo/x" } },
  { type: "xstate.done.actor.findOwnHold", output: null },
  { type: "xstate.error.actor.findOwnHold", error: networkError },
  { type: "checkout.continuePayment" },
  { type: "checkout.releaseHold" },
  { type: "xstate.done.actor.releaseHold", output: null },
  { type: "xstate.error.actor.releaseHold", error: networkError },
  { type: "checkout.retry" },
];
const backModel = new TestModel(checkoutLogic, {
  input: { start: "2026-06-16T12:00:00+03:00", end: "2026-06-16T13:00:00+03:00", draft: VALID },
  events: backEvents as never,
  filterEvents: (snapshot, event) => snapshot.can(event as never),
  serializeState: (s) => {
    const c = (s as AnyMachineSnapshot).context;
    return JSON.stringify([s.value, c.errorMessage, c.ownHold, c.quote?.available]);
  },
});

/** Payments of earlier Back paths still open: cancelled first (2 unpaid holds per e-mail). */
const openPayments: string[] = [];

const backExecutors: Record<string, (step: CheckoutStep) => Promise<unknown>> = {
  // The visitor fills the form and goes to the payment page in this tab; there, before Back, the
  // payment may be cancelled (the visitor's other tab) and the slot taken by someone else.
  "xstate.init": async ({ world, next, later }) => {
    const { page, held } = world;
    for (const paymentPage of openPayments.splice(0))
      await fetch(`${paymentPage}/cancel`, { method: "POST", redirect: "manual" });
    await page.goto(checkoutUrl(world.start, world.end));
    await executors["checkout.edit"]!({
      world,
      event: { type: "checkout.edit", details: VALID },
      later,
    } as never);
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    world.paymentPage = page.url();
    // Gone before Back: free again (the next quote says so), or taken since by someone else.
    const slotFree = quoteAvailable(next!.event);
    const ownGone = later.some(
      (step) =>
        step.event.type === "xstate.done.actor.findOwnHold" && !(step.event as { output?: unknown }).output,
    );
    if (slotFree || ownGone) await onPaymentPage(world, "cancel");
    else openPayments.push(world.paymentPage);
    if (ownGone) await takenByAnother(world);
    await held.hold("quote", /\/api\/v2\/reservations\/quote/);
    await held.hold("byToken", /\/api\/v2\/reservations\/by-token\/[^/]+$/, "GET");
    await held.hold("release", /\/api\/v2\/reservations\/by-token\/[^/]+$/, "DELETE");
    await page.goBack();
  },
  "xstate.done.actor.loadQuote": ({ world }) => world.held.pass("quote"),
  "xstate.done.actor.findOwnHold": ({ world }) => world.held.pass("byToken"),
  "xstate.error.actor.findOwnHold": ({ world }) => world.held.cut("byToken"),
  "checkout.continuePayment": ({ world }) =>
    world.page.getByRole("button", { name: "Jatka maksamaan" }).click(),
  "checkout.releaseHold": ({ world }) =>
    world.page.getByRole("button", { name: "Vapauta aika ja valitse toinen" }).click(),
  "xstate.done.actor.releaseHold": ({ world }) => world.held.pass("release"),
  "xstate.error.actor.releaseHold": ({ world }) => world.held.cut("release"),
  "checkout.retry": ({ world }) =>
    world.page.getByRole("button", { name: "Varaa tämä aika uudelleen" }).click(),
};

const backStatesChecks: Record<string, (world: World, s: AnyMachineSnapshot) => Promise<unknown>> = {
  loadingQuote: states.loadingQuote!,
  checkingOwnHold: async (world, s) => {
    await view("checkingOwnHold")(world, s);
    await world.held.arrives("byToken");
  },
  unavailable: view("unavailable"),
  editing: view("editing"),
  ownHold: view("ownHold"),
  releasingHold: async (world, s) => {
    await view("releasingHold")(world, s);
    await world.held.arrives("release");
  },
  holdReleased: view("holdReleased"),
  // Back to the same payment page, no new payment.
  redirecting: async (world, s) => {
    await view("redirecting")(world, s);
    await world.page.waitForURL(world.paymentPage!);
  },
};

const backRun = "Back from the payment page: the run below";
const checkedBelow = "decided at once from the address: checked by the tests below";
const paidRun = "the return from the payment page: the run below";
const backStates = ["ownHold", "releasingHold", "holdReleased"];
const paidRunStates = [
  "confirming",
  "waitingForConfirmation",
  "confirmationFailed",
  "confirmed",
  "notConfirmed",
];
const newCheckoutStates = [
  "loadingQuote",
  "quoteFailed",
  "checkingOwnHold",
  "unavailable",
  "editing",
  "updatingQuote",
  "creatingPayment",
  "redirecting",
  "failed",
  "slotTaken",
];

describeBrowserPaths(checkoutLogic, {
  model,
  reachedElsewhere: [
    { state: "invalidSlot", reason: checkedBelow },
    { state: "paymentCancelled", reason: checkedBelow },
    ...backStates.map((state) => ({ state, reason: backRun })),
    ...paidRunStates.map((state) => ({ state, reason: paidRun })),
  ],
  async start() {
    const page = await e2e.openPage();
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": newClient() });
    const held = new HeldRequests(page);
    await held.hold("quote", /\/api\/v2\/reservations\/quote/);
    await held.hold("create", /\/api\/v2\/reservations$/, "POST");
    return { page, held, probe: browserProbe(page), ...nextSlot() };
  },
  events: executors,
  states,
});

describeBrowserPaths(checkoutLogic, {
  model: paidModel,
  reachedElsewhere: [
    { state: "invalidSlot", reason: checkedBelow },
    { state: "paymentCancelled", reason: checkedBelow },
    ...backStates.map((state) => ({ state, reason: backRun })),
    ...newCheckoutStates.map((state) => ({ state, reason: "a new checkout: the run above" })),
  ],
  async start() {
    const page = await e2e.openPage();
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": newClient() });
    const held = new HeldRequests(page);
    await held.hold("byToken", /\/api\/v2\/reservations\/by-token\/[^/]+$/, "GET");
    return { page, held, probe: browserProbe(page), ...nextSlot() };
  },
  events: paidExecutors,
  states: paidStates,
});

describeBrowserPaths(checkoutLogic, {
  model: backModel,
  reachedElsewhere: [
    { state: "invalidSlot", reason: checkedBelow },
    { state: "paymentCancelled", reason: checkedBelow },
    ...paidRunStates.map((state) => ({ state, reason: paidRun })),
    ...["quoteFailed", "updatingQuote", "creatingPayment", "failed", "slotTaken"].map((state) => ({
      state,
      reason: "a new checkout: the first run",
    })),
  ],
  async start() {
    const page = await e2e.openPage();
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": newClient() });
    return { page, held: new HeldRequests(page), probe: browserProbe(page), ...nextSlot() };
  },
  events: backExecutors,
  states: backStatesChecks,
});

describe("the checkout's addresses that decide at once, in Chromium", () => {
  const snapshotOf = (value: string) => ({ context: {}, matches: (s: string) => s === value }) as never;

  it("unreadable times: invalidSlot", async () => {
    const page = await e2e.openPage();
    const { start } = nextSlot();
    await page.goto(`${e2e.server.url}/checkout/huomenna/${encodeURIComponent(start)}`);
    await checkoutView.invalidSlot!(browserProbe(page), snapshotOf("invalidSlot"));
    expect(page.errors).toEqual([]);
  });

  it("back from a cancelled payment: paymentCancelled", async () => {
    const page = await e2e.openPage();
    const { start, end } = nextSlot();
    await page.goto(`${checkoutUrl(start, end)}?payment=cancelled&token=nobody`);
    await checkoutView.paymentCancelled!(browserProbe(page), snapshotOf("paymentCancelled"));
    expect(page.errors).toEqual([]);
  });
});
