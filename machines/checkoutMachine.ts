import { assign, fromPromise, setup } from "xstate";
import type { BookingSummary } from "./reservationTypes";

/**
 * Checkout (`/checkout/:start/:end`): the chosen slot's quote, the visitor's details with
 * validation, creating the payment and handing over to the payment page (the provided action
 * `redirectToPayment`), and — when the payment page sends the visitor back with
 * `?payment=success|cancelled&token=…` — confirming the booking and storing it (the provided
 * action `storeReservation`).
 *
 * The machine imports nothing from the app, so the validation rules (the API's zod schema) come in
 * through `input.rules`; all I/O is the provided actors `loadQuote`, `createPayment` and
 * `loadReservation`.
 */

export type PaymentMethod = "mobilepay" | "card";
export type CheckoutDetails = {
  name: string;
  email: string;
  phone: string;
  dogs: number;
  paymentMethod: PaymentMethod;
  acceptTerms: boolean;
};
export type CheckoutField = keyof CheckoutDetails;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export type CheckoutQuote = {
  start: string;
  end: string;
  lengthMinutes: number;
  priceCents: number;
  vatCents: number;
  available: boolean;
  reason: string | null;
};
export type CheckoutReservation = BookingSummary & { payment?: { refundedCents: number } | null };
export type PaymentStart = { success: boolean; redirectUrl: string; message: string };

/** What the provided actors reject with: the HTTP status (null without a response) and the server's body. */
export type RemoteFailure = { status?: number | null; message?: string; data?: unknown };

export type CheckoutRules = {
  /** Whether the route's start and end are ISO datetimes with end after start. */
  slotIsValid(start: string | undefined, end: string | undefined): boolean;
  /** Finnish messages for the fields that are not acceptable; empty when all are. */
  detailsErrors(details: CheckoutDetails, maxDogs: number): FieldErrors;
};

export type CheckoutInput = {
  start?: string;
  end?: string;
  /** `?payment=success|cancelled|failed` on the way back from the payment page. */
  payment?: string | null;
  /** `?token=`: the booking's access token on the way back. */
  token?: string | null;
  rules: CheckoutRules;
};

export type CheckoutContext = {
  start: string;
  end: string;
  payment: string | null;
  token: string | null;
  rules: CheckoutRules;
  quote: CheckoutQuote | null;
  maxDogs: number;
  details: CheckoutDetails;
  fieldErrors: FieldErrors;
  errorMessage: string | null;
  reservation: CheckoutReservation | null;
  /** How many times the returned booking was still `pending` (the provider may confirm a moment later). */
  polls: number;
};

export type CheckoutEvent =
  | { type: "checkout.edit"; details: Partial<CheckoutDetails> }
  | { type: "checkout.submit" }
  | { type: "checkout.retry" };

/** Spec §8 fallback when the server gives no message. */
export const PAYMENT_FALLBACK_MESSAGE = "Failed to initiate payment";
export const DEFAULT_MAX_DOGS = 4;
export const MAX_CONFIRMATION_POLLS = 5;
export const CONFIRMATION_POLL_MS = 1000;
const CONFIRMATION_DELAYED =
  "Maksun vahvistusta ei ole vielä saatu. Tarkista tilanne hetken kuluttua uudelleen.";
const CONFIRMATION_FAILED = "Varauksen tietoja ei saatu ladattua.";
const QUOTE_FAILED = "Hinnan hakeminen epäonnistui.";

export const EMPTY_DETAILS: CheckoutDetails = {
  name: "",
  email: "",
  phone: "",
  dogs: 1,
  paymentMethod: "mobilepay",
  acceptTerms: false,
};

