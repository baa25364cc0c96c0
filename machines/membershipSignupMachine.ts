import { and, assign, fromPromise, setup } from "xstate";
import type { PaymentMethod } from "../src/domain/booking";
import type { Commitment, PaymentResponse, SignupRequest, TiersResponse } from "../src/domain/membership";
import {
  failureField,
  failureStatus,
  serverMessageOr,
  submitFailure,
  type SubmitFailure,
} from "./remoteFailure";

/**
 * `/jasenyys`: the tiers the park sells, the customer's choice (tier, commitment, payment method,
 * optional gift card), and the signup that creates the payment and hands over to the payment page.
 *
 * Signing up needs a customer session. A visitor who is not signed in is sent to log in with the
 * choice remembered (the provided action `goToLogin`), and comes back to it: the page starts this
 * machine again with the remembered tier and commitment as input. Every change of tier or
 * commitment is handed to the provided action `rememberChoice` (the page keeps it in its address).
 * The API is the provided actors `loadTiers` and `createSignup`; leaving for the payment page is
 * the provided action `redirectToPayment`.
 *
 * A payment that cannot be started never locks the form: the customer is back in it with the
 * failure beside the button (`paymentFailure`), or a refused gift card beside its field
 * (`giftCardError`), and pressing the button again is the retry.
 */

export type SignupChoice = { tierLevel: number | null; commitment: Commitment };

export type SignupInput = { tierLevel: number | null; commitment: Commitment | null };

export type SignupContext = SignupChoice & {
  catalog: TiersResponse | null;
  paymentMethod: PaymentMethod;
  giftCardCode: string;
  errorMessage: string | null;
  /** Why the last press of the pay button started no payment (shown beside it), null otherwise. */
  paymentFailure: SubmitFailure | null;
  /** The server's refusal of the gift card typed (shown beside its field), null otherwise. */
  giftCardError: string | null;
};

export type SignupEvent =
  | { type: "signup.retry" }
  | { type: "signup.chooseTier"; tierLevel: number }
  | { type: "signup.chooseCommitment"; commitment: Commitment }
  | { type: "signup.choosePaymentMethod"; paymentMethod: PaymentMethod }
  | { type: "signup.editGiftCard"; code: string }
  /** The page says whether a customer is signed in: signing up needs one. */
  | { type: "signup.submit"; signedIn: boolean };

/** Spec §8 fallback when the server gives no message. */
export const PAYMENT_FAILED = "Failed to initiate payment";
export const TIERS_FAILED = "Jäsenyystasoja ei saatu ladattua.";

const choiceOf = (context: SignupContext): SignupChoice => ({
  tierLevel: context.tierLevel,
  commitment: context.commitment,
});

