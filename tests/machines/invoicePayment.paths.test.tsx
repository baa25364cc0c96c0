// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SnapshotFrom } from "xstate";
import { TestModel } from "xstate/graph";
import {
  invoicePaymentMachine,
  LOAD_INVOICES_FAILED,
  PAYMENT_FAILED,
  type InvoicePaymentInput,
} from "../../machines/invoicePaymentMachine";
import type { ApiError } from "../../src/client/http";
import type { Invoice } from "../../src/domain/membership";
import { AccountPage } from "../../src/web/pages/AccountPage";
import { invoiceFixture } from "../support/membership";
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
} from "./membershipPathSupport";

/*
 * Paths generated from invoicePaymentMachine, run against the real /oma-tili (its invoices section)
 * for a signed-in member: the member's steps are clicks and typing, the API's answers come from a
 * fake the test settles. Two ways in: opening the page, and the return from the payment page.
 */

type Snapshot = SnapshotFrom<typeof invoicePaymentMachine>;

const OVERDUE = invoiceFixture({
  id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  number: 1003,
  reference_number: "10030000000015",
  description: "Jäsenyys Plus 1.5.–31.5.2026",
  period: { start: "2026-05-01", end: "2026-05-31" },
  due_date: "2026-05-15",
  is_overdue: true,
  // 20 € of it came by bank transfer (a part payment): what is asked is the rest.
  due_cents: 3900,
});
const PAID = invoiceFixture({ status: "paid", paid_at: "2026-06-02T10:00:00+03:00" });
const GIFT_CARD = "LAHJA-2026";
const GIFT_PAID = "Lasku maksettiin lahjakortilla.";
const ALREADY_PAID = "Lasku on jo maksettu.";
const SERVER_DOWN = "Palvelimella tapahtui virhe.";
const CARD_REFUSED = "Lahjakortti on vanhentunut.";

const events = [
  // The newest and the open ones, older left out (they are in the own data, issue 37).
  { type: "xstate.done.actor.loadInvoices", output: { invoices: [OVERDUE, PAID], more: true } },
  { type: "xstate.done.actor.loadInvoices", output: { invoices: [], more: false } },
  { type: "xstate.error.actor.loadInvoices", error: apiError(500, SERVER_DOWN) },
  {
    type: "xstate.error.actor.loadInvoices",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "invoices.reload" },
  { type: "invoices.pay", invoiceId: OVERDUE.id },
  { type: "invoices.pay", invoiceId: PAID.id },
  { type: "invoices.chooseMethod", paymentMethod: "card" },
  { type: "invoices.editGiftCard", code: GIFT_CARD },
  { type: "invoices.submit" },
  { type: "invoices.close" },
  {
    type: "xstate.done.actor.payInvoice",
    output: { success: true, redirectUrl: "/maksu/demo/pay-2", message: "Siirry maksamaan." },
  },
  { type: "xstate.done.actor.payInvoice", output: { success: true, redirectUrl: "", message: GIFT_PAID } },
  { type: "xstate.done.actor.payInvoice", output: { success: false, redirectUrl: "", message: "" } },
  { type: "xstate.error.actor.payInvoice", error: apiError(409, ALREADY_PAID) },
  // Offline: no answer at all (the spec's fallback words, and what to do in Finnish).
  {
    type: "xstate.error.actor.payInvoice",
    error: apiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä."),
  },
  { type: "xstate.error.actor.payInvoice", error: apiError(400, CARD_REFUSED, "giftCardCode") },
];

const entries: Array<{ name: string; path: string; input: InvoicePaymentInput }> = [
  { name: "opening /oma-tili", path: "/oma-tili", input: {} },
  {
    name: `back from paying: /oma-tili?invoice=${OVERDUE.id}&payment=success`,
    path: `/oma-tili?invoice=${OVERDUE.id}&payment=success`,
    input: { returnedInvoiceId: OVERDUE.id, payment: "success" },
  },
];

/**
 * The list's answers of a run back from paying say so (`paymentUnconfirmed`, read only by the
 * plan's words): the start is said alike for every run, and the plan's paths must read apart.
 */
const eventsFor = (input: InvoicePaymentInput) =>
  input.payment
    ? events.map((e) => (e.type.endsWith(".loadInvoices") ? { ...e, paymentUnconfirmed: true } : e))
    : events;

const modelFor = (input: InvoicePaymentInput) =>
  new TestModel(invoicePaymentMachine, {
    input,
    events: eventsFor(input) as never,
    filterEvents: (snapshot, event) => snapshot.can(event),
    // The payment method and gift card only change the form: the assertions read them from what
    // the path's own steps did (`chosen`), so the model need not multiply its states by them.
    serializeState: (s) => {
      const c = (s as Snapshot).context;
      return JSON.stringify([
        s.value,
        c.invoices.length,
        c.olderLeftOut,
        c.invoiceId,
        c.errorMessage,
        c.paidMessage,
        c.returned,
        c.paymentFailure,
        c.giftCardError,
      ]);
    },
  });

