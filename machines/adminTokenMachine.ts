import { assign, fromPromise, setup } from "xstate";

/**
 * The admin's Firebase ID token (spec §4, §5, §8, §9): kept in local storage `firebase_token`,
 * refreshed when missing or with under 5 minutes left (before a call, and on a timer while the
 * admin area is open); an admin call answered 401 refreshes it and is retried once, and when no
 * fresh token can be had the token is removed and the admin sent to /hallinta/login; a 403 signs
 * out, removes the token and goes to /hallinta/login saying why.
 *
 * Pure: Firebase, storage, the clock and navigation are the provided actors `restoreUser`,
 * `fetchToken`, `waitUntilStale` and `signOut`, and the provided actions `storeToken`,
 * `removeToken` and `goToLogin`. Whether a token is still fresh is told by the caller (the
 * clock lives outside), in `token.ensureFresh` and in `restoreUser`'s output.
 */

export type AdminSignOutReason = "forbidden" | "expired" | "signedOut";

export type AdminTokenContext = {
  token: string | null;
  /** Why the admin is signed out, for the login page to say. */
  notice: AdminSignOutReason | null;
};

export type AdminTokenEvent =
  /** The login page signed in with Firebase and has the first token. */
  | { type: "admin.signedIn"; token: string }
  /** An admin call is about to be made; `fresh` = more than 5 minutes left (spec §5). */
  | { type: "token.ensureFresh"; fresh: boolean }
  /** An admin call was answered 401: refresh, then the call is retried once. */
  | { type: "token.rejected" }
  /** The retried call was answered 401 as well. */
  | { type: "token.rejectedAgain" }
  /** An admin call was answered 403: this user is not an admin. */
  | { type: "token.forbidden" }
  | { type: "admin.signOut" };

/** What a restored Firebase user's stored token is like. */
export type RestoredToken = { token: string | null; fresh: boolean };

export const adminTokenMachine = setup({
  types: {
    context: {} as AdminTokenContext,
    events: {} as AdminTokenEvent,
  },
  actors: {
    /** Waits for Firebase to restore its user; resolves with the stored token, rejects if nobody. */
    restoreUser: fromPromise<RestoredToken>(async () => {
      throw new Error("restoreUser not provided");
    }),
    /** A new ID token from Firebase (forced refresh); rejects when none can be had. */
    fetchToken: fromPromise<string>(async () => {
      throw new Error("fetchToken not provided");
    }),
    /** Resolves when the token stops being fresh (5 minutes before `exp`). */
    waitUntilStale: fromPromise<void, { token: string | null }>(() => new Promise<void>(() => {})),
    signOut: fromPromise<void>(async () => {}),
  },
  guards: {
    restoredTokenFresh: (_, restored: RestoredToken) => restored.fresh && restored.token !== null,
    tokenStale: ({ event }) => event.type === "token.ensureFresh" && !event.fresh,
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    removeToken: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: "adminToken",
  context: { token: null, notice: null },
  initial: "restoring",
  states: {
    /** Firebase restores its signed-in user from the browser; the admin area waits. */
    restoring: {
      description: "“Ladataan…” where the admin area will be; no “Ylläpidon valikko” yet.",
      invoke: {
        id: "restoreUser",
        src: "restoreUser",
        onDone: [
          {
            guard: { type: "restoredTokenFresh", params: ({ event }) => event.output },
            target: "signedIn.ready",
            actions: assign(({ event }) => ({ token: event.output.token })),
          },
          { target: "signedIn.refreshing", actions: assign(({ event }) => ({ token: event.output.token })) },
        ],
        onError: { target: "signedOut", actions: ["removeToken", assign({ token: null })] },
      },
    },

    /** Nobody is signed in: /hallinta shows the login page. */
    signedOut: {
      description:
        "The login page /hallinta/login (“Ylläpidon kirjautuminen”) without “Ylläpidon valikko”, and nothing in local storage `firebase_token`. Signed out from the area, a notice says why: “Olet kirjautunut ulos.” (“Kirjaudu ulos” pressed), “Kirjautumisesi on päättynyt. Kirjaudu uudelleen.” (the token ran out or was refused) or “Tällä tunnuksella ei ole ylläpidon käyttöoikeutta. Sinut kirjattiin ulos.” (a 403).",
      on: {
        "admin.signedIn": {
          target: "signedIn.ready",
          actions: [
            assign(({ event }) => ({ token: event.token, notice: null })),
            { type: "storeToken", params: ({ event }) => ({ token: event.token }) },
          ],
        },
      },
    },

    /** An admin is signed in; calls carry the token. */
    signedIn: {
      description:
        "The admin area (not the login page) with “Ylläpidon valikko”; the token is in local storage `firebase_token`.",
      initial: "ready",
      on: {
        "admin.signOut": { target: "signingOut", actions: assign({ notice: "signedOut" }) },
      },
      states: {
        /** The token has more than 5 minutes left; refreshed when that runs out. */
        ready: {
          description: "“Kirjaudu ulos” can be pressed; the sections' calls go out at once.",
          invoke: {
            id: "waitUntilStale",
            src: "waitUntilStale",
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: "refreshing" },
          },
          // Calls go out only from here (the policy waits while refreshing), so their answers land here.
          on: {
            "token.ensureFresh": { guard: "tokenStale", target: "refreshing" },
            "token.rejected": { target: "refreshing" },
            "token.rejectedAgain": {
              target: "#adminToken.signingOut",
              actions: assign({ notice: "expired" }),
            },
            "token.forbidden": { target: "#adminToken.signingOut", actions: assign({ notice: "forbidden" }) },
          },
        },
        /** Asking Firebase for a new token; calls wait for it. */
        refreshing: {
          description:
            "“Kirjaudu ulos” can be pressed; Firebase is asked for a new token, and the sections' calls wait for it.",
          invoke: {
            id: "fetchToken",
            src: "fetchToken",
            onDone: {
              target: "ready",
              actions: [
                assign(({ event }) => ({ token: event.output })),
                { type: "storeToken", params: ({ event }) => ({ token: event.output }) },
              ],
            },
            onError: {
              target: "#adminToken.signedOut",
              actions: ["removeToken", "goToLogin", assign({ token: null, notice: "expired" })],
            },
          },
        },
      },
    },

    /** Signing out of Firebase; whatever it answers, the token goes and so does the admin. */
    signingOut: {
      description:
        "Still the admin area, “Kirjaudu ulos” turned to “Kirjaudutaan ulos…” and disabled, while Firebase signs out.",
      invoke: {
        id: "signOut",
        src: "signOut",
        onDone: { target: "signedOut", actions: ["removeToken", "goToLogin", assign({ token: null })] },
        onError: { target: "signedOut", actions: ["removeToken", "goToLogin", assign({ token: null })] },
      },
    },
  },
});

export type AdminTokenMachine = typeof adminTokenMachine;
