import { assign, fromPromise, setup } from "xstate";
import type { CancelSubscriptionResponse, Subscription } from "../src/domain/membership";
import { serverMessageOr } from "./remoteFailure";

/**
 * The signed-in customer's membership (spec §3-§4, product.md "Membership"): loading it, what it
 * is now (none, waiting for its first payment, active — in good standing, paused by the member,
 * overdue or suspended by an unpaid invoice — or cancelled), and cancelling it — only through an explicit confirmation that
 * says when the membership really ends.
 *
 * One actor serves the whole app (the header's link rule, /oma-tili, the member bookings): the app
 * sends `subscription.load` when a customer signs in and `subscription.clear` when nobody is.
 * The API is the provided actors `loadSubscription` (null when the customer has none: a 404) and
 * `cancelSubscription`.
 */

export type SubscriptionContext = {
  subscription: Subscription | null;
  /** Why loading failed (`error`). */
  errorMessage: string | null;
  /** Why the cancel failed (`active.cancel.cancelFailed`). */
  cancelError: string | null;
  /** The server's words after a successful cancel. */
  cancelMessage: string | null;
};

export type SubscriptionEvent =
  /** A customer signed in (or another one did): load theirs, whatever was shown before. */
  | { type: "subscription.load" }
  /** Nobody is signed in: forget it. */
  | { type: "subscription.clear" }
  /**
   * Read it again, showing the old one meanwhile: a retry, after a failed cancel, once the first
   * payment may have landed, or after bookings changed the usage.
   */
  | { type: "subscription.reload" }
  | { type: "subscription.cancel" }
  | { type: "subscription.confirmCancel" }
  /** Back out of the confirmation (or close a failure): nothing changes. */
  | { type: "subscription.keep" };

/** Spec §8 fallbacks, used when the server gave no message. */
export const LOAD_SUBSCRIPTION_FAILED = "Failed to load subscription";
export const CANCEL_SUBSCRIPTION_FAILED = "Failed to cancel subscription";

