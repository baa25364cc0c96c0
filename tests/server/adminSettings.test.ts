import { eq } from "drizzle-orm";
import { auditLog, settings } from "../../src/server/schema/index.js";
import { seedDatabase } from "../../src/server/seed/database.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Hallintapaneeli and hinnasto on the real app and database: every change is in force for the
 * next public request (the footer's site info, the calendar, the quote), refused with a Finnish
 * message when it does not make sense, and audited with its before and after.
 */

describe.each(databaseKinds)("admin hallintapaneeli and hinnasto (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("asetukset");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);
  const site = async () => (await t.app.inject({ method: "GET", url: "/api/v2/site" })).json();
  const day = async (date: string) => (await availabilityOf(t, date)).days[0]!;

  it("seeds a plausible Y-tunnus and replaces the old example that fails its check digit", async () => {
    expect((await site()).park.businessId).toBe("2876543-5");
    const park = (await as("GET", "/settings")).json().settings.park;
    await t.ctx.db
      .update(settings)
      .set({ value: { ...park, businessId: "3456789-1" } })
      .where(eq(settings.key, "park"));
    await seedDatabase(t.ctx.db);
    expect((await site()).park.businessId).toBe("2876543-5");
  });

  it("changes the park's details for the footer at once, refusing a wrong check digit", async () => {
    const park = (await as("GET", "/settings")).json().settings.park;
    const bad = await as("PUT", "/settings/park", { ...park, businessId: "2876543-4" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("tarkistusnumeron");
    const ok = await as("PUT", "/settings/park", { ...park, name: "Haukkula", businessId: "0112038-9" });
    expect(ok.statusCode).toBe(200);
    expect((await site()).park).toMatchObject({ name: "Haukkula", businessId: "0112038-9" });
    const [entry] = await t.ctx.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: "settings.update",
      entity: "settings",
      entityId: "park",
      actorEmail: admin.email,
    });
    expect(entry!.before).toMatchObject({ name: "Koirapuisto", businessId: "2876543-5" });
    expect(entry!.after).toMatchObject({ name: "Haukkula", businessId: "0112038-9" });
  });

  it("changes opening hours and a date's exception, and the calendar follows", async () => {
    const weekly = Array.from({ length: 7 }, () => ({ opens: "08:00", closes: "20:00" }));
    weekly[6] = null as never; // closed on Sundays
    expect((await as("PUT", "/settings/openingHours", { weekly })).statusCode).toBe(200);
    expect((await day("2026-06-21")).opensAt).toBeNull();
    expect((await day("2026-06-17")).opensAt).toBe("2026-06-17T08:00:00+03:00");
    const backwards = await as("PUT", "/settings/openingHours", {
      weekly: weekly.map(() => ({ opens: "20:00", closes: "08:00" })),
    });
    expect(backwards.statusCode).toBe(400);

    expect(
      (
        await as("PUT", "/opening-exceptions/2026-06-19", {
          opensAt: null,
          closesAt: null,
          note: "Juhannusaatto",
        })
      ).statusCode,
    ).toBe(200);
    expect((await day("2026-06-19")).opensAt).toBeNull();
    expect(
      (await as("PUT", "/opening-exceptions/2026-06-19", { opensAt: "10:00", closesAt: null })).statusCode,
    ).toBe(400);
    expect((await as("GET", "/settings")).json().exceptions).toEqual([
      { date: "2026-06-19", opensAt: null, closesAt: null, note: "Juhannusaatto" },
    ]);
    expect((await as("DELETE", "/opening-exceptions/2026-06-19")).statusCode).toBe(200);
    expect((await day("2026-06-19")).opensAt).toBe("2026-06-19T08:00:00+03:00");
    expect((await t.ctx.db.select().from(auditLog)).map((a) => a.action)).toEqual([
      "settings.update",
      "opening_exception.put",
      "opening_exception.delete",
    ]);
  });

  it("sets the home-page notice and slot rules, refusing lengths off the grid", async () => {
    expect(
      (await as("PUT", "/settings/homeNotice", { text: "Portti huollossa maanantaina." })).statusCode,
    ).toBe(200);
    expect((await site()).notice).toBe("Portti huollossa maanantaina.");
    await as("PUT", "/settings/homeNotice", { text: "  " });
    expect((await site()).notice).toBeNull();
    const rules = (await as("GET", "/settings")).json().settings.slotRules;
    expect(
      (await as("PUT", "/settings/slotRules", { ...rules, lengthsMinutes: [45] })).json().message,
    ).toContain("monikerta");
    expect(
      (await as("PUT", "/settings/slotRules", { ...rules, cancellationHours: 48, maxDogs: 3 })).statusCode,
    ).toBe(200);
    expect((await site()).slotRules).toMatchObject({ cancellationHours: 48, maxDogs: 3 });
  });

  it("says what the park is on the home page, leaving a blank fact out and refusing a size that is not whole square metres", async () => {
    expect((await site()).facts).toMatchObject({ areaSquareMeters: 2500, parking: expect.any(String) });
    const facts = {
      areaSquareMeters: 3200,
      fence: " 2 m puuaita ",
      surface: "Hake",
      water: "",
      lighting: null,
      parking: "Kadun varressa",
    };
    expect((await as("PUT", "/settings/facts", facts)).statusCode).toBe(200);
    expect((await site()).facts).toEqual({
      areaSquareMeters: 3200,
      fence: "2 m puuaita",
      surface: "Hake",
      water: null,
      lighting: null,
      parking: "Kadun varressa",
    });
    for (const areaSquareMeters of ["iso", 12.5, 0]) {
      const bad = await as("PUT", "/settings/facts", { ...facts, areaSquareMeters });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("neliömetreinä");
    }
    const long = await as("PUT", "/settings/facts", { ...facts, fence: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("200 merkillä");
    // Refused changes changed nothing; the accepted one is audited with its before and after.
    expect((await site()).facts.areaSquareMeters).toBe(3200);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, "facts"));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toMatchObject({ areaSquareMeters: 2500 });
    expect(entries[0]!.after).toMatchObject({ areaSquareMeters: 3200, water: null });
  });

  it("adds and renames areas, keeping at least one active", async () => {
    const created = await as("POST", "/areas", { name: "Pienten koirien aitaus", sortOrder: 1 });
    expect(created.statusCode).toBe(201);
    const areas = (await as("GET", "/settings")).json().areas;
    expect(areas.map((a: { name: string }) => a.name)).toEqual(["Koirapuisto", "Pienten koirien aitaus"]);
    const first = areas[0];
    expect((await as("PUT", `/areas/${first.id}`, { ...first, active: false })).statusCode).toBe(200);
    const second = created.json().area;
    const last = await as("PUT", `/areas/${second.id}`, { ...second, active: false });
    expect(last.json()).toEqual({ message: "Vähintään yhden alueen on oltava käytössä." });
  });

  it("changes a price: the quote uses it at once, bookings already made keep theirs", async () => {
    const { reservation } = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const list = (await as("GET", "/prices")).json();
    const hour = list.priceRules.find((r: { lengthMinutes: number }) => r.lengthMinutes === 60);
    const { id, ruleId: _rule, effectiveFrom: _from, effectiveUntil: _until, ...rest } = hour;
    expect((await as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 1800 })).statusCode).toBe(200);
    const quote = (
      await t.app.inject({
        method: "GET",
        url: "/api/v2/reservations/quote?start=2026-06-17T10:00:00%2B03:00&end=2026-06-17T11:00:00%2B03:00",
      })
    ).json();
    expect(quote.priceCents).toBe(1800);
    const details = (await as("GET", `/reservations/${reservation.id}`)).json();
    expect(details.reservation.priceCents).toBe(1500);

    const evening = {
      name: "Ilta 1 h",
      lengthMinutes: 60,
      priceCents: 2000,
      weekdays: null,
      fromTime: "18:00",
      toTime: null,
      priority: 10,
      active: true,
    };
    const added = await as("POST", "/price-rules", evening);
    expect(added.statusCode).toBe(201);
    const eveningQuote = (
      await t.app.inject({
        method: "GET",
        url: "/api/v2/reservations/quote?start=2026-06-17T18:00:00%2B03:00&end=2026-06-17T19:00:00%2B03:00",
      })
    ).json();
    expect(eveningQuote.priceCents).toBe(2000);
    expect((await as("POST", "/price-rules", { ...evening, priceCents: -1 })).json().message).toContain(
      "negatiivinen",
    );
    expect((await as("DELETE", `/price-rules/${added.json().priceRule.id}`)).statusCode).toBe(200);

    const tiers = list.membershipTiers;
    const { level, name, hoursQuota } = tiers[0];
    const tier = await as("PUT", `/membership-tiers/${level}`, { name, hoursQuota, monthlyPriceCents: 4200 });
    expect(tier.statusCode).toBe(200);
    const publicTiers = (await t.app.inject({ method: "GET", url: "/api/v2/subscriptions/tiers" })).json();
    expect(publicTiers.tiers[0].monthly_price_cents).toBe(4200);
    expect((await as("PUT", "/vat-rate", { rateBasisPoints: 2400 })).statusCode).toBe(200);
    expect(list.membership.suspendAfterDays).toBe(7);
    const tooLong = await as("PUT", "/settings/membership", { ...list.membership, suspendAfterDays: 91 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/Keskeytys on 1–90 päivää eräpäivän jälkeen/);
    const terms = await as("PUT", "/settings/membership", {
      ...list.membership,
      commitmentDiscountPercent: 15,
      suspendAfterDays: 10,
    });
    expect(terms.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/v2/subscriptions/tiers" })).json()).toMatchObject({
      vat_rate_basis_points: 2400,
      suspend_after_days: 10,
      tiers: [
        expect.objectContaining({ commitment_monthly_price_cents: 3570 }),
        expect.anything(),
        expect.anything(),
      ],
    });
    expect((await t.ctx.db.select().from(auditLog)).map((a) => a.action)).toEqual([
      "price_rule.update",
      "price_rule.create",
      "price_rule.delete",
      "membership_tier.update",
      "vat_rate.update",
      "settings.update",
    ]);
  });
});
