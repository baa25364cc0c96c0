import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { logIn } from "../support/member.js";

/*
 * Property-based fuzzing of every route in the OpenAPI description: whatever a client sends, the
 * answer is never a 5xx, and a refused request (4xx) changes nothing. Signed in as a customer and
 * as an admin too, so the member and admin routes are fuzzed past their 401. On both databases.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
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

  /** Rows of what a refused request must not touch (gate attempts are recorded by design). */
  async function state(): Promise<string> {
    const result = await t.ctx.db.execute(sql`SELECT
      (SELECT count(*) FROM reservations) AS r, (SELECT count(*) FROM payments) AS p,
      (SELECT count(*) FROM customers) AS c, (SELECT count(*) FROM subscriptions) AS s,
      (SELECT count(*) FROM invoices) AS i, (SELECT count(*) FROM magic_link_tokens) AS m,
      (SELECT count(*) FROM customer_sessions) AS cs, (SELECT count(*) FROM settings) AS st,
      (SELECT max(status) FROM reservations) AS rs`);
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
  }

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
