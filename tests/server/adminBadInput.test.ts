import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settings } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Admin input that once gave 500s (the hostile probe of issue 24): an impossible calendar date in a
 * query, a lone UTF-16 surrogate in free text, a price in the billions. Each is a 400 with a
 * Finnish message, and nothing is stored.
 */
describe.each(databaseKinds)("admin input that cannot break the server (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("bad-input");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);

  it.each([
    "/purchases?from=2026-02-30",
    "/purchases?to=2026-02-30",
    "/purchases.csv?from=2026-02-30",
    "/finance?from=2026-02-01&to=2026-02-30",
    "/finance.csv?from=2026-02-30&to=2026-03-01",
    "/reservations?from=2026-02-30",
    "/reservations?to=2026-04-31",
    "/operations/timeline?date=2026-02-30",
    "/operations/door-events?from=2026-02-30",
    "/operations/door-events?to=2026-02-29",
    "/system/audit?from=2026-02-30",
    "/system/audit?to=2026-13-01",
  ])("refuses the impossible date in GET %s", async (url) => {
    const res = await as("GET", url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Virheellinen päivämäärä: \d{4}-\d\d-\d\d\./);
  });

  it("refuses a lone surrogate in the home notice and other free text, storing nothing", async () => {
    const before = await t.ctx.db.select().from(settings);
    const notice = await t.app.inject({
      method: "PUT",
      url: "/api/v2/admin/settings/homeNotice",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      payload: '{"text":"Portti \\ud800 huollossa"}',
    });
    expect(notice.statusCode).toBe(400);
    expect(notice.json().message).toMatch(/^Tekstissä on merkki/);
    const park = (await as("GET", "/settings")).json().park;
    const parkName = await t.app.inject({
      method: "PUT",
      url: "/api/v2/admin/settings/park",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      payload: JSON.stringify({ ...park, name: "Haukkula" }).replace("Haukkula", "Hauk\\udc00kula"),
    });
    expect(parkName.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(settings)).toEqual(before);
    // A pair (an emoji) is well-formed and stored.
    expect((await as("PUT", "/settings/homeNotice", { text: "Portti auki 🐕" })).statusCode).toBe(200);
  });

  it("caps prices at 100 000,00 €", async () => {
    const rule = (await as("GET", "/prices")).json().priceRules[0];
    const { id, ruleId: _r, effectiveFrom: _f, effectiveUntil: _u, ...rest } = rule;
    for (const priceCents of [3_000_000_000, 2_000_000_000, 10_000_001]) {
      const res = await as("PUT", `/price-rules/${id}`, { ...rest, priceCents });
      expect(res.statusCode, String(priceCents)).toBe(400);
      expect(res.json().message).toContain("Hinta voi olla enintään 100 000,00 €.");
      const tier = await as("PUT", "/membership-tiers/1", {
        name: "Perus",
        monthlyPriceCents: priceCents,
        hoursQuota: 8,
      });
      expect(tier.statusCode).toBe(400);
    }
    expect((await as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 10_000_000 })).statusCode).toBe(200);
  });
});