/* ---------- Driving the real view ---------- */

let fake: FakeMembershipApi;
let redirect: ReturnType<typeof vi.fn<(url: string) => void>>;
/** What this path's steps chose; the form starts empty of a gift card each time it opens. */
let chosen: { paymentMethod: string; giftCardCode: string };
const user = userEvent.setup({ delay: null });
const section = () => screen.getByRole("region", { name: "Laskut" });
const paymentForm = () => screen.queryByRole("form", { name: "Laskun 1003 maksaminen" });

type Step = { event: Record<string, unknown> };
const settle = (name: "myInvoices" | "payInvoice") => ({
  done: ({ event }: Step) => fake.settle(name, { value: event.output }),
  error: ({ event }: Step) => fake.settle(name, { error: event.error }),
});

const executors = (entry: (typeof entries)[number]) => ({
  "xstate.init": async () => {
    chosen = { paymentMethod: "mobilepay", giftCardCode: "" };
    await renderMembershipApp({
      path: entry.path,
      pages: [{ path: "/oma-tili", element: <AccountPage /> }],
      session: createTestSession(ANSA),
      env: { api: fake.api, now: () => new Date("2026-06-16T12:00:00+03:00"), redirectToPayment: redirect },
    });
  },
  "xstate.done.actor.loadInvoices": settle("myInvoices").done,
  "xstate.error.actor.loadInvoices": settle("myInvoices").error,
  "invoices.reload": () => user.click(within(section()).getByRole("button", { name: "Yritä uudelleen" })),
  "invoices.pay": async () => {
    chosen.giftCardCode = "";
    await user.click(within(section()).getByRole("button", { name: "Maksa lasku 1003" }));
  },
  "invoices.chooseMethod": async () => {
    chosen.paymentMethod = "card";
    await user.click(within(paymentForm()!).getByRole("radio", { name: "Kortti" }));
  },
  "invoices.editGiftCard": async () => {
    chosen.giftCardCode = GIFT_CARD;
    const field = within(paymentForm()!).getByLabelText("Lahjakortin koodi (vapaaehtoinen)");
    await user.clear(field);
    await user.type(field, GIFT_CARD);
  },
  "invoices.submit": () =>
    user.click(within(paymentForm()!).getByRole("button", { name: "Siirry maksamaan" })),
  "invoices.close": async () => {
    chosen.giftCardCode = "";
    await user.click(within(paymentForm()!).getByRole("button", { name: "Sulje" }));
  },
  "xstate.done.actor.payInvoice": async ({ event }: Step) => {
    const args = await fake.settle("payInvoice", { value: event.output });
    expect(args).toEqual([
      OVERDUE.id,
      { paymentMethod: chosen.paymentMethod, gift_card_code: chosen.giftCardCode ? GIFT_CARD : null },
    ]);
    // Paid with the gift card alone: the list is read again, with a closed form.
    if ((event.output as { redirectUrl: string }).redirectUrl === "") chosen.giftCardCode = "";
  },
  "xstate.error.actor.payInvoice": settle("payInvoice").error,
});

/* ---------- What each state shows ---------- */

