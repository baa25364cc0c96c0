import { sql } from "drizzle-orm";
import { auditLog, payments } from "../../src/server/db/schema.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { helsinkiDate } from "../../src/domain/helsinkiTime.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Ostokset on the real app and database: the filtered list, a refund, and the CSV. A payment's
 * creation time is the database's own clock, so the date filters use today's date.
 */
const today = helsinkiDate(new Date());
const tomorrow = helsinkiDate(new Date(Date.now() + 86_400_000));

describe.each(databaseKinds)("admin ostokset (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("ostokset");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST", url: string) =>
    t.app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${admin.token}` } });

  it("lists payments with filters, refunds one once, and audits the refund", async () => {
    const paid = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00", {
      name: "Ansa",
      email: "ansa@example.com",
    });
    await holdSlot(t, "2026-06-16T12:00:00+03:00", "2026-06-16T13:00:00+03:00", { paymentMethod: "card" });

    const all = (await as("GET", `/purchases?from=${today}&to=${today}`)).json();
    expect(all.purchases).toHaveLength(2);
    expect(all.providers).toEqual(["demo"]);
    expect(all.totals).toEqual({ paidCents: 1500, refundedCents: 0 });
    const onlyPaid = (await as("GET", "/purchases?status=paid")).json();
    expect(onlyPaid.purchases).toEqual([
      expect.objectContaining({
        status: "paid",
        payerEmail: "ansa@example.com",
        kind: "reservation",
        reservationId: paid.reservation.id,
      }),
    ]);
    expect((await as("GET", "/purchases?method=card")).json().purchases).toHaveLength(1);
    expect((await as("GET", `/purchases?from=${tomorrow}`)).json().purchases).toEqual([]);
    expect((await as("GET", "/purchases?status=lost")).statusCode).toBe(400);

    const paymentId = onlyPaid.purchases[0].id;
    const refunded = await as("POST", `/purchases/${paymentId}/refund`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toMatch(/^15,00\s€ palautettu\.$/);
    expect(refunded.json().purchase).toMatchObject({
      status: "refunded",
      refundedCents: 1500,
      refund: { status: "succeeded", reason: "admin_refund" },
    });
    expect((await as("POST", `/purchases/${paymentId}/refund`)).json()).toEqual({
      message: "Vain maksetun maksun voi palauttaa.",
    });
    const pendingId = all.purchases.find((p: { status: string }) => p.status === "pending").id;
    expect((await as("POST", `/purchases/${pendingId}/refund`)).statusCode).toBe(409);

    const audit = await t.ctx.db.select().from(auditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "payment.refund",
        entity: "payment",
        entityId: paymentId,
        actorEmail: admin.email,
      }),
    ]);
    expect(audit[0]!.before).toMatchObject({ status: "paid", amountCents: 1500 });
  });

  it("exports the list as CSV for a Finnish spreadsheet", async () => {
    await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00", {
      name: 'Ansa "Aa"; Asiakas',
    });
    const res = await as("GET", "/purchases.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="ostokset.csv"');
    const [header, row] = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe("Aika;Maksettu;Mitä;Maksaja;Sähköposti;Palvelu;Tapa;Tila;Summa €;ALV €;Palautettu €");
    expect(row).toContain(';"Ansa ""Aa""; Asiakas";');
    // Statuses and methods in Finnish (domain/admin/labels.ts), never the codes.
    expect(row).toMatch(/;(MobilePay|Kortti);Maksettu;15,00;3,05;0,00$/);
    expect(row).not.toMatch(/;(paid|card|mobilepay);/);
    expect(await t.ctx.db.select().from(payments)).toHaveLength(1);
  });

  it("lists and exports the last 30 days when no dates are named, with that window's sums", async () => {
    // The test clock's today is 2026-06-15 (Helsinki): the default window is 2026-05-17…2026-06-15.
    await t.ctx.db.execute(sql`
      insert into payments (provider, method, amount_cents, vat_cents, status, refunded_cents, created_at)
      values ('demo', 'card', 1000, 194, 'paid', 0, '2026-05-16T23:59:00+03:00'),
        ('demo', 'card', 2000, 387, 'paid', 0, '2026-05-17T00:01:00+03:00'),
        ('demo', 'card', 4000, 774, 'refunded', 4000, '2026-06-15T11:00:00+03:00')`);
    const recent = (await as("GET", "/purchases")).json();
    expect(recent).toMatchObject({
      from: "2026-05-17",
      to: "2026-06-15",
      total: 2,
      totals: { paidCents: 6000, refundedCents: 4000 },
    });
    expect(recent.purchases.map((p: { amountCents: number }) => p.amountCents)).toEqual([4000, 2000]);
    // Dates named: what they cover, the older payment too; `to` alone reads the 30 days up to it.
    expect((await as("GET", "/purchases?from=2026-05-01&to=2026-06-15")).json()).toMatchObject({
      from: "2026-05-01",
      to: "2026-06-15",
      total: 3,
      totals: { paidCents: 7000, refundedCents: 4000 },
    });
    expect((await as("GET", "/purchases?to=2026-05-31")).json()).toMatchObject({
      from: "2026-05-02",
      to: "2026-05-31",
      total: 2,
    });
    const csvRows = async (url: string) =>
      (await as("GET", url)).body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .slice(1, -1);
    expect(await csvRows("/purchases.csv")).toHaveLength(2);
    expect(await csvRows("/purchases.csv?from=2026-05-01")).toHaveLength(3);
  });

  it("pages the list with the count and sums of every matching payment, and streams them all as CSV", async () => {
    // 1,234 payments of 10 € (every 10th refunded in full) written straight into the schema, a second apart.
    await t.ctx.db.execute(sql`
      insert into payments (provider, method, amount_cents, vat_cents, status, refunded_cents, created_at)
      select 'demo', 'card', 1000, 194, case when i % 10 = 0 then 'refunded' else 'paid' end,
        case when i % 10 = 0 then 1000 else 0 end, now() - make_interval(secs => i)
      from generate_series(1, 1234) i`);
    const first = (await as("GET", "/purchases")).json();
    expect(first).toMatchObject({
      total: 1234,
      page: 1,
      pageSize: 100,
      totals: { paidCents: 1_234_000, refundedCents: 123_000 },
    });
    expect(first.purchases).toHaveLength(100);
    const last = (await as("GET", "/purchases?page=13")).json();
    expect(last.purchases).toHaveLength(34);
    expect(last.totals).toEqual(first.totals);
    const seen = new Set([...first.purchases, ...last.purchases].map((p: { id: string }) => p.id));
    expect(seen.size).toBe(134);
    const refunded = (await as("GET", "/purchases?status=refunded&page=2")).json();
    expect(refunded).toMatchObject({
      total: 123,
      page: 2,
      totals: { paidCents: 123_000, refundedCents: 123_000 },
    });
    expect(refunded.purchases).toHaveLength(23);
    expect((await as("GET", "/purchases?page=0")).json()).toEqual({
      message: "Virheellinen pyyntö: page: Sivunumero on virheellinen.",
    });

    const csv = await as("GET", "/purchases.csv?status=paid");
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
    expect(rows).toHaveLength(1111);
    expect(new Set(rows).size).toBe(1111);
    expect(rows.every((r) => r.endsWith(";Maksettu;10,00;1,94;0,00"))).toBe(true);
  });
});
