import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, joinAndPay, logIn, type CustomerApi } from "../support/member.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { fillStandingSlots } from "../../src/server/reservations/index.js";
import { reservations } from "../../src/server/schema/index.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";

/*
 * The member's pause (issue 35, deliver 2; decision 058) through the API on both databases: from the
 * next period for whole weeks, no invoice and no quota in it, the periods and a commitment's end
 * moved by it, the bookings inside it cancelled (a standing slot's weeks among them), the gate
 * shut for paused time, once in 12 months. The member joins on Monday 15.6.2026: periods run from
 * the 15th to the 14th until the pause.
 */

describe.each(databaseKinds)("a member's pause on %s", (kind) => {
  let t: TestApp;
  let api: CustomerApi;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
  });
  afterEach(() => t.close());

  const quote = (weeks: number) => api.get(`/api/v2/subscriptions/me/pause?weeks=${weeks}`);
  const pause = (weeks: number) => api.post("/api/v2/subscriptions/me/pause", { weeks });
  const membership = async () => (await api.get("/api/v2/subscriptions/me")).json().subscription;
  const invoices = async () => (await api.get("/api/v2/invoices/me")).json().invoices;
  const book = (day: string, from = "10:00", to = "11:00") =>
    api.post("/api/v2/reservations/subscriber", {
      start: `${day}T${from}:00+03:00`,
      end: `${day}T${to}:00+03:00`,
      dogs: 1,
    });
  const doorTokenOf = async (id: string) =>
    (
      await t.ctx.db
        .select({ doorToken: reservations.doorToken })
        .from(reservations)
        .where(eq(reservations.id, id))
    )[0]!.doorToken;

  it("pauses for 4 weeks from the next period: no invoice, no bookings, the dates and commitment moved", async () => {
    await joinAndPay(t, api, 2, "12m");
    expect((await membership()).pausing).toEqual({
      offer: { starts_on: "2026-07-15", min_weeks: 2, max_weeks: 12 },
      note: null,
    });
    const before = await book("2026-07-10");
    const inside = await book("2026-07-20");
    expect([before.statusCode, inside.statusCode]).toEqual([201, 201]);

    t.clock.set("2026-07-01T10:00:00+03:00");
    const quoted = await quote(4);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      weeks: 4,
      starts_on: "2026-07-15",
      last_day: "2026-08-11",
      resumes_on: "2026-08-12",
      // The commitment's 12 billed periods end a period later than 14.6.2027, as they now run from the 12th.
      commitment_last_day: "2027-07-11",
      cancelled_bookings: [{ start: "2026-07-20T10:00:00+03:00", standing: false }],
    });
    // The quote changed nothing.
    expect((await membership()).pause).toBeNull();

    const paused = await pause(4);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().message).toBe(
      "Jäsenyys on tauolla ke 15.7.2026–ti 11.8.2026. Laskutus ja tuntikiintiö jatkuvat ke 12.8.2026. Yksi tauon aikainen varaus peruttiin. Vahvistus lähetettiin sähköpostiisi.",
    );
    expect(paused.json().subscription).toMatchObject({
      pause: { starts_on: "2026-07-15", last_day: "2026-08-11", weeks: 4, current: false },
      pausing: { offer: null, note: null },
      commitment_end_date: "2027-07-12",
    });
    const mail = (await outboxOf(t, "membership_paused")).at(-1)!;
    expect(mail.subject).toBe("Jäsenyytesi tauko ke 15.7.2026–ti 11.8.2026");
    expect(mail.text).toContain("Sitoumuksesi siirtyy tauon verran: se on voimassa su 11.7.2027 asti.");
    expect(mail.text).toMatch(/peruttiin:\n- ma 20\.7\.2026 klo 10\.00–11\.00/);
    // The cancelled booking leaves the member's calendar.
    expect(mail.attachments.map((a: { filename: string }) => a.filename)).toEqual(["varaus.ics"]);
    expect(mail.attachments[0]!.content).toMatch(/METHOD:CANCEL[\s\S]*DTSTART:20260720T070000Z/);
    const mine = (await api.get("/api/v2/reservations/me")).json().reservations as Array<{
      id: string;
      status: string;
    }>;
    expect(mine.find((r) => r.id === inside.json().reservation.id)!.status).toBe("cancelled");
    expect(mine.find((r) => r.id === before.json().reservation.id)!.status).toBe("confirmed");

    // No member booking for paused days; the days before and after it are as before.
    const refused = await book("2026-07-25");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Jäsenyytesi on tauolla ke 15.7.2026–ti 11.8.2026, joten sille ajalle ei voi varata jäsenenä.",
    );
    expect((await book("2026-08-12")).statusCode).toBe(201);
    // Nor a second pause.
    expect((await pause(2)).json().message).toBe("Jäsenyydelläsi on jo tauko ke 15.7.2026–ti 11.8.2026.");

    // The pause has no invoice; billing resumes from its end, and periods run from the 12th.
    t.clock.set("2026-07-15T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([]);
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    expect(await membership()).toMatchObject({
      pause: { current: true },
      current_period: null,
      has_access: true,
    });
    t.clock.set("2026-08-12T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toHaveLength(1);
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    expect((await invoices())[0]).toMatchObject({
      period: { start: "2026-08-12", end: "2026-09-11" },
      amount_cents: (await membership()).monthly_price_cents,
    });
    expect(await membership()).toMatchObject({
      pause: null,
      current_period: { start: "2026-08-12", end: "2026-09-11" },
      // The hours left before the pause do not carry over it.
      carried: null,
      // Once in 12 months: the next may begin with the period from 15.7.2027 on.
      pausing: {
        offer: null,
        note: "Taukoa voi pitää kerran 12 kuukaudessa. Edellinen tauko alkoi ke 15.7.2026, joten seuraava voi alkaa jaksosta, joka alkaa to 15.7.2027 tai myöhemmin.",
      },
    });
    expect((await quote(2)).statusCode).toBe(409);
    t.clock.set("2026-08-20T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([]);
  });

  it("cancels a standing slot's weeks inside the pause, and the job makes no e-mail of the paused weeks", async () => {
    await joinAndPay(t, api, 2);
    // Tuesdays 17.00–18.00 until further notice: booked through the window (14.8.).
    const made = await api.post("/api/v2/reservations/standing", {
      weekday: 2,
      start_time: "17:00",
      minutes: 60,
      weeks: null,
      dogs: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    t.clock.set("2026-07-01T10:00:00+03:00");
    const quoted = (await quote(12)).json();
    expect(quoted).toMatchObject({
      starts_on: "2026-07-15",
      last_day: "2026-10-06",
      resumes_on: "2026-10-07",
    });
    expect(quoted.cancelled_bookings.map((b: { start: string }) => b.start.slice(0, 10))).toEqual([
      "2026-07-21",
      "2026-07-28",
      "2026-08-04",
      "2026-08-11",
    ]);
    expect(quoted.cancelled_bookings.every((b: { standing: boolean }) => b.standing)).toBe(true);
    expect((await pause(12)).statusCode).toBe(200);
    // One recurring event for the series, its four paused weeks excluded.
    const paused = (await outboxOf(t, "membership_paused")).at(-1)!;
    expect(paused.attachments.map((a: { filename: string }) => a.filename)).toEqual(["vakiovuoro.ics"]);
    // (Unfolded: long lines of a calendar file continue on the next after a space.)
    expect(paused.attachments[0]!.content.replace(/\r\n /g, "")).toMatch(
      /EXDATE;TZID=Europe\/Helsinki:20260721T170000,20260728T170000,20260804T170000,20260811T170000/,
    );
    const [series] = (await api.get("/api/v2/reservations/standing")).json().standing;
    const statusOf = (date: string) =>
      series.weeks_list.find((w: { date: string }) => w.date === date)?.status;
    expect(["2026-07-14", "2026-07-21", "2026-08-11"].map(statusOf)).toEqual([
      "booked",
      "cancelled",
      "cancelled",
    ]);

    // The window reaches weeks inside the pause: listed as not had, with the pause's words, no e-mail.
    t.clock.set("2026-07-20T10:00:00+03:00");
    const missedMails = async () =>
      (await outboxOf(t, "standing_slot")).filter((m) => m.subject.startsWith("Vakiovuoro: viik")).length;
    const missedBefore = await missedMails();
    expect((await fillStandingSlots(t.ctx)).weeks).toBeGreaterThan(0);
    expect(await missedMails()).toBe(missedBefore);
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    const [after] = (await api.get("/api/v2/reservations/standing")).json().standing;
    const week = after.weeks_list.find((w: { date: string }) => w.date === "2026-09-15");
    expect(week).toMatchObject({
      status: "skipped",
      reason: "Jäsenyytesi on tauolla ke 15.7.2026–ti 6.10.2026, joten sille ajalle ei voi varata jäsenenä.",
    });
  });

  it("shuts the gate for a member booking in paused time", async () => {
    await joinAndPay(t, api, 2);
    const inside = await book("2026-07-20");
    t.clock.set("2026-07-01T10:00:00+03:00");
    expect((await pause(2)).statusCode).toBe(200);
    // Were the booking restored by hand, its link would still not open in the pause.
    await t.ctx.db
      .update(reservations)
      .set({ status: "confirmed", cancelledAt: null })
      .where(eq(reservations.id, inside.json().reservation.id));
    const token = await doorTokenOf(inside.json().reservation.id);
    t.clock.set("2026-07-20T10:05:00+03:00");
    const press = await t.app.inject({ method: "POST", url: `/api/v2/door/${token}/open` });
    expect(press.statusCode).toBe(403);
    expect(press.json().message).toBe(
      "Jäsenyys on tauolla ke 15.7.2026–ti 28.7.2026, joten jäsenvarauksen porttilinkki ei toimi.",
    );
    const page = await t.app.inject({ method: "GET", url: `/api/v2/door/${token}` });
    expect(page.json().suspended).toBe(press.json().message);

    // Cancelled in the pause, it ends with the pause: no period, so no invoice, follows.
    api = asCustomer(t, await logIn(t, "jasen@example.com")); // weeks on: a new session
    const cancelled = await api.post("/api/v2/subscriptions/me/cancel");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({
      status: "cancelled",
      access_ends_on: "2026-07-28",
    });
    t.clock.set("2026-07-29T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([]);
  });

  it("takes back a pause that has not begun: the commitment as it was, the cancelled booking still cancelled", async () => {
    await joinAndPay(t, api, 2, "12m");
    const inside = await book("2026-07-20");
    t.clock.set("2026-07-01T10:00:00+03:00");
    expect((await pause(4)).json().subscription.commitment_end_date).toBe("2027-07-12");
    const withdraw = () => api.delete("/api/v2/subscriptions/me/pause");
    const taken = await withdraw();
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().message).toBe(
      "Tauko ke 15.7.2026–ti 11.8.2026 peruttu: jäsenyys jatkuu ja laskutetaan kuten ennenkin. Tauon vuoksi perutut varaukset eivät palaa.",
    );
    expect(taken.json().subscription).toMatchObject({
      pause: null,
      commitment_end_date: "2027-06-15",
      pausing: { offer: { starts_on: "2026-07-15" }, note: null },
    });
    const mail = (await outboxOf(t, "membership_paused")).at(-1)!;
    expect(mail.subject).toBe("Jäsenyytesi tauko ke 15.7.2026–ti 11.8.2026 peruttu");
    const mine = (await api.get("/api/v2/reservations/me")).json().reservations as Array<{
      id: string;
      status: string;
    }>;
    expect(mine.find((r) => r.id === inside.json().reservation.id)!.status).toBe("cancelled");
    // Nothing left to take back; the periods run as before, and the invoice of 15.7. is made.
    expect((await withdraw()).statusCode).toBe(409);
    t.clock.set("2026-07-15T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toHaveLength(1);
    // A pause taken back does not count: another may be asked for, and one begun cannot be taken back.
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    expect((await pause(2)).statusCode).toBe(200);
    t.clock.set("2026-08-15T09:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    const begun = await withdraw();
    expect(begun.statusCode).toBe(409);
    expect(begun.json().message).toBe(
      "Tauko on jo alkanut, joten sitä ei voi perua. Se päättyy pe 28.8.2026.",
    );
  });

  it("refuses a length outside the park's, pauses the park has turned off, and no membership", async () => {
    expect((await quote(4)).statusCode).toBe(409);
    await joinAndPay(t, api, 1);
    for (const weeks of [1, 13]) {
      const res = await quote(weeks);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Tauon pituus on 2–12 viikkoa.");
    }
    const membershipTerms = await getSetting(t.ctx.db, "membership");
    await putSetting(t.ctx.db, "membership", { ...membershipTerms, pauseMaxWeeks: 0 });
    const off = await pause(4);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe("Jäsenyyttä ei voi nyt laittaa tauolle.");
    expect((await membership()).pausing).toEqual({ offer: null, note: null });
  });
});
