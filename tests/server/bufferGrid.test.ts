import { expandAvailability } from "../../src/domain/availabilityWire.js";
import { availabilityWireSchema } from "../../src/domain/booking.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, postCheckout } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * A reactive dog's 15-minute buffer on the real app (decision 041): the next booking starts at the
 * first start of the slot grid at or after the buffer's end. On the half-hour grid of product.md
 * that is 12.30 after a booking ending at 12.00; on a quarter-hour grid (the owner's setting) it is
 * 12.15, in the calendar's answer (from memory and from the database) and at checkout alike.
 */

const at = (date: string, time: string) => `${date}T${time}:00+03:00`;

describe.each(databaseKinds)("a buffer on the slot grid on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await putSetting(t.ctx.db, "dogRules", {
      extraDogPriceCents: 0,
      reactiveDogBufferMinutes: 15,
      inHeatGapMinutes: 30,
    });
  });
  afterAll(() => t.close());

  const statuses = async (date: string, times: string[]) => {
    const res = await t.app.inject({ method: "GET", url: `/api/v2/availability?from=${date}&to=${date}` });
    expect(res.statusCode).toBe(200);
    const day = expandAvailability(availabilityWireSchema.parse(res.json())).days[0]!;
    return times.map((time) => {
      const slot = day.slots.find((s) => s.start === at(date, time));
      return slot ? `${time} ${slot.status} ${slot.options.map((o) => o.lengthMinutes).join(",")}` : time;
    });
  };
  const checkout = async (date: string, start: string, end: string, email: string) =>
    (await postCheckout(t, at(date, start), at(date, end), { email })).statusCode;

  it("on the half-hour grid, lets the next booking start at 12.30 after a buffer ending 12.15", async () => {
    const date = "2026-06-22";
    await bookAndPay(t, at(date, "10:00"), at(date, "12:00"), { reactiveDog: true });
    expect(await statuses(date, ["09:30", "12:00", "12:30"])).toEqual([
      "09:30 taken ",
      "12:00 taken ",
      "12:30 free 30,60,90,120",
    ]);
    expect(await checkout(date, "12:00", "13:00", "heti@example.com")).toBe(409);
    expect(await checkout(date, "12:30", "13:30", "puolelta@example.com")).toBe(201);
  });

  it("on a quarter-hour grid set by the owner, lets it start at 12.15, and no start ends in the buffer", async () => {
    const admin = await signedInAdmin("neljannes");
    const slotRules = await getSetting(t.ctx.db, "slotRules");
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/v2/admin/settings/slotRules",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { ...slotRules, gridMinutes: 15 },
    });
    expect(saved.statusCode).toBe(200);
    const date = "2026-06-23";
    await bookAndPay(t, at(date, "10:00"), at(date, "12:00"), {
      email: "reaktiivinen@example.com",
      reactiveDog: true,
    });
    // Asked twice: computed, then from memory.
    for (let i = 0; i < 2; i++)
      expect(await statuses(date, ["09:15", "09:30", "09:45", "12:00", "12:15"])).toEqual([
        "09:15 free 30",
        "09:30 taken ",
        "09:45 taken ",
        "12:00 taken ",
        "12:15 free 30,60,90,120",
      ]);
    expect(await checkout(date, "09:30", "10:00", "aamu@example.com")).toBe(409);
    expect(await checkout(date, "12:00", "13:00", "heti@example.com")).toBe(409);
    expect(await checkout(date, "12:15", "13:15", "vartin@example.com")).toBe(201);
    expect(await checkout(date, "09:15", "09:45", "ennen@example.com")).toBe(201);
    await putSetting(t.ctx.db, "slotRules", slotRules);
  });
});
