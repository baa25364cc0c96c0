import { expandAvailability } from "../../src/domain/availabilityWire.js";
import { availabilityWireSchema, type AvailabilityDay } from "../../src/domain/booking.js";
import { areas, blocks, openingExceptions, reservations } from "../../src/server/schema/index.js";
import { insertNewPriceRule } from "../../src/server/prices/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";

describe.each(databaseKinds)("GET /api/v2/availability on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const [area] = await t.ctx.db.select().from(areas);
    await t.ctx.db.insert(reservations).values({
      areaId: area!.id,
      startsAt: new Date("2026-06-16T10:00:00+03:00"),
      endsAt: new Date("2026-06-16T11:30:00+03:00"),
      blockedFrom: new Date("2026-06-16T10:00:00+03:00"),
      blockedUntil: new Date("2026-06-16T11:30:00+03:00"),
      status: "confirmed",
      kind: "admin",
      name: "Ylläpito",
      email: "yllapito@example.com",
      priceCents: 0,
      vatCents: 0,
      accessToken: "admin-access",
      doorToken: "admin-door",
    });
    await t.ctx.db.insert(blocks).values({
      areaId: null,
      startsAt: new Date("2026-06-17T08:00:00+03:00"),
      endsAt: new Date("2026-06-17T09:00:00+03:00"),
      reason: "Nurmikon leikkuu",
    });
    await t.ctx.db.insert(openingExceptions).values({ date: "2026-06-19", note: "Juhannusaatto" });
    await insertNewPriceRule(t.ctx.db, {
      name: "Ilta 1 h",
      lengthMinutes: 60,
      priceCents: 1800,
      fromTime: "18:00",
      toTime: "22:00",
      priority: 10,
    });
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: "GET", url: `/api/v2/availability?${query}` });
  const cellOf = (day: AvailabilityDay, start: string) => day.slots.find((s) => s.start === start)!;

  it("answers a week of days with the grid, bookings, blocks, closed days and prices", async () => {
    const res = await get("from=2026-06-15&to=2026-06-21");
    expect(res.statusCode).toBe(200);
    const body = expandAvailability(availabilityWireSchema.parse(res.json()));
    expect(body).toMatchObject({
      timeZone: "Europe/Helsinki",
      gridMinutes: 30,
      lengthsMinutes: [30, 60, 90, 120],
    });
    expect(body.days.map((d) => d.date)).toEqual([
      "2026-06-15",
      "2026-06-16",
      "2026-06-17",
      "2026-06-18",
      "2026-06-19",
      "2026-06-20",
      "2026-06-21",
    ]);
    const [monday, tuesday, wednesday, , midsummerEve] = body.days as [
      AvailabilityDay,
      AvailabilityDay,
      AvailabilityDay,
      AvailabilityDay,
      AvailabilityDay,
    ];
    // Today: cells before the test clock's 12:00 are past, not closed.
    expect(cellOf(monday, "2026-06-15T11:30:00+03:00").status).toBe("past");
    expect(cellOf(monday, "2026-06-15T12:00:00+03:00").status).toBe("free");
    // The admin booking takes 10:00-11:30 and shortens what can start before it.
    expect(
      ["10:00", "10:30", "11:00"].map((h) => cellOf(tuesday, `2026-06-16T${h}:00+03:00`).status),
    ).toEqual(["taken", "taken", "taken"]);
    expect(cellOf(tuesday, "2026-06-16T09:00:00+03:00").options.map((o) => o.lengthMinutes)).toEqual([
      30, 60,
    ]);
    // The block closes 08:00-09:00 on Wednesday.
    expect(cellOf(wednesday, "2026-06-17T08:30:00+03:00")).toMatchObject({ status: "closed", options: [] });
    // The exception closes the whole day.
    expect(midsummerEve).toEqual({ date: "2026-06-19", opensAt: null, closesAt: null, slots: [] });
    // Evening price from 18:00.
    const price = (start: string) =>
      cellOf(tuesday, start).options.find((o) => o.lengthMinutes === 60)!.priceCents;
    expect(price("2026-06-16T17:30:00+03:00")).toBe(1500);
    expect(price("2026-06-16T18:00:00+03:00")).toBe(1800);
  });

  it("refuses a bad range with 400 and a Finnish message", async () => {
    const cases: [string, string][] = [
      ["from=2026-06-01&to=2026-08-02", "Aikaväli voi olla enintään 62 päivää."],
      ["from=2026-06-20&to=2026-06-15", "Alkupäivä ei voi olla loppupäivän jälkeen."],
      ["from=2026-02-30&to=2026-03-02", "Virheellinen päivämäärä: 2026-02-30."],
      ["from=15.6.2026&to=2026-06-16", "Päivämäärä muodossa VVVV-KK-PP"],
      ["from=2026-06-15", "Loppupäivä puuttuu."],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await get("from=2026-06-01&to=2026-08-01")).statusCode).toBe(200); // exactly 62 days
  });
});

describe("the OpenAPI document", () => {
  it("lists every booking route with its tag, summary and responses", async () => {
    const t = await createTestApp("pglite");
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        paths: Record<string, Record<string, { tags?: string[]; summary?: string; responses: object }>>;
      };
      const expected: [string, string, string[]][] = [
        ["/api/v2/availability", "get", ["200", "400"]],
        ["/api/v2/reservations/quote", "get", ["200", "400"]],
        ["/api/v2/reservations", "post", ["201", "400", "409", "502"]],
        ["/api/v2/reservations/by-token/{accessToken}", "get", ["200", "404"]],
        ["/api/v2/reservations/by-token/{accessToken}", "delete", ["200", "404", "409"]],
        ["/api/v2/reservations/by-token/{accessToken}/reschedule", "post", ["200", "400", "404", "409"]],
        ["/api/v2/reservations/by-token/{accessToken}/move-times", "get", ["200", "400", "404", "409"]],
        ["/api/v2/door/{doorToken}", "get", ["200", "404"]],
        ["/api/v2/door/{doorToken}/open", "post", ["200", "403", "404", "429", "502"]],
        ["/maksu/demo/{paymentId}", "get", ["200", "403", "404"]],
        ["/maksu/demo/{paymentId}/approve", "post", ["303"]],
        ["/maksu/demo/{paymentId}/cancel", "post", ["303"]],
      ];
      for (const [path, method, statuses] of expected) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
        expect(operation!.summary, `${method} ${path} summary`).toBeTruthy();
        expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
      }
      const post = doc.paths["/api/v2/reservations"]!.post as unknown as {
        requestBody: { content: Record<string, { schema: { properties: object } }> };
      };
      expect(Object.keys(post.requestBody.content["application/json"]!.schema.properties)).toEqual(
        expect.arrayContaining(["start", "end", "name", "email", "dogs", "paymentMethod", "acceptTerms"]),
      );
    } finally {
      await t.close();
    }
  });
});
