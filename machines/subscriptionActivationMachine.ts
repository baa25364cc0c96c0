import { assign, fromPromise, setup } from "xstate";
import type { Subscription } from "../src/domain/membership";
import { serverMessageOr } from "./remoteFailure";
import { LOAD_SUBSCRIPTION_FAILED } from "./subscriptionMachine";

/**
 * `/subscription/success?subscription=<id>`: the payment page sent the customer back, and the
 * membership turns active once the provider's confirmation has been handled — usually at once,
 * sometimes a moment later. So the page asks a few times, a second apart, before it says the
 * confirmation is late. The API is the provided actor `loadSubscription`; when the membership is
 * active the provided action `announceActivated` lets the rest of the app (header, /oma-tili)
 * read it again.
 */

export type ActivationInput = { subscriptionId: string | null };

export type ActivationContext = {
  subscriptionId: string | null;
  subscription: Subscription | null;
  /** How many times the answer was "not active yet". */
  polls: number;
  errorMessage: string | null;
};

export type ActivationEvent = { type: "activation.retry" };

export const MAX_ACTIVATION_POLLS = 5;
export const ACTIVATION_POLL_MS = 1000;

export const subscriptionActivationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actors: {
    loadSubscription: fromPromise<Subscription | null>(async () => {
      throw new Error("loadSubscription is provided by the app");
    }),
  },
  actions: {
    announceActivated: () => {},
  },
  delays: { activationPoll: ACTIVATION_POLL_MS },
  guards: {
    /** Active, and the one this payment was for (when the return address names it). */
    isActivated: ({ context }, found: Subscription | null) =>
      found?.status === "active" && (!context.subscriptionId || found.id === context.subscriptionId),
    mayAskAgain: ({ context }) => context.polls < MAX_ACTIVATION_POLLS,
  },
}).createMachine({
  id: "subscriptionActivation",
  context: ({ input }) => ({
    subscriptionId: input.subscriptionId,
    subscription: null,
    polls: 0,
    errorMessage: null,
  }),
  initial: "checking",
  states: {
    checking: {
      description:
        "A page without the site's header: the heading “Jäsenyyden aloitus” and “Vahvistetaan maksua…”.",
      invoke: {
        id: "loadSubscription",
        src: "loadSubscription",
        onDone: [
          {
            guard: { type: "isActivated", params: ({ event }) => event.output },
            target: "activated",
            actions: [assign({ subscription: ({ event }) => event.output }), "announceActivated"],
          },
          {
            guard: "mayAskAgain",
            target: "waiting",
            actions: assign({ polls: ({ context }) => context.polls + 1 }),
          },
          { target: "notYetActive", actions: assign({ subscription: ({ event }) => event.output }) },
        ],
        onError: {
          target: "failed",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_SUBSCRIPTION_FAILED),
          }),
        },
      },
    },
    /** Not active yet: ask again in a moment. */
    waiting: {
      description:
        "Still “Jäsenyyden aloitus” and “Vahvistetaan maksua…”: the membership is not active yet, and the page asks again in a second.",
      after: { activationPoll: "checking" },
    },
    /** Welcome: the membership is active. */
    activated: {
      description:
        "The heading “Tervetuloa jäseneksi!”, “Maksu on vastaanotettu ja jäsenyytesi … on voimassa.” with the tier's name, its hours (“Käytössäsi on … tuntia kuukaudessa. …”) and the link “Siirry omalle tilille”.",
    },
    /** Still not active after a few tries: the payment may still be on its way. */
    notYetActive: {
      description:
        "Still not active after the page asked six times, a second apart: “Maksun vahvistus ei ole vielä tullut perille. …”, with “Tarkista uudelleen” and the link “Oma tili”.",
      on: { "activation.retry": { target: "checking", actions: assign({ polls: 0 }) } },
    },
    failed: {
      description:
        "The server's message (or “Failed to load subscription”) as an alert, with “Yritä uudelleen” and the link “Oma tili”.",
      on: {
        "activation.retry": { target: "checking", actions: assign({ polls: 0, errorMessage: null }) },
      },
    },
  },
});
