import { assign, fromPromise, setup } from "xstate";
import type { PaymentMethod } from "../src/domain/booking";
import { isOutstanding } from "../src/domain/invoiceStatus";
import type { Invoice, InvoiceList, PaymentResponse } from "../src/domain/membership";
import { failureField, serverMessageOr, submitFailure, type SubmitFailure } from "./remoteFailure";

/**
 * The member's invoices on /oma-tili: the list (newest first), paying an outstanding one (payment
 * method and an optional gift card) and handing over to the payment page, which sends the
 * customer back to `/oma-tili?invoice=<id>&payment=success|cancelled` (the input). The API is the
 * provided actors `loadInvoices` and `payInvoice`; leaving is the provided action
 * `redirectToPayment`. A payment that cannot be started leaves the form open: the failure beside
 * its button (`paymentFailure`), or a refused gift card beside its field (`giftCardError`); pressing
 * the button again is the retry.
 */

export type InvoicePaymentInput = {
  /** `?invoice=` and `?payment=` on the way back from the payment page. */
  returnedInvoiceId?: string | null;
  payment?: string | null;
};

export type InvoiceReturn = { invoiceId: string; outcome: "success" | "cancelled" };

export type InvoicePaymentContext = {
  invoices: Invoice[];
  /** Older invoices were left out of the list (they are in the member's own data, issue 37). */
  olderLeftOut: boolean;
  /** The invoice being paid. */
  invoiceId: string | null;
  paymentMethod: PaymentMethod;
  giftCardCode: string;
  errorMessage: string | null;
  /** Why the last press of the pay button started no payment (shown beside it), null otherwise. */
  paymentFailure: SubmitFailure | null;
  /** The server's refusal of the gift card typed (shown beside its field), null otherwise. */
  giftCardError: string | null;
  /** The server's words when a gift card paid the whole invoice (no payment page). */
  paidMessage: string | null;
  returned: InvoiceReturn | null;
};

export type InvoicePaymentEvent =
  | { type: "invoices.reload" }
  | { type: "invoices.pay"; invoiceId: string }
  | { type: "invoices.chooseMethod"; paymentMethod: PaymentMethod }
  | { type: "invoices.editGiftCard"; code: string }
  | { type: "invoices.submit" }
  /** Close the payment form; the list stays as it was. */
  | { type: "invoices.close" };

/** Spec §8 fallbacks, used when the server gave no message. */
export const LOAD_INVOICES_FAILED = "Failed to load invoices";
export const PAYMENT_FAILED = "Failed to initiate payment";

const returnOf = (input: InvoicePaymentInput): InvoiceReturn | null =>
  input.returnedInvoiceId && (input.payment === "success" || input.payment === "cancelled")
    ? { invoiceId: input.returnedInvoiceId, outcome: input.payment }
    : null;

const closedForm = {
  invoiceId: null,
  giftCardCode: "",
  errorMessage: null,
  paymentFailure: null,
  giftCardError: null,
};

