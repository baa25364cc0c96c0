import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";

/**
 * "Ilmoita, jos aika vapautuu" (decision 033): on a taken or held slot of the calendar the visitor
 * chooses the length wanted (the range start .. end; a 1 h booking is one entry) and gives an
 * address, and the server puts it in the range's line; when the slot frees, the first in
 * line gets an e-mail whose link holds it for them for a while. The POST is the provided actor
 * `joinWaitlist`; the address and the slot are checked by the server, whose words are shown.
 */

export type WaitlistJoinOutcome = { success: boolean; message: string };

export type WaitlistContext = {
  start: string;
  end: string;
  /** The last address sent, kept for the form after a failure. */
  email: string;
  /** The server's answer once in line. */
  message: string | null;
  /** Why the last join failed; shown only while it stands (`failed`). */
  errorMessage: string | null;
};

export type WaitlistEvent =
  | { type: "waitlist.submit"; email: string }
  /** Another length of the park's: the range asked for becomes start .. this end. */
  | { type: "waitlist.chooseLength"; end: string };

export const WAITLIST_JOIN_FAILED = "Jonoon liittyminen epäonnistui. Yritä hetken kuluttua uudelleen.";

export const waitlistMachine = setup({
  types: {
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    input: {} as { start: string; end: string },
  },
  actions: {
    takeAddress: assign({
      email: ({ context, event }) => (event.type === "waitlist.submit" ? event.email.trim() : context.email),
      errorMessage: null,
    }),
    takeEnd: assign({
      end: ({ context, event }) => (event.type === "waitlist.chooseLength" ? event.end : context.end),
      errorMessage: null,
    }),
  },
  actors: {
    joinWaitlist: fromPromise<WaitlistJoinOutcome, { start: string; end: string; email: string }>(
      async () => {
        throw new Error("joinWaitlist is provided by the app");
      },
    ),
  },
}).createMachine({
  id: "waitlist",
  context: ({ input }) => ({ ...input, email: "", message: null, errorMessage: null }),
  initial: "editing",
  states: {
    editing: {
      description:
        "Under the heading “Ilmoita, jos aika vapautuu”: the range asked for in bold, “Kesto” with the park's lengths (the range's checked), the field “Sähköpostiosoite” (empty, or the address sent last) and the button “Ilmoita, jos aika vapautuu”; no error.",
      on: {
        "waitlist.submit": { target: "sending", actions: "takeAddress" },
        "waitlist.chooseLength": { actions: "takeEnd" },
      },
    },
    sending: {
      description: "The button reads “Lähetetään…” and is disabled, and so are the lengths.",
      invoke: {
        id: "joinWaitlist",
        src: "joinWaitlist",
        input: ({ context }) => ({ start: context.start, end: context.end, email: context.email }),
        onDone: { target: "joined", actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: "failed",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, WAITLIST_JOIN_FAILED),
          }),
        },
      },
    },
    joined: {
      type: "final",
      description:
        "The form is gone: under the range, the server's words in a green box (“Olet jonossa. …”) and the link “Takaisin varauskalenteriin”.",
    },
    failed: {
      description:
        "The form again, the address sent still in “Sähköpostiosoite”, marked invalid, with the reason below it: the server's words (the slot is free or past, a bad address, too many joins), or “Jonoon liittyminen epäonnistui. Yritä hetken kuluttua uudelleen.” when no answer came.",
      on: {
        "waitlist.submit": { target: "sending", actions: "takeAddress" },
        // A refusal was about the range asked: another length is a new question.
        "waitlist.chooseLength": { target: "editing", actions: "takeEnd" },
      },
    },
  },
});
