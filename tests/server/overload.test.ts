import { isOverload } from "../../src/server/plugins/loadShedding.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";

describe.each(databaseKinds)("under overload on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { MAX_CONCURRENT_REQUESTS: "5" } });
  });
  afterAll(() => t.close());

  const week = () =>
    t.app.inject({ method: "GET", url: "/api/v2/availability?from=2026-06-15&to=2026-06-21" });

  it("sheds what it cannot serve with 503 and Retry-After, never a 500, and recovers", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, week));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(5);
    const shed = answers.filter((r) => r.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const r of shed) {
      expect(r.headers["retry-after"]).toBe("2");
      expect(r.json().message).toMatch(/ruuhkainen/);
    }
    // Every finished request gave its place back.
    const after = await Promise.all(Array.from({ length: 5 }, week));
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe("what counts as overload", () => {
  it("is a pool that could not give a connection, through Drizzle's wrapping", () => {
    const poolTimeout = new Error("timeout exceeded when trying to connect");
    expect(isOverload(Object.assign(new Error("Failed query: select 1"), { cause: poolTimeout }))).toBe(true);
    expect(isOverload(Object.assign(new Error("too many"), { code: "53300" }))).toBe(true);
    expect(isOverload(new Error("syntax error"))).toBe(false);
  });
});
