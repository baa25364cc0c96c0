import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";

/**
 * A waitlist entry's own page (the link in each of its e-mails, decision 033): where it stands, the
 * way to the checkout while the slot is offered to it, and "Poistu jonosta". The reads and the
 * leave are the provided actors `loadEntry` and `leaveEntry`.
 */

export type WaitlistEntry = {
  status: "waiting" | "offered" | "booked" | "missed" | "left" | "ended";
  start: string;
  end: string;
  email: string;
  offerExpiresAt: string | null;
};

export type WaitlistEntryContext = {
  token: string;
  entry: WaitlistEntry | null;
  /** The server's answer to leaving. */
  message: string | null;
  errorMessage: string | null;
};

export type WaitlistEntryEvent = { type: "entry.leave" } | { type: "entry.retry" };

export const ENTRY_LOAD_FAILED = "Jonopaikkaa ei voitu hakea. Yritä hetken kuluttua uudelleen.";
export const ENTRY_LEAVE_FAILED = "Jonosta poistuminen epäonnistui. Yritä hetken kuluttua uudelleen.";

const LIVE = new Set(["waiting", "offered"]);

export const waitlistEntryMachine = setup({
  types: {
    context: {} as WaitlistEntryContext,
    events: {} as WaitlistEntryEvent,
    input: {} as { token: string },
  },
  actors: {
    loadEntry: fromPromise<WaitlistEntry, { token: string }>(async () => {
      throw new Error("loadEntry is provided by the app");
    }),
    leaveEntry: fromPromise<{ message: string }, { token: string }>(async () => {
      throw new Error("leaveEntry is provided by the app");
    }),
  },
  guards: {
    isLive: ({ context }) => context.entry !== null && LIVE.has(context.entry.status),
  },
}).createMachine({
  id: "waitlistEntry",
  context: ({ input }) => ({ token: input.token, entry: null, message: null, errorMessage: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Under the heading “Jonopaikka”, “Haetaan jonopaikkaa…”.",
      invoke: {
        id: "loadEntry",
        src: "loadEntry",
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: "shown", actions: assign({ entry: ({ event }) => event.output }) },
        onError: {
          target: "loadFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, ENTRY_LOAD_FAILED) }),
        },
      },
    },
    loadFailed: {
      description:
        "The server's message (“Jonopaikkaa ei löytynyt. Tarkista linkki.” for a wrong link), or “Jonopaikkaa ei voitu hakea. Yritä hetken kuluttua uudelleen.”, as an alert, with “Yritä uudelleen”.",
      on: { "entry.retry": { target: "loading", actions: assign({ errorMessage: null }) } },
    },
    shown: {
      description:
        "The slot in bold and where the entry stands: “Olet jonossa. …”; or “Aika vapautui ja on varattuna sinulle.”, “Varaa ja maksa aika klo … mennessä.” and the link “Varaa aika” to the checkout; or “… varausaika umpeutui. …” with no button. “Poistu jonosta” while waiting or offered (after a failed leave, “Jonosta poistuminen epäonnistui. …” as an alert above it), and the link “Varauskalenteriin”.",
      on: { "entry.leave": { guard: "isLive", target: "leaving", actions: assign({ errorMessage: null }) } },
    },
    leaving: {
      description: "The button reads “Poistutaan…” and is disabled.",
      invoke: {
        id: "leaveEntry",
        src: "leaveEntry",
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: "left", actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: "shown",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, ENTRY_LEAVE_FAILED) }),
        },
      },
    },
    left: {
      type: "final",
      description:
        "Under the slot, the server's words in a green box (“Poistuit jonosta. …”) and the link “Varauskalenteriin”; no button.",
    },
  },
});
