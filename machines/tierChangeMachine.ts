import { assign, fromPromise, setup } from "xstate";
import type { Tier, TierChangeQuote, TierChangeResponse } from "../src/domain/membership";
import { serverMessageOr } from "./remoteFailure";

/**
 * /oma-tili's tier change (issue 35, decision 057), under an active membership in "Jäsenyys": the
 * member picks another tier, reads what the change means (the server's quote: a higher tier at once
 * with the rest of the period's price difference on the next invoice, a lower one from the next
 * period) and confirms it. The server decides and words it; the view shows its words. The API is
 * the provided actors `loadTiers`, `quoteTierChange` and `changeTier`; after a change the provided
 * action `membershipChanged` tells the app to read the membership again.
 */

export type TierChangeContext = {
  /** The tiers offered, as the server last said (the view leaves out the member's own). */
  tiers: Tier[];
  /** The tier last asked about: kept, so the choice shows it again after “back” or a refusal. */
  tierLevel: number | null;
  /** What changing to `tierLevel` would mean, while it is confirmed. */
  quote: TierChangeQuote | null;
  /** The server's words after a change. */
  message: string | null;
  errorMessage: string | null;
};

export type TierChangeEvent =
  | { type: "tierChange.open" }
  | { type: "tierChange.retry" }
  /** Out of the change without changing anything. */
  | { type: "tierChange.close" }
  | { type: "tierChange.quote"; tierLevel: number }
  | { type: "tierChange.confirm" }
  /** From the quote back to the choice, the tier kept. */
  | { type: "tierChange.back" };

export const LOAD_TIERS_FAILED = "Tasojen lataaminen epäonnistui.";
export const QUOTE_TIER_CHANGE_FAILED = "Tasomuutoksen laskeminen epäonnistui.";
export const CHANGE_TIER_FAILED = "Tason vaihtaminen epäonnistui.";

export const tierChangeMachine = setup({
  types: {
    context: {} as TierChangeContext,
    events: {} as TierChangeEvent,
  },
  actors: {
    loadTiers: fromPromise<Tier[]>(async () => {
      throw new Error("loadTiers is provided by the app");
    }),
    quoteTierChange: fromPromise<TierChangeQuote, { tierLevel: number }>(async () => {
      throw new Error("quoteTierChange is provided by the app");
    }),
    changeTier: fromPromise<TierChangeResponse, { tierLevel: number }>(async () => {
      throw new Error("changeTier is provided by the app");
    }),
  },
  actions: {
    membershipChanged: () => {},
  },
  guards: {
    /** Only a tier the server offers is asked about. */
    isOffered: ({ context, event }) =>
      event.type === "tierChange.quote" && context.tiers.some((tier) => tier.tier_level === event.tierLevel),
  },
}).createMachine({
  id: "tierChange",
  context: { tiers: [], tierLevel: null, quote: null, message: null, errorMessage: null },
  initial: "closed",
  states: {
    closed: {
      description:
        "In “Jäsenyys”, the button “Vaihda tasoa”; after a change the server's words beside it (and the membership read again).",
      on: {
        "tierChange.open": {
          target: "loadingTiers",
          actions: assign({ tierLevel: null, quote: null, message: null, errorMessage: null }),
        },
      },
    },
    loadingTiers: {
      description: "A part “Tason vaihto” says “Ladataan tasoja…”; no choice yet.",
      invoke: {
        id: "loadTiers",
        src: "loadTiers",
        onDone: { target: "choosing", actions: assign({ tiers: ({ event }) => event.output }) },
        onError: {
          target: "loadFailed",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_TIERS_FAILED),
          }),
        },
      },
    },
    loadFailed: {
      description:
        "In “Tason vaihto” an alert with the server's message (or “Tasojen lataaminen epäonnistui.”), “Yritä uudelleen” and “Peruuta”.",
      on: {
        "tierChange.retry": { target: "loadingTiers", actions: assign({ errorMessage: null }) },
        "tierChange.close": { target: "closed", actions: assign({ errorMessage: null }) },
      },
    },
    choosing: {
      description:
        "In “Tason vaihto” the choice “Uusi taso”: the offered tiers other than the member's own, each as “Premium – 40 h/kk, 89,00 €/kk” (the last one asked about chosen); “Näytä muutos” and “Peruuta”. After a refused quote the server's message as an alert.",
      on: {
        "tierChange.quote": {
          guard: "isOffered",
          target: "quoting",
          actions: assign({ tierLevel: ({ event }) => event.tierLevel, quote: null, errorMessage: null }),
        },
        "tierChange.close": { target: "closed", actions: assign({ errorMessage: null }) },
      },
    },
    quoting: {
      description: "“Lasketaan muutosta…” under the choice, which is disabled with both its buttons.",
      invoke: {
        id: "quoteTierChange",
        src: "quoteTierChange",
        input: ({ context }) => ({ tierLevel: context.tierLevel! }),
        onDone: { target: "confirming", actions: assign({ quote: ({ event }) => event.output }) },
        onError: {
          target: "choosing",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, QUOTE_TIER_CHANGE_FAILED),
          }),
        },
      },
    },
    confirming: {
      description:
        "Instead of the choice, “Vaihto tasolle {name}”: the server's summary; up, “Erotus X € (N päivää) lisätään seuraavaan laskuun.”, down, “Muutos tulee voimaan {date}.”; “Uusi kuukausihinta X €/kk, tuntikiintiö N h/kk.”; “Vahvista tasomuutos” and “Takaisin”. After a failed change its message as an alert. Nothing is changed yet.",
      on: {
        "tierChange.confirm": { target: "changing", actions: assign({ errorMessage: null }) },
        "tierChange.back": { target: "choosing", actions: assign({ quote: null, errorMessage: null }) },
      },
    },
    changing: {
      description: "The quote still shown, “Vaihdetaan tasoa…”, and both buttons disabled.",
      invoke: {
        id: "changeTier",
        src: "changeTier",
        input: ({ context }) => ({ tierLevel: context.tierLevel! }),
        onDone: {
          target: "closed",
          actions: [
            assign({
              message: ({ event }) => event.output.message,
              tierLevel: null,
              quote: null,
            }),
            "membershipChanged",
          ],
        },
        onError: {
          target: "confirming",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, CHANGE_TIER_FAILED),
          }),
        },
      },
    },
  },
});
