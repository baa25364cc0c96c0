import { defaultSettings, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, holdSlot, postCheckout, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/*
 * Issue 24, finding 11: eight checkouts from two IPs could hold a whole day for 15 minutes and
 * renew it as the holds ended. Live unpaid holds may now cover only holdLimits.dayPercent of an
 * area's open time on a day (here 08-12, 240 minutes, half of it 120), the new hold counted.
 */
const day = (hhmm: string) => `2026-06-20T${hhmm}:00+03:00`; // Saturday; the clock is Monday 15 June

describe.each(databaseKinds)("unpaid holds' share of a day (%s)", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    await putSetting(t.ctx.db, "openingHours", {
      weekly: Array.from({ length: 7 }, () => ({ opens: "08:00", closes: "12:00" })),
    });
    await putSetting(t.ctx.db, "holdLimits", { ...defaultSettings.holdLimits, perEmail: 100, perIp: 1000 });
  });
  afterEach(() => t.close());

  it("refuses a hold beyond half the day with when to try again, and counts paid bookings out", async () => {
    const first = await holdSlot(t, day("08:00"), day("09:00"), { email: "a@example.com" });
    await holdSlot(t, day("09:00"), day("10:00"), { email: "b@example.com" });
    const third = await postCheckout(t, day("10:00"), day("10:30"), { email: "c@example.com" });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      "Tämän päivän ajoista moni odottaa juuri nyt maksua. Valitse toinen päivä tai yritä uudelleen 15 minuutin kuluttua, kun keskeneräisiä varauksia on vapautunut.",
    );
    expect(third.headers["retry-after"]).toBe("900");
    // The calendar says the held cells may free when the holds end.
    const cells = (await availabilityOf(t, "2026-06-20")).days[0]!.slots;
    expect(cells.find((c) => c.start === day("08:30"))).toMatchObject({
      status: "taken",
      freesAt: "2026-06-15T12:15:00+03:00",
    });
    // Another day is not affected.
    expect((await postCheckout(t, "2026-06-21T10:00:00+03:00", "2026-06-21T10:30:00+03:00")).statusCode).toBe(
      201,
    );
    // A paid booking no longer waits for payment: the day has room for unpaid holds again.
    await pressDemoButton(t, first.redirectUrl, "approve");
    expect((await postCheckout(t, day("10:00"), day("10:30"), { email: "c@example.com" })).statusCode).toBe(
      201,
    );
  });

  it("lets exactly the share through when checkouts arrive at once", async () => {
    const answers = await Promise.all(
      ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"].map((start, i) => {
        const [h, m] = start.split(":").map(Number);
        const end = `${String(h! + (m === 30 ? 1 : 0)).padStart(2, "0")}:${m === 30 ? "00" : "30"}`;
        return postCheckout(t, day(start), day(end), { email: `rinnakkain${i}@example.com` });
      }),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
  });
});
