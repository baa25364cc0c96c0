import { eq, inArray } from "drizzle-orm";
import { putSetting } from "../../src/server/settings/service.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { signedInAdmin } from "../support/firebase.js";
import { auditLog, reservations } from "../../src/server/schema/index.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, joinAndPay, logIn, type CustomerApi } from "../support/member.js";
import { fillStandingSlots } from "../../src/server/reservations/index.js";
import { firstDateOf, weekTimes } from "../../src/server/reservations/standingWeeks.js";

/*
 * Vakiovuoro (issue 35, decision 056) through the API on both databases: every week checked by the
 * database before confirming, one week moved alone, the series ended from a week, the calendar
 * file, and the job that makes later weeks (never twice, whatever runs it).
 */

// Monday 15.6.2026; the series below is on Tuesdays 17.00–18.00 from 16.6.
const TUESDAYS = [
  "2026-06-16",
  "2026-06-23",
  "2026-06-30",
  "2026-07-07",
  "2026-07-14",
  "2026-07-21",
  "2026-07-28",
  "2026-08-04",
];
const request = (weeks: number | null) => ({ weekday: 2, start_time: "17:00", minutes: 60, weeks, dogs: 1 });

describe("a standing slot's weeks", () => {
  it("keep the Helsinki wall clock across the change to winter time", () => {
    const series = { startTime: "17:00", minutes: 90 };
    expect(weekTimes(series, "2026-10-20").start.toISOString()).toBe("2026-10-20T14:00:00.000Z");
    expect(weekTimes(series, "2026-10-27")).toEqual({
      start: new Date("2026-10-27T15:00:00Z"),
      end: new Date("2026-10-27T16:30:00Z"),
    });
  });

  it("start on the next such weekday whose time is still ahead", () => {
    const tuesdayNoon = new Date("2026-06-16T12:00:00+03:00");
    expect(firstDateOf(2, "17:00", tuesdayNoon)).toBe("2026-06-16");
    expect(firstDateOf(2, "11:00", tuesdayNoon)).toBe("2026-06-23");
    expect(firstDateOf(1, "11:00", tuesdayNoon)).toBe("2026-06-22");
  });
});

