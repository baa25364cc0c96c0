/*
 * Where a customer goes once logged in, when a page sent them to /login in the middle of
 * something (the membership signup keeps its choice in its address). Session storage, not local:
 * it belongs to this tab's errand, and spec §9's local storage keys stay as they are. When the
 * e-mailed link opens in another tab, that tab lands on /oma-tili, while this tab notices the
 * login (the storage event) and its /login page sends it back here.
 */

const KEY = "return_after_login";
export const DEFAULT_AFTER_LOGIN = "/oma-tili";

/** Only a path of this site: never another origin (`//host`) or a scheme. */
const isOwnPath = (path: string) => path.startsWith("/") && !path.startsWith("//");

export function rememberReturnAfterLogin(path: string, storage: Storage = sessionStorage): void {
  if (isOwnPath(path)) storage.setItem(KEY, path);
}

/** The remembered path, or /oma-tili. Reading does not forget it (a render may run twice). */
export function returnPathAfterLogin(storage: Storage = sessionStorage): string {
  const path = storage.getItem(KEY);
  return path && isOwnPath(path) ? path : DEFAULT_AFTER_LOGIN;
}

export function forgetReturnAfterLogin(storage: Storage = sessionStorage): void {
  storage.removeItem(KEY);
}