const cleared = { subscription: null, errorMessage: null, cancelError: null, cancelMessage: null };

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  actors: {
    loadSubscription: fromPromise<Subscription | null>(async () => {
      throw new Error("loadSubscription is provided by the app");
    }),
    cancelSubscription: fromPromise<CancelSubscriptionResponse>(async () => {
      throw new Error("cancelSubscription is provided by the app");
    }),
  },
  guards: {
    // An expired signup (its payment never came) is no membership: the customer may sign up again.
    // The answer comes in as typed params from the transition (no casts here).
    hasNone: (_, found: Subscription | null) => !found || found.status === "expired",
    isPending: (_, found: Subscription | null) => found?.status === "pending",
    isActive: (_, found: Subscription | null) => found?.status === "active",
    /** Active with an invoice unpaid past its grace (decision 054): the server says so. */
    isSuspended: (_, found: Subscription | null) => found?.status === "active" && !!found.unpaid?.suspended,
    /** Active and in the member's pause today (decision 058): no period, no quota, no invoice. */
    isPaused: (_, found: Subscription | null) => found?.status === "active" && !!found.pause?.current,
    /** Active with an invoice past its due date, still in its grace. */
    isOverdue: (_, found: Subscription | null) => found?.status === "active" && !!found.unpaid,
  },
}).createMachine({
  id: "subscription",
  context: cleared,
  initial: "idle",
  on: {
    "subscription.load": { target: ".loading", actions: assign(cleared) },
    "subscription.clear": { target: ".idle", actions: assign(cleared) },
  },
  states: {
    /** Nobody is signed in: nothing is loaded. */
    idle: {
      description:
        "Nobody is signed in: the login page (“Kirjaudu sisään”); the membership is not asked for.",
    },
    loading: {
      description:
        "“Ladataan jäsenyyttä…”, or a membership already shown stays with “Päivitetään jäsenyyden tietoja…”.",
      // What a former answer or cancel said no longer holds; the membership shown stays until the
      // answer replaces it.
      entry: assign({ errorMessage: null, cancelError: null, cancelMessage: null }),
      invoke: {
        id: "loadSubscription",
        src: "loadSubscription",
        onDone: [
          {
            guard: { type: "hasNone", params: ({ event }) => event.output },
            target: "none",
            actions: assign({ subscription: null }),
          },
          {
            guard: { type: "isPending", params: ({ event }) => event.output },
            target: "pending",
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          {
            guard: { type: "isSuspended", params: ({ event }) => event.output },
            target: "active.standing.suspended",
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          {
            guard: { type: "isPaused", params: ({ event }) => event.output },
            target: "active.standing.paused",
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          {
            guard: { type: "isOverdue", params: ({ event }) => event.output },
            target: "active.standing.overdue",
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          {
            guard: { type: "isActive", params: ({ event }) => event.output },
            target: "active",
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          { target: "cancelled", actions: assign({ subscription: ({ event }) => event.output }) },
        ],
        onError: {
          target: "error",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_SUBSCRIPTION_FAILED),
          }),
        },
      },
    },
    /** No membership (a 404 is this, never an error). */
    none: {
      description: "“Sinulla ei ole jäsenyyttä.” and a link “Tutustu jäsenyyteen”; no error (a 404 is this).",
    },
    /**
     * Signed up; the first invoice is not paid yet. Once it is paid (the success page, another
     * tab) the membership turns active: read it again then.
     */
    pending: {
      description:
        "The membership with status “Odottaa maksua”: it starts when the first invoice is paid; “Päivitä tila”, no cancel.",
      on: { "subscription.reload": "loading" },
    },
    /**
     * Active, in two regions: how it stands with its invoices (decision 054), and cancelling it.
     * Standing is the server's: an invoice past its due date is `overdue` (a grace: bookings still
     * work) until `membership.suspendAfterDays` days later, then `suspended` until it is paid;
     * reading the membership again after a payment shows it back in `good`. In the member's own
     * pause (decision 058) it is `paused` until the pause ends.
     */
    active: {
      type: "parallel",
      description: "The membership with its price, commitment and the month's hours used (“4 / 16 h”).",
      states: {
        standing: {
          description: "How the membership stands with its invoices, beside its status.",
          initial: "good",
          states: {
            good: { description: "Status “Voimassa”; no note of an unpaid invoice." },
            overdue: {
              description:
                "Status “Voimassa” and a note: invoice nro … fell due …; pay it by … or the membership is suspended from …; a link “Siirry laskuihin”.",
            },
            suspended: {
              description:
                "Status “Keskeytetty … alkaen” and why: invoice nro … unpaid since its due date; member bookings and their gate links are refused until it is paid; a link “Siirry laskuihin”.",
            },
            paused: {
              description:
                "Status “Tauolla … asti” and instead of the month's hours: “Jäsenyys on tauolla … asti: tauon ajalta ei laskuteta eikä sille voi varata jäsenenä. Laskutus ja tuntikiintiö jatkuvat …”.",
            },
          },
        },
        cancel: {
          description: "Below the usage: cancelling the membership.",
          initial: "idle",
          states: {
            idle: {
              description: "Buttons “Irtisano jäsenyys” and “Päivitä käyttötiedot”.",
              on: {
                "subscription.cancel": { target: "confirmingCancel", actions: assign({ cancelError: null }) },
                // The usage changes as the member books and cancels; the standing as invoices are paid.
                "subscription.reload": "#subscription.loading",
              },
            },
            /** The customer reads when the membership would end; nothing is sent before they confirm. */
            confirmingCancel: {
              description:
                "A box “Irtisanotaanko jäsenyys?” says when access would end (a commitment's end, or the paid period's); “Kyllä, irtisano” and “Ei, pidä jäsenyys”; nothing is sent yet.",
              on: {
                "subscription.confirmCancel": "cancelling",
                "subscription.keep": "idle",
              },
            },
            cancelling: {
              description: "“Irtisanotaan…” in the box; its buttons disabled.",
              invoke: {
                id: "cancelSubscription",
                src: "cancelSubscription",
                onDone: {
                  target: "#subscription.cancelled",
                  actions: assign({
                    subscription: ({ event }) => event.output.subscription,
                    cancelMessage: ({ event }) => event.output.message,
                  }),
                },
                onError: {
                  target: "cancelFailed",
                  actions: assign({
                    cancelError: ({ event }) => serverMessageOr(event.error, CANCEL_SUBSCRIPTION_FAILED),
                  }),
                },
              },
            },
            /** E.g. 409 'No active subscription' (cancelled elsewhere): reloading shows how things are. */
            cancelFailed: {
              description:
                "The cancel was refused or failed: the server's message as an alert, with “Päivitä tiedot” and “Sulje”.",
              on: {
                "subscription.keep": { target: "idle", actions: assign({ cancelError: null }) },
                "subscription.reload": "#subscription.loading",
              },
            },
          },
        },
      },
    },
    /** Cancelled: access runs to `access_ends_on` (the commitment's end or the paid period's). */
    /** Access may remain (and with it bookings and their usage): it can be read again. */
    cancelled: {
      description:
        "Status “Irtisanottu”: the cancel's message, or after a reload “Käyttöoikeus on voimassa … asti”; no cancel button.",
      on: { "subscription.reload": "loading" },
    },
    error: {
      description:
        "Loading failed: the server's message (or “Failed to load subscription”) as an alert, and “Yritä uudelleen”.",
      on: { "subscription.reload": "loading" },
    },
  },
});

export type SubscriptionMachine = typeof subscriptionMachine;
