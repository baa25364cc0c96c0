import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { toHelsinkiIso } from "../../src/domain/helsinkiTime.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

/*
 * Property-based fuzzing of every route in the OpenAPI description: whatever a client sends, the
 * answer is never a 5xx, and a refused request (4xx) changes nothing. Signed in as a customer and
 * as an admin too, so the member and admin routes are fuzzed past their 401. On both databases.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
};
type Operation = {
  parameters?: Array<{ in: "path" | "query" | "header"; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Strings that have broken servers before: NUL, huge, unicode, SQL and path tricks, odd dates. */
const nasty = fc.constantFrom(
  "\u0000",
  "\ud800",
  "x\udc00y",
  "2026-04-31",
  "2026-13-01",
  "%00",
  "x".repeat(5000),
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59+14:00",
  "1900-01-01",
  "2026-02-30",
  "'; DROP TABLE reservations; --",
  "../../etc/passwd",
  "😀🐕",
  "-1",
  "1e309",
  "NaN",
  "null",
  "",
  " ",
  "00000000-0000-0000-0000-000000000000",
);
const anyString = fc.oneof(fc.string({ maxLength: 40 }), nasty);
/** Numbers past PostgreSQL's integer (2^31) and JavaScript's safe integers too. */
const bigNumber = fc.constantFrom(3_000_000_000, 2_000_000_000, -3_000_000_000, 2 ** 53 - 1, 1e20);
const anyScalar = fc.oneof(anyString, fc.integer(), bigNumber, fc.double(), fc.boolean(), fc.constant(null));
const anyJson = fc.oneof(
  anyScalar,
  fc.array(anyScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), anyScalar),
);

/** A URL carries bytes, so a lone surrogate can only arrive as U+FFFD (it reaches bodies as is). */
const inUrl = (text: string) => text.replace(/\p{Surrogate}/gu, "\uFFFD");

/** Mostly-well-formed values for a schema, with anything else mixed in. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return anyJson;
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" && schema.properties) {
    const entries = Object.entries(schema.properties).map(([k, v]) => [k, valueFor(v, depth + 1)] as const);
    shaped.push(fc.record(Object.fromEntries(entries), { requiredKeys: [] }));
  } else if (type === "array") shaped.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }));
  else if (type === "integer" || type === "number")
    shaped.push(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer(), bigNumber));
  else if (type === "boolean") shaped.push(fc.boolean());
  else if (type === "string") shaped.push(anyString);
  return fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...(shaped.length ? shaped : [anyJson])) },
    { weight: 1, arbitrary: anyJson },
  );
}

/** Rows of what a refused request must not touch (gate attempts are recorded by design). */
async function stateOf(t: TestApp): Promise<string> {
  const result = await t.ctx.db.execute(sql`SELECT
    (SELECT count(*) FROM reservations) AS r, (SELECT count(*) FROM payments) AS p,
    (SELECT count(*) FROM customers) AS c, (SELECT count(*) FROM subscriptions) AS s,
    (SELECT count(*) FROM invoices) AS i, (SELECT count(*) FROM magic_link_tokens) AS m,
    (SELECT count(*) FROM customer_sessions) AS cs, (SELECT count(*) FROM settings) AS st,
    (SELECT count(*) FROM waitlist_entries) AS w, (SELECT count(*) FROM blocks) AS b,
    (SELECT max(status) FROM reservations) AS rs,
    (SELECT string_agg(starts_at::text || ends_at::text, ',' ORDER BY id) FROM reservations) AS times`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

describe.each(databaseKinds)("fuzzing every route of the OpenAPI description (%s)", (kind) => {
  let t: TestApp;
  let session: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    session = `Bearer ${await logIn(t, "fuzz@example.com")}`;
    admin = `Bearer ${(await signedInAdmin("fuzz")).token}`;
  });
  afterAll(() => t.close());

  const state = () => stateOf(t);

  it("never answers 5xx, and a 4xx changes nothing", async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase() as HTTPMethods, op })),
    );
    expect(routes.length).toBeGreaterThan(15);
    /** Admin routes answered past their guard (not 401/403): the admin fuzzing reached them. */
    const adminReached = new Set<string>();
    for (const { path, method, op } of routes) {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const request = fc.record({
        path: fc.record(
          Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, anyString])),
        ),
        query: fc.record(
          Object.fromEntries(params.filter((p) => p.in === "query").map((p) => [p.name, anyString])),
          {
            requiredKeys: [],
          },
        ),
        body: valueFor(body),
        auth: fc.constantFrom(
          undefined,
          "Bearer x.y.z",
          "Basic abc",
          "session",
          "session",
          "session",
          "admin",
          "admin",
          "admin",
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path: pathParams, query, body: payload, auth }) => {
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(inUrl(String((pathParams as Record<string, unknown>)[name] ?? "x"))),
          );
          const before = await state();
          const res = await t.app.inject({
            method,
            url,
            query: Object.fromEntries(
              Object.entries(query as Record<string, string>).map(([k, v]) => [k, inUrl(String(v))]),
            ),
            ...(method === "GET" || method === "DELETE" ? {} : { payload: payload as object }),
            headers: auth
              ? { authorization: auth === "session" ? session : auth === "admin" ? admin : auth }
              : {},
          });
          expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (path.startsWith("/api/v2/admin/") && res.statusCode !== 401 && res.statusCode !== 403)
            adminReached.add(`${method} ${path}`);
          if (res.statusCode >= 400) expect(await state(), `${method} ${url} changed state`).toBe(before);
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
    const adminRoutes = routes.filter((r) => r.path.startsWith("/api/v2/admin/"));
    expect(adminRoutes.length).toBeGreaterThan(30);
    expect(adminReached.size).toBe(adminRoutes.length);
  }, 600_000);
});

