import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";

/**
 * "Lähetä varaukseni sähköpostiini" on `/oma-varaus`: the visitor gives the address they booked
 * with and the server e-mails links to every upcoming booking made with it (the same answer whether
 * there are any). Opening a link keeps the booking in that browser. The POST is the provided actor
 * `sendLookup`; the address is checked by the server, whose words are shown.
 */

export type LookupOutcome = { success: boolean; message: string };

export type ReservationLookupContext = {
  /** The last address sent, kept for the form after a failure. */
  email: string;
  /** The server's answer once sent. */
  message: string | null;
  /** Why the last send failed; shown only while it stands (`failed`). */
  errorMessage: string | null;
};

export type ReservationLookupEvent =
  | { type: "lookup.submit"; email: string }
  /** Ask again (another address, or the e-mail did not come). */
  | { type: "lookup.again" };

export const LOOKUP_FAILED = "Varausten lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.";

export const reservationLookupMachine = setup({
  types: {
    context: {} as ReservationLookupContext,
    events: {} as ReservationLookupEvent,
  },
  actors: {
    sendLookup: fromPromise<LookupOutcome, { email: string }>(async () => {
      throw new Error("sendLookup is provided by the app");
    }),
  },
}).createMachine({
  id: "reservationLookup",
  context: { email: "", message: null, errorMessage: null },
  initial: "editing",
  states: {
    editing: {
      description: "The address field and 'Lähetä varaukseni sähköpostiini'.",
      on: {
        "lookup.submit": {
          target: "sending",
          actions: assign({ email: ({ event }) => event.email.trim(), errorMessage: null }),
        },
      },
    },
    sending: {
      description: "The request is sent; the button waits.",
      invoke: {
        id: "sendLookup",
        src: "sendLookup",
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: "sent", actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: "failed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, LOOKUP_FAILED) }),
        },
      },
    },
    sent: {
      description: "The server's answer: the links are on their way if there are bookings.",
      on: { "lookup.again": { target: "editing", actions: assign({ message: null }) } },
    },
    failed: {
      description: "Refused (a bad address, too many requests) or not sent: the reason, and the form again.",
      on: {
        "lookup.submit": {
          target: "sending",
          actions: assign({ email: ({ event }) => event.email.trim(), errorMessage: null }),
        },
      },
    },
  },
});
