import { sql } from "drizzle-orm";
import { areas, reservations } from "../../src/server/schema/index.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";

describe.each(databaseKinds)("foundation on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("answers health after a real query", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v2/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: kind });
  });

  it("serves the park details the footer shows", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v2/site" });
    expect(res.statusCode).toBe(200);
    const site = res.json();
    expect(site.park).toMatchObject({ name: "Koirapuisto", companyName: "Koirapuisto Oy" });
    expect(site.park.businessId).toMatch(/^\d{7}-\d$/);
    expect(site.openingHours.weekly).toHaveLength(7);
    expect(site.prices).toEqual([
      { lengthMinutes: 30, priceCents: 900 },
      { lengthMinutes: 60, priceCents: 1500 },
      { lengthMinutes: 90, priceCents: 2100 },
      { lengthMinutes: 120, priceCents: 2700 },
    ]);
  });

  it("serves the gate window and the invoice term from the settings, for the public pages' texts", async () => {
    const site = async () => (await t.app.inject({ method: "GET", url: "/api/v2/site" })).json();
    expect(await site()).toMatchObject({
      door: { opensBeforeMinutes: 5, closesAfterMinutes: 0 },
      invoiceDueDays: 14,
      suspendAfterDays: 7,
      rolloverPercent: 100,
      pauseMaxWeeks: 12,
      // The calendar asks the dogs' options that are on (decision 036): none in a new park.
      dogRules: { extraDogPriceCents: 0, reactiveDogBufferMinutes: 0, inHeatGapMinutes: 0 },
    });
    const membership = await getSetting(t.ctx.db, "membership");
    const door = await getSetting(t.ctx.db, "door");
    await putSetting(t.ctx.db, "door", { ...door, opensBeforeMinutes: 10, closesAfterMinutes: 15 });
    await putSetting(t.ctx.db, "membership", { ...membership, invoiceDueDays: 21, suspendAfterDays: 10 });
    expect(await site()).toMatchObject({
      door: { opensBeforeMinutes: 10, closesAfterMinutes: 15 },
      invoiceDueDays: 21,
      suspendAfterDays: 10,
    });
    await putSetting(t.ctx.db, "door", door);
    await putSetting(t.ctx.db, "membership", membership);
  });

  it("answers unknown API paths with 404 JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v2/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("/api/v2/does-not-exist");
  });

  it("refuses two overlapping live bookings of one area at the database level", async () => {
    const [area] = await t.ctx.db.select().from(areas).limit(1);
    const booking = (
      id: string,
      start: string,
      end: string,
      status: "pending" | "confirmed" | "cancelled",
      buffer: { before: number; after: number } = { before: 0, after: 0 },
    ) => ({
      areaId: area!.id,
      startsAt: new Date(start),
      endsAt: new Date(end),
      blockedFrom: new Date(Date.parse(start) - buffer.before * 60_000),
      blockedUntil: new Date(Date.parse(end) + buffer.after * 60_000),
      status,
      name: "Testi",
      email: "testi@example.com",
      priceCents: 1500,
      vatCents: 305,
      accessToken: `access-${id}`,
      doorToken: `door-${id}`,
    });
    await t.ctx.db
      .insert(reservations)
      .values(booking("a", "2026-07-01T10:00:00Z", "2026-07-01T11:00:00Z", "confirmed"));
    await expect(
      t.ctx.db
        .insert(reservations)
        .values(booking("b", "2026-07-01T10:30:00Z", "2026-07-01T11:30:00Z", "pending")),
    ).rejects.toThrow();
    // Touching ends and cancelled bookings do not conflict.
    await t.ctx.db
      .insert(reservations)
      .values(booking("c", "2026-07-01T11:00:00Z", "2026-07-01T12:00:00Z", "confirmed"));
    await t.ctx.db
      .insert(reservations)
      .values(booking("d", "2026-07-01T10:00:00Z", "2026-07-01T11:00:00Z", "cancelled"));
    const [{ n }] = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(reservations)) as [
      { n: number },
    ];
    expect(n).toBe(3);
    // A reactive dog's booking blocks 15 minutes each side (decision 036): a booking ending or
    // starting inside them is refused by the constraint itself; one just outside fits.
    const reactive = { before: 15, after: 15 };
    await t.ctx.db
      .insert(reservations)
      .values(booking("e", "2026-07-01T14:00:00Z", "2026-07-01T15:00:00Z", "confirmed", reactive));
    await expect(
      t.ctx.db
        .insert(reservations)
        .values(booking("f", "2026-07-01T13:00:00Z", "2026-07-01T13:50:00Z", "confirmed")),
    ).rejects.toThrow();
    await expect(
      t.ctx.db
        .insert(reservations)
        .values(booking("g", "2026-07-01T15:10:00Z", "2026-07-01T16:00:00Z", "pending")),
    ).rejects.toThrow();
    await t.ctx.db
      .insert(reservations)
      .values(booking("h", "2026-07-01T15:15:00Z", "2026-07-01T16:00:00Z", "confirmed"));
    // The blocked period always contains the booking's own time.
    await expect(
      t.ctx.db
        .insert(reservations)
        .values(
          booking("i", "2026-07-02T10:00:00Z", "2026-07-02T11:00:00Z", "confirmed", { before: -5, after: 0 }),
        ),
    ).rejects.toThrow();
  });
});
