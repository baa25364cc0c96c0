import { eq, sql } from "drizzle-orm";
import { gunzipSync } from "node:zlib";
import { areas, blocks, openingExceptions, priceRules, reservations } from "../../src/server/schema/index.js";
import { buffersFor } from "../../src/domain/dogRules.js";
import { wallClock } from "../../src/domain/helsinkiTime.js";
import { uncachedRangeJson } from "../../src/server/availability/day.js";
import { AvailabilityCache } from "../../src/server/availability/cache.js";
import { loadBookingRules, primaryArea } from "../../src/server/availability/service.js";
import { expandAvailability } from "../../src/domain/availabilityWire.js";
import type { AvailabilityWire } from "../../src/domain/booking.js";
import { releaseExpiredHolds } from "../../src/server/reservations/holds.js";
import { getSettings, putSetting, defaultSettings } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, bookAndPay, holdSlot, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const MINUTE = 60_000;
const DATE = "2026-06-20";
const at = (time: string) => `${DATE}T${time}:00+03:00`;

/**
 * Availability comes from memory (availability/cache.ts); every kind of change must show in
 * the very next answer, whoever made it: the API, a job, or a plain write to the database.
 */
const DOG_RULES_ON = { extraDogPriceCents: 0, reactiveDogBufferMinutes: 15, inHeatGapMinutes: 30 };