function expectInvoice(invoice: Invoice) {
  const item = within(section()).getByRole("article", { name: new RegExp(`^Lasku ${invoice.number}`) });
  const listItem = item.closest("li")!;
  if (invoice === OVERDUE) {
    expect(listItem).toHaveClass("invoice--outstanding", "invoice--overdue");
    expect(within(item).getByRole("heading", { level: 3 })).toHaveTextContent("Lasku 1003 Erääntynyt");
    expect(item).toHaveTextContent("Viitenumero1003 00000 00015");
    expect(item).toHaveTextContent("Jaksope 1.5.2026 – su 31.5.2026");
    expect(item).toHaveTextContent("Summa59,00 € (sis. ALV 25,5 % 11,99 €)");
    expect(item).toHaveTextContent("Maksamatta39,00 € (osa laskusta on jo maksettu)");
    expect(item).toHaveTextContent("Eräpäiväpe 15.5.2026");
  } else {
    expect(listItem).not.toHaveClass("invoice--outstanding");
    expect(within(item).getByRole("heading", { level: 3 })).toHaveTextContent("Lasku 1002 Maksettu");
    expect(item).not.toHaveTextContent("Maksamatta");
    expect(item).toHaveTextContent("Maksettuti 2.6.2026");
    // A paid invoice has its receipt, nothing to pay.
    expect(
      within(item)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Kuitti"]);
  }
}

const states: StateAssertions<typeof invoicePaymentMachine> = {
  loading: async () => {
    expect(await within(section()).findByText("Ladataan laskuja…")).toHaveAttribute("role", "status");
  },
  loadFailed: async (s) => {
    expect([SERVER_DOWN, LOAD_INVOICES_FAILED]).toContain(s.context.errorMessage);
    const alert = await within(section()).findByRole("alert");
    expect(alert).toHaveTextContent(s.context.errorMessage!);
    expect(within(alert).getByRole("button", { name: "Yritä uudelleen" })).toBeEnabled();
  },
  list: async (s) => {
    const { invoices, paidMessage, returned } = s.context;
    await waitFor(() =>
      invoices.length === 0
        ? expect(section()).toHaveTextContent("Sinulla ei ole laskuja.")
        : expect(section()).toHaveTextContent("Avoimia laskuja 1, yhteensä 39,00 €."),
    );
    invoices.forEach(expectInvoice);
    const older = within(section()).queryByText(/Vanhemmat laskut löytyvät omista tiedoistasi/);
    if (s.context.olderLeftOut) expect(older).toBeInTheDocument();
    else expect(older).toBeNull();
    if (invoices.length)
      expect(within(section()).getByRole("button", { name: "Maksa lasku 1003" })).toBeEnabled();
    if (paidMessage) expect(within(section()).getByText(paidMessage)).toHaveAttribute("role", "status");
    if (returned)
      expect(within(section()).getByText(/Kiitos! Maksu on vastaanotettu/)).toHaveAttribute("role", "status");
    expect(paymentForm()).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  },
  choosingMethod: async (s) => {
    const form = await screen.findByRole("form", { name: "Laskun 1003 maksaminen" });
    expect(form).toHaveTextContent("Maksettava: 39,00 €");
    const method = chosen.paymentMethod === "card" ? "Kortti" : "MobilePay";
    expect(within(form).getByRole("radio", { name: method })).toBeChecked();
    const giftCard = within(form).getByLabelText("Lahjakortin koodi (vapaaehtoinen)");
    expect(giftCard).toHaveValue(chosen.giftCardCode);
    expect(giftCard).toBeEnabled();
    const submit = within(form).getByRole("button", { name: "Siirry maksamaan" });
    expect(submit).toBeEnabled();
    expect(within(form).getByRole("button", { name: "Sulje" })).toBeEnabled();
    expect(within(section()).queryByRole("button", { name: "Maksa lasku 1003" })).toBeNull();
    // After a payment that did not start the form is open again: the failure beside the button
    // (the server's words or the spec's fallback, and in Finnish what to do), or a refused gift
    // card beside its field.
    const { paymentFailure, giftCardError } = s.context;
    const alerts = within(form).queryAllByRole("alert");
    if (paymentFailure) {
      expect([ALREADY_PAID, PAYMENT_FAILED]).toContain(paymentFailure.message);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toHaveTextContent(paymentFailure.message);
      expect(alerts[0]).toHaveTextContent(
        paymentFailure.offline
          ? "Tarkista verkkoyhteys ja paina ”Siirry maksamaan” uudelleen."
          : "Maksua ei aloitettu. Antamasi tiedot ovat tallessa",
      );
      expect(submit).toHaveAccessibleDescription(expect.stringContaining(paymentFailure.message));
      expect(alerts[0]!.nextElementSibling).toContainElement(submit);
    } else if (giftCardError) {
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toHaveTextContent(CARD_REFUSED);
      expect(giftCard).toHaveAccessibleDescription(expect.stringContaining(CARD_REFUSED));
    } else expect(alerts).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
  },
  paying: async () => {
    const form = paymentForm()!;
    expect(await within(form).findByRole("status")).toHaveTextContent("Luodaan maksua…");
    expect(within(form).getByRole("button", { name: "Siirry maksamaan" })).toBeDisabled();
    expect(within(form).getByRole("radio", { name: "Kortti" })).toBeDisabled();
  },
  redirecting: async () => {
    expect(await within(paymentForm()!).findByRole("status")).toHaveTextContent("Siirrytään maksamaan…");
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith("/maksu/demo/pay-2");
  },
};

type Failure = { error: ApiError; paymentUnconfirmed?: boolean };
type ListAnswer = { output: { invoices: Invoice[]; more: boolean }; paymentUnconfirmed?: boolean };
/** Back from paying, the list is asked for before the payment is confirmed. */
const unconfirmed = (yes: boolean | undefined, said: string) =>
  yes ? `With the payment not confirmed yet, ${said.charAt(0).toLowerCase()}${said.slice(1)}` : said;

setUpMembershipTests(() => {
  fake = createFakeMembershipApi();
  redirect = vi.fn<(url: string) => void>();
});

describePathTests(invoicePaymentMachine, {
  runs: entries.map((entry) => ({
    name: entry.name,
    model: modelFor(entry.input),
    events: executors(entry),
  })),
  states,
  steps: {
    "xstate.init": `Sign in as ${ANSA.name} (${ANSA.email}), open the address in this part's heading and find the section “Laskut”.`,
    "xstate.done.actor.loadInvoices": ({ output, paymentUnconfirmed }: ListAnswer) =>
      unconfirmed(
        paymentUnconfirmed,
        output.invoices.length === 0
          ? "The server gives no invoices."
          : "The server gives two invoices and says older ones were left out: 1003 (59,00 €, due 15.5.2026 so overdue, 20 € of it paid by bank transfer) and 1002 (paid 2.6.2026).",
      ),
    "xstate.error.actor.loadInvoices": ({ error, paymentUnconfirmed }: Failure) =>
      unconfirmed(paymentUnconfirmed, failedRequestWords(error, LOAD_INVOICES_FAILED)),
    "invoices.reload": "Press “Yritä uudelleen”.",
    "invoices.pay": "On invoice 1003, press “Maksa lasku” (its accessible name “Maksa lasku 1003”).",
    "invoices.chooseMethod": "Under “Maksutapa”, choose “Kortti”.",
    "invoices.editGiftCard": `Clear “Lahjakortin koodi (vapaaehtoinen)” and type “${GIFT_CARD}” in it.`,
    "invoices.submit": "Press “Siirry maksamaan”.",
    "invoices.close": "Press “Sulje” in the payment form.",
    "xstate.done.actor.payInvoice": ({ output }: { output: { redirectUrl: string; message: string } }) =>
      output.redirectUrl
        ? `The server starts the payment (with the method and gift card code the form holds) and sends the browser to the payment page ${output.redirectUrl}.`
        : output.message
          ? `The gift card pays the whole invoice: the server answers “${output.message}” and no payment page.`
          : "The server answers that it started no payment, without a reason (success false, no message).",
    "xstate.error.actor.payInvoice": failedPaymentStart(PAYMENT_FAILED),
  },
});

test("back from a cancelled payment, the list says the invoice is still open", async () => {
  await executors({
    name: "cancelled",
    path: `/oma-tili?invoice=${OVERDUE.id}&payment=cancelled`,
    input: {},
  })["xstate.init"]();
  await fake.settle("myInvoices", { value: { invoices: [OVERDUE], more: false } });
  expect(within(section()).getByText("Maksu peruttiin. Lasku on edelleen avoinna.")).toHaveAttribute(
    "role",
    "status",
  );
  expectInvoice(OVERDUE);
});

test("a paid invoice's receipt opens in a new tab, fetched with the session", async () => {
  const tab = { location: { href: "" }, close: vi.fn() };
  const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => "blob:kuitti");
  await executors({ name: "receipt", path: "/oma-tili", input: {} })["xstate.init"]();
  await fake.settle("myInvoices", { value: { invoices: [PAID], more: false } });
  await user.click(await within(section()).findByRole("button", { name: `Kuitti laskusta ${PAID.number}` }));
  expect(open).toHaveBeenCalledWith("", "_blank");
  expect(await fake.settle("invoiceReceipt", { value: "<h1>Kuitti</h1>" })).toEqual([PAID.id]);
  await vi.waitFor(() => expect(tab.location.href).toBe("blob:kuitti"));
  open.mockRestore();
});

