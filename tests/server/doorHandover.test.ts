import { eq } from "drizzle-orm";
import { doorInfoSchema } from "../../src/domain/booking.js";
import { doorEvents, reservations } from "../../src/server/schema/index.js";
import { logDoorProvider } from "../../src/server/integrations/door/log.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/** Handover protection (issue 23): an early press never opens the gate during another customer's booking. */
describe.each(databaseKinds)("handover protection on %s", (kind) => {
  let t: TestApp;
  const deviceLog: string[] = [];
  let ipCounter = 0;
  const freshIp = () => `10.1.0.${++ipCounter}`;
  const open = (token: string) =>
    t.app.inject({ method: "POST", url: `/api/v2/door/${token}/open`, remoteAddress: freshIp() });
  const info = async (token: string) =>
    doorInfoSchema.parse((await t.app.inject({ method: "GET", url: `/api/v2/door/${token}` })).json());

  beforeAll(async () => {
    t = await createTestApp(kind, { door: logDoorProvider((line) => deviceLog.push(line)) });
    // A 60-minute window: without the protection the next visitor could open during the previous slot.
    const door = await getSetting(t.ctx.db, "door");
    await putSetting(t.ctx.db, "door", { ...door, opensBeforeMinutes: 60 });
  });
  afterAll(() => t.close());

  it("refuses an early press while another customer's booking runs, and says when it opens", async () => {
    t.clock.set("2026-06-20T08:00:00+03:00");
    const first = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
      email: "eka@example.com",
    });
    const next = await bookAndPay(t, "2026-06-20T11:00:00+03:00", "2026-06-20T12:00:00+03:00", {
      email: "toka@example.com",
    });
    const token = next.reservation.doorToken;

    t.clock.set("2026-06-20T10:30:00+03:00");
    expect(await info(token)).toMatchObject({
      status: "early",
      opensFrom: "2026-06-20T11:00:00+03:00",
      waitsForPrevious: true,
      fallbackText: null,
    });
    const refused = await open(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: "Edellinen varaus on vielä käynnissä. Portin voi avata la 20.6.2026 klo 11.00.",
    });
    // The running booking's own press still works.
    expect((await open(first.reservation.doorToken)).statusCode).toBe(200);
    expect(deviceLog).toHaveLength(1);

    t.clock.set("2026-06-20T11:00:00+03:00");
    expect(await info(token)).toMatchObject({ status: "open", waitsForPrevious: false });
    expect((await open(token)).statusCode).toBe(200);
    const reasons = await t.ctx.db
      .select({ reason: doorEvents.reason })
      .from(doorEvents)
      .where(eq(doorEvents.reservationId, next.reservation.id))
      .orderBy(doorEvents.id);
    expect(reasons.map((r) => r.reason)).toEqual(["handover", "opened"]);
  });

  it("opens early when nothing runs, or when the running booking is the same customer's", async () => {
    t.clock.set("2026-06-21T08:00:00+03:00");
    await bookAndPay(t, "2026-06-21T10:00:00+03:00", "2026-06-21T11:00:00+03:00", {
      email: "Sama@Example.com",
    });
    const own = await bookAndPay(t, "2026-06-21T11:00:00+03:00", "2026-06-21T12:00:00+03:00", {
      email: "sama@example.com",
    });
    const free = await bookAndPay(t, "2026-06-21T13:00:00+03:00", "2026-06-21T14:00:00+03:00", {
      email: "vapaa@example.com",
    });
    t.clock.set("2026-06-21T10:30:00+03:00");
    expect((await open(own.reservation.doorToken)).statusCode).toBe(200);
    t.clock.set("2026-06-21T12:15:00+03:00");
    expect(await info(free.reservation.doorToken)).toMatchObject({ status: "open", waitsForPrevious: false });
    expect((await open(free.reservation.doorToken)).statusCode).toBe(200);
  });

  it("marks a booking attended at its first allowed press, not at a refused one", async () => {
    const attended = async (id: string) =>
      (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!.attendedAt;
    t.clock.set("2026-06-22T08:00:00+03:00");
    const booked = await bookAndPay(t, "2026-06-22T10:00:00+03:00", "2026-06-22T11:00:00+03:00");
    expect((await open(booked.reservation.doorToken)).statusCode).toBe(403);
    expect(await attended(booked.reservation.id)).toBeNull();
    t.clock.set("2026-06-22T09:10:00+03:00");
    expect((await open(booked.reservation.doorToken)).statusCode).toBe(200);
    t.clock.set("2026-06-22T10:10:00+03:00");
    expect((await open(booked.reservation.doorToken)).statusCode).toBe(200);
    expect((await attended(booked.reservation.id))?.toISOString()).toBe("2026-06-22T06:10:00.000Z");
  });
});
