import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";

/**
 * The customer's session (spec §4, §5, §8): restoring a stored session, asking for a login link,
 * validating the link on /auth/callback, being logged in (with the customer refreshed from the
 * server and expiry noticed while the app is open), and logging out.
 *
 * Pure: storage, the §5 validity rule, the clock and the API are the provided actors
 * `restoreSession`, `requestLink`, `validateLink`, `fetchCustomer`, `waitForExpiry` and `logout`,
 * and the provided actions `storeSession`, `storeCustomer` and `clearStoredSession`.
 */

export type SessionCustomer = { id: string; email: string; name?: string | null };
export type SessionNotice = "expired" | "loggedOut";

export type CustomerSessionContext = {
  token: string | null;
  customer: SessionCustomer | null;
  /** The address the last link was asked for. */
  email: string;
  /** What the server said when the link was sent. */
  sentMessage: string | null;
  error: string | null;
  /** Why the customer is anonymous again, for the login page to say. */
  notice: SessionNotice | null;
  /** The login link's token that /auth/callback handed over, until the server has answered. */
  linkToken: string | null;
  /** The link that opened the current session; /auth/callback goes on only after this matches. */
  validatedLink: string | null;
};

export type CustomerSessionEvent =
  | { type: "session.requestLink"; email: string }
  /** Back to the e-mail form (from "link sent"), or from a refused link back to the stored session. */
  | { type: "session.restart" }
  | { type: "session.validateLink"; token: string }
  | { type: "session.logout" }
  /** A customer API call answered 401; storage is already cleared (spec §8). */
  | { type: "session.rejected" }
  /** Another tab logged in or out. */
  | { type: "session.storageChanged" };

/** Spec §8 fallbacks, used when the server gave no message. */
export const LINK_FAILED_FALLBACK = "Failed to send login link";
export const AUTH_FAILED_FALLBACK = "Authentication failed";

type Session = { token: string; customer: SessionCustomer };

const anonymousContext = {
  token: null,
  customer: null,
  error: null,
  sentMessage: null,
  validatedLink: null,
} as const;