test("an open invoice says how to pay it by bank transfer, and prints with its barcode", async () => {
  const code = "421123456000007850000390000000000000000000010029260729";
  const open = invoiceFixture({
    number: 1002,
    reference_number: "10029",
    due_date: "2026-07-29",
    amount_cents: 3900,
    bank_transfer: {
      recipient: "Koirapuisto Oy",
      iban: "FI21 1234 5600 0007 85",
      bic: "NDEAFIHH",
      reference_rf: "RF4510029",
      amount_cents: 3900,
      virtual_barcode: code,
    },
  });
  const tab = { location: { href: "" }, close: vi.fn() };
  const open_ = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => "blob:lasku");
  await executors({ name: "bank transfer", path: "/oma-tili", input: {} })["xstate.init"]();
  await fake.settle("myInvoices", { value: { invoices: [open], more: false } });
  await user.click(await within(section()).findByText("Maksa tilisiirrolla"));
  const details = within(section()).getByText("Maksa tilisiirrolla").closest("details")!;
  for (const text of [
    "Koirapuisto Oy",
    "FI21 1234 5600 0007 85",
    "NDEAFIHH",
    "RF-muodossa RF45 1002 9",
    code,
  ])
    expect(details).toHaveTextContent(text);
  await user.click(within(details).getByRole("button", { name: "Tulostettava lasku 1002" }));
  expect(await fake.settle("invoicePage", { value: "<h1>Lasku 1002</h1>" })).toEqual([open.id]);
  await vi.waitFor(() => expect(tab.location.href).toBe("blob:lasku"));
  open_.mockRestore();
});
