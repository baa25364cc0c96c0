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
      description:
        "Under “Varaus toisella laitteella?”: the field “Sähköpostiosoite” (empty, or the address sent last) and the button “Lähetä varaukseni sähköpostiini”; no message.",
      on: {
        "lookup.submit": {
          target: "sending",
          actions: assign({ email: ({ event }) => event.email.trim(), errorMessage: null }),
        },
      },
    },
    sending: {
      description: "The button reads “Lähetetään…” and is disabled.",
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
      description:
        "The address field is gone: the server's answer in a green box (“Jos tällä osoitteella on tulevia varauksia, saat linkit niihin sähköpostiisi…”) and the button “Lähetä uudelleen”.",
      on: { "lookup.again": { target: "editing", actions: assign({ message: null }) } },
    },
    failed: {
      description:
        "The form again, the address sent still in “Sähköpostiosoite”, marked invalid, with the reason below it: the server's words, or “Varausten lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.” when no answer came.",
      on: {
        "lookup.submit": {
          target: "sending",
          actions: assign({ email: ({ event }) => event.email.trim(), errorMessage: null }),
        },
      },
    },
  },
});