export const customerSessionMachine = setup({
  types: {
    context: {} as CustomerSessionContext,
    events: {} as CustomerSessionEvent,
  },
  actors: {
    /** Resolves with the stored session if spec §5 counts it valid; rejects otherwise. */
    restoreSession: fromPromise<Session>(async () => {
      throw new Error("restoreSession not provided");
    }),
    requestLink: fromPromise<{ message: string }, { email: string }>(async () => {
      throw new Error("requestLink not provided");
    }),
    validateLink: fromPromise<Session, { token: string }>(async () => {
      throw new Error("validateLink not provided");
    }),
    /** The customer as the server has them now; the session token travels with the API call. */
    fetchCustomer: fromPromise<SessionCustomer>(async () => {
      throw new Error("fetchCustomer not provided");
    }),
    /** Resolves when the session stops counting as valid (60 s before `exp`). */
    waitForExpiry: fromPromise<void, { token: string }>(() => new Promise<void>(() => {})),
    logout: fromPromise<unknown>(async () => {
      throw new Error("logout not provided");
    }),
  },
  guards: {
    /** /auth/callback handed over a link while the stored session was still being read. */
    hasPendingLink: ({ context }) => context.linkToken !== null,
    /** Opening the link that started this very session again must not use up a second try. */
    isAnotherLink: ({ context, event }) =>
      event.type === "session.validateLink" && event.token !== context.validatedLink,
  },
  actions: {
    storeSession: (_, _params: Session) => {},
    storeCustomer: (_, _params: { customer: SessionCustomer }) => {},
    clearStoredSession: () => {},
  },
}).createMachine({
  id: "customerSession",
  context: { ...anonymousContext, email: "", notice: null, linkToken: null },
  initial: "restoring",
  states: {
    /** Reading the stored session; views wait rather than guess. */
    restoring: {
      description:
        "“Ladataan…” under the page's heading (on /auth/callback “Tarkistetaan kirjautumislinkkiä…”).",
      invoke: {
        id: "restoreSession",
        src: "restoreSession",
        onDone: [
          {
            guard: "hasPendingLink",
            target: "validatingLink",
            actions: assign(({ event }) => ({ token: event.output.token, customer: event.output.customer })),
          },
          {
            target: "authenticated",
            actions: assign(({ event }) => ({ token: event.output.token, customer: event.output.customer })),
          },
        ],
        onError: [
          {
            guard: "hasPendingLink",
            target: "validatingLink",
            actions: ["clearStoredSession", assign(anonymousContext)],
          },
          { target: "anonymous", actions: ["clearStoredSession", assign(anonymousContext)] },
        ],
      },
      on: {
        "session.validateLink": { actions: assign(({ event }) => ({ linkToken: event.token })) },
      },
    },

    /** No session: the login form and its link request. */
    anonymous: {
      description: "/login with the heading “Kirjaudu sisään”.",
      initial: "idle",
      on: {
        "session.validateLink": {
          target: "validatingLink",
          actions: assign(({ event }) => ({ linkToken: event.token, error: null, notice: null })),
        },
        "session.storageChanged": { target: "restoring" },
      },
      states: {
        idle: {
          description:
            "The form “Sähköpostiosoite” with “Lähetä kirjautumislinkki”, no error; after a session ends a notice says why: “Olet kirjautunut ulos.” (logged out) or “Istuntosi on päättynyt. Kirjaudu sisään uudelleen.” (expired or refused).",
          on: {
            "session.requestLink": {
              target: "sending",
              actions: assign(({ event }) => ({ email: event.email, error: null, notice: null })),
            },
          },
        },
        sending: {
          description: "“Lähetä kirjautumislinkki” turned to “Lähetetään…”, disabled.",
          invoke: {
            id: "requestLink",
            src: "requestLink",
            input: ({ context }) => ({ email: context.email }),
            onDone: {
              target: "sent",
              actions: assign(({ event }) => ({ sentMessage: event.output.message })),
            },
            onError: {
              target: "failed",
              actions: assign(({ event }) => ({ error: serverMessageOr(event.error, LINK_FAILED_FALLBACK) })),
            },
          },
        },
        /** The link is on its way; the customer opens it from the e-mail. */
        sent: {
          description:
            "“Tarkista sähköpostisi” with the server's message (“Jos osoite on oikein, saat kirjautumislinkin sähköpostiisi hetken kuluttua.”), the address, and “Pyydä uusi linkki”.",
          on: { "session.restart": { target: "idle", actions: assign({ sentMessage: null }) } },
        },
        failed: {
          description:
            "The form with why as an alert under the field (the server's words, or “Failed to send login link” without an answer); “Lähetä kirjautumislinkki” can be pressed again.",
          on: {
            "session.requestLink": {
              target: "sending",
              actions: assign(({ event }) => ({ email: event.email, error: null })),
            },
          },
        },
      },
    },

    /** /auth/callback asked the server to use up the link's token. */
    validatingLink: {
      description:
        "/auth/callback without the site's header: “Kirjautuminen” and “Tarkistetaan kirjautumislinkkiä…”.",
      invoke: {
        id: "validateLink",
        src: "validateLink",
        input: ({ context }) => ({ token: context.linkToken ?? "" }),
        onDone: {
          target: "authenticated.current",
          actions: [
            assign(({ context, event }) => ({
              ...event.output,
              validatedLink: context.linkToken,
              linkToken: null,
              error: null,
              notice: null,
              sentMessage: null,
            })),
            { type: "storeSession", params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: "linkRefused",
          actions: assign(({ event }) => ({
            linkToken: null,
            error: serverMessageOr(event.error, AUTH_FAILED_FALLBACK),
          })),
        },
      },
    },

    /**
     * The link was used, expired or unknown. A session stored earlier is left alone: going back
     * (`session.restart`) restores it if it is still valid; asking for a new link starts over.
     */
    linkRefused: {
      description:
        "Why as an alert (the server's words, e.g. “Tämä kirjautumislinkki on jo käytetty. Pyydä uusi linkki kirjautumissivulta.”, or “Authentication failed” without an answer); on /auth/callback, without the site's header, a link “Takaisin kirjautumiseen”.",
      on: {
        "session.restart": { target: "restoring", actions: assign({ error: null }) },
        "session.requestLink": {
          target: "anonymous.sending",
          actions: [
            "clearStoredSession",
            assign(({ event }) => ({ ...anonymousContext, email: event.email })),
          ],
        },
        "session.validateLink": {
          target: "validatingLink",
          actions: assign(({ event }) => ({ linkToken: event.token, error: null })),
        },
      },
    },

    /** Logged in. Ends when the token nears expiry, on a 401, on logout, or from another tab. */
    authenticated: {
      description:
        "/oma-tili with the site's header: “Tietosi” with the customer's e-mail, and the sections “Jäsenyys” and “Laskut”.",
      initial: "refreshing",
      invoke: {
        id: "sessionExpiry",
        src: "waitForExpiry",
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: "anonymous",
          actions: ["clearStoredSession", assign({ ...anonymousContext, notice: "expired" })],
        },
      },
      on: {
        "session.logout": { target: "loggingOut" },
        "session.rejected": {
          target: "anonymous",
          actions: ["clearStoredSession", assign({ ...anonymousContext, notice: "expired" })],
        },
        "session.validateLink": {
          guard: "isAnotherLink",
          target: "validatingLink",
          actions: assign(({ event }) => ({ linkToken: event.token })),
        },
        "session.storageChanged": { target: "restoring" },
      },
      states: {
        /** A restored session shows the stored info at once while the server confirms it. */
        refreshing: {
          description:
            "The stored details only, while the server is asked for newer ones; “Kirjaudu ulos” can be pressed.",
          invoke: {
            id: "fetchCustomer",
            src: "fetchCustomer",
            onDone: {
              target: "current",
              actions: [
                assign(({ event }) => ({ customer: event.output })),
                { type: "storeCustomer", params: ({ event }) => ({ customer: event.output }) },
              ],
            },
            // Offline or a server error: keep the stored info. A 401 arrives as session.rejected.
            onError: { target: "current" },
          },
        },
        current: {
          description:
            "The details as the server last gave them (after a refresh also the name, e.g. “Ansa Asiakas”), or the stored ones if it could not be reached; “Kirjaudu ulos” can be pressed.",
        },
      },
    },

    /** The server revokes the session; locally it ends whatever the server answers. */
    loggingOut: {
      description: "Still /oma-tili, its button turned to “Kirjaudutaan ulos…”, disabled.",
      invoke: {
        id: "logout",
        src: "logout",
        onDone: {
          target: "anonymous",
          actions: ["clearStoredSession", assign({ ...anonymousContext, notice: "loggedOut" })],
        },
        onError: {
          target: "anonymous",
          actions: ["clearStoredSession", assign({ ...anonymousContext, notice: "loggedOut" })],
        },
      },
      on: {
        "session.rejected": {
          target: "anonymous",
          actions: ["clearStoredSession", assign({ ...anonymousContext, notice: "loggedOut" })],
        },
      },
    },
  },
});

export type CustomerSessionMachine = typeof customerSessionMachine;
