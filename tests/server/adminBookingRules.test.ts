import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reservations } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * An admin's manual booking lifts the booking window (60 days) and nothing else: opening hours,
 * closed days, blocks, the slot grid and the lengths hold at any distance ahead, as inside the
 * window. The clock stands at 2026-06-15.
 */
describe.each(databaseKinds)("admin bookings keep the slot rules at any distance (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("booking-rules");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "POST" | "PUT", url: string, payload: unknown) =>
    adminRequest(t, admin, method, url, payload);
  const book = (date: string, from: string, to: string) =>
    as("POST", "/reservations", {
      start: `${date}T${from}:00+03:00`,
      end: `${date}T${to}:00+03:00`,
      name: "Puhelinvaraus",
      email: "soittaja@example.com",
      dogs: 1,
    });

  // 30 days ahead (inside the window), 93 and 366 days ahead (beyond it); all in summer time.
  it.each([
    ["2026-07-15", "2026-07-16"],
    ["2026-09-16", "2026-09-17"],
    ["2027-06-16", "2027-06-17"],
  ])("refuses what breaks a rule on %s, and books a proper slot", async (date, closedDay) => {
    expect(
      (await as("PUT", `/opening-exceptions/${closedDay}`, { opensAt: null, closesAt: null, note: null }))
        .statusCode,
    ).toBe(200);
    const block = await as("POST", "/blocks", {
      areaId: null,
      start: `${date}T14:00:00+03:00`,
      end: `${date}T16:00:00+03:00`,
      reason: "Aidan huolto",
    });
    expect(block.statusCode).toBe(201);

    const refusals: Array<[string, string, string, RegExp]> = [
      [date, "03:00", "04:00", /aukioloaikaan/], // before the park opens at 06:00
      [date, "21:30", "22:30", /aukioloaikaan/], // past closing at 22:00
      [closedDay, "10:00", "11:00", /suljettu valitsemanasi päivänä/],
      [date, "14:30", "15:30", /suljettu valitsemanasi aikana/], // over the block
      [date, "10:10", "11:10", /puolelta tunnilta/], // off the 30-minute grid
      [date, "10:00", "10:45", /pituus/], // not a booking length
    ];
    for (const [day, from, to, message] of refusals) {
      const res = await book(day, from, to);
      expect({ day, from, status: res.statusCode }).toEqual({ day, from, status: 400 });
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(reservations)).toEqual([]);

    const ok = await book(date, "10:00", "11:00");
    expect(ok.statusCode).toBe(201);
    expect((await book(date, "10:30", "11:30")).statusCode).toBe(409);
  });
});
