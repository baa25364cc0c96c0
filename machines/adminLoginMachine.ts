import { assertEvent, assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";

/**
 * /hallinta/login (issue 9): the page first checks that this host is one of the project's
 * authorized domains (it refuses to sign in from anywhere else); then e-mail and password, with
 * the password policy applied before Firebase is asked, and 'Unohtuiko salasana?' sending the
 * reset e-mail (the same answer for any address).
 *
 * Pure: the domain check, the sign-in (policy included) and the reset e-mail are the provided
 * actors `checkDomain`, `signIn` and `sendReset`; `signedIn` hands the token to the admin token
 * machine. Failures carry their Finnish words as `data.message` (machines/remoteFailure.ts).
 */

export type AdminLoginContext = {
  /** The address last typed, kept for the reset e-mail and a retry. */
  email: string;
  error: string | null;
  resetMessage: string | null;
};

export type AdminLoginEvent =
  | { type: "login.submit"; email: string; password: string }
  | { type: "login.requestReset"; email: string }
  /** From "reset sent" back to the form. */
  | { type: "login.back" };

export const LOGIN_FAILED_FALLBACK = "Kirjautuminen epäonnistui. Yritä hetken kuluttua uudelleen.";

export const adminLoginMachine = setup({
  types: {
    context: {} as AdminLoginContext,
    events: {} as AdminLoginEvent,
  },
  actors: {
    /** Resolves when this host may sign in; rejects with the reason otherwise. */
    checkDomain: fromPromise<void>(async () => {}),
    /** Applies the password policy, then signs in with Firebase; resolves with the ID token. */
    signIn: fromPromise<string, { email: string; password: string }>(async () => {
      throw new Error("signIn not provided");
    }),
    /** Sends the reset e-mail; resolves with what to tell the admin. */
    sendReset: fromPromise<string, { email: string }>(async () => {
      throw new Error("sendReset not provided");
    }),
  },
  actions: {
    signedIn: (_, _params: { token: string }) => {},
  },
}).createMachine({
  id: "adminLogin",
  context: { email: "", error: null, resetMessage: null },
  initial: "checkingDomain",
  states: {
    /** Is this host on the authorized-domain list? */
    checkingDomain: {
      description: "“Ylläpidon kirjautuminen” with “Ladataan…”; no form yet.",
      invoke: {
        id: "checkDomain",
        src: "checkDomain",
        onDone: { target: "form" },
        onError: {
          target: "domainRefused",
          actions: assign(({ event }) => ({ error: serverMessageOr(event.error, LOGIN_FAILED_FALLBACK) })),
        },
      },
    },
    /** Not from here: no form at all. */
    domainRefused: {
      description:
        "“Ylläpidon kirjautuminen” with the reason as an alert (“Ylläpitoon ei voi kirjautua osoitteesta … Avaa ylläpito puiston omasta osoitteesta.”) and no form.",
    },

    /** The e-mail and password form; `failed` shows why the last try did not work. */
    form: {
      description:
        "/hallinta/login without the site's header: “Ylläpidon kirjautuminen”, fields “Sähköpostiosoite” and “Salasana”, buttons “Kirjaudu” and “Unohtuiko salasana?”.",
      initial: "idle",
      on: {
        "login.submit": {
          target: "signingIn",
          actions: assign(({ event }) => ({ email: event.email, error: null, resetMessage: null })),
        },
        "login.requestReset": {
          target: "sendingReset",
          actions: assign(({ event }) => ({ email: event.email, error: null })),
        },
      },
      states: {
        idle: { description: "No error; both buttons can be pressed." },
        failed: {
          description:
            "Why the last sign-in or reset failed, as an alert above the form (e.g. “Sähköpostiosoite tai salasana on väärin.”); the e-mail typed stays in its field.",
        },
      },
    },
    signingIn: {
      description: "The form, with “Kirjaudu” turned to “Kirjaudutaan…”; both buttons disabled.",
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, "login.submit");
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: "signedIn",
          actions: { type: "signedIn", params: ({ event }) => ({ token: event.output }) },
        },
        onError: {
          target: "form.failed",
          actions: assign(({ event }) => ({ error: serverMessageOr(event.error, LOGIN_FAILED_FALLBACK) })),
        },
      },
    },
    /** Signed in: the admin token machine takes over and the area opens. */
    signedIn: {
      description: "The admin area opens at /hallinta/varaukset, with “Ylläpidon valikko”.",
      type: "final",
    },

    sendingReset: {
      description: "The form, “Kirjaudu” and “Unohtuiko salasana?” disabled while the reset e-mail is sent.",
      invoke: {
        id: "sendReset",
        src: "sendReset",
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: "resetSent", actions: assign(({ event }) => ({ resetMessage: event.output })) },
        onError: {
          target: "form.failed",
          actions: assign(({ event }) => ({ error: serverMessageOr(event.error, LOGIN_FAILED_FALLBACK) })),
        },
      },
    },
    /** The reset e-mail is on its way (or would be, for an unknown address). */
    resetSent: {
      description:
        "“Tarkista sähköpostisi”: “Jos osoitteella on ylläpidon tunnus, saat hetken kuluttua sähköpostiisi linkin salasanan vaihtamiseen.” (the same for any address), and “Takaisin kirjautumiseen”.",
      on: { "login.back": { target: "form.idle", actions: assign({ resetMessage: null }) } },
    },
  },
});

export type AdminLoginMachine = typeof adminLoginMachine;
