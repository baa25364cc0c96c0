import { assign } from "xstate";
import { serverMessageOr } from "../remoteFailure";
import { checkoutSetup, QUOTE_FAILED, quoteRequest, RELEASE_FAILED } from "./setup";

/**
 * The checkout before the form: the route decides the visit, the quote is read, and a slot that
 * cannot be booked is checked for the visitor's own hold (continue to it, or release it).
 */
export const quoteStates = {
  /** Decides from the route what this visit is: a new checkout, or the way back from payment. */
  starting: checkoutSetup.createStateConfig({
    description:
      "Never seen: by its address the page goes at once to a new checkout, the way back from payment, or “Varattavaa aikaa ei tunnistettu”.",
    always: [
      { guard: "returnedFromPayment", target: "confirming" },
      { guard: "returnedCancelled", target: "paymentCancelled" },
      { guard: "slotIsValid", target: "loadingQuote" },
      { target: "invalidSlot" },
    ],
  }),
  /** The route's times are missing or unreadable: a message and a link back to the calendar. */
  invalidSlot: checkoutSetup.createStateConfig({
    description:
      "An alert “Varattavaa aikaa ei tunnistettu. Valitse aika varauskalenterista.” with the link “Siirry varauskalenteriin”; nothing is asked from the server.",
  }),
  loadingQuote: checkoutSetup.createStateConfig({
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
  }),
  quoteFailed: checkoutSetup.createStateConfig({
    description:
      "An alert with the server's words (or “Hinnan hakeminen epäonnistui.”), the button “Yritä uudelleen” and the link “Takaisin varauskalenteriin”.",
    on: { "checkout.retry": { target: "loadingQuote", actions: assign({ errorMessage: null }) } },
  }),
  /** The slot cannot be booked: is it this visitor's own hold (Back from the payment page)? */
  checkingOwnHold: checkoutSetup.createStateConfig({
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
  }),
  /** The quote says the slot cannot be booked (its reason is shown) — back to the calendar. */
  unavailable: checkoutSetup.createStateConfig({
    description:
      "The slot's summary and an alert with the quote's reason (e.g. “Aika on jo varattu.”) and the link “Valitse toinen aika”; no form, no “Siirry maksamaan”.",
  }),
  /** The visitor's own live hold: continue to the same payment, or release the slot. */
  ownHold: checkoutSetup.createStateConfig({
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
  }),
  releasingHold: checkoutSetup.createStateConfig({
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
  }),
  /** The slot is free again: choose another time, or book this one anew with the same details. */
  holdReleased: checkoutSetup.createStateConfig({
    description:
      "“Aika on vapautettu.” with the link “Valitse toinen aika” and the button “Varaa tämä aika uudelleen”.",
    on: { "checkout.retry": { target: "loadingQuote" } },
  }),
};
