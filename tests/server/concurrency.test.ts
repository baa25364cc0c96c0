import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/app.js";
import { postCheckout } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { defaultSettings, putSetting } from "../../src/server/settings/service.js";

/** db.execute answers rows on both drivers; its type is the drivers' union. */
const countOf = (result: unknown) => (result as { rows: { n: number }[] }).rows[0]!.n;

describe.each(databaseKinds)("fifty visitors racing for one slot on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** Pairs of live bookings of one area that overlap; the exclusion constraint says there are none. */
  async function overlappingLiveBookings(): Promise<number> {
    const result = await t.ctx.db.execute(sql`
      SELECT count(*)::int AS n FROM reservations a JOIN reservations b
        ON a.id < b.id AND a.area_id = b.area_id
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
     WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`);
    return countOf(result);
  }

  it("lets exactly one win; the other 49 get 409 and nobody a 5xx", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postCheckout(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
          email: `kisaaja${i}@example.com`,
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: "Valitsemasi aika on juuri varattu. Valitse toinen aika." });
    const live = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM reservations WHERE status IN ('pending', 'confirmed')`,
    );
    expect(countOf(live)).toBe(1);
    expect(await overlappingLiveBookings()).toBe(0);
  });

  it("keeps overlapping bookings of different lengths apart too", async () => {
    // Fifty requests over 12:00-14:00 with every start and length: overlapping in many ways.
    const starts = ["12:00", "12:30", "13:00", "13:30"];
    const requests = Array.from({ length: 50 }, (_, i) => {
      const start = new Date(`2026-06-21T${starts[i % 4]}:00+03:00`);
      const minutes = [30, 60, 90, 120][Math.floor(i / 4) % 4]!;
      const end = new Date(start.getTime() + minutes * 60_000);
      return postCheckout(t, start.toISOString(), end.toISOString(), { email: `sekalainen${i}@example.com` });
    });
    const codes = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.every((c) => c === 201 || c === 409 || c === 400)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    expect(await overlappingLiveBookings()).toBe(0);
  });
  it("keeps the changeover gap between simultaneous checkouts of neighbouring slots", async () => {
    // Checkouts lock only the hours their slot and gap touch: neighbours must still take turns.
    await putSetting(t.ctx.db, "slotRules", { ...defaultSettings.slotRules, changeoverMinutes: 30 });
    await putSetting(t.ctx.db, "holdLimits", { perEmail: 2, perIp: 1000, dayPercent: 100 });
    try {
      const requests = Array.from({ length: 40 }, (_, i) => {
        const start = new Date(Date.parse("2026-06-22T15:00:00+03:00") + (i % 8) * 30 * 60_000);
        const end = new Date(start.getTime() + 30 * 60_000);
        return postCheckout(t, start.toISOString(), end.toISOString(), { email: `naapuri${i}@example.com` });
      });
      const codes = (await Promise.all(requests)).map((r) => r.statusCode);
      expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
      // Winners must start an hour apart (30 min + the gap), so the eight starts allow at most four;
      // an order of arrival can leave three (15.00, 16.30, 18.00) with every other start refused
      // rightly. Fewer than three would mean a free slot refused.
      expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(3);
      const tooClose = await t.ctx.db.execute(sql`
        SELECT count(*)::int AS n FROM reservations a JOIN reservations b
          ON a.id < b.id AND a.area_id = b.area_id
         AND a.starts_at < b.ends_at + interval '30 minutes' AND b.starts_at < a.ends_at + interval '30 minutes'
       WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')
         AND a.starts_at >= '2026-06-22T00:00:00+03:00' AND b.starts_at >= '2026-06-22T00:00:00+03:00'`);
      expect(countOf(tooClose)).toBe(0);
    } finally {
      await putSetting(t.ctx.db, "slotRules", defaultSettings.slotRules);
      await putSetting(t.ctx.db, "holdLimits", defaultSettings.holdLimits);
    }
  });

  it("holds exactly the limit of unpaid holds for one e-mail address checking out at once", async () => {
    // Every request comes from one address here: only the e-mail address's limit is tried.
    await putSetting(t.ctx.db, "holdLimits", { perEmail: 2, perIp: 1000, dayPercent: 100 });
    try {
      const requests = Array.from({ length: 10 }, (_, i) => {
        const hour = String(8 + i).padStart(2, "0");
        return postCheckout(t, `2026-06-23T${hour}:00:00+03:00`, `2026-06-23T${hour}:30:00+03:00`, {
          email: "kiireinen@example.com",
        });
      });
      const codes = (await Promise.all(requests)).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(2);
      expect(codes.filter((c) => c === 429)).toHaveLength(8);
    } finally {
      await putSetting(t.ctx.db, "holdLimits", defaultSettings.holdLimits);
    }
  });
});
