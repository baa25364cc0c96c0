import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { logIn } from "../support/member.js";
import { registeredRoutes } from "../support/routes.js";

/*
 * Every route of the OpenAPI description is one of three kinds, and each kind is checked:
 * - admin: under /api/v2/admin (tests/server/adminGuard.test.ts proves each refuses without a token);
 * - customer: documented with the customerSession bearer scheme, and proven here to answer 401 in
 *   Finnish without a token, with a forged one and with a revoked session (the guard is one plugin,
 *   src/server/routes/customerSession.ts);
 * - public: named below, one by one.
 * A new route that is none of these fails the sweep, and so does a registered route that the
 * description leaves out (it would escape this sweep).
 */

const PUBLIC = [
  "GET /api/v2/health",
  "GET /api/v2/site",
  "GET /api/v2/availability",
  "GET /api/v2/reservations/quote",
  "POST /api/v2/reservations",
  "GET /api/v2/reservations/by-token/{accessToken}",
  "DELETE /api/v2/reservations/by-token/{accessToken}",
  "POST /api/v2/reservations/by-token/{accessToken}/reschedule",
  "GET /api/v2/reservations/by-token/{accessToken}/move-times",
  "GET /api/v2/reservations/by-token/{accessToken}/calendar.ics",
  "GET /api/v2/reservations/by-token/{accessToken}/receipt",
  "POST /api/v2/reservations/lookup",
  "POST /api/v2/waitlist",
  "GET /api/v2/waitlist/{token}",
  "POST /api/v2/waitlist/{token}/leave",
  "GET /api/v2/photos",
  "GET /api/v2/photos/{id}/{hash}/{file}",
  "GET /api/v2/door/{doorToken}",
  "POST /api/v2/door/{doorToken}/open",
  "POST /api/v2/auth/magic-link",
  "GET /api/v2/auth/callback",
  "GET /api/v2/subscriptions/tiers",
  "POST /api/v2/payments/stripe/webhook",
  "GET /api/v2/payments/stripe/return/{paymentId}",
  "GET /api/v2/admin-auth/config",
  "GET /maksu/demo/{paymentId}",
  "POST /maksu/demo/{paymentId}/approve",
  "POST /maksu/demo/{paymentId}/cancel",
];

const NOT_LOGGED_IN = { message: "Kirjaudu sisään." };
const SESSION_ENDED = { message: "Istuntosi on päättynyt. Kirjaudu sisään uudelleen." };

type Operation = { security?: Array<Record<string, string[]>> };
type Route = { method: string; path: string; security: string[] };

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const concrete = (path: string) => path.replace(/\{[A-Za-z]+\}/g, SAMPLE_ID);
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe.each(databaseKinds)("customer guard (%s)", (kind) => {
  let t: TestApp;
  let routes: Route[];
  let customerRoutes: Route[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
      })),
    );
    customerRoutes = routes.filter((r) => r.security.includes("customerSession"));
  });
  afterAll(() => t.close());

  const call = (route: Route, token?: string) =>
    t.app.inject({
      method: route.method as "GET",
      url: concrete(route.path),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
    });

  it("knows every route of the description as public, customer or admin", () => {
    const isAdmin = (r: Route) => r.path.startsWith("/api/v2/admin/") && r.security.includes("adminIdToken");
    const isCustomer = (r: Route) =>
      r.security.includes("customerSession") && !r.path.startsWith("/api/v2/admin/");
    const isPublic = (r: Route) => PUBLIC.includes(key(r)) && r.security.length === 0;
    const unknown = routes.filter(
      (r) => [isAdmin(r), isCustomer(r), isPublic(r)].filter(Boolean).length !== 1,
    );
    expect(unknown).toEqual([]);
    // The list names nothing that no longer exists.
    expect(PUBLIC.filter((name) => !routes.some((r) => key(r) === name))).toEqual([]);
    expect(customerRoutes.map(key)).toEqual(
      expect.arrayContaining([
        "GET /api/v2/customers/me",
        "POST /api/v2/auth/logout",
        "POST /api/v2/invoices/{id}/pay",
      ]),
    );
  });

  it("finds every registered route of the API in the description", () => {
    const documented = new Set(routes.map(key));
    const missing = registeredRoutes(t.app)
      .filter((r) => r.method !== "HEAD" && /^\/(api\/v2|maksu)\//.test(r.url))
      .map((r) => ({ method: r.method, path: r.url.replace(/:([A-Za-z]+)/g, "{$1}") }))
      .filter((r) => !documented.has(key(r)));
    expect(missing).toEqual([]);
  });

  it("answers 401 in Finnish on every customer route without a token or with a forged one", async () => {
    const forged = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    for (const route of customerRoutes) {
      const none = await call(route);
      expect({ route, status: none.statusCode, body: none.json() }).toEqual({
        route,
        status: 401,
        body: NOT_LOGGED_IN,
      });
      for (const token of ["not-a-token", forged]) {
        const res = await call(route, token);
        expect({ route, token, status: res.statusCode, body: res.json() }).toEqual({
          route,
          token,
          status: 401,
          body: SESSION_ENDED,
        });
      }
    }
  });

  it("lets a live session past the guard on every customer route, and refuses it once revoked", async () => {
    const token = await logIn(t, "vartija@example.com");
    // Not the two that end the session: deleting the account, and logout (used next).
    const ending = ["POST /api/v2/auth/logout", "DELETE /api/v2/customers/me"];
    for (const route of customerRoutes.filter((r) => !ending.includes(key(r)))) {
      const res = await call(route, token);
      expect({ route, status: res.statusCode }).not.toEqual({ route, status: 401 });
    }
    const logout = customerRoutes.find((r) => key(r) === "POST /api/v2/auth/logout")!;
    expect((await call(logout, token)).statusCode).toBe(200);
    for (const route of customerRoutes) {
      const res = await call(route, token);
      expect({ route, status: res.statusCode, body: res.json() }).toEqual({
        route,
        status: 401,
        body: SESSION_ENDED,
      });
    }
  });

  it("puts no guard on a public route", async () => {
    for (const route of routes.filter((r) => PUBLIC.includes(key(r)))) {
      const res = await call(route);
      expect({ route, body: res.body }).not.toEqual({ route, body: JSON.stringify(NOT_LOGGED_IN) });
    }
  });
});