describe.each(databaseKinds)("standing slots on %s", (kind) => {
  let t: TestApp;
  let api: CustomerApi;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
  });
  afterEach(() => t.close());

  const preview = (body: object) => api.post("/api/v2/reservations/standing/preview", body);
  const create = (body: object) => api.post("/api/v2/reservations/standing", body);
  const list = async () => (await api.get("/api/v2/reservations/standing")).json().standing;
  const bookings = async () =>
    (await api.get("/api/v2/reservations/me")).json().reservations as Array<{
      id: string;
      start: string;
      status: string;
    }>;

  it("needs a membership", async () => {
    const res = await preview(request(8));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Jäsenvaraus vaatii voimassa olevan jäsenyyden/);
  });

  it("books 8 weeks but week 3, which is taken; moves week 5 alone; ends the series from week 7", async () => {
    await joinAndPay(t, api, 2);
    await bookAndPay(t, "2026-06-30T17:00:00+03:00", "2026-06-30T18:00:00+03:00", {
      email: "muu@example.com",
    });

    const checked = await preview(request(8));
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({
      summary: "Joka viikko tiistaisin klo 17.00–18.00",
      later_weeks: 0,
    });
    const weeks = checked.json().weeks as Array<{ date: string; ok: boolean; reason: string | null }>;
    expect(weeks.map((w) => w.date)).toEqual(TUESDAYS);
    expect(weeks.filter((w) => !w.ok).map((w) => w.date)).toEqual(["2026-06-30"]);
    expect(weeks[2]!.reason).toBeTruthy();
    // The preview booked nothing.
    expect(await bookings()).toEqual([]);
    expect(await list()).toEqual([]);

    const made = await create(request(8));
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toMatch(/Varattu 7 viikkoa; 1 viikko jäi saamatta\./);
    const series = made.json().standing;
    expect(series.weeks_list.map((w: { status: string }) => w.status)).toEqual([
      "booked",
      "booked",
      "skipped",
      "booked",
      "booked",
      "booked",
      "booked",
      "booked",
    ]);
    const own = await bookings();
    expect(own.filter((r) => r.status === "confirmed")).toHaveLength(7);

    // The e-mail: one recurring event at the Helsinki wall clock, week 3 excluded.
    const [mail] = await outboxOf(t, "standing_slot");
    expect(mail!.subject).toBe("Vakiovuoro vahvistettu: tiistaisin klo 17.00–18.00");
    expect(mail!.text).toMatch(/Näitä viikkoja ei saatu[\s\S]*30\.6\.2026/);
    const ics = mail!.attachments[0]!.content as string;
    expect(ics).toContain("DTSTART;TZID=Europe/Helsinki:20260616T170000");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;COUNT=8");
    expect(ics).toContain("EXDATE;TZID=Europe/Helsinki:20260630T170000");
    expect(ics).toContain(`UID:standing-${series.id}@koirapuisto`);

    // Week 5 moved alone: it stays in the series, the others keep their time.
    const week5 = series.weeks_list[4].reservation_id;
    const moved = await api.post(`/api/v2/reservations/${week5}/reschedule`, {
      start: "2026-07-14T19:00:00+03:00",
      end: "2026-07-14T20:00:00+03:00",
    });
    expect(moved.statusCode).toBe(200);
    const [afterMove] = await list();
    expect(afterMove.weeks_list[4]).toMatchObject({ status: "moved", start: "2026-07-14T19:00:00+03:00" });
    expect(afterMove.weeks_list.filter((w: { status: string }) => w.status === "booked")).toHaveLength(6);
    // The move's e-mail carries the series' event too, that week excluded from it.
    const [moveMail] = await outboxOf(t, "reservation_move");
    expect(moveMail!.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      "varaus.ics",
      "vakiovuoro.ics",
    ]);
    expect(moveMail!.attachments[1]!.content).toMatch(/SEQUENCE:1[\s\S]*20260630T170000,20260714T170000/);

    // Ended from week 7: weeks 7 and 8 cancelled, their hours back; the rest stay.
    const ended = await api.post(`/api/v2/reservations/standing/${series.id}/end`, { from: "2026-07-28" });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toMatch(/Vakiovuoro päättyy ti 28\.7\.2026 alkaen\. 2 varausta peruttiin/);
    expect(ended.json().standing).toMatchObject({
      ended_from: "2026-07-28",
      last_date: "2026-07-21",
      active: true,
    });
    expect(ended.json().standing.weeks_list.map((w: { status: string }) => w.status)).toEqual([
      "booked",
      "booked",
      "skipped",
      "booked",
      "moved",
      "booked",
      "cancelled",
      "cancelled",
    ]);
    expect((await bookings()).filter((r) => r.status === "confirmed")).toHaveLength(5);
    const endMail = (await outboxOf(t, "standing_slot")).at(-1)!;
    const endIcs = endMail.attachments[0]!.content as string;
    expect(endIcs).toContain("RRULE:FREQ=WEEKLY;COUNT=6");
    expect(endIcs).toContain("SEQUENCE:2");
    expect(endIcs).toMatch(/EXDATE;TZID=Europe\/Helsinki:20260630T170000,20260714T170000/);

    const again = await api.post(`/api/v2/reservations/standing/${series.id}/end`, { from: "2026-07-21" });
    expect(again.statusCode).toBe(409);
  });

  it("lists a week over the quota without booking it", async () => {
    await joinAndPay(t, api, 1); // Perus: 8 h a period
    const res = await preview({ ...request(4), minutes: 120, weekday: 3 });
    // 17.6., 24.6., 1.7., 8.7. at 2 h each fit 8 h; with a booking of 2 h first, the fourth does not.
    expect(res.json().weeks.every((w: { ok: boolean }) => w.ok)).toBe(true);
    await api.post("/api/v2/reservations/subscriber", {
      start: "2026-06-19T10:00:00+03:00",
      end: "2026-06-19T12:00:00+03:00",
      dogs: 1,
    });
    const over = await preview({ ...request(4), minutes: 120, weekday: 3 });
    expect(over.json().weeks.map((w: { ok: boolean }) => w.ok)).toEqual([true, true, true, false]);
    expect(over.json().weeks[3].reason).toMatch(/Tuntikiintiösi ei riitä/);
  });

  it("books every week with the dogs' options: a reactive dog's buffer around each", async () => {
    await putSetting(t.ctx.db, "dogRules", {
      extraDogPriceCents: 0,
      reactiveDogBufferMinutes: 15,
      inHeatGapMinutes: 0,
    });
    await joinAndPay(t, api, 2);
    const made = await create({ ...request(2), reactiveDog: true });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().standing).toMatchObject({ reactive_dog: true, in_heat: false });
    const weeks = await t.ctx.db
      .select()
      .from(reservations)
      .where(
        inArray(
          reservations.id,
          made.json().standing.weeks_list.map((w: { reservation_id: string }) => w.reservation_id),
        ),
      );
    expect(weeks).toHaveLength(2);
    for (const week of weeks) {
      expect(week.reactiveDog).toBe(true);
      expect(week.startsAt.getTime() - week.blockedFrom.getTime()).toBe(15 * 60_000);
    }
    // 16.30–17.00 meets the buffer before 16.6.'s week (the park has no changeover gap); 16.00–16.30 does not.
    await expect(bookAndPay(t, "2026-06-16T16:30:00+03:00", "2026-06-16T17:00:00+03:00")).rejects.toThrow(
      /409/,
    );
    await bookAndPay(t, "2026-06-16T16:00:00+03:00", "2026-06-16T16:30:00+03:00");
  });

  it("cannot be seen or ended by another member", async () => {
    await joinAndPay(t, api, 2);
    const made = await create(request(4));
    expect(made.statusCode).toBe(201);
    const other = asCustomer(t, await logIn(t, "toinen@example.com"));
    const res = await other.post(`/api/v2/reservations/standing/${made.json().standing.id}/end`, {
      from: "2026-06-23",
    });
    expect(res.statusCode).toBe(404);
    expect((await other.get("/api/v2/reservations/standing")).json().standing).toEqual([]);
  });

  it("is listed on the member's admin page and ended there, audited", async () => {
    await joinAndPay(t, api, 2);
    const made = await create(request(8));
    const series = made.json().standing;
    const admin = await signedInAdmin("jasenyydet");
    const me = (await api.get("/api/v2/customers/me")).json();
    const customerId = me.customer?.id ?? me.id;
    const page = await adminRequest(t, admin, "GET", `/members/${customerId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().standing).toEqual([expect.objectContaining({ id: series.id, weeks: 8 })]);

    // Varaukset names a week's series and its member.
    const week = series.weeks_list[1].reservation_id;
    const details = await adminRequest(t, admin, "GET", `/reservations/${week}`);
    expect(details.json().standing).toEqual({
      id: series.id,
      summary: "Joka viikko tiistaisin klo 17.00–18.00",
      customerId,
    });

    // A week the admin cancels leaves the series' event in the member's calendar too.
    const week3 = series.weeks_list[2].reservation_id;
    const cancelled = await adminRequest(t, admin, "POST", `/reservations/${week3}/cancel`, {
      refund: false,
    });
    expect(cancelled.statusCode).toBe(200);
    const cancelMail = (await outboxOf(t, "cancellation")).at(-1)!;
    expect(cancelMail.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      "varaus.ics",
      "vakiovuoro.ics",
    ]);
    expect(cancelMail.attachments[1]!.content).toContain("EXDATE;TZID=Europe/Helsinki:20260630T170000");

    // From Sunday 21.6.: the series' next week is Tuesday 23.6.
    const ended = await adminRequest(t, admin, "POST", `/standing-slots/${series.id}/end`, {
      from: "2026-06-21",
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toMatch(/^Vakiovuoro päättyy ti 23\.6\.2026 alkaen\. 6 varausta peruttiin/);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, series.id));
    expect(audit).toMatchObject({ action: "standing_slot.end", actorEmail: admin.email });
    const endMail = (await outboxOf(t, "standing_slot")).at(-1)!;
    expect(endMail.text).toContain("Puiston ylläpito on päättänyt vakiovuorosi");
    expect(endMail.attachments[0]!.content).toContain("RRULE:FREQ=WEEKLY;COUNT=1");
  });

  it("makes later weeks as the window moves, once, and e-mails the week it could not have", async () => {
    await joinAndPay(t, api, 3);
    const made = await create(request(null));
    expect(made.statusCode).toBe(201);
    // The 60-day window reaches 14.8.: nine Tuesdays from 16.6. to 11.8.
    const first = made.json().standing.weeks_list as Array<{ date: string }>;
    expect(first.map((w) => w.date)).toEqual([...TUESDAYS, "2026-08-11"]);

    // Someone takes 25.8. before the window reaches it.
    t.clock.set("2026-06-28T12:00:00+03:00");
    await bookAndPay(t, "2026-08-25T17:00:00+03:00", "2026-08-25T18:00:00+03:00", {
      email: "muu@example.com",
    });
    // Two servers run the job at once: each week is made once.
    const runs = await Promise.all([fillStandingSlots(t.ctx), fillStandingSlots(t.ctx)]);
    expect(runs.reduce((n, r) => n + r.weeks, 0)).toBe(2);
    expect(await fillStandingSlots(t.ctx)).toEqual({ series: 0, weeks: 0 });

    const [series] = await list();
    const later = series.weeks_list.filter((w: { date: string }) => w.date > "2026-08-11");
    expect(later.map((w: { date: string; status: string }) => [w.date, w.status])).toEqual([
      ["2026-08-18", "booked"],
      ["2026-08-25", "skipped"],
    ]);
    const missed = (await outboxOf(t, "standing_slot")).at(-1)!;
    expect(missed.subject).toBe("Vakiovuoro: viikkoa ei saatu");
    expect(missed.text).toContain("ti 25.8.2026: ei saatu.");
    expect(missed.attachments[0]!.content).toContain("EXDATE;TZID=Europe/Helsinki:20260825T170000");
    expect(missed.attachments[0]!.content).not.toContain("COUNT=");
  });
});