/*
 * Ranges no booking can have (issue 31, finding 6), on every route that takes a start and an end:
 * well-formed times on the grid whose end is not after the start, longer than any booking, in
 * the past, or beyond the booking window, each side of now by up to five years. Every one is a
 * 400 with a Finnish message and changes nothing. The routes are those of the OpenAPI description
 * with both in their body or query, so a new one fails here until it is listed below.
 */
const HALF_HOUR = 30 * 60_000;
const FIVE_YEARS = 2 * 24 * 365 * 5;
type RangeKind = "reversed" | "empty" | "tooLong" | "past" | "beyondWindow";
const ALL_KINDS: RangeKind[] = ["reversed", "empty", "tooLong", "past", "beyondWindow"];

describe.each(databaseKinds)("impossible ranges on every route that takes one (%s)", (kind) => {
  let t: TestApp;
  const ids = { token: "", id: "", memberId: "" };
  let session: string;
  let admin: string;
  // The test clock's now (2026-06-15 12:00 in Helsinki) is on the grid; the window is 60 days.
  const now = Date.parse("2026-06-15T12:00:00+03:00");
  const windowEnd = now + 60 * 24 * 60 * 60_000;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date(now));
    const token = await logIn(t, "fuzz@example.com");
    session = `Bearer ${token}`;
    admin = `Bearer ${(await signedInAdmin("fuzz")).token}`;
    await joinAndPay(t, asCustomer(t, token), 2);
    const member = await asCustomer(t, token).post("/api/v2/reservations/subscriber", {
      start: "2026-06-20T10:00:00+03:00",
      end: "2026-06-20T11:00:00+03:00",
      dogs: 1,
    });
    expect(member.statusCode, member.body).toBe(201);
    ids.memberId = member.json().reservation.id;
    const { checkout } = await bookAndPay(t, "2026-06-21T10:00:00+03:00", "2026-06-21T11:00:00+03:00");
    ids.token = checkout.reservation.accessToken;
    ids.id = checkout.reservation.id;
  });
  afterAll(() => t.close());

  /**
   * Each route's caller, the rest of a valid request, and which ranges it refuses: an admin's
   * booking and move lift the window alone; a block may be of any length, past or far ahead.
   */
  const rangeRoutes: Record<
    string,
    { auth?: "session" | "admin"; rest?: Record<string, unknown>; kinds: RangeKind[] }
  > = {
    "GET /api/v2/reservations/quote": { kinds: ALL_KINDS },
    "POST /api/v2/reservations": {
      rest: { name: "Maija", email: "maija@example.com", dogs: 1, paymentMethod: "card", acceptTerms: true },
      kinds: ALL_KINDS,
    },
    "POST /api/v2/waitlist": { rest: { email: "jono@example.com" }, kinds: ALL_KINDS },
    "POST /api/v2/reservations/by-token/{accessToken}/reschedule": { kinds: ALL_KINDS },
    "POST /api/v2/reservations/subscriber": { auth: "session", rest: { dogs: 1 }, kinds: ALL_KINDS },
    "POST /api/v2/reservations/{id}/reschedule": { auth: "session", kinds: ALL_KINDS },
    "POST /api/v2/admin/reservations": {
      auth: "admin",
      rest: { name: "Ylläpito", email: "yp@example.com", dogs: 1 },
      kinds: ["reversed", "empty", "tooLong", "past"],
    },
    "POST /api/v2/admin/reservations/{id}/move": {
      auth: "admin",
      kinds: ["reversed", "empty", "tooLong", "past"],
    },
    "POST /api/v2/admin/blocks": {
      auth: "admin",
      rest: { areaId: null, reason: "huolto" },
      kinds: ["reversed", "empty"],
    },
  };

  /** A range of the kind, on the grid, within five years of now. */
  const rangeOf = (k: RangeKind) => {
    const slots = (min: number, max: number) => fc.integer({ min, max }).map((n) => n * HALF_HOUR);
    const span = (start: fc.Arbitrary<number>, length: fc.Arbitrary<number>) =>
      fc.tuple(start, length).map(([s, l]) => ({ kind: k, start: s, end: s + l }));
    switch (k) {
      case "reversed":
        return span(
          slots(-FIVE_YEARS, FIVE_YEARS).map((s) => now + s),
          slots(-FIVE_YEARS, -1),
        );
      case "empty":
        return span(
          slots(-FIVE_YEARS, FIVE_YEARS).map((s) => now + s),
          fc.constant(0),
        );
      case "tooLong":
        return span(
          slots(2, 4 * 24).map((s) => now + s),
          slots(5, FIVE_YEARS),
        );
      case "past":
        return span(
          slots(-FIVE_YEARS, -1).map((s) => now + s),
          slots(1, 4),
        );
      case "beyondWindow":
        return span(
          slots(0, FIVE_YEARS).map((s) => windowEnd + s),
          slots(1, 4),
        );
    }
  };

  it("answers 400 with a Finnish message, changing nothing", async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const found = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => {
          const body = op.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
          const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
          return ("start" in body && "end" in body) || (query.includes("start") && query.includes("end"));
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(found.sort()).toEqual(Object.keys(rangeRoutes).sort());

    for (const [route, { auth, rest = {}, kinds }] of Object.entries(rangeRoutes)) {
      const [method, path] = route.split(" ") as [HTTPMethods, string];
      const url = path
        .replace("{accessToken}", ids.token)
        .replace("{id}", route.includes("/admin/") ? ids.id : ids.memberId);
      await fc.assert(
        fc.asyncProperty(fc.oneof(...kinds.map(rangeOf)), async (range) => {
          const start = toHelsinkiIso(new Date(range.start));
          const end = toHelsinkiIso(new Date(range.end));
          const before = await stateOf(t);
          const res = await t.app.inject({
            method,
            url,
            ...(method === "GET" ? { query: { start, end } } : { payload: { start, end, ...rest } }),
            headers: auth ? { authorization: auth === "session" ? session : admin } : {},
          });
          const what = `${route} ${range.kind} ${start}..${end}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBe(400);
          expect(res.json().message, what).toMatch(/^[A-ZÄÖ][^]*[a-zäö]/);
          expect(res.json().message, what).not.toMatch(/Palvelinvirhe|Bad Request|must|should/);
          expect(await stateOf(t), `${what} changed state`).toBe(before);
        }),
        { numRuns: 40, seed: 20261122 },
      );
    }
  }, 600_000);
});
