import { assign } from "xstate";
import type { CheckoutField } from "../checkoutTypes";
import { failureField, failureStatus, serverMessageOr, submitFailure } from "../remoteFailure";
import { checkoutSetup, PAYMENT_FALLBACK_MESSAGE, QUOTE_FAILED, quoteRequest } from "./setup";

/** The details form, the codes' new quote, and the payment started for the payment page. */
export const formStates = {
  /**
   * The details form. Errors show after a submit and clear field by field as they are edited; a
   * payment that could not be started is shown beside the button until the visitor acts again.
   */
  editing: checkoutSetup.createStateConfig({
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
  }),
  /** The codes were applied: the form stays while the summary is asked for again. */
  updatingQuote: checkoutSetup.createStateConfig({
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
  }),
  creatingPayment: checkoutSetup.createStateConfig({
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
  }),
  /** The browser is leaving for the payment page. */
  redirecting: checkoutSetup.createStateConfig({
    description: "“Siirrytään maksamaan…”, and the browser goes to the payment page.",
  }),
  slotTaken: checkoutSetup.createStateConfig({
    description:
      "An alert with the server's words (e.g. “Valitsemasi aika on juuri varattu. Valitse toinen aika.”) and the link “Valitse toinen aika”; no form.",
  }),
};
