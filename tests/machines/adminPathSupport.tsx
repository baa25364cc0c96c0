import { act, render, waitFor } from "@testing-library/react";
import { memoryApp, type TestApp } from "../support/appRouter";
import { fromPromise, type NonReducibleUnknown } from "xstate";
import { adminLoginMachine } from "../../machines/adminLoginMachine";
import { adminTokenMachine, type RestoredToken } from "../../machines/adminTokenMachine";
import { createHttpClient } from "../../src/client/http";
import { storageKeys } from "../../src/client/storage";
import { settleTicks } from "../support/settle";
import { AdminRoutes } from "../../src/web/admin/AdminArea";
import { loadedAdminSections } from "../../src/web/admin/sections";
import type { AdminEnvironment } from "../../src/web/admin/adminEnvironment";

/*
 * The real admin area (login page, guard, layout, token policy on the real HTTP client) with the
 * effects that reach Firebase replaced by actors the test settles under their invoke ids, and the
 * API by a fetch whose answers the test queues. Storage and the clock are the page's own.
 */

export const BASE = Date.parse("2026-06-15T09:00:00Z");

/** An ID token that decodes (spec §5 reads only `exp`); the signature is the server's business. */
export const idToken = (name: string, expiresAt: number) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256" })}.${part({ sub: name, exp: Math.floor(expiresAt / 1000) })}.sig-${name}`;
};

/** Token actors for an admin already signed in with `token` (and it never goes stale). */
export const signedInWith = (token: string) => ({
  restoreUser: fromPromise<RestoredToken>(async () => ({ token, fresh: true })),
  waitUntilStale: fromPromise<void, { token: string | null }>(() => new Promise<void>(() => {})),
});

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };

export function createAdminHarness() {
  let pending = new Map<string, Pending>();
  let clock = BASE;
  /** Answers for /api/v2/admin/me calls, in order; 200 once they run out. */
  const answers: number[] = [];
  const calls: Array<{ url: string; authorization: string | null }> = [];
  let heldCalls: Array<{ method: string; url: string; body: unknown; resolve(response: Response): void }> =
    [];
  let router: TestApp;
  let probe = 0;

  const settledByTest = <TOutput, TInput = NonReducibleUnknown>(id: string) =>
    fromPromise<TOutput, TInput>(
      ({ signal }) =>
        new Promise((resolve, reject) => {
          pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
          signal.addEventListener("abort", () => pending.delete(id));
        }),
    );

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const authorization = new Headers(init?.headers).get("authorization");
    calls.push({ url, authorization });
    // Only /admin/me itself (with or without a query): /admin/memberships and /admin/members are sections'.
    if (/^\/api\/v2\/admin\/me(\?|$)/.test(url)) {
      const status = answers.shift() ?? 200;
      if (status === 200) return Response.json({ admin: { uid: "u-1", email: "omistaja@example.com" } });
      return Response.json({ message: status === 403 ? "Ei oikeutta." : "Kirjaudu." }, { status });
    }
    if (!url.startsWith("/api/v2/admin/"))
      return Response.json({ message: "Ei tässä testissä." }, { status: 404 });
    // Other admin calls wait until the test answers them (answerApi).
    return new Promise<Response>((resolve) =>
      heldCalls.push({ method: init?.method ?? "GET", url, body: init?.body, resolve }),
    );
  }) as typeof globalThis.fetch;

  // A new client per render: one render's unanswered GETs must not be shared with the next's.
  let http = createHttpClient({ fetch });

  return {
    get http() {
      return http;
    },
    calls,
    answers,
    get router() {
      return router;
    },
    setClock: (ms: number) => void (clock = ms),
    here: () => router.here(),
    storedToken: () => localStorage.getItem(storageKeys.firebaseToken),
    isPending: (id: string) => pending.has(id),

    /** Renders the area at `path` and lets what answers at once (storage, a restored token) settle inside act. */
    async render(
      options: {
        path?: string;
        token?: Partial<Parameters<typeof adminTokenMachine.provide>[0]["actors"]>;
        login?: Partial<Parameters<typeof adminLoginMachine.provide>[0]["actors"]>;
      } = {},
    ) {
      localStorage.clear();
      pending = new Map();
      clock = BASE;
      answers.length = 0;
      calls.length = 0;
      heldCalls = [];
      http = createHttpClient({ fetch });
      const environment: AdminEnvironment = {
        http,
        now: () => clock,
        tokenLogic: adminTokenMachine.provide({
          actors: {
            restoreUser: settledByTest("restoreUser"),
            fetchToken: settledByTest("fetchToken"),
            waitUntilStale: settledByTest("waitUntilStale"),
            signOut: settledByTest("signOut"),
            ...options.token,
          },
          actions: {
            storeToken: (_, { token }) => localStorage.setItem(storageKeys.firebaseToken, token),
            removeToken: () => localStorage.removeItem(storageKeys.firebaseToken),
          },
        }),
        loginLogic: adminLoginMachine.provide({
          actors: {
            checkDomain: settledByTest("checkDomain"),
            signIn: settledByTest("signIn"),
            sendReset: settledByTest("sendReset"),
            ...options.login,
          },
        }),
      };
      await loadedAdminSections();
      router = memoryApp(
        [{ path: "/hallinta/*", element: <AdminRoutes environment={environment} /> }],
        options.path ?? "/hallinta/varaukset",
      );
      await act(async () => {
        render(router.element);
        await settleTicks();
      });
    },

    /** Settles the actor waiting under `id` (waits until it has started). */
    async settle(id: string, outcome: { value: unknown } | { error: unknown }) {
      await waitFor(() => expect(pending.has(id)).toBe(true), { timeout: 5000 });
      const call = pending.get(id)!;
      pending.delete(id);
      await act(async () => ("value" in outcome ? call.resolve(outcome.value) : call.reject(outcome.error)));
    },

    /**
     * Answers the oldest held call to a path starting with `prefix` (waits until one is made);
     * resolves to the body the call sent (as the client wrote it), for the test to read.
     */
    async answerApi(method: string, prefix: string, status: number, body: unknown): Promise<unknown> {
      const find = () => heldCalls.findIndex((c) => c.method === method && c.url.startsWith(prefix));
      await waitFor(() => expect(find()).toBeGreaterThanOrEqual(0), { timeout: 5000 });
      const [call] = heldCalls.splice(find(), 1);
      await act(async () => call!.resolve(Response.json(body, { status })));
      return call!.body;
    },

    /** An admin call as a section makes it; not awaited, since it may wait for a refresh. */
    async callApi() {
      await act(async () => {
        // A query of its own: identical simultaneous GETs would share the layout's request.
        void http.get("/api/v2/admin/me", { params: { probe: ++probe } }).catch(() => undefined);
      });
    },
  };
}

export type AdminHarness = ReturnType<typeof createAdminHarness>;
