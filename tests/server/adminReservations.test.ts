import { eq, sql } from "drizzle-orm";
import { SEARCH_PAGE_SIZE } from "../../src/domain/admin/paging.js";
import { auditLog, payments, refunds, reservations } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Varaukset on the real app and database, as an admin signed in at the run's Auth emulator: the
 * day and week lists and the search, a booking's details, the manual booking, cancelling with and
 * without a refund, and blocks (refused over a live booking unless it is cancelled in the same step).
 * Every write leaves its audit-log row.
 */

describe.each(databaseKinds)("admin varaukset (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("varaukset");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);
  const audit = () => t.ctx.db.select().from(auditLog);

  it("lists a week's bookings and blocks, and finds bookings by name or e-mail", async () => {
    await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00", {
      name: "Ansa Asiakas",
      email: "ansa@example.com",
    });
    await bookAndPay(t, "2026-06-18T10:00:00+03:00", "2026-06-18T11:00:00+03:00", {
      name: "Bertta",
      email: "bertta@example.com",
    });
    const week = await as("GET", "/reservations?from=2026-06-15&to=2026-06-21");
    expect(week.statusCode).toBe(200);
    expect(week.json().reservations.map((r: { name: string }) => r.name)).toEqual(["Ansa Asiakas", "Bertta"]);
    expect(week.json().reservations[0]).toMatchObject({
      start: "2026-06-16T10:00:00+03:00",
      paymentStatus: "paid",
    });
    const day = await as("GET", "/reservations?from=2026-06-18&to=2026-06-18");
    expect(day.json().reservations).toHaveLength(1);
    const search = await as("GET", "/reservations?q=ANSA%40");
    expect(search.json().reservations.map((r: { email: string }) => r.email)).toEqual(["ansa@example.com"]);
    expect((await as("GET", "/reservations?q=%25")).json().reservations).toEqual([]);
    expect((await as("GET", "/reservations")).json()).toEqual({
      message: "Anna aikaväli (from ja to) tai hakusana.",
    });
  });

  it("answers a search a page at a time, newest first, saying whether older bookings match", async () => {
    // A long-time customer: 30 bookings a week apart, written as the history bench writes them.
    await t.ctx.db.execute(sql`
      insert into reservations (area_id, starts_at, ends_at, blocked_from, blocked_until, status, name, email,
        price_cents, vat_cents, access_token, door_token, confirmed_at, created_at)
      select a.id, s, s + interval '1 hour', s, s + interval '1 hour', 'confirmed', 'Pitkä Asiakas',
        'pitka@example.com', 1500, 290, 'search-a-' || i, 'search-d-' || i, s, s
      from (select id from areas order by id limit 1) a, generate_series(1, 30) i,
        lateral (select '2024-01-01T10:00:00+02'::timestamptz + i * interval '7 days' as s) w`);
    const first = (await as("GET", "/reservations?q=pitka%40")).json();
    expect(first.search).toEqual({ page: 1, pageSize: SEARCH_PAGE_SIZE, more: true });
    expect(first.reservations).toHaveLength(SEARCH_PAGE_SIZE);
    const starts = (list: { reservations: Array<{ start: string }> }) =>
      list.reservations.map((r) => r.start);
    expect(starts(first)).toEqual([...starts(first)].sort().reverse());
    const second = (await as("GET", "/reservations?q=pitka%40&page=2")).json();
    expect(second.search).toEqual({ page: 2, pageSize: SEARCH_PAGE_SIZE, more: false });
    expect(second.reservations).toHaveLength(30 - SEARCH_PAGE_SIZE);
    // The second page goes on where the first ended: every booking once.
    expect(starts(second)[0]! < starts(first).at(-1)!).toBe(true);
    const ids = [...first.reservations, ...second.reservations].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(30);
    // A date range is not a search: no page.
    expect((await as("GET", "/reservations?from=2024-01-01&to=2024-01-07")).json().search).toBeUndefined();
    const bad = await as("GET", "/reservations?q=pitka&page=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Sivunumero on virheellinen." });
  });

  it("gives each date of the range its opening hours for the calendar views, exceptions and DST included", async () => {
    const closed = await t.app.inject({
      method: "PUT",
      url: "/api/v2/admin/opening-exceptions/2026-10-21",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { opensAt: null, closesAt: null, note: "Suljettu" },
    });
    expect(closed.statusCode).toBe(200);
    const short = await t.app.inject({
      method: "PUT",
      url: "/api/v2/admin/opening-exceptions/2026-10-22",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { opensAt: "10:00", closesAt: "14:00", note: null },
    });
    expect(short.statusCode).toBe(200);
    // The week of the last Sunday of October: summer time ends on the Sunday at 04:00.
    const week = (await as("GET", "/reservations?from=2026-10-19&to=2026-10-25")).json();
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toEqual({
      date: "2026-10-19",
      opens: "2026-10-19T06:00:00+03:00",
      closes: "2026-10-19T22:00:00+03:00",
    });
    expect(week.days[2]).toEqual({ date: "2026-10-21", opens: null, closes: null });
    expect(week.days[3]).toMatchObject({
      opens: "2026-10-22T10:00:00+03:00",
      closes: "2026-10-22T14:00:00+03:00",
    });
    expect(week.days[6]).toEqual({
      date: "2026-10-25",
      opens: "2026-10-25T06:00:00+02:00",
      closes: "2026-10-25T22:00:00+02:00",
    });
    expect((await as("GET", "/reservations?q=ansa")).json().days).toEqual([]);
  });

  it("shows a booking's payments and gate events", async () => {
    const { reservation } = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const res = await as("GET", `/reservations/${reservation.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payments).toEqual([expect.objectContaining({ status: "paid", amountCents: 1500 })]);
    expect(res.json().doorEvents).toEqual([]);
    expect(res.json().doorUrl).toBe(`${t.ctx.config.publicUrl}/avaa/${reservation.doorToken}`);
    expect((await as("GET", "/reservations/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("makes a manual booking without payment, refusing a taken slot", async () => {
    const body = {
      start: "2026-06-16T12:00:00+03:00",
      end: "2026-06-16T13:30:00+03:00",
      name: "Puhelinvaraus",
      email: "Soittaja@Example.com",
      dogs: 1,
    };
    const res = await as("POST", "/reservations", body);
    expect(res.statusCode).toBe(201);
    expect(res.json().reservation).toMatchObject({
      status: "confirmed",
      kind: "admin",
      priceCents: 0,
      email: "soittaja@example.com",
      paymentStatus: null,
    });
    const taken = await as("POST", "/reservations", body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/varattu/);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: "reservation.create",
      entity: "reservation",
      entityId: res.json().reservation.id,
      before: null,
    });
    expect(entry!.after).toMatchObject({ kind: "admin", status: "confirmed" });
    // The visitor's name, e-mail, phone and the link secrets are not copied into the log (issue 31).
    for (const personal of ["name", "email", "phone", "accessToken", "doorToken"])
      expect(entry!.after).not.toHaveProperty(personal);
  });

  it("e-mails a manual booking's customer its confirmation with the door link, which its details show", async () => {
    const body = {
      start: "2026-06-17T12:00:00+03:00",
      end: "2026-06-17T13:00:00+03:00",
      name: "Puhelinvaraus",
      email: "Soittaja@Example.com",
      dogs: 2,
      reactiveDog: true,
    };
    const res = await as("POST", "/reservations", body);
    expect(res.statusCode).toBe(201);
    const id = res.json().reservation.id as string;
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, id));
    const doorUrl = `${t.ctx.config.publicUrl}/avaa/${row!.doorToken}`;
    // Queued in the outbox with the booking and sent after its commit, like any booking's.
    const mails = await outboxOf(t, "admin_booking");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "soittaja@example.com",
      subject: "Varaus vahvistettu: ke 17.6.2026 klo 12.00–13.00",
      status: "sent",
    });
    expect(mails[0]!.text).toContain("Hei Puhelinvaraus,");
    expect(mails[0]!.text).toContain(`Portin avaus: ${doorUrl}`);
    expect(mails[0]!.text).toContain("Huomioitavaa: reaktiivinen koira.");
    expect(mails[0]!.text).toContain(`/oma-varaus?varaus=${row!.accessToken}`);
    expect(mails[0]!.text).not.toMatch(/Maksu/);
    expect(mails[0]!.attachments).toEqual([expect.objectContaining({ filename: "varaus.ics" })]);
    // A refused booking mails no one.
    expect((await as("POST", "/reservations", body)).statusCode).toBe(409);
    expect(await outboxOf(t, "admin_booking")).toHaveLength(1);

    // Its panel's details give the same door link, while it is confirmed.
    const details = await as("GET", `/reservations/${id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().doorUrl).toBe(doorUrl);
    expect((await as("POST", `/reservations/${id}/cancel`, { refund: false })).statusCode).toBe(200);
    expect((await as("GET", `/reservations/${id}`)).json().doorUrl).toBeNull();
  });

  it("cancels with a refund (recorded and sent) or without one, e-mailing the visitor either way", async () => {
    const first = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const refunded = await as("POST", `/reservations/${first.reservation.id}/cancel`, { refund: true });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toMatch(/^Varaus peruttu\. 15,00\s€ palautetaan maksutavalle\.$/);
    const [refund] = await t.ctx.db.select().from(refunds);
    expect(refund).toMatchObject({ amountCents: 1500, reason: "admin_cancel" });

    const second = await bookAndPay(t, "2026-06-16T12:00:00+03:00", "2026-06-16T13:00:00+03:00");
    const kept = await as("POST", `/reservations/${second.reservation.id}/cancel`, { refund: false });
    expect(kept.json()).toMatchObject({ message: "Varaus peruttu.", reservation: { status: "cancelled" } });
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, second.reservation.id));
    expect(payment!.status).toBe("paid");
    const mails = await outboxOf(t, "cancellation");
    expect(mails.map((m) => m.text).join("\n")).toContain("Maksua ei palauteta.");

    expect(
      (await as("POST", `/reservations/${second.reservation.id}/cancel`, { refund: false })).statusCode,
    ).toBe(409);
    expect((await audit()).map((a) => a.action)).toEqual([
      "reservation.cancel_with_refund",
      "reservation.cancel",
    ]);
  });

  it("refuses a block over a live booking, then cancels that booking in the same step", async () => {
    const { reservation } = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const block = {
      areaId: null,
      start: "2026-06-16T08:00:00+03:00",
      end: "2026-06-16T12:00:00+03:00",
      reason: "Aidan huolto",
    };
    const refused = await as("POST", "/blocks", block);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining("voimassa oleva varaus"),
      conflicts: [{ id: reservation.id }],
    });
    expect(await audit()).toEqual([]);

    const made = await as("POST", "/blocks", { ...block, cancelReservationIds: [reservation.id] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      cancelledReservations: 1,
      block: { areaId: null, reason: "Aidan huolto" },
    });
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row!.status).toBe("cancelled");
    expect((await audit()).map((a) => a.action)).toEqual(["reservation.cancel_with_refund", "block.create"]);

    // The public calendar shows the time closed at once.
    const day = await availabilityOf(t, "2026-06-16");
    const at = (time: string) => day.days[0]!.slots.find((s) => s.start === `2026-06-16T${time}:00+03:00`)!;
    expect(at("10:00").status).toBe("closed");
    expect(at("13:00").status).toBe("free");
    const checkout = await t.app.inject({
      method: "GET",
      url: "/api/v2/reservations/quote?start=2026-06-16T10:00:00%2B03:00&end=2026-06-16T11:00:00%2B03:00",
    });
    expect(checkout.json().available).toBe(false);

    const listed = await as("GET", "/reservations?from=2026-06-16&to=2026-06-16");
    const blockId = listed.json().blocks[0].id;
    expect((await as("DELETE", `/blocks/${blockId}`)).statusCode).toBe(200);
    expect((await as("DELETE", `/blocks/${blockId}`)).statusCode).toBe(404);
    expect((await audit()).at(-1)).toMatchObject({ action: "block.delete", entityId: String(blockId) });
  });

  it("refuses a block that ends before it starts", async () => {
    const res = await as("POST", "/blocks", {
      areaId: null,
      start: "2026-06-16T12:00:00+03:00",
      end: "2026-06-16T11:00:00+03:00",
      reason: "x",
    });
    expect(res.json()).toEqual({ message: "Sulun lopun on oltava alun jälkeen." });
  });
});
