import { and, eq, gt, sql } from "drizzle-orm";
import { rescheduleResponseSchema } from "../../src/domain/booking.js";
import { reservations, waitlistEntries } from "../../src/server/schema/index.js";
import { defaultSettings, putSetting } from "../../src/server/settings/service.js";
import { offerFreedSlots } from "../../src/server/waitlistOffers/offers.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, checkoutBody, holdSlot, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/*
 * Issue 31, finding 1: decision 024 caps unpaid holds at half a day, but only the checkout checked
 * it. (a) Holds released after joining their slots' waitlists came back as waitlist offers with no
 * cap, beside new holds of the other half: a whole day held from one IP. (b) Dearer moves' holds
 * skipped it too. Every unpaid hold is now made by reservations/hold.ts `placeHold`, which applies
 * the day's share and the per-address and per-IP counts whatever the path.
 */
const day = (hhmm: string, date = "20") => `2026-06-${date}T${hhmm}:00+03:00`; // the clock: Mon 15 June 12:00

describe.each(databaseKinds)("every unpaid hold keeps the hold rules (%s)", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  /** Minutes of 20 June that live unpaid holds (of any kind) block. */
  const heldMinutes = async () => {
    const [row] = await t.ctx.db
      .select({
        minutes: sql<number>`coalesce(sum(extract(epoch FROM ${reservations.blockedUntil} - ${reservations.blockedFrom})), 0)::float8 / 60`,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.status, "pending"),
          gt(reservations.holdExpiresAt, t.clock.now()),
          sql`${reservations.startsAt} >= ${new Date(day("00:00"))} AND ${reservations.startsAt} < ${new Date(day("23:59"))}`,
        ),
      );
    return Number(row!.minutes);
  };
  const join = (start: string, end: string, email: string, ip = "203.0.113.9") =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/waitlist",
      payload: { start, end, email },
      remoteAddress: ip,
    });
  const checkout = (start: string, end: string, email: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: checkoutBody(start, end, { email }),
      remoteAddress: ip,
    });

  it("(a) makes no waitlist offer beyond the day's share; a later run offers it when holds have ended", async () => {
    // 08-12: 240 open minutes, half of them 120.
    await putSetting(t.ctx.db, "openingHours", {
      weekly: Array.from({ length: 7 }, () => ({ opens: "08:00", closes: "12:00" })),
    });
    await putSetting(t.ctx.db, "holdLimits", { ...defaultSettings.holdLimits, perEmail: 100, perIp: 1000 });
    // Hold the first half, join those slots' lines with made-up addresses, let the holds go.
    const first = await holdSlot(t, day("08:00"), day("09:00"), { email: "h1@example.com" });
    const second = await holdSlot(t, day("09:00"), day("10:00"), { email: "h2@example.com" });
    expect((await join(day("08:00"), day("09:00"), "jono1@example.com")).statusCode).toBe(201);
    expect((await join(day("09:00"), day("10:00"), "jono2@example.com")).statusCode).toBe(201);
    for (const held of [first, second])
      expect((await pressDemoButton(t, held.redirectUrl, "cancel")).statusCode).toBe(303);
    // Hold the other half.
    await holdSlot(t, day("10:00"), day("11:00"), { email: "h3@example.com" });
    await holdSlot(t, day("11:00"), day("12:00"), { email: "h4@example.com" });
    expect(await heldMinutes()).toBe(120);

    // The offers would hold the rest of the day: none is made, both stay in line.
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 0 });
    expect(await heldMinutes()).toBe(120);
    const entries = await t.ctx.db.select().from(waitlistEntries);
    expect(entries.map((e) => e.status)).toEqual(["waiting", "waiting"]);

    // When the other half's holds have ended, a later run offers the slots to those in line.
    t.clock.advance(16 * 60_000);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 2 });
    const offers = await t.ctx.db.select().from(reservations).where(eq(reservations.kind, "waitlist"));
    // The offer's hold is counted for the IP that joined, as a checkout's hold is.
    expect(offers.map((o) => [o.email, o.holdIp]).sort()).toEqual([
      ["jono1@example.com", "203.0.113.9"],
      ["jono2@example.com", "203.0.113.9"],
    ]);
  });

  it("(a) offers the slot to the next in line when the first one's IP has its limit of holds", async () => {
    await putSetting(t.ctx.db, "holdLimits", { ...defaultSettings.holdLimits, perIp: 1 });
    const booked = await bookAndPay(t, day("10:00"), day("11:00"), { email: "omistaja@example.com" });
    expect((await join(day("10:00"), day("11:00"), "eka@example.com", "203.0.113.1")).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await join(day("10:00"), day("11:00"), "toka@example.com", "203.0.113.2")).statusCode).toBe(201);
    // The first one's IP already holds a slot of another day, unpaid.
    const other = await checkout(day("10:00", "21"), day("11:00", "21"), "muu@example.com", "203.0.113.1");
    expect(other.statusCode).toBe(201);
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${booked.reservation.accessToken}`,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await offerFreedSlots(t.ctx)).toMatchObject({ offered: 1 });
    const byEmail = Object.fromEntries(
      (await t.ctx.db.select().from(waitlistEntries)).map((e) => [e.email, e.status]),
    );
    expect(byEmail).toEqual({ "eka@example.com": "waiting", "toka@example.com": "offered" });
  });

  it("(b) refuses a dearer move whose hold would break the day's share, with a 409 in Finnish", async () => {
    // 08-20: 720 open minutes, half of them 360: room for three two-hour holds, not four.
    await putSetting(t.ctx.db, "openingHours", {
      weekly: Array.from({ length: 7 }, () => ({ opens: "08:00", closes: "20:00" })),
    });
    await putSetting(t.ctx.db, "holdLimits", { ...defaultSettings.holdLimits, perEmail: 100, perIp: 1000 });
    const tokens: string[] = [];
    for (const [i, start] of ["08:00", "09:00", "10:00", "11:00"].entries()) {
      const paid = await bookAndPay(t, day(start, "21"), day(start.replace(":00", ":30"), "21"), {
        email: `maksettu${i}@example.com`,
      });
      tokens.push(paid.checkout.reservation.accessToken);
    }
    const move = (token: string, start: string, end: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/v2/reservations/by-token/${token}/reschedule`,
        payload: { start: day(start), end: day(end) },
        remoteAddress: "203.0.113.9",
      });
    for (const [i, [s, e]] of [
      ["08:00", "10:00"],
      ["11:00", "13:00"],
      ["14:00", "16:00"],
    ].entries()) {
      const held = await move(tokens[i]!, s!, e!);
      expect(held.statusCode).toBe(202);
      expect(rescheduleResponseSchema.parse(held.json()).payment).not.toBeNull();
    }
    expect(await heldMinutes()).toBe(360);
    const refused = await move(tokens[3]!, "17:00", "19:00");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Uuden ajan päivästä moni aika odottaa juuri nyt maksua, joten sitä ei voi pitää sinulle. Valitse toinen päivä tai yritä uudelleen 15 minuutin kuluttua. Varauksesi pysyy nykyisellä ajalla.",
    );
    expect(await heldMinutes()).toBe(360);
    // A move again replaces the booking's own hold, so it fits where its first one was counted.
    expect((await move(tokens[0]!, "17:00", "19:00")).statusCode).toBe(202);
    expect(await heldMinutes()).toBe(360);
    // The move's hold counts for the booking's address and for the IP that moved it.
    const holds = await t.ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.status, "pending"), eq(reservations.email, "maksettu0@example.com")));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ holdIp: "203.0.113.9", startsAt: new Date(day("17:00")) });
  });

  it("(b) refuses a dearer move when the booking's address has its limit of unpaid holds", async () => {
    const paid = await bookAndPay(t, day("08:00", "21"), day("08:30", "21"), { email: "sama@example.com" });
    // perEmail is 2: two checkouts of the same address wait for payment.
    await holdSlot(t, day("10:00", "22"), day("11:00", "22"), { email: "sama@example.com" });
    await holdSlot(t, day("12:00", "22"), day("13:00", "22"), { email: "Sama@example.com" });
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${paid.checkout.reservation.accessToken}/reschedule`,
      payload: { start: day("14:00"), end: day("16:00") },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Sähköpostiosoitteellasi on jo 2 maksamatonta varausta kesken. Maksa ne tai vapauta ne, tai yritä uudelleen 15 minuutin kuluttua. Varauksesi pysyy nykyisellä ajalla.",
    );
  });
});