export const membershipSignupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    loadTiers: fromPromise<TiersResponse>(async () => {
      throw new Error("loadTiers is provided by the app");
    }),
    createSignup: fromPromise<PaymentResponse, SignupRequest>(async () => {
      throw new Error("createSignup is provided by the app");
    }),
  },
  actions: {
    rememberChoice: (_, _params: SignupChoice) => {},
    goToLogin: (_, _params: SignupChoice) => {},
    redirectToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    tierIsChosen: ({ context }) => context.tierLevel !== null,
    isSignedIn: ({ event }) => event.type === "signup.submit" && event.signedIn,
    // Answers come in as typed params from the transition (no casts here).
    paymentStarted: (_, output: PaymentResponse) => output.success && !!output.redirectUrl,
    /** 409: the customer already has an active or pending membership. */
    isAlreadyMember: (_, failure: { status: number | null }) => failure.status === 409,
    /** The server refused the gift card typed (`{ message, field: "giftCardCode" }`). */
    giftCardRefused: (_, failure: { field: string | null }) => failure.field === "giftCardCode",
  },
}).createMachine({
  id: "membershipSignup",
  context: ({ input }) => ({
    tierLevel: input.tierLevel,
    commitment: input.commitment ?? "none",
    catalog: null,
    paymentMethod: "mobilepay",
    giftCardCode: "",
    errorMessage: null,
    paymentFailure: null,
    giftCardError: null,
  }),
  initial: "loadingTiers",
  states: {
    loadingTiers: {
      description: "Under the heading “Jäsenyys” and its lead, “Ladataan jäsenyystasoja…”.",
      invoke: {
        id: "loadTiers",
        src: "loadTiers",
        onDone: {
          target: "choosing",
          // A remembered tier the park no longer sells is no choice.
          actions: assign(({ context, event }) => ({
            catalog: event.output,
            tierLevel: event.output.tiers.some((t) => t.tier_level === context.tierLevel)
              ? context.tierLevel
              : null,
          })),
        },
        onError: {
          target: "tiersFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, TIERS_FAILED) }),
        },
      },
    },
    tiersFailed: {
      description:
        "The server's message (or “Jäsenyystasoja ei saatu ladattua.”) as an alert, with “Yritä uudelleen”.",
      on: { "signup.retry": { target: "loadingTiers", actions: assign({ errorMessage: null }) } },
    },
    /**
     * The form: tier, commitment, payment method and gift card; a failed payment start beside the
     * button (or a refused gift card beside its field) until the customer acts again.
     */
    choosing: {
      description:
        "The tier cards under “Jäsenyystasot” (each with its hours, prices and “Valitse”, or “Valittu” on the chosen one), the terms “Sitoumus” and “Laskutus”, and the form “Liity jäseneksi”: “Sitoumus”, “Maksutapa”, “Lahjakortin koodi (vapaaehtoinen)”, “Valitse jäsenyystaso.” or “Valintasi: …” (the address keeps it: ?taso=…&sitoumus=…), and “Siirry maksamaan”, or “Kirjaudu ja jatka” when nobody is signed in, disabled until a tier is chosen. After a payment that did not start, the reason beside that button with “Maksua ei aloitettu. …” (or with no connection “Yhteys palvelimeen katkesi, …”), or a refused gift card's reason under its field.",
      on: {
        "signup.chooseTier": {
          actions: [
            assign({ tierLevel: ({ event }) => event.tierLevel, paymentFailure: null }),
            { type: "rememberChoice", params: ({ context }) => choiceOf(context) },
          ],
        },
        "signup.chooseCommitment": {
          actions: [
            assign({ commitment: ({ event }) => event.commitment, paymentFailure: null }),
            { type: "rememberChoice", params: ({ context }) => choiceOf(context) },
          ],
        },
        "signup.choosePaymentMethod": {
          actions: assign({ paymentMethod: ({ event }) => event.paymentMethod, paymentFailure: null }),
        },
        "signup.editGiftCard": {
          actions: assign({
            giftCardCode: ({ event }) => event.code,
            giftCardError: null,
            paymentFailure: null,
          }),
        },
        "signup.submit": [
          {
            guard: and(["tierIsChosen", "isSignedIn"]),
            target: "creatingPayment",
            actions: assign({ paymentFailure: null, giftCardError: null }),
          },
          {
            guard: "tierIsChosen",
            target: "loginRequired",
            actions: { type: "goToLogin", params: ({ context }) => choiceOf(context) },
          },
        ],
      },
    },
    /** Off to /login; the page comes back to the remembered choice after it. */
    loginRequired: {
      description:
        "The login page “Kirjaudu sisään” (/login); after logging in the browser comes back to /jasenyys with the choice.",
    },
    creatingPayment: {
      description: "“Luodaan maksua…” in the form; the choices are disabled and the button is gone.",
      invoke: {
        id: "createSignup",
        src: "createSignup",
        input: ({ context }) => ({
          tier_level: context.tierLevel!,
          commitment: context.commitment,
          paymentMethod: context.paymentMethod,
          gift_card_code: context.giftCardCode.trim() || undefined,
        }),
        onDone: [
          {
            guard: { type: "paymentStarted", params: ({ event }) => event.output },
            target: "redirecting",
            actions: {
              type: "redirectToPayment",
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
          },
          {
            target: "choosing",
            actions: assign({
              paymentFailure: ({ event }) => ({
                message: event.output.message || PAYMENT_FAILED,
                offline: false,
              }),
            }),
          },
        ],
        onError: [
          {
            guard: {
              type: "isAlreadyMember",
              params: ({ event }) => ({ status: failureStatus(event.error) }),
            },
            target: "alreadyMember",
            actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, PAYMENT_FAILED) }),
          },
          {
            guard: {
              type: "giftCardRefused",
              params: ({ event }) => ({ field: failureField(event.error) }),
            },
            target: "choosing",
            actions: assign({ giftCardError: ({ event }) => serverMessageOr(event.error, PAYMENT_FAILED) }),
          },
          {
            target: "choosing",
            actions: assign({ paymentFailure: ({ event }) => submitFailure(event.error, PAYMENT_FAILED) }),
          },
        ],
      },
    },
    /** The browser is leaving for the payment page. */
    redirecting: {
      description: "“Siirrytään maksamaan…” in the form, and the browser leaves for the payment page.",
    },
    /** A membership exists already: the server's message and the way to /oma-tili. */
    alreadyMember: {
      description:
        "In the form, the server's message (“Sinulla on jo voimassa oleva jäsenyys.”) as an alert with the link “Siirry omalle tilille” (/oma-tili); no button to pay.",
    },
  },
});
