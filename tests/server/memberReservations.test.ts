import { bookAndPay } from "../support/booking.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { asCustomer, joinAndPay, logIn, type CustomerApi } from "../support/member.js";

const slot = (day: string, from: string, to: string) => ({
  start: `2026-06-${day}T${from}:00:00+03:00`,
  end: `2026-06-${day}T${to}:00:00+03:00`,
  dogs: 1,
});

describe.each(databaseKinds)("member bookings on %s", (kind) => {
  let t: TestApp;
  let api: CustomerApi;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
  });
  afterEach(() => t.close());

  const book = (body: object) => api.post("/api/v2/reservations/subscriber", body);
  const usage = async () => (await api.get("/api/v2/subscriptions/me")).json().subscription.usage;

  it("needs a membership with access", async () => {
    const res = await book(slot("20", "10", "11"));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Jäsenvaraus vaatii voimassa olevan jäsenyyden/);
  });

  it("books without payment, counts the hours, and gives them back on cancel", async () => {
    await joinAndPay(t, api, 2);
    const res = await book(slot("20", "10", "12"));
    expect(res.statusCode).toBe(201);
    expect(res.json().reservation).toMatchObject({
      kind: "subscriber",
      status: "confirmed",
      hours: 2,
      priceCents: 0,
      doorUrl: expect.stringMatching(/\/avaa\//),
      cancellable: true,
    });
    expect(res.json().message).toMatch(/jäljellä 14 h/);
    expect(await usage()).toEqual({ hours_used: 2, hours_quota: 16, percent: 13 });

    const id = res.json().reservation.id;
    const cancelled = await api.delete(`/api/v2/reservations/${id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().reservation.status).toBe("cancelled");
    expect(await usage()).toEqual({ hours_used: 0, hours_quota: 16, percent: 0 });
    expect((await api.delete(`/api/v2/reservations/${id}`)).statusCode).toBe(409);
  });

  it("obeys the slot rules and the exclusion constraint like single bookings", async () => {
    await joinAndPay(t, api, 2);
    await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
      email: "muu@example.com",
    });
    const taken = await book(slot("20", "10", "11"));
    expect(taken.statusCode).toBe(409);
    const offGrid = await book({ ...slot("20", "12", "13"), start: "2026-06-20T12:10:00+03:00" });
    expect(offGrid.statusCode).toBe(400);
    expect(await usage()).toMatchObject({ hours_used: 0 });
  });

  it("refuses a booking over the quota and names the hours left", async () => {
    await joinAndPay(t, api, 1); // Perus: 8 h
    for (const day of ["16", "17", "18"]) expect((await book(slot(day, "10", "12"))).statusCode).toBe(201);
    expect((await book(slot("19", "10", "11"))).statusCode).toBe(201);
    const over = await book(slot("20", "10", "12"));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/jäljellä 1 h, ja varaus vaatisi 2 h/);
  });

  it("lets exactly one of two simultaneous bookings take the last hours", async () => {
    await joinAndPay(t, api, 1);
    for (const day of ["16", "17", "18"]) expect((await book(slot(day, "10", "12"))).statusCode).toBe(201);
    const racing = await Promise.all([book(slot("20", "10", "12")), book(slot("21", "14", "16"))]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await usage()).toEqual({ hours_used: 8, hours_quota: 8, percent: 100 });
  });

  it("counts a booking against the quota of the period it starts in", async () => {
    await joinAndPay(t, api, 1);
    for (const day of ["16", "17", "18", "19"])
      expect((await book(slot(day, "10", "12"))).statusCode).toBe(201);
    // The next period starts on 15 July: its quota is still whole.
    const next = await book({
      start: "2026-07-16T10:00:00+03:00",
      end: "2026-07-16T12:00:00+03:00",
      dogs: 2,
    });
    expect(next.statusCode).toBe(201);
    expect(await usage()).toMatchObject({ hours_used: 8 });
  });

  it("lists subscriber and single bookings with the member's e-mail; others' bookings are a 404", async () => {
    await joinAndPay(t, api, 2);
    await book(slot("20", "10", "11"));
    const single = await bookAndPay(t, "2026-06-21T10:00:00+03:00", "2026-06-21T11:00:00+03:00", {
      email: "JASEN@example.com",
    });
    const foreign = await bookAndPay(t, "2026-06-22T10:00:00+03:00", "2026-06-22T11:00:00+03:00", {
      email: "vieras@example.com",
    });
    const list = (await api.get("/api/v2/reservations/me")).json().reservations;
    expect(list.map((r: { kind: string }) => r.kind)).toEqual(["single", "subscriber"]);
    expect(list[0]).toMatchObject({
      id: single.reservation.id,
      priceCents: 1500,
      hours: 0,
      cancellable: true,
    });

    expect((await api.delete(`/api/v2/reservations/${foreign.reservation.id}`)).statusCode).toBe(404);
    const cancelled = await api.delete(`/api/v2/reservations/${single.reservation.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toMatch(/Palautamme 15,00/);
  });

  it("does not cancel a subscriber booking that has started", async () => {
    await joinAndPay(t, api, 2);
    const res = await book(slot("15", "13", "14"));
    t.clock.set("2026-06-15T13:10:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    const late = await api.delete(`/api/v2/reservations/${res.json().reservation.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Alkanutta/);
  });

  it("carries a period's unused own hours into the next period only, at most a month's quota (decision 055)", async () => {
    await joinAndPay(t, api, 1); // Perus: 8 h a period, from 15.6.
    const carried = async () => (await api.get("/api/v2/subscriptions/me")).json().subscription.carried;
    const at = (date: string, from: string, to: string) => ({
      start: `${date}T${from}:00:00+03:00`,
      end: `${date}T${to}:00:00+03:00`,
      dogs: 1,
    });
    // The first period: 3 of its 8 hours used. The next period's own 8 h can be booked now, no more.
    expect((await book(at("2026-06-20", "10", "12"))).statusCode).toBe(201);
    expect((await book(at("2026-06-21", "10", "11"))).statusCode).toBe(201);
    expect(await carried()).toBeNull();
    for (const day of ["2026-07-20", "2026-07-21", "2026-07-22", "2026-07-23"])
      expect((await book(at(day, "10", "12"))).statusCode).toBe(201);
    const ahead = await book(at("2026-07-24", "10", "11"));
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().message).toMatch(/jäljellä 0 h, ja varaus vaatisi 1 h/);

    // The second period has begun: the first one's unused 5 h are carried until its last day.
    t.clock.set("2026-07-15T09:00:00+03:00");
    const membership = await getSetting(t.ctx.db, "membership");
    await putSetting(t.ctx.db, "membership", { ...membership, rolloverPercent: 50 });
    expect(await carried()).toEqual({ hours: 4, until: "2026-08-14" });
    await putSetting(t.ctx.db, "membership", membership);
    expect(await carried()).toEqual({ hours: 5, until: "2026-08-14" });
    expect(await usage()).toEqual({ hours_used: 8, hours_quota: 8, percent: 100 });
    for (const [day, to] of [
      ["2026-07-24", "12"],
      ["2026-07-25", "12"],
      ["2026-07-26", "11"],
    ] as const)
      expect((await book(at(day, "10", to))).statusCode).toBe(201);
    const over = await book(at("2026-07-27", "10", "11"));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/jäljellä 0 h, ja varaus vaatisi 1 h/);

    // A member booking moved within the period keeps its hours; the carried ones count there too.
    const [moving] = (await api.get("/api/v2/reservations/me"))
      .json()
      .reservations.filter((r: { start: string }) => r.start.startsWith("2026-07-26"));
    const moved = await api.post(`/api/v2/reservations/${moving.id}/reschedule`, {
      start: "2026-07-28T10:00:00+03:00",
      end: "2026-07-28T11:00:00+03:00",
    });
    expect(moved.statusCode).toBe(200);

    // The third period: the second used all its own 8 h (and the carried 5), so nothing carries,
    // and the first period's hours have expired.
    t.clock.set("2026-08-15T09:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com")); // a month on: a new login
    expect(await carried()).toBeNull();
    expect(await usage()).toMatchObject({ hours_used: 0, hours_quota: 8 });
  });
});
