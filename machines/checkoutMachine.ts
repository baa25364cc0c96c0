import { assign, fromPromise, setup } from "xstate";
import { DEFAULT_MAX_DOGS } from "../src/domain/dogRules";
import type {
  CheckoutContext,
  CheckoutDetails,
  CheckoutEvent,
  CheckoutField,
  CheckoutInput,
  CheckoutQuote,
  CheckoutReservation,
  HeldCheckout,
  OwnHold,
  PaymentStart,
  QuoteRequest,
} from "./checkoutTypes";
import { failureField, failureStatus, serverMessageOr, submitFailure } from "./remoteFailure";

export type * from "./checkoutTypes";

/**
 * Checkout (`/checkout/:start/:end`): the chosen slot's quote, the visitor's details with
 * validation, creating the payment and handing over to the payment page (the provided action
 * `redirectToPayment`), and — when the payment page sends the visitor back with
 * `?payment=success|cancelled&token=…` — confirming the booking and storing it (the provided
 * action `storeReservation`). A discount code and a gift card are part of the details; applying
 * them asks for the quote again, so the summary shows the discounted price and what is left to
 * pay. A gift card that covers everything confirms at once: no payment page, straight to confirming.
 *
 * A payment that cannot be started never locks the form: the visitor is back in it with the failure
 * beside the button (`paymentFailure`: the words, and whether no answer came at all), or, when the
 * server refused a code the visitor typed, with the words beside that field; pressing the button
 * again is the retry.
 *
 * Never a lock-out: what is handed to the payment page is remembered (`rememberHold`), so when the
 * visitor comes back with Back and the slot shows taken, the checkout asks whether the hold is the
 * visitor's own (`findOwnHold`) and offers to continue to the same payment or to release the slot.
 * A retry after a cancelled payment starts from the remembered details (`input.draft`), and so does
 * a reload: every edit is kept for the tab (`rememberDraft`), forgotten once the booking is made.
 *
 * The machine imports nothing from the app, so the validation rules (the API's zod schema) are
 * provided at the edge like the I/O: the guards `slotIsValid` and `detailsAreValid` and the action
 * `showFieldErrors` (src/web/pages/booking/checkoutRules.ts); all I/O is the provided actors.
 */

/** Spec §8 fallback when the server gives no message. */
export const PAYMENT_FALLBACK_MESSAGE = "Failed to initiate payment";
export const MAX_CONFIRMATION_POLLS = 5;
export const CONFIRMATION_POLL_MS = 1000;
const CONFIRMATION_DELAYED =
  "Maksun vahvistusta ei ole vielä saatu. Tarkista tilanne hetken kuluttua uudelleen.";
const CONFIRMATION_FAILED = "Varauksen tietoja ei saatu ladattua.";
const QUOTE_FAILED = "Hinnan hakeminen epäonnistui.";
const RELEASE_FAILED = "Ajan vapauttaminen epäonnistui. Yritä uudelleen.";

export const EMPTY_DETAILS: CheckoutDetails = {
  name: "",
  email: "",
  phone: "",
  dogs: 1,
  reactiveDog: false,
  inHeat: false,
  paymentMethod: "mobilepay",
  acceptTerms: false,
  discountCode: "",
  giftCardCode: "",
};

/**
 * The quote request for the details' dogs, their options and codes (blank codes, one dog and
 * options not chosen are left out). Applying the codes asks again, with the dogs as they are now.
 */
const quoteRequest = (context: { start: string; end: string; details: CheckoutDetails }): QuoteRequest => {
  const { dogs, reactiveDog, inHeat } = context.details;
  const discountCode = context.details.discountCode.trim();
  const giftCardCode = context.details.giftCardCode.trim();
  return {
    start: context.start,
    end: context.end,
    ...(dogs > 1 ? { dogs } : {}),
    ...(reactiveDog ? { reactiveDog } : {}),
    ...(inHeat ? { inHeat } : {}),
    ...(discountCode ? { discountCode } : {}),
    ...(giftCardCode ? { giftCardCode } : {}),
  };
};

