import { eq } from "drizzle-orm";
import { doorInfoSchema } from "../../src/domain/booking.js";
import { doorEvents } from "../../src/server/schema/index.js";
import { logDoorProvider } from "../../src/server/integrations/door/log.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

describe.each(databaseKinds)("the gate on %s", (kind) => {
  let t: TestApp;
  const deviceLog: string[] = [];
  let doorToken: string;
  let accessToken: string;
  let reservationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { door: logDoorProvider((line) => deviceLog.push(line)) });
    const booked = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00");
    doorToken = booked.reservation.doorToken;
    accessToken = booked.reservation.accessToken;
    reservationId = booked.reservation.id;
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  /** Each test presses from its own address, so the per-IP limit of one test never affects another. */
  const freshIp = () => `10.0.0.${++ipCounter}`;
  const open = (token: string, ip: string) =>
    t.app.inject({ method: "POST", url: `/api/v2/door/${token}/open`, remoteAddress: ip });
  const info = async (token: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/v2/door/${token}` });
    return { status: res.statusCode, body: res.json() };
  };
  const events = () => t.ctx.db.select().from(doorEvents).orderBy(doorEvents.id);

  it("opens only inside the window: from 5 minutes before the start until the end", async () => {
    const ip = freshIp();
    t.clock.set("2026-06-20T09:54:59+03:00");
    const before = await info(doorToken);
    expect(doorInfoSchema.parse(before.body)).toEqual({
      areaName: "Koirapuisto",
      start: "2026-06-20T10:00:00+03:00",
      end: "2026-06-20T11:00:00+03:00",
      opensFrom: "2026-06-20T09:55:00+03:00",
      opensUntil: "2026-06-20T11:00:00+03:00",
      status: "early",
      waitsForPrevious: false,
      fallbackText: null,
      suspended: null,
    });
    const early = await open(doorToken, ip);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      success: false,
      message: "Portin voi avata aikaisintaan la 20.6.2026 klo 9.55.",
    });
    expect(deviceLog).toHaveLength(0);

    t.clock.set("2026-06-20T09:55:00+03:00");
    expect((await info(doorToken)).body.status).toBe("open");
    const opened = await open(doorToken, ip);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ success: true, message: "Portti avattu." });
    expect(deviceLog).toHaveLength(1);
    expect(deviceLog[0]).toContain(`avataan 5 s (varaus ${reservationId})`);

    t.clock.set("2026-06-20T10:59:59+03:00");
    expect((await open(doorToken, ip)).statusCode).toBe(200);

    t.clock.set("2026-06-20T11:00:00+03:00");
    expect((await info(doorToken)).body.status).toBe("ended");
    const ended = await open(doorToken, ip);
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toEqual({
      success: false,
      message: "Varauksesi aika on päättynyt, joten porttia ei voi enää avata.",
    });
    expect(deviceLog).toHaveLength(2);

    const recorded = (await events()).filter((e) => e.ip === ip);
    expect(recorded.map((e) => [e.reason, e.allowed])).toEqual([
      ["too_early", false],
      ["opened", true],
      ["opened", true],
      ["ended", false],
    ]);
    expect(recorded.every((e) => e.reservationId === reservationId && e.provider === "log")).toBe(true);
  });

  it("never opens on loading the page: GET only reads", async () => {
    t.clock.set("2026-06-20T10:30:00+03:00");
    const count = (await events()).length;
    const logged = deviceLog.length;
    expect((await info(doorToken)).status).toBe(200);
    expect((await events()).length).toBe(count);
    expect(deviceLog.length).toBe(logged);
  });

  it("records and refuses an unknown link", async () => {
    const ip = freshIp();
    const res = await open("tuntematon-linkki", ip);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Avauslinkki on virheellinen tai vanhentunut." });
    expect((await info("tuntematon-linkki")).status).toBe(404);
    const [event] = (await events()).filter((e) => e.ip === ip);
    expect(event).toMatchObject({ reason: "unknown_token", allowed: false, reservationId: null });
  });

  it("refuses an unpaid booking and a cancelled one", async () => {
    t.clock.set("2026-06-15T12:00:00+03:00");
    const held = await holdSlot(t, "2026-06-22T10:00:00+03:00", "2026-06-22T11:00:00+03:00");
    const paid = await bookAndPay(t, "2026-06-23T10:00:00+03:00", "2026-06-23T11:00:00+03:00");
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${paid.reservation.accessToken}`,
    });
    expect(cancel.statusCode).toBe(200);
    const heldRow = await t.ctx.db.query.reservations.findFirst({
      where: (r, { eq: is }) => is(r.id, held.reservation.id),
    });

    t.clock.set("2026-06-23T10:10:00+03:00");
    const ip = freshIp();
    expect((await info(paid.reservation.doorToken)).body.status).toBe("cancelled");
    const cancelled = await open(paid.reservation.doorToken, ip);
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json().message).toBe("Varaus on peruttu, joten porttia ei voi avata.");
    t.clock.set("2026-06-22T10:10:00+03:00");
    const unpaid = await open(heldRow!.doorToken, ip);
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json().message).toBe("Varaus ei ole voimassa, joten porttia ei voi avata.");
    expect((await events()).filter((e) => e.ip === ip).map((e) => e.reason)).toEqual([
      "cancelled",
      "not_confirmed",
    ]);
  });

  /** A paid booking of its own, and the clock inside it (clocks only move forward here). */
  async function insideNewBooking(date: string) {
    t.clock.set(`${date}T08:00:00+03:00`);
    const { reservation } = await bookAndPay(t, `${date}T10:00:00+03:00`, `${date}T11:00:00+03:00`);
    t.clock.set(`${date}T10:20:00+03:00`);
    return reservation.doorToken;
  }

  it("allows 10 presses a minute per link, then answers 429 until the minute is over", async () => {
    const doorToken = await insideNewBooking("2026-06-25");
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await open(doorToken, `${ip}${i % 2}`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    const limited = await open(doorToken, freshIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("60");
    expect(limited.json()).toEqual({
      success: false,
      message: "Liian monta yritystä. Odota hetki ja yritä sitten uudelleen.",
    });
    const [event] = await t.ctx.db
      .select()
      .from(doorEvents)
      .where(eq(doorEvents.ip, `${ip}0`))
      .orderBy(doorEvents.id)
      .limit(1);
    expect(event).toMatchObject({ reason: "opened", allowed: true });
    expect((await events()).filter((e) => e.reason === "rate_limited").length).toBeGreaterThanOrEqual(2);

    t.clock.advance(60_000);
    expect((await open(doorToken, freshIp())).statusCode).toBe(200);
  });

  it("allows 30 unknown tokens a minute per address, counted apart from presses on real links", async () => {
    const doorToken = await insideNewBooking("2026-06-26");
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await open(`arvaus-${i}`, ip)).statusCode);
    expect(codes).toEqual([...Array(30).fill(404), 429]);
    // Guesses from a shared address never lock out a real visitor's press from it.
    expect((await open(doorToken, ip)).statusCode).toBe(200);
    expect((await open(doorToken, freshIp())).statusCode).toBe(200);
  });

  it("keeps the access token and the door token apart", async () => {
    expect(accessToken).not.toBe(doorToken);
    expect((await open(accessToken, freshIp())).statusCode).toBe(404);
  });
});
