import { fromPromise } from "xstate";
import { adminLoginMachine } from "../../../machines/adminLoginMachine";
import { adminTokenMachine } from "../../../machines/adminTokenMachine";
import {
  AdminAuthFailure,
  authorizedDomains,
  currentIdToken,
  sendAdminPasswordReset,
  signInAdmin,
  signOutAdmin,
  startFirebaseAuth,
} from "../../client/admin/firebaseAuth";
import { http as defaultHttp, type HttpClient } from "../../client/http";
import { storageKeys } from "../../client/storage";
import { isAuthorizedHost, unauthorizedHostMessage } from "../../domain/admin/authorizedDomain";
import type { AdminAuthClientConfig } from "../../domain/admin/session";
import { adminTokenRefreshAtMs, isAdminTokenFresh } from "../../domain/admin/token";

/**
 * What the admin area runs on: the HTTP client, and its two machines with the browser's effects
 * (Firebase, local storage `firebase_token`, the clock). Tests build their own with actors they
 * settle themselves.
 */
export type AdminEnvironment = {
  http: HttpClient;
  tokenLogic: typeof adminTokenMachine;
  loginLogic: typeof adminLoginMachine;
  /** The clock the token rules read (spec §5: fresh = more than 5 minutes left). */
  now: () => number;
};

// setTimeout cannot wait longer than about 24.8 days.
const MAX_TIMER_MS = 2_147_483_647;

/** Resolves when the token has 5 minutes left; checks the clock again after each timer (sleep). */
function waitUntilStale(token: string | null, signal: AbortSignal, now: () => number) {
  return new Promise<void>((resolve) => {
    const staleAt = adminTokenRefreshAtMs(token) ?? 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = staleAt - now();
      if (left <= 0) return resolve();
      timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    };
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
    check();
  });
}

export function browserAdminEnvironment(
  config: AdminAuthClientConfig,
  options: { http?: HttpClient; storage?: Storage; now?: () => number; hostname?: string } = {},
): AdminEnvironment {
  const storage = options.storage ?? localStorage;
  const now = options.now ?? Date.now;
  const auth = startFirebaseAuth(config);
  return {
    http: options.http ?? defaultHttp,
    now,
    tokenLogic: adminTokenMachine.provide({
      actors: {
        restoreUser: fromPromise(async () => {
          await auth.authStateReady();
          if (!auth.currentUser) throw new AdminAuthFailure("Et ole kirjautunut.");
          const token = storage.getItem(storageKeys.firebaseToken);
          return { token, fresh: isAdminTokenFresh(token, now()) };
        }),
        fetchToken: fromPromise(async () => {
          const token = await currentIdToken(true);
          if (!token) throw new AdminAuthFailure("Et ole kirjautunut.");
          return token;
        }),
        waitUntilStale: fromPromise(({ input, signal }) => waitUntilStale(input.token, signal, now)),
        signOut: fromPromise(() => signOutAdmin()),
      },
      actions: {
        storeToken: (_, { token }) => storage.setItem(storageKeys.firebaseToken, token),
        removeToken: () => storage.removeItem(storageKeys.firebaseToken),
      },
    }),
    loginLogic: adminLoginMachine.provide({
      actors: {
        checkDomain: fromPromise(async () => {
          const hostname = options.hostname ?? window.location.hostname;
          if (!isAuthorizedHost(hostname, await authorizedDomains(config)))
            throw new AdminAuthFailure(unauthorizedHostMessage(hostname));
        }),
        signIn: fromPromise(({ input }) => signInAdmin(input.email, input.password)),
        sendReset: fromPromise(({ input }) => sendAdminPasswordReset(input.email)),
      },
    }),
  };
}
