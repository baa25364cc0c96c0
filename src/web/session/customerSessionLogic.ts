import { fromPromise } from "xstate";
import { customerSessionMachine, type SessionCustomer } from "../../../machines/customerSessionMachine";
import {
  clearStoredSession,
  customerSessionApi,
  validStoredSession,
  waitUntilSessionExpires,
  writeStoredCustomer,
  writeStoredSession,
} from "../../client/customerSession";
import { http as defaultHttp, type HttpClient } from "../../client/http";

/** The session machine with the browser's effects: local storage, the clock and the API. */
export function createCustomerSessionLogic(
  options: { http?: HttpClient; storage?: Storage; now?: () => number } = {},
) {
  const storage = options.storage ?? localStorage;
  const now = options.now ?? Date.now;
  const api = customerSessionApi(options.http ?? defaultHttp);
  return customerSessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        const session = validStoredSession(now(), storage);
        // The machine reads no words from this failure: it only leaves for `anonymous`.
        if (!session) throw new Error("no valid stored session");
        return session;
      }),
      requestLink: fromPromise(({ input }) => api.requestLink(input.email)),
      validateLink: fromPromise(async ({ input }) => {
        const { sessionToken, customer } = await api.validateLink(input.token);
        return { token: sessionToken, customer };
      }),
      fetchCustomer: fromPromise<SessionCustomer>(() => api.fetchCustomer()),
      waitForExpiry: fromPromise(({ input, signal }) => waitUntilSessionExpires(input.token, signal, now)),
      logout: fromPromise(() => api.logout()),
    },
    actions: {
      storeSession: (_, session) => writeStoredSession(session.token, session.customer, storage),
      storeCustomer: (_, { customer }) => writeStoredCustomer(customer, storage),
      clearStoredSession: () => clearStoredSession(storage),
    },
  });
}

export type CustomerSessionLogic = ReturnType<typeof createCustomerSessionLogic>;