describe.each(databaseKinds)("availability kept in memory on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // PostgreSQL's listening connection comes up on its own: wait until answers come from memory.
    for (let i = 0; i < 100 && !t.ctx.availability.isLive; i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => t.close());

  const cellAt = async (time: string, date = DATE) =>
    (await availabilityOf(t, date)).days[0]!.slots.find((s) => s.start === `${date}T${time}:00+03:00`)!;
  const statusAt = async (time: string) => (await cellAt(time)).status;

  /**
   * A booking written straight into the database, as a job or another writer would (a pending
   * one holds for 10 minutes); `suffix` keeps its tokens and address its own.
   */
  async function writeBooking(start: string, end: string, status: "pending" | "confirmed", suffix: string) {
    const [area] = await t.ctx.db.select().from(areas);
    const [row] = await t.ctx.db
      .insert(reservations)
      .values({
        areaId: area!.id,
        startsAt: new Date(start),
        endsAt: new Date(end),
        blockedFrom: new Date(start),
        blockedUntil: new Date(end),
        status,
        kind: "single",
        name: "Muualta",
        email: `muualta${suffix}@example.com`,
        priceCents: 1500,
        vatCents: 305,
        accessToken: `cache-test-access${suffix}`,
        doorToken: `cache-test-door${suffix}`,
        holdExpiresAt: status === "pending" ? new Date(t.clock.now().getTime() + 10 * MINUTE) : null,
      })
      .returning();
    return row!;
  }

  it("answers again from memory, without loading or computing", async () => {
    expect(t.ctx.availability.isLive).toBe(true);
    await availabilityOf(t, "2026-06-22", "2026-06-28");
    const before = { ...t.ctx.availability.stats };
    await availabilityOf(t, "2026-06-22", "2026-06-28");
    expect(t.ctx.availability.stats).toEqual(before);
  });

  it("shows a booking, its payment, its cancel, and a hold's end at once", async () => {
    const held = await holdSlot(t, at("10:00"), at("11:00"));
    expect(await statusAt("10:00")).toBe("taken");
    expect(await statusAt("10:30")).toBe("taken");
    // Refusing the payment cancels the hold: free again.
    await pressDemoButton(t, held.redirectUrl, "cancel");
    expect(await statusAt("10:00")).toBe("free");

    const { checkout } = await bookAndPay(t, at("12:00"), at("13:00"));
    t.clock.advance(20 * MINUTE); // past the hold's end: a paid booking stays
    expect(await statusAt("12:00")).toBe("taken");
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await statusAt("12:00")).toBe("free");

    await holdSlot(t, at("14:00"), at("15:00"), { email: "toinen@example.com" });
    expect(await statusAt("14:00")).toBe("taken");
    t.clock.advance(15 * MINUTE);
    // Nothing has marked the hold expired yet: its time is read from expires_at.
    expect(await statusAt("14:00")).toBe("free");
    t.clock.advance(-35 * MINUTE);
  });

  it("shows changes a job or another writer makes straight in the database", async () => {
    const row = await writeBooking(at("16:00"), at("17:00"), "pending", "");
    expect(await statusAt("16:00")).toBe("taken");
    await t.ctx.db.update(reservations).set({ status: "expired" }).where(eq(reservations.id, row.id));
    expect(await statusAt("16:00")).toBe("free");

    // The release job marks ended holds; what it changes shows too (it was free already).
    await holdSlot(t, at("17:00"), at("18:00"), { email: "kolmas@example.com" });
    expect(await statusAt("17:00")).toBe("taken");
    t.clock.advance(16 * MINUTE);
    expect((await releaseExpiredHolds(t.ctx)).length).toBeGreaterThan(0);
    expect(await statusAt("17:00")).toBe("free");
    t.clock.advance(-16 * MINUTE);
  });

  it("shows a block, an opening exception, a setting and a price change at once", async () => {
    await t.ctx.db.insert(blocks).values({
      areaId: null,
      startsAt: new Date(at("08:00")),
      endsAt: new Date(at("09:00")),
      reason: "Huolto",
    });
    expect(await statusAt("08:00")).toBe("closed");
    await t.ctx.db.delete(blocks);
    expect(await statusAt("08:00")).toBe("free");

    await t.ctx.db.insert(openingExceptions).values({ date: DATE, opensAt: "10:00", closesAt: "12:00" });
    expect((await availabilityOf(t, DATE)).days[0]!.slots).toHaveLength(4);
    await t.ctx.db.delete(openingExceptions).where(eq(openingExceptions.date, DATE));
    expect((await availabilityOf(t, DATE)).days[0]!.slots).toHaveLength(32);

    await putSetting(t.ctx.db, "openingHours", {
      weekly: Array.from({ length: 7 }, () => ({ opens: "07:00", closes: "21:00" })),
    });
    expect((await availabilityOf(t, DATE)).days[0]!.opensAt).toBe(at("07:00"));
    await putSetting(t.ctx.db, "openingHours", defaultSettings.openingHours);
    expect((await availabilityOf(t, DATE)).days[0]!.opensAt).toBe(at("06:00"));

    const priceOf60 = async () =>
      (await cellAt("09:00")).options.find((o) => o.lengthMinutes === 60)!.priceCents;
    const before = await priceOf60();
    await t.ctx.db.update(priceRules).set({ priceCents: sql`${priceRules.priceCents} + 100` });
    expect(await priceOf60()).toBe(before + 100);
    await t.ctx.db.update(priceRules).set({ priceCents: sql`${priceRules.priceCents} - 100` });
    expect(await priceOf60()).toBe(before);
  });

  it("recomputes only the days a booking touches", async () => {
    await availabilityOf(t, "2026-06-22", "2026-06-28");
    const computed = t.ctx.availability.stats.daysComputed;
    await holdSlot(t, "2026-06-25T10:00:00+03:00", "2026-06-25T11:00:00+03:00", {
      email: "neljas@example.com",
    });
    const week = await availabilityOf(t, "2026-06-22", "2026-06-28");
    expect(week.days[3]!.slots.find((s) => s.start === "2026-06-25T10:00:00+03:00")!.status).toBe("taken");
    // The day itself and a day's margin each side.
    expect(t.ctx.availability.stats.daysComputed - computed).toBe(3);
  });

  it("answers 304 to its ETag while nothing changed, compressed on request", async () => {
    const url = "/api/v2/availability?from=2026-06-15&to=2026-08-15";
    const first = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(first.headers["cache-control"]).toBe("no-cache");
    const text = gunzipSync(first.rawPayload).toString();
    expect(JSON.parse(text).days).toHaveLength(62);
    expect(text.length).toBeLessThan(40_000);
    expect(first.rawPayload.length).toBeLessThan(8_000);
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await holdSlot(t, "2026-07-01T10:00:00+03:00", "2026-07-01T11:00:00+03:00", {
      email: "viides@example.com",
    });
    const changed = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers["content-encoding"]).toBeUndefined();
  });

  it("answers with dog options from memory, as the computation from the database would, after bookings change too", async () => {
    const from = "2026-07-06";
    const to = "2026-07-12";
    const on = (time: string) => `2026-07-08T${time}:00+03:00`;
    const optionSets = ["", "&reactiveDog=true", "&inHeat=true", "&reactiveDog=true&inHeat=true"];
    // The owner has turned both options on (a new park has them off: decision 036, product.md).
    await putSetting(t.ctx.db, "dogRules", DOG_RULES_ON);
    const fromMemory = async (query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v2/availability?from=${from}&to=${to}${query}`,
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    /** The same answer computed for this call alone, from the database (the uncached path). */
    const fromDatabase = async (query: string) => {
      const settings = await getSettings(t.ctx.db);
      const rules = await loadBookingRules(t.ctx.db, {
        areaId: (await primaryArea(t.ctx.db)).id,
        from: wallClock(from, "00:00").toJSDate(),
        to: wallClock(to, "24:00").toJSDate(),
        now: t.clock.now(),
        settings,
      });
      const options = { reactiveDog: query.includes("reactiveDog"), inHeat: query.includes("inHeat") };
      const buffers = buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, options);
      return uncachedRangeJson(rules, from, to, query ? buffers : undefined);
    };
    const expectSame = async () => {
      for (const query of optionSets) expect(await fromMemory(query)).toBe(await fromDatabase(query));
    };

    // Each option set's week is computed once (three buffer sets besides the plain one, asked
    // first), then answered from memory.
    await fromMemory("");
    let computed = t.ctx.availability.stats.daysComputed;
    await expectSame();
    expect(t.ctx.availability.stats.daysComputed - computed).toBe(3 * 7);
    const before = { ...t.ctx.availability.stats };
    for (const query of optionSets) await fromMemory(query);
    expect(t.ctx.availability.stats).toEqual(before);

    // A reactive dog's paid booking: only the days it touches are computed again, for every set.
    computed = t.ctx.availability.stats.daysComputed;
    await bookAndPay(t, on("10:00"), on("11:00"), { email: "reaktiivinen@example.com", reactiveDog: true });
    await expectSame();
    expect(t.ctx.availability.stats.daysComputed - computed).toBe(4 * 3);
    // A hold with a female in heat, its cancel, another hold: each shows at once.
    const held = await holdSlot(t, on("13:00"), on("14:00"), { email: "juoksu@example.com", inHeat: true });
    await expectSame();
    await pressDemoButton(t, held.redirectUrl, "cancel");
    await expectSame();
    await holdSlot(t, on("16:00"), on("17:00"), { email: "pito@example.com" });
    await expectSame();
    // Its end is read from time (the clock stays on: kept answers are for times ahead).
    t.clock.advance(16 * MINUTE);
    await expectSame();
    // A change of the dog rules changes the buffers the options answer with.
    await putSetting(t.ctx.db, "dogRules", { ...DOG_RULES_ON, reactiveDogBufferMinutes: 45 });
    await expectSame();
    await putSetting(t.ctx.db, "dogRules", defaultSettings.dogRules);
    await expectSame();
  });

  it("keeps each booking's change from its notice, without loading the bookings again", async () => {
    const from = "2026-07-13";
    const to = "2026-07-19";
    const on = (time: string) => `2026-07-15T${time}:00+03:00`;
    const fromMemory = async () => (await availabilityOf(t, from, to)).days[2]!.slots;
    /** The same week computed for this call alone, from the database. */
    const fromDatabase = async () => {
      const rules = await loadBookingRules(t.ctx.db, {
        areaId: (await primaryArea(t.ctx.db)).id,
        from: wallClock(from, "00:00").toJSDate(),
        to: wallClock(to, "24:00").toJSDate(),
        now: t.clock.now(),
      });
      return uncachedRangeJson(rules, from, to);
    };
    const expectSame = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/v2/availability?from=${from}&to=${to}` });
      expect(res.body).toBe(await fromDatabase());
    };
    const statusOf = async (time: string) => (await fromMemory()).find((s) => s.start === on(time))!.status;
    await expectSame();
    const loads = t.ctx.availability.stats.loads;

    const held = await holdSlot(t, on("10:00"), on("11:00"), { email: "ilmoitus@example.com" });
    expect(await statusOf("10:00")).toBe("taken");
    await pressDemoButton(t, held.redirectUrl, "cancel");
    expect(await statusOf("10:00")).toBe("free");
    const { checkout } = await bookAndPay(t, on("12:00"), on("13:00"), { email: "ilmoitus2@example.com" });
    expect(await statusOf("12:00")).toBe("taken");
    await expectSame();
    // Moved straight in the database: its old time is free and its new one taken.
    const id = checkout.reservation.id;
    await t.ctx.db
      .update(reservations)
      .set({
        startsAt: new Date(on("15:00")),
        endsAt: new Date(on("16:00")),
        blockedFrom: new Date(on("15:00")),
        blockedUntil: new Date(on("16:00")),
      })
      .where(eq(reservations.id, id));
    expect(await statusOf("12:00")).toBe("free");
    expect(await statusOf("15:00")).toBe("taken");
    await expectSame();
    // Written and deleted by another writer.
    const row = await writeBooking(on("18:00"), on("19:00"), "confirmed", "-2");
    expect(await statusOf("18:00")).toBe("taken");
    await t.ctx.db.delete(reservations).where(eq(reservations.id, row.id));
    expect(await statusOf("18:00")).toBe("free");
    await expectSame();
    expect(t.ctx.availability.stats.loads).toBe(loads);
  });

  it("applies a booking's change heard while the bookings were being loaded to what the load read", async () => {
    const date = "2026-07-22";
    const cache = new AvailabilityCache(t.ctx.db, () => t.clock.now());
    cache.watch({ watchChanges: ({ live }) => (live(true), () => {}) });
    const statusAt = async (time: string) =>
      expandAvailability(
        JSON.parse((await cache.answer(date, date)).body) as AvailabilityWire,
      ).days[0]!.slots.find((s) => s.start === `${date}T${time}:00+03:00`)!.status;
    const areaId = (await primaryArea(t.ctx.db)).id;
    expect(await statusAt("10:00")).toBe("free");
    // A notice without its row: the next reader loads the bookings again.
    cache.notice(JSON.stringify({ t: "reservations" }));
    const reading = statusAt("10:00");
    // While that load runs, a booking's notice arrives: a row the load may not have read.
    cache.notice(
      JSON.stringify({
        t: "reservations",
        a: areaId,
        i: "00000000-0000-4000-8000-000000000022",
        st: "confirmed",
        s: `${date}T10:00:00+03:00`,
        e: `${date}T11:00:00+03:00`,
        bf: `${date}T10:00:00+03:00`,
        bu: `${date}T11:00:00+03:00`,
      }),
    );
    expect(await reading).toBe("taken");
    expect(await statusAt("10:00")).toBe("taken");
    cache.close();
  });
});
