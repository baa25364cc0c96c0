import { assign } from "xstate";
import { serverMessageOr } from "../remoteFailure";
import { checkoutSetup, CONFIRMATION_DELAYED, CONFIRMATION_FAILED } from "./setup";

/**
 * Back from the payment page (or paid by a gift card): the booking is read until confirmed, kept in
 * this browser; or the payment was cancelled.
 */
export const confirmationStates = {
  /** Back from the payment page (or paid by a gift card here): fetching the booking by its token. */
  confirming: checkoutSetup.createStateConfig({
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
  }),
  /** Still pending: the provider may confirm a moment later, so ask again shortly. */
  waitingForConfirmation: checkoutSetup.createStateConfig({
    description: "Still “Vahvistetaan maksua…”: the page asks for the booking again a second later.",
    after: { confirmationPoll: "confirming" },
  }),
  confirmationFailed: checkoutSetup.createStateConfig({
    description:
      "An alert with “Maksun vahvistusta ei ole vielä saatu. Tarkista tilanne hetken kuluttua uudelleen.” or the server's words (or “Varauksen tietoja ei saatu ladattua.”), the button “Yritä uudelleen” and the link “Oma varaus”; nothing is kept in the browser.",
    on: { "checkout.retry": { target: "confirming", actions: assign({ polls: 0, errorMessage: null }) } },
  }),
  /** The booking is paid: show it, keep it in this browser for /oma-varaus and the header. */
  confirmed: checkoutSetup.createStateConfig({
    description:
      "The heading “Varaus vahvistettu”, “Kiitos! Kuitti on lähetetty sähköpostiisi.”, the booking's summary and the links “Avaa portti”, “Lisää kalenteriin”, “Kuitti” and “Oma varaus”; the booking is kept in this browser.",
    entry: [
      { type: "storeReservation", params: ({ context }) => ({ reservation: context.reservation! }) },
      "forgetHold",
      "forgetDraft",
    ],
  }),
  /** Came back "successful" but the booking was cancelled or expired meanwhile. */
  notConfirmed: checkoutSetup.createStateConfig({
    description:
      "An alert “Varausta ei vahvistettu: maksu jäi kesken tai varauksen pitoaika ehti päättyä. Aikaa ei varattu.” (with “Maksu … palautetaan maksutavallesi.” when a refund is made) and the link “Takaisin varauskalenteriin”.",
  }),
  paymentCancelled: checkoutSetup.createStateConfig({
    description:
      "“Maksu peruttiin. Aikaa ei varattu.” with the links “Yritä uudelleen” and “Takaisin varauskalenteriin”; nothing is asked from the server.",
  }),
};
