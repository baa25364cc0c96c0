import { assign, fromPromise, setup } from "xstate";
import type { PauseQuote, PauseResponse } from "../src/domain/membership";
import { serverMessageOr } from "./remoteFailure";

/**
 * /oma-tili's pause (issue 35, decision 058), under an active membership in "Jäsenyys" when the
 * server offers one: the member picks a length in weeks, reads what the pause means (the server's
 * quote: its days, when billing resumes, the commitment's new end, the bookings it cancels) and
 * confirms it. A pause that has not begun can be taken back, through a confirmation. The server
 * decides and words it; the view shows its words. The input `coming` says whether the membership
 * has a pause still to begin. The API is the provided actors `quotePause`, `pause` and
 * `withdrawPause`; after a change the provided action `membershipChanged` tells the app to read the
 * membership (and its bookings) again.
 */

export type PauseContext = {
  /** Whether the membership has a pause still to begin: then it can be taken back, not asked for. */
  coming: boolean;
  /** The length last asked about: kept, so the choice shows it again after “back” or a refusal. */
  weeks: number | null;
  /** What pausing for `weeks` would mean, while it is confirmed. */
  quote: PauseQuote | null;
  /** The server's words after a pause. */
  message: string | null;
  errorMessage: string | null;
};

export type PauseEvent =
  | { type: "pause.open" }
  /** Out of the pause without changing anything. */
  | { type: "pause.close" }
  | { type: "pause.quote"; weeks: number }
  | { type: "pause.confirm" }
  /** From the quote back to the choice, the length kept. */
  | { type: "pause.back" }
  /** Take back the coming pause: first the question. */
  | { type: "pause.withdraw" }
  | { type: "pause.confirmWithdraw" }
  /** Keep the coming pause after all. */
  | { type: "pause.keep" };

export const QUOTE_PAUSE_FAILED = "Tauon laskeminen epäonnistui.";
export const PAUSE_FAILED = "Tauon vahvistaminen epäonnistui.";
export const WITHDRAW_PAUSE_FAILED = "Tauon peruminen epäonnistui.";

export const pauseMachine = setup({
  types: {
    context: {} as PauseContext,
    events: {} as PauseEvent,
    input: {} as { coming: boolean },
  },
  actors: {
    quotePause: fromPromise<PauseQuote, { weeks: number }>(async () => {
      throw new Error("quotePause is provided by the app");
    }),
    pause: fromPromise<PauseResponse, { weeks: number }>(async () => {
      throw new Error("pause is provided by the app");
    }),
    withdrawPause: fromPromise<PauseResponse>(async () => {
      throw new Error("withdrawPause is provided by the app");
    }),
  },
  actions: {
    membershipChanged: () => {},
  },
  guards: {
    /** A whole number of weeks; the server holds the park's limits and says why not. */
    isWeeks: ({ event }) => event.type === "pause.quote" && Number.isInteger(event.weeks) && event.weeks > 0,
    isComing: ({ context }) => context.coming,
    isNotComing: ({ context }) => !context.coming,
  },
}).createMachine({
  id: "pause",
  context: ({ input }) => ({
    coming: input.coming,
    weeks: null,
    quote: null,
    message: null,
    errorMessage: null,
  }),
  initial: "closed",
  states: {
    closed: {
      description:
        "In “Jäsenyys”, “Voit pitää jäsenyydessä 2–12 viikon tauon … alkaen.” and the button “Pidä taukoa”; with a pause still to begin, the button “Peru tauko” instead; after a change the server's words (and the membership read again).",
      on: {
        "pause.open": {
          guard: "isNotComing",
          target: "choosing",
          actions: assign({ quote: null, message: null, errorMessage: null }),
        },
        "pause.withdraw": {
          guard: "isComing",
          target: "confirmingWithdraw",
          actions: assign({ errorMessage: null }),
        },
      },
    },
    confirmingWithdraw: {
      description:
        "A box “Perutaanko tauko?”: the pause's bookings cancelled do not come back; “Kyllä, peru tauko” and “Ei, pidä tauko”. After a failed withdrawal its message as an alert. Nothing is sent yet.",
      on: {
        "pause.confirmWithdraw": { target: "withdrawing", actions: assign({ errorMessage: null }) },
        "pause.keep": { target: "closed", actions: assign({ errorMessage: null }) },
      },
    },
    withdrawing: {
      description: "“Perutaan taukoa…” in the box; its buttons disabled.",
      invoke: {
        id: "withdrawPause",
        src: "withdrawPause",
        onDone: {
          target: "closed",
          actions: [
            assign({ message: ({ event }) => event.output.message, coming: false }),
            "membershipChanged",
          ],
        },
        onError: {
          target: "confirmingWithdraw",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, WITHDRAW_PAUSE_FAILED),
          }),
        },
      },
    },
    choosing: {
      description:
        "A part “Jäsenyyden tauko”: the choice “Tauon pituus” (2–12 viikkoa, the last one asked about chosen), “Näytä tauko” and “Peruuta”. After a refused quote the server's message as an alert.",
      on: {
        "pause.quote": {
          guard: "isWeeks",
          target: "quoting",
          actions: assign({ weeks: ({ event }) => event.weeks, quote: null, errorMessage: null }),
        },
        "pause.close": { target: "closed", actions: assign({ errorMessage: null }) },
      },
    },
    quoting: {
      description: "“Lasketaan taukoa…” under the choice, which is disabled with both its buttons.",
      invoke: {
        id: "quotePause",
        src: "quotePause",
        input: ({ context }) => ({ weeks: context.weeks! }),
        onDone: { target: "confirming", actions: assign({ quote: ({ event }) => event.output }) },
        onError: {
          target: "choosing",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, QUOTE_PAUSE_FAILED),
          }),
        },
      },
    },
    confirming: {
      description:
        "Instead of the choice, “Tauko {alku}–{loppu}”: the server's summary; the commitment's new last day with one; the bookings the pause cancels (“(vakiovuoro)” after a standing week) or “Tauon ajalla ei ole varauksiasi.”; “Vahvista tauko” and “Takaisin”. After a failed pause its message as an alert. Nothing is changed yet.",
      on: {
        "pause.confirm": { target: "pausing", actions: assign({ errorMessage: null }) },
        "pause.back": { target: "choosing", actions: assign({ quote: null, errorMessage: null }) },
      },
    },
    pausing: {
      description: "The quote still shown, “Vahvistetaan taukoa…”, and both buttons disabled.",
      invoke: {
        id: "pause",
        src: "pause",
        input: ({ context }) => ({ weeks: context.weeks! }),
        onDone: {
          target: "closed",
          actions: [
            assign({ message: ({ event }) => event.output.message, weeks: null, quote: null, coming: true }),
            "membershipChanged",
          ],
        },
        onError: {
          target: "confirming",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, PAUSE_FAILED),
          }),
        },
      },
    },
  },
});
