import { fromPromise, setup } from "xstate";
import type {
  CheckoutContext,
  CheckoutDetails,
  CheckoutEvent,
  CheckoutInput,
  CheckoutQuote,
  CheckoutReservation,
  HeldCheckout,
  OwnHold,
  PaymentStart,
  QuoteRequest,
} from "../checkoutTypes";

/*
 * The checkout machine's setup (machines/checkoutMachine.ts says what the machine does): its types,
 * the actors and actions the app provides, its guards, and what its states share.
 */

/** Spec §8 fallback when the server gives no message. */
export const PAYMENT_FALLBACK_MESSAGE = "Failed to initiate payment";
export const MAX_CONFIRMATION_POLLS = 5;
export const CONFIRMATION_POLL_MS = 1000;
export const CONFIRMATION_DELAYED =
  "Maksun vahvistusta ei ole vielä saatu. Tarkista tilanne hetken kuluttua uudelleen.";
export const CONFIRMATION_FAILED = "Varauksen tietoja ei saatu ladattua.";
export const QUOTE_FAILED = "Hinnan hakeminen epäonnistui.";
export const RELEASE_FAILED = "Ajan vapauttaminen epäonnistui. Yritä uudelleen.";

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
export const quoteRequest = (context: {
  start: string;
  end: string;
  details: CheckoutDetails;
}): QuoteRequest => {
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

export const checkoutSetup = setup({
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
});