export const invoicePaymentMachine = setup({
  types: {
    context: {} as InvoicePaymentContext,
    events: {} as InvoicePaymentEvent,
    input: {} as InvoicePaymentInput,
  },
  actors: {
    loadInvoices: fromPromise<InvoiceList>(async () => {
      throw new Error("loadInvoices is provided by the app");
    }),
    payInvoice: fromPromise<
      PaymentResponse,
      { invoiceId: string; paymentMethod: PaymentMethod; giftCardCode: string | null }
    >(async () => {
      throw new Error("payInvoice is provided by the app");
    }),
  },
  actions: {
    redirectToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    /** Spec §4's outstanding invoice, by the one rule the views and the server read. */
    isOutstanding: ({ context, event }) =>
      event.type === "invoices.pay" &&
      context.invoices.some((i) => i.id === event.invoiceId && isOutstanding(i)),
    // Answers come in as typed params from the transition (no casts here).
    paymentStarted: (_, output: PaymentResponse) => output.success && !!output.redirectUrl,
    /** A gift card covered the whole sum: paid, and there is no payment page to go to. */
    paidWithoutRedirect: (_, output: PaymentResponse) => output.success,
    /** The server refused the gift card typed (`{ message, field: "giftCardCode" }`). */
    giftCardRefused: (_, failure: { field: string | null }) => failure.field === "giftCardCode",
  },
}).createMachine({
  id: "invoicePayment",
  context: ({ input }) => ({
    invoices: [],
    olderLeftOut: false,
    ...closedForm,
    paymentMethod: "mobilepay",
    paidMessage: null,
    returned: returnOf(input),
  }),
  initial: "loading",
  states: {
    loading: {
      description:
        "“Ladataan laskuja…” under the heading “Laskut” (below a payment's green notice, as in `list`).",
      invoke: {
        id: "loadInvoices",
        src: "loadInvoices",
        onDone: {
          target: "list",
          actions: assign({
            invoices: ({ event }) => event.output.invoices,
            olderLeftOut: ({ event }) => event.output.more,
          }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_INVOICES_FAILED),
          }),
        },
      },
    },
    loadFailed: {
      description: "The server's message (or “Failed to load invoices”) as an alert, with “Yritä uudelleen”.",
      on: { "invoices.reload": { target: "loading", actions: assign({ errorMessage: null }) } },
    },
    list: {
      description:
        "“Avoimia laskuja N, yhteensä … €.” over the invoices, newest first, an outstanding one with “Maksa lasku”, a paid one with “Kuitti” (or “Sinulla ei ole laskuja.”), and “… Vanhemmat laskut löytyvät omista tiedoistasi …” when older ones were left out. Above, in green, back from paying “Kiitos! Maksu on vastaanotettu. …”, or after a gift card paid it all the server's words.",
      on: {
        "invoices.pay": {
          guard: "isOutstanding",
          target: "choosingMethod",
          actions: assign({
            ...closedForm,
            invoiceId: ({ event }) => event.invoiceId,
            paidMessage: null,
            returned: null,
          }),
        },
      },
    },
    /** The payment form of one invoice; a failed payment start beside its button until acted on. */
    choosingMethod: {
      description:
        "Under the invoice, instead of “Maksa lasku”, a form: “Maksettava: …” (what is unpaid), “Maksutapa” (“MobilePay” or “Kortti”), “Lahjakortin koodi (vapaaehtoinen)”, “Siirry maksamaan” and “Sulje”. After a payment that did not start, the reason beside “Siirry maksamaan” with “Maksua ei aloitettu. …” (or with no connection “Yhteys palvelimeen katkesi, …”), or a refused gift card's reason under its field.",
      on: {
        "invoices.chooseMethod": {
          actions: assign({ paymentMethod: ({ event }) => event.paymentMethod, paymentFailure: null }),
        },
        "invoices.editGiftCard": {
          actions: assign({
            giftCardCode: ({ event }) => event.code,
            giftCardError: null,
            paymentFailure: null,
          }),
        },
        "invoices.submit": {
          target: "paying",
          actions: assign({ paymentFailure: null, giftCardError: null }),
        },
        "invoices.close": { target: "list", actions: assign(closedForm) },
      },
    },
    paying: {
      description: "“Luodaan maksua…” in the form; its choices and “Siirry maksamaan” are disabled.",
      invoke: {
        id: "payInvoice",
        src: "payInvoice",
        input: ({ context }) => ({
          invoiceId: context.invoiceId!,
          paymentMethod: context.paymentMethod,
          giftCardCode: context.giftCardCode.trim() || null,
        }),
        onDone: [
          {
            guard: { type: "paymentStarted", params: ({ event }) => event.output },
            target: "redirecting",
            actions: {
              type: "redirectToPayment",
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
          },
          {
            guard: { type: "paidWithoutRedirect", params: ({ event }) => event.output },
            target: "loading",
            actions: assign(({ event }) => ({ ...closedForm, paidMessage: event.output.message })),
          },
          {
            target: "choosingMethod",
            actions: assign({
              paymentFailure: ({ event }) => ({
                message: event.output.message || PAYMENT_FAILED,
                offline: false,
              }),
            }),
          },
        ],
        onError: [
          {
            guard: {
              type: "giftCardRefused",
              params: ({ event }) => ({ field: failureField(event.error) }),
            },
            target: "choosingMethod",
            actions: assign({ giftCardError: ({ event }) => serverMessageOr(event.error, PAYMENT_FAILED) }),
          },
          {
            target: "choosingMethod",
            actions: assign({ paymentFailure: ({ event }) => submitFailure(event.error, PAYMENT_FAILED) }),
          },
        ],
      },
    },
    /** The browser is leaving for the payment page. */
    redirecting: {
      description: "“Siirrytään maksamaan…” in the form, and the browser leaves for the payment page.",
    },
  },
});
