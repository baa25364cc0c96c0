import { randomUUID } from "node:crypto";
import type { Heatmap } from "../../src/domain/admin/operations.js";
import { areas, doorEvents, reservations } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Toiminta on the real app and database: a day's timeline and who is in the park at a fixed
 * clock, the heat map's counts computed by hand across the October 2026 DST change, and the gate
 * events' filters.
 */

describe.each(databaseKinds)("admin toiminta (%s)", (kind) => {
  let t: TestApp;
  let admin: { token: string };
  let areaIds: number[];
  beforeAll(async () => {
    admin = await signedInAdmin("toiminta");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
    await t.ctx.db.insert(areas).values({ name: "Pikkupuisto", sortOrder: 1 });
    areaIds = (await t.ctx.db.select().from(areas).orderBy(areas.sortOrder)).map((a) => a.id);
  });
  afterEach(() => t.close());

  const get = (url: string) => adminRequest(t, admin, "GET", url);

  const book = async (
    start: string,
    end: string,
    extra: Partial<typeof reservations.$inferInsert> & { area?: number } = {},
  ) => {
    const { area = 0, ...rest } = extra;
    const [row] = await t.ctx.db
      .insert(reservations)
      .values({
        areaId: areaIds[area]!,
        startsAt: new Date(start),
        endsAt: new Date(end),
        blockedFrom: new Date(start),
        blockedUntil: new Date(end),
        status: "confirmed",
        name: `Varaaja ${start}`,
        email: "varaaja@example.com",
        priceCents: 2000,
        vatCents: 390,
        accessToken: randomUUID(),
        doorToken: randomUUID(),
        ...rest,
      })
      .returning();
    return row!;
  };

  it("shows today's bookings per area, who is in the park now and the next arrivals", async () => {
    t.clock.set("2026-06-15T12:00:00+03:00");
    const morning = await book("2026-06-15T10:00:00+03:00", "2026-06-15T11:00:00+03:00");
    const now = await book("2026-06-15T11:30:00+03:00", "2026-06-15T13:00:00+03:00", { area: 1, dogs: 3 });
    const afternoon = await book("2026-06-15T14:00:00+03:00", "2026-06-15T15:00:00+03:00");
    const held = await book("2026-06-15T16:00:00+03:00", "2026-06-15T17:00:00+03:00", { status: "pending" });
    await book("2026-06-15T18:00:00+03:00", "2026-06-15T19:00:00+03:00", { status: "cancelled" });
    const tomorrow = await book("2026-06-16T09:00:00+03:00", "2026-06-16T10:00:00+03:00", { area: 1 });
    await t.ctx.db.insert(doorEvents).values([
      {
        reservationId: now.id,
        allowed: true,
        reason: "opened",
        createdAt: new Date("2026-06-15T11:27:00+03:00"),
      },
      {
        reservationId: now.id,
        allowed: false,
        reason: "too_early",
        createdAt: new Date("2026-06-15T11:00:00+03:00"),
      },
    ]);

    const res = await get("/operations/timeline");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe("2026-06-15");
    expect(body.areas.map((a: { name: string }) => a.name)).toEqual(["Koirapuisto", "Pikkupuisto"]);
    expect(body.areas[0].bookings.map((b: { id: string }) => b.id)).toEqual([
      morning.id,
      afternoon.id,
      held.id,
    ]);
    expect(body.areas[0].bookings[2].status).toBe("pending");
    expect(body.areas[1].bookings).toEqual([
      expect.objectContaining({
        id: now.id,
        start: "2026-06-15T11:30:00+03:00",
        end: "2026-06-15T13:00:00+03:00",
        dogs: 3,
        gateOpenedAt: "2026-06-15T11:27:00+03:00",
      }),
    ]);
    expect(body.inParkNow.map((b: { id: string }) => b.id)).toEqual([now.id]);
    expect(body.nextArrivals.map((b: { id: string }) => b.id)).toEqual([afternoon.id, tomorrow.id]);

    // An hour later the park is empty; another day's timeline is asked by its date.
    t.clock.set("2026-06-15T13:30:00+03:00");
    expect((await get("/operations/timeline")).json().inParkNow).toEqual([]);
    const next = (await get("/operations/timeline?date=2026-06-16")).json();
    expect(next.areas[1].bookings.map((b: { id: string }) => b.id)).toEqual([tomorrow.id]);
    expect((await get("/operations/timeline?date=16.6.2026")).statusCode).toBe(400);
  });

  it("counts the heat map by Helsinki weekday and hour across the autumn DST change", async () => {
    // Monday 2.11.2026 at noon: three whole weeks back are Mon 12.10. – Sun 1.11.; Sunday 25.10.
    // at 04:00 EEST the clocks went back to 03:00 EET.
    t.clock.set("2026-11-02T12:00:00+02:00");
    await book("2026-10-19T10:00:00+03:00", "2026-10-19T11:00:00+03:00"); // Mon 10, summer time
    await book("2026-10-26T10:00:00+02:00", "2026-10-26T11:30:00+02:00"); // Mon 10 and 11, winter time
    await book("2026-10-26T10:30:00+02:00", "2026-10-26T11:00:00+02:00", { area: 1 }); // Mon 10
    // 03:30 EEST to 03:30 EET: the 03 hour that happened twice, half of each.
    await book("2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z");
    await book("2026-10-19T12:00:00+03:00", "2026-10-19T13:00:00+03:00", { status: "cancelled" });
    await book("2026-10-05T10:00:00+03:00", "2026-10-05T11:00:00+03:00"); // before the weeks
    await book("2026-11-02T08:00:00+02:00", "2026-11-02T09:00:00+02:00"); // today: not counted

    const res = await get("/operations/heatmap?weeks=3");
    expect(res.statusCode).toBe(200);
    const map = res.json() as Heatmap;
    expect(map).toMatchObject({ weeks: 3, from: "2026-10-12", to: "2026-11-01", areaCount: 2 });
    expect(map.cells).toEqual([
      // 150 booked minutes of 3 Mondays × 2 areas × 60 minutes = 42 %.
      { weekday: 1, hour: 10, bookings: 3, bookedMinutes: 150, percent: 42 },
      { weekday: 1, hour: 11, bookings: 1, bookedMinutes: 30, percent: 8 },
      // Sunday 03 happened four times in three weeks: 60 of 4 × 2 × 60 minutes = 13 %.
      { weekday: 7, hour: 3, bookings: 2, bookedMinutes: 60, percent: 13 },
    ]);

    const one = (await get("/operations/heatmap?weeks=1")).json() as Heatmap;
    expect(one).toMatchObject({ from: "2026-10-26", to: "2026-11-01" });
    expect(one.cells).toEqual([
      { weekday: 1, hour: 10, bookings: 2, bookedMinutes: 90, percent: 75 },
      { weekday: 1, hour: 11, bookings: 1, bookedMinutes: 30, percent: 25 },
    ]);
    const bad = await get("/operations/heatmap?weeks=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("vähintään");
  });

  it("lists gate events newest first and filters them by outcome, reason and date", async () => {
    const r = await book("2026-06-15T10:00:00+03:00", "2026-06-15T11:00:00+03:00");
    await t.ctx.db.insert(doorEvents).values([
      {
        reservationId: r.id,
        allowed: false,
        reason: "too_early",
        ip: "10.0.0.1",
        createdAt: new Date("2026-06-15T09:30:00+03:00"),
      },
      {
        reservationId: r.id,
        allowed: true,
        reason: "opened",
        ip: "10.0.0.1",
        createdAt: new Date("2026-06-15T09:55:00+03:00"),
      },
      {
        reservationId: null,
        allowed: false,
        reason: "unknown_token",
        ip: "10.0.0.9",
        createdAt: new Date("2026-06-16T00:30:00+03:00"),
      },
      {
        reservationId: r.id,
        allowed: true,
        reason: "provider_error",
        createdAt: new Date("2026-06-14T12:00:00+03:00"),
      },
    ]);

    const all = (await get("/operations/door-events")).json();
    expect(all.events.map((e: { reason: string }) => e.reason)).toEqual([
      "unknown_token",
      "opened",
      "too_early",
      "provider_error",
    ]);
    expect(all.events[1]).toMatchObject({
      allowed: true,
      name: r.name,
      areaName: "Koirapuisto",
      at: "2026-06-15T09:55:00+03:00",
    });

    const refused = (await get("/operations/door-events?allowed=false")).json();
    expect(refused.events.map((e: { reason: string }) => e.reason)).toEqual(["unknown_token", "too_early"]);
    expect(refused.counts).toHaveLength(2);

    const early = (await get("/operations/door-events?reason=too_early")).json();
    expect(early.events).toHaveLength(1);
    expect(early.counts).toEqual([{ reason: "too_early", allowed: false, count: 1 }]);

    // 00:30 on the 16th in Helsinki is still the 15th in UTC: the day is Helsinki's.
    const day = (await get("/operations/door-events?from=2026-06-15&to=2026-06-15")).json();
    expect(day.events.map((e: { reason: string }) => e.reason)).toEqual(["opened", "too_early"]);
    const before = (await get("/operations/door-events?to=2026-06-14")).json();
    expect(before.events.map((e: { reason: string }) => e.reason)).toEqual(["provider_error"]);

    const bad = await get("/operations/door-events?reason=avattu");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Tuntematon syy.");
  });
});