/** What the edge must provide; the defaults fail loudly instead of guessing a rule. */
const notProvided = (name: string) => () => {
  throw new Error(`${name} is provided by the app`);
};

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadQuote: fromPromise<{ quote: CheckoutQuote; maxDogs: number }, QuoteRequest>(async () => {
      throw new Error("loadQuote is provided by the app");
    }),
    findOwnHold: fromPromise<OwnHold | null, { start: string; end: string }>(async () => {
      throw new Error("findOwnHold is provided by the app");
    }),
    releaseHold: fromPromise<unknown, { token: string }>(async () => {
      throw new Error("releaseHold is provided by the app");
    }),
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
    rememberHold: (_, _params: HeldCheckout) => {},
    forgetHold: () => {},
    /** Keeps the form's values for this tab, so a reload does not empty it (provided). */
    rememberDraft: (_, _params: { details: CheckoutDetails }) => {},
    /** The booking is made: the tab's draft is done with (provided). */
    forgetDraft: () => {},
    /** Puts the Finnish message of each unacceptable field into `fieldErrors` (provided). */
    showFieldErrors: notProvided("showFieldErrors"),
  },
  delays: { confirmationPoll: CONFIRMATION_POLL_MS },
  guards: {
    // "failed": paid, but the booking could not be kept (the hold ran out and the slot went); the
    // booking itself tells what happened, so it is fetched like a success.
    returnedFromPayment: ({ context }) =>
      (context.payment === "success" || context.payment === "failed") && !!context.token,
    returnedCancelled: ({ context }) => context.payment === "cancelled",
    /** The route's start and end are ISO datetimes with end after start (provided). */
    slotIsValid: notProvided("slotIsValid"),
    /** The details are acceptable for the API, with at most `maxDogs` dogs (provided). */
    detailsAreValid: notProvided("detailsAreValid"),
    // Guards on an actor's answer get it as typed params from the transition (no casts here).
    quoteIsAvailable: (_, quote: CheckoutQuote) => quote.available === true,
    /** The slot is held, and by this very visitor (found after Back from the payment page). */
    holdIsOwn: (_, hold: OwnHold | null) => hold !== null,
    paymentStarted: (_, output: PaymentStart) => output.success && !!output.redirectUrl,
    /** Nothing was left to pay (a gift card covered it): the booking is confirmed, no payment page. */
    paidWithoutPaymentPage: (_, output: PaymentStart) =>
      output.success && !output.redirectUrl && !!output.reservation?.accessToken,
    /** 409: somebody else took or holds the slot; retrying the same slot cannot help. */
    slotWasTaken: (_, failure: { status: number | null }) => failure.status === 409,
    /** The server refused a code the visitor typed (`{ message, field }`): its words go by the field. */
    refusedField: (_, failure: { field: string | null }) =>
      failure.field !== null && failure.field in EMPTY_DETAILS,
    stillPending: (_, reservation: CheckoutReservation) => reservation.status === "pending",
    mayPollAgain: ({ context }, reservation: CheckoutReservation) =>
      reservation.status === "pending" && context.polls < MAX_CONFIRMATION_POLLS,
    isConfirmed: (_, reservation: CheckoutReservation) => reservation.status === "confirmed",
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => ({
    start: input.start ?? "",
    end: input.end ?? "",
    payment: input.payment ?? null,
    token: input.token ?? null,
    quote: null,
    maxDogs: DEFAULT_MAX_DOGS,
    details: { ...EMPTY_DETAILS, ...input.draft },
    fieldErrors: {},
    errorMessage: null,
    reservation: null,
    ownHold: null,
    polls: 0,
    paymentFailure: null,
  }),
  initial: "starting",
  states: {
    /** Decides from the route what this visit is: a new checkout, or the way back from payment. */
    starting: {
      description:
        "Never seen: by its address the page goes at once to a new checkout, the way back from payment, or “Varattavaa aikaa ei tunnistettu”.",
      always: [
        { guard: "returnedFromPayment", target: "confirming" },
        { guard: "returnedCancelled", target: "paymentCancelled" },
        { guard: "slotIsValid", target: "loadingQuote" },
        { target: "invalidSlot" },
      ],
    },
    /** The route's times are missing or unreadable: a message and a link back to the calendar. */
    invalidSlot: {
      description:
        "An alert “Varattavaa aikaa ei tunnistettu. Valitse aika varauskalenterista.” with the link “Siirry varauskalenteriin”; nothing is asked from the server.",
    },
    loadingQuote: {
      description: "Under the heading “Varaus ja maksu”: “Haetaan hintaa…”.",
      invoke: {
        id: "loadQuote",
        src: "loadQuote",
        input: ({ context }) => quoteRequest(context),
        onDone: [
          {
            guard: { type: "quoteIsAvailable", params: ({ event }) => event.output.quote },
            target: "editing",
            actions: assign({
              quote: ({ event }) => event.output.quote,
              maxDogs: ({ event }) => event.output.maxDogs,
            }),
          },
          {
            target: "checkingOwnHold",
            actions: assign({
              quote: ({ event }) => event.output.quote,
              maxDogs: ({ event }) => event.output.maxDogs,
            }),
          },
        ],
        onError: {
          target: "quoteFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, QUOTE_FAILED) }),
        },
      },
    },
    quoteFailed: {
      description:
        "An alert with the server's words (or “Hinnan hakeminen epäonnistui.”), the button “Yritä uudelleen” and the link “Takaisin varauskalenteriin”.",
      on: { "checkout.retry": { target: "loadingQuote", actions: assign({ errorMessage: null }) } },
    },
    /** The slot cannot be booked: is it this visitor's own hold (Back from the payment page)? */
    checkingOwnHold: {
      description:
        "“Tarkistetaan aikaa…” while the payment this tab started for the slot is looked up (when it started none, the next state follows at once); no form.",
      invoke: {
        id: "findOwnHold",
        src: "findOwnHold",
        input: ({ context }) => ({ start: context.start, end: context.end }),
        onDone: [
          {
            guard: { type: "holdIsOwn", params: ({ event }) => event.output },
            target: "ownHold",
            actions: assign({ ownHold: ({ event }) => event.output }),
          },
          { target: "unavailable" },
        ],
        onError: { target: "unavailable" },
      },
    },
    /** The quote says the slot cannot be booked (its reason is shown) — back to the calendar. */
    unavailable: {
      description:
        "The slot's summary and an alert with the quote's reason (e.g. “Aika on jo varattu.”) and the link “Valitse toinen aika”; no form, no “Siirry maksamaan”.",
    },
    /** The visitor's own live hold: continue to the same payment, or release the slot. */
    ownHold: {
      description:
        "“Sinulla on tälle ajalle keskeneräinen maksu. Aika on varattu sinulle klo … asti.”, a failed release's words below it, and the buttons “Jatka maksamaan” and “Vapauta aika ja valitse toinen”.",
      on: {
        "checkout.continuePayment": {
          target: "redirecting",
          actions: {
            type: "redirectToPayment",
            params: ({ context }) => ({ url: context.ownHold!.redirectUrl }),
          },
        },
        "checkout.releaseHold": { target: "releasingHold", actions: assign({ errorMessage: null }) },
      },
    },
    releasingHold: {
      description:
        "The box “Sinulla on tälle ajalle keskeneräinen maksu. …” shows “Vapautetaan aikaa…”; its buttons are disabled.",
      invoke: {
        id: "releaseHold",
        src: "releaseHold",
        input: ({ context }) => ({ token: context.ownHold!.accessToken }),
        onDone: { target: "holdReleased", actions: ["forgetHold", assign({ ownHold: null })] },
        onError: {
          target: "ownHold",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, RELEASE_FAILED) }),
        },
      },
    },
    /** The slot is free again: choose another time, or book this one anew with the same details. */
    holdReleased: {
      description:
        "“Aika on vapautettu.” with the link “Valitse toinen aika” and the button “Varaa tämä aika uudelleen”.",
      on: { "checkout.retry": { target: "loadingQuote" } },
    },
    /**
     * The details form. Errors show after a submit and clear field by field as they are edited; a
     * payment that could not be started is shown beside the button until the visitor acts again.
     */
    editing: {
      description:
        "The price summary beside the form: “Varaajan tiedot”, the codes with “Päivitä hinta”, “Maksutapa”, “Hyväksyn maksuehdot” and “Siirry maksamaan” (when the codes cover the whole price: “Lahjakortti tai alennus kattaa koko hinnan: maksutapaa ei tarvita.” and “Vahvista varaus”). A field's error or a code's refusal shows below it, a payment that did not start beside the button (“Maksua ei aloitettu. …”, or offline “Yhteys palvelimeen katkesi, …”).",
      on: {
        "checkout.applyCodes": { target: "updatingQuote", actions: assign({ paymentFailure: null }) },
        "checkout.edit": {
          actions: [
            // What the visitor does next is their answer to a failed payment start: it goes.
            assign(({ context, event }) => {
              const fieldErrors = { ...context.fieldErrors };
              for (const field of Object.keys(event.details) as CheckoutField[]) delete fieldErrors[field];
              return { details: { ...context.details, ...event.details }, fieldErrors, paymentFailure: null };
            }),
            { type: "rememberDraft", params: ({ context }) => ({ details: context.details }) },
          ],
        },
        "checkout.submit": [
          {
            guard: "detailsAreValid",
            target: "creatingPayment",
            actions: assign({ fieldErrors: {}, paymentFailure: null }),
          },
          { actions: "showFieldErrors" },
        ],
      },
    },
    /** The codes were applied: the form stays while the summary is asked for again. */
    updatingQuote: {
      description:
        "The form stays; “Päivitetään hintaa…” under the summary, and “Päivitä hinta” and the pay button are disabled.",
      invoke: {
        id: "updateQuote",
        src: "loadQuote",
        input: ({ context }) => quoteRequest(context),
        onDone: [
          {
            guard: { type: "quoteIsAvailable", params: ({ event }) => event.output.quote },
            target: "editing",
            actions: assign({ quote: ({ event }) => event.output.quote }),
          },
          // Taken meanwhile: the quote says so.
          { target: "unavailable", actions: assign({ quote: ({ event }) => event.output.quote }) },
        ],
        onError: {
          target: "quoteFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, QUOTE_FAILED) }),
        },
      },
    },
    creatingPayment: {
      description: "“Luodaan maksua…”; the form and its button are disabled.",
      invoke: {
        id: "createPayment",
        src: "createPayment",
        input: ({ context }) => ({ start: context.start, end: context.end, details: context.details }),
        onDone: [
          {
            guard: { type: "paidWithoutPaymentPage", params: ({ event }) => event.output },
            target: "confirming",
            actions: assign({ token: ({ event }) => event.output.reservation!.accessToken }),
          },
          {
            guard: { type: "paymentStarted", params: ({ event }) => event.output },
            target: "redirecting",
            actions: [
              {
                type: "rememberHold",
                params: ({ context, event }) => ({
                  start: context.start,
                  end: context.end,
                  details: context.details,
                  accessToken: event.output.reservation?.accessToken ?? "",
                  redirectUrl: event.output.redirectUrl,
                  holdExpiresAt: null,
                }),
              },
              { type: "redirectToPayment", params: ({ event }) => ({ url: event.output.redirectUrl }) },
            ],
          },
          {
            target: "editing",
            actions: assign({
              paymentFailure: ({ event }) => ({
                message: event.output.message || PAYMENT_FALLBACK_MESSAGE,
                offline: false,
              }),
            }),
          },
        ],
        onError: [
          {
            guard: { type: "slotWasTaken", params: ({ event }) => ({ status: failureStatus(event.error) }) },
            target: "slotTaken",
            actions: assign({
              errorMessage: ({ event }) => serverMessageOr(event.error, PAYMENT_FALLBACK_MESSAGE),
            }),
          },
          {
            guard: { type: "refusedField", params: ({ event }) => ({ field: failureField(event.error) }) },
            target: "editing",
            actions: assign({
              fieldErrors: ({ context, event }) => ({
                ...context.fieldErrors,
                [failureField(event.error) as CheckoutField]: serverMessageOr(
                  event.error,
                  PAYMENT_FALLBACK_MESSAGE,
                ),
              }),
            }),
          },
          {
            target: "editing",
            actions: assign({
              paymentFailure: ({ event }) => submitFailure(event.error, PAYMENT_FALLBACK_MESSAGE),
            }),
          },
        ],
      },
    },
    /** The browser is leaving for the payment page. */
    redirecting: { description: "“Siirrytään maksamaan…”, and the browser goes to the payment page." },
    slotTaken: {
      description:
        "An alert with the server's words (e.g. “Valitsemasi aika on juuri varattu. Valitse toinen aika.”) and the link “Valitse toinen aika”; no form.",
    },
    /** Back from the payment page (or paid by a gift card here): fetching the booking by its token. */
    confirming: {
      description: "“Vahvistetaan maksua…”; the browser stays on the page.",
      invoke: {
        id: "loadReservation",
        src: "loadReservation",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [
          {
            guard: { type: "isConfirmed", params: ({ event }) => event.output },
            target: "confirmed",
            actions: assign({ reservation: ({ event }) => event.output }),
          },
          {
            guard: { type: "mayPollAgain", params: ({ event }) => event.output },
            target: "waitingForConfirmation",
            actions: assign({ polls: ({ context }) => context.polls + 1 }),
          },
          {
            guard: { type: "stillPending", params: ({ event }) => event.output },
            target: "confirmationFailed",
            actions: assign({ errorMessage: CONFIRMATION_DELAYED }),
          },
          { target: "notConfirmed", actions: assign({ reservation: ({ event }) => event.output }) },
        ],
        onError: {
          target: "confirmationFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, CONFIRMATION_FAILED) }),
        },
      },
    },
    /** Still pending: the provider may confirm a moment later, so ask again shortly. */
    waitingForConfirmation: {
      description: "Still “Vahvistetaan maksua…”: the page asks for the booking again a second later.",
      after: { confirmationPoll: "confirming" },
    },
    confirmationFailed: {
      description:
        "An alert with “Maksun vahvistusta ei ole vielä saatu. Tarkista tilanne hetken kuluttua uudelleen.” or the server's words (or “Varauksen tietoja ei saatu ladattua.”), the button “Yritä uudelleen” and the link “Oma varaus”; nothing is kept in the browser.",
      on: { "checkout.retry": { target: "confirming", actions: assign({ polls: 0, errorMessage: null }) } },
    },
    /** The booking is paid: show it, keep it in this browser for /oma-varaus and the header. */
    confirmed: {
      description:
        "The heading “Varaus vahvistettu”, “Kiitos! Kuitti on lähetetty sähköpostiisi.”, the booking's summary and the links “Avaa portti”, “Lisää kalenteriin”, “Kuitti” and “Oma varaus”; the booking is kept in this browser.",
      entry: [
        { type: "storeReservation", params: ({ context }) => ({ reservation: context.reservation! }) },
        "forgetHold",
        "forgetDraft",
      ],
    },
    /** Came back "successful" but the booking was cancelled or expired meanwhile. */
    notConfirmed: {
      description:
        "An alert “Varausta ei vahvistettu: maksu jäi kesken tai varauksen pitoaika ehti päättyä. Aikaa ei varattu.” (with “Maksu … palautetaan maksutavallesi.” when a refund is made) and the link “Takaisin varauskalenteriin”.",
    },
    paymentCancelled: {
      description:
        "“Maksu peruttiin. Aikaa ei varattu.” with the links “Yritä uudelleen” and “Takaisin varauskalenteriin”; nothing is asked from the server.",
    },
  },
});