const serverMessage = (error: unknown): string | null => {
  const data = (error as RemoteFailure | null)?.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" && data.message ? data.message : null;
};
const failureMessage = (error: unknown, fallback: string): string => {
  const message = (error as RemoteFailure | null)?.message;
  return typeof message === "string" && message ? message : fallback;
};
const statusOf = (error: unknown) => (error as RemoteFailure | null)?.status ?? null;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadQuote: fromPromise<{ quote: CheckoutQuote; maxDogs: number }, { start: string; end: string }>(
      async () => {
        throw new Error("loadQuote is provided by the app");
      },
    ),
    createPayment: fromPromise<PaymentStart, { start: string; end: string; details: CheckoutDetails }>(
      async () => {
        throw new Error("createPayment is provided by the app");
      },
    ),
    loadReservation: fromPromise<CheckoutReservation, { token: string }>(async () => {
      throw new Error("loadReservation is provided by the app");
    }),
  },
  actions: {
    redirectToPayment: (_, _params: { url: string }) => {},
    storeReservation: (_, _params: { reservation: CheckoutReservation }) => {},
  },
  delays: { confirmationPoll: CONFIRMATION_POLL_MS },
  guards: {
    // "failed": paid, but the booking could not be kept (the hold ran out and the slot went); the
    // booking itself tells what happened, so it is fetched like a success.
    returnedFromPayment: ({ context }) =>
      (context.payment === "success" || context.payment === "failed") && !!context.token,
    returnedCancelled: ({ context }) => context.payment === "cancelled",
    slotIsInvalid: ({ context }) => !context.rules.slotIsValid(context.start, context.end),
    detailsAreValid: ({ context }) =>
      Object.keys(context.rules.detailsErrors(context.details, context.maxDogs)).length === 0,
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => ({
    start: input.start ?? "",
    end: input.end ?? "",
    payment: input.payment ?? null,
    token: input.token ?? null,
    rules: input.rules,
    quote: null,
    maxDogs: DEFAULT_MAX_DOGS,
    details: EMPTY_DETAILS,
    fieldErrors: {},
    errorMessage: null,
    reservation: null,
    polls: 0,
  }),
  initial: "starting",
  states: {
    /** Decides from the route what this visit is: a new checkout, or the way back from payment. */
    starting: {
      always: [
        { guard: "returnedFromPayment", target: "confirming" },
        { guard: "returnedCancelled", target: "paymentCancelled" },
        { guard: "slotIsInvalid", target: "invalidSlot" },
        { target: "loadingQuote" },
      ],
    },
    /** The route's times are missing or unreadable: a message and a link back to the calendar. */
    invalidSlot: {},
    loadingQuote: {
      invoke: {
        id: "loadQuote",
        src: "loadQuote",
        input: ({ context }) => ({ start: context.start, end: context.end }),
        onDone: [
          {
            guard: ({ event }) => event.output.quote.available,
            target: "editing",
            actions: assign({
              quote: ({ event }) => event.output.quote,
              maxDogs: ({ event }) => event.output.maxDogs,
            }),
          },
          { target: "unavailable", actions: assign({ quote: ({ event }) => event.output.quote }) },
        ],
        onError: {
          target: "quoteFailed",
          actions: assign({ errorMessage: ({ event }) => failureMessage(event.error, QUOTE_FAILED) }),
        },
      },
    },
    quoteFailed: {
      on: { "checkout.retry": { target: "loadingQuote", actions: assign({ errorMessage: null }) } },
    },
    /** The quote says the slot cannot be booked (its reason is shown) — back to the calendar. */
    unavailable: {},
    /** The details form. Errors show after a submit and clear field by field as they are edited. */
    editing: {
      on: {
        "checkout.edit": {
          actions: assign(({ context, event }) => {
            const fieldErrors = { ...context.fieldErrors };
            for (const field of Object.keys(event.details) as CheckoutField[]) delete fieldErrors[field];
            return { details: { ...context.details, ...event.details }, fieldErrors };
          }),
        },
        "checkout.submit": [
          { guard: "detailsAreValid", target: "creatingPayment", actions: assign({ fieldErrors: {} }) },
          {
            actions: assign({
              fieldErrors: ({ context }) => context.rules.detailsErrors(context.details, context.maxDogs),
            }),
          },
        ],
      },
    },
    creatingPayment: {
      invoke: {
        id: "createPayment",
        src: "createPayment",
        input: ({ context }) => ({ start: context.start, end: context.end, details: context.details }),
        onDone: [
          {
            guard: ({ event }) => event.output.success && !!event.output.redirectUrl,
            target: "redirecting",
            actions: {
              type: "redirectToPayment",
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
          },
          {
            target: "failed",
            actions: assign({
              errorMessage: ({ event }) => event.output.message || PAYMENT_FALLBACK_MESSAGE,
            }),
          },
        ],
        onError: [
          {
            // 409: somebody else took or holds the slot; retrying the same slot cannot help.
            guard: ({ event }) => statusOf(event.error) === 409,
            target: "slotTaken",
            actions: assign({
              errorMessage: ({ event }) => serverMessage(event.error) ?? PAYMENT_FALLBACK_MESSAGE,
            }),
          },
          {
            target: "failed",
            actions: assign({
              errorMessage: ({ event }) => serverMessage(event.error) ?? PAYMENT_FALLBACK_MESSAGE,
            }),
          },
        ],
      },
    },
    /** The browser is leaving for the payment page. */
    redirecting: {},
    failed: { on: { "checkout.retry": { target: "editing", actions: assign({ errorMessage: null }) } } },
    slotTaken: {},
    /** Back from the payment page: fetching the booking by its token. */
    confirming: {
      invoke: {
        id: "loadReservation",
        src: "loadReservation",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === "confirmed",
            target: "confirmed",
            actions: assign({ reservation: ({ event }) => event.output }),
          },
          {
            guard: ({ context, event }) =>
              event.output.status === "pending" && context.polls < MAX_CONFIRMATION_POLLS,
            target: "waitingForConfirmation",
            actions: assign({ polls: ({ context }) => context.polls + 1 }),
          },
          {
            guard: ({ event }) => event.output.status === "pending",
            target: "confirmationFailed",
            actions: assign({ errorMessage: CONFIRMATION_DELAYED }),
          },
          { target: "notConfirmed", actions: assign({ reservation: ({ event }) => event.output }) },
        ],
        onError: {
          target: "confirmationFailed",
          actions: assign({ errorMessage: ({ event }) => failureMessage(event.error, CONFIRMATION_FAILED) }),
        },
      },
    },
    /** Still pending: the provider may confirm a moment later, so ask again shortly. */
    waitingForConfirmation: { after: { confirmationPoll: "confirming" } },
    confirmationFailed: {
      on: { "checkout.retry": { target: "confirming", actions: assign({ polls: 0, errorMessage: null }) } },
    },
    /** The booking is paid: show it and keep it in this browser for /oma-varaus and the header. */
    confirmed: {
      entry: { type: "storeReservation", params: ({ context }) => ({ reservation: context.reservation! }) },
    },
    /** Came back "successful" but the booking was cancelled or expired meanwhile. */
    notConfirmed: {},
    paymentCancelled: {},
  },
});
