import type { Customer } from "../domain/customer";
import { isCustomerSessionValid, isStoredCustomerInfo, sessionValidUntilMs } from "../domain/customerSession";
import { http as defaultHttp, type AuthPolicy, type HttpClient } from "./http";
import { parseAnswer } from "./parseAnswer";
import { storageKeys } from "./storage";

/**
 * The customer session in the browser: what local storage keeps (spec §9 keys), the spec §8
 * rules for customer API calls, and the effects the session machine is given.
 */

export type StoredCustomer = { id: string; email: string; name?: string | null } & Record<string, unknown>;
export type StoredSession = { token: string | null; customer: StoredCustomer | null };

export function readStoredSession(storage: Storage = localStorage): StoredSession {
  const token = storage.getItem(storageKeys.customerSessionToken);
  let customer: StoredCustomer | null = null;
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKeys.customerInfo) ?? "null");
    if (isStoredCustomerInfo(stored)) customer = stored;
  } catch {
    // Unreadable customer_info counts as missing.
  }
  return { token: token || null, customer };
}

export function writeStoredSession(token: string, customer: StoredCustomer, storage: Storage = localStorage) {
  storage.setItem(storageKeys.customerSessionToken, token);
  storage.setItem(storageKeys.customerInfo, JSON.stringify(customer));
}

export function writeStoredCustomer(customer: StoredCustomer, storage: Storage = localStorage) {
  storage.setItem(storageKeys.customerInfo, JSON.stringify(customer));
}

export function clearStoredSession(storage: Storage = localStorage) {
  storage.removeItem(storageKeys.customerSessionToken);
  storage.removeItem(storageKeys.customerInfo);
}

/** The stored session when spec §5 counts it valid, otherwise null (and storage is left as is). */
export function validStoredSession(
  nowMs: number,
  storage: Storage = localStorage,
): { token: string; customer: StoredCustomer } | null {
  const session = readStoredSession(storage);
  return isCustomerSessionValid(session, nowMs)
    ? (session as { token: string; customer: StoredCustomer })
    : null;
}

/** Paths of the login link itself: they carry no session token, since none exists yet. */
const LINK_PATHS = ["/api/v2/auth/magic-link", "/api/v2/auth/callback"];
/** Where a lost session does not send the user to /login (spec §8). */
const LOGIN_PAGES = ["/login", "/auth/callback"];

const barePath = (path: string) => path.split("?")[0]!;

/** Customer /api/v2 calls (spec §8): every /api/v2 path but the admin area's, the login link's included. */
export const isCustomerApiPath = (path: string) => {
  const bare = barePath(path);
  return bare.startsWith("/api/v2/") && !bare.startsWith("/api/v2/admin");
};

/** Customer calls that carry the session token (spec §6): all but the login link's own. */
export const carriesSessionToken = (path: string) =>
  isCustomerApiPath(path) && !LINK_PATHS.includes(barePath(path));

/**
 * Spec §6 and §8 for customer /api/v2 calls: they carry the stored session token as a bearer
 * token (the login link's calls excepted); a 401 from any of them, the login link's included,
 * clears the token and customer_info and goes to /login, unless already on /login or
 * /auth/callback.
 */
export function customerAuthPolicy(options: {
  currentPath: () => string;
  navigate: (to: string) => void;
  /** Told after a 401 cleared the session (the session machine leaves `authenticated`). */
  onSessionLost: () => void;
  storage?: Storage;
}): AuthPolicy {
  const storage = options.storage ?? localStorage;
  return {
    matches: isCustomerApiPath,
    token: (path) => (carriesSessionToken(path) ? readStoredSession(storage).token : null),
    onRejected(status) {
      if (status === 401) {
        clearStoredSession(storage);
        options.onSessionLost();
        if (!LOGIN_PAGES.includes(options.currentPath())) options.navigate("/login");
      }
      return "fail";
    },
  };
}

/**
 * The API calls behind the session machine's actors. They reject with the http client's ApiError
 * (the one failure shape, machines/remoteFailure.ts), or with the schema's error when an answer
 * broke the contract, which the machine reads as a failure without the server's words.
 */
/** The answers' schemas, loaded with the first call (parseAnswer). */
const schemas = () => import("../domain/customer");

export function customerSessionApi(http: HttpClient = defaultHttp) {
  return {
    requestLink: (email: string) =>
      parseAnswer(schemas(), http.post("/api/v2/auth/magic-link", { email }), (m, data) =>
        m.magicLinkResponseSchema.parse(data),
      ),
    validateLink: (token: string) =>
      parseAnswer(schemas(), http.get("/api/v2/auth/callback", { params: { token } }), (m, data) =>
        m.authCallbackSuccessSchema.parse(data),
      ),
    fetchCustomer: () =>
      parseAnswer(
        schemas(),
        http.get("/api/v2/customers/me"),
        (m, data): Customer => m.customerMeResponseSchema.parse(data).customer,
      ),
    logout: () => http.post("/api/v2/auth/logout"),
  };
}

// setTimeout cannot wait longer than about 24.8 days; a session lasts 30.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Resolves when the session stops counting as valid (60 s before the token's `exp`), so an
 * open app notices expiry without a reload. Checks the clock again after each timer, since a
 * sleeping laptop delays timers.
 */
export function waitUntilSessionExpires(token: string, signal: AbortSignal, now: () => number = Date.now) {
  return new Promise<void>((resolve) => {
    const validUntil = sessionValidUntilMs(token) ?? 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = validUntil - now();
      if (left <= 0) return resolve();
      timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    };
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
    check();
  });
}
