import { sql } from "drizzle-orm";
import { auditLog, payments } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot, postCheckout } from "../support/booking.js";
import { addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { helsinkiDate } from "../../src/domain/helsinkiTime.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Ostokset on the real app and database: the filtered list, a refund, and the CSV. A payment's
 * creation time is the database's own clock, so the date filters use today's date.
 */
const today = helsinkiDate(new Date());
const tomorrow = helsinkiDate(new Date(Date.now() + 86_400_000));
// Saturday, far enough from the test clock's Monday for the visitor to cancel it.
const SATURDAY = ["2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00"] as const;

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

  const as = (method: "GET" | "POST", url: string, payload?: object) =>
    adminRequest(t, admin, method, url, payload);

  /**
   * Payments written straight into the schema get their money in the ledger as the app writes it
   * (decision 038): paid ones their payment entry, refunded ones a refund row and its entry, all
   * owned by one old booking (a ledger entry always has an owner).
   */
  async function recordInLedger() {
    await t.ctx.db.execute(sql`
      insert into reservations (area_id, starts_at, ends_at, blocked_from, blocked_until, status, name, email,
        price_cents, vat_cents, access_token, door_token, confirmed_at)
      select id, '2026-04-01T10:00:00+03:00', '2026-04-01T11:00:00+03:00', '2026-04-01T10:00:00+03:00',
        '2026-04-01T11:00:00+03:00', 'confirmed', 'Vanha', 'vanha@example.com', 0, 0, 'raw-access', 'raw-door',
        '2026-04-01T09:00:00+03:00'
      from areas order by id limit 1`);
    await t.ctx.db.execute(sql`
      insert into refunds (payment_id, amount_cents, reason, status, created_at)
      select id, refunded_cents, 'customer_cancel', 'succeeded', created_at from payments where refunded_cents > 0`);
    await t.ctx.db.execute(sql`
      insert into ledger_entries (reservation_id, kind, amount_cents, vat_cents, payment_id, method, provider, created_at)
      select (select id from reservations where access_token = 'raw-access'), 'payment', amount_cents, vat_cents,
        id, method, provider, created_at
      from payments where status in ('paid', 'refunded')`);
    await t.ctx.db.execute(sql`
      insert into ledger_entries (reservation_id, kind, amount_cents, payment_id, refund_id, method, provider,
        reason, created_at)
      select (select id from reservations where access_token = 'raw-access'), 'refund', f.amount_cents,
        f.payment_id, f.id, p.method, p.provider, f.reason, f.created_at
      from refunds f join payments p on p.id = f.payment_id`);
  }

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
    expect(onlyPaid.purchases[0]).toMatchObject({
      paidCents: 1500,
      refundedCents: 0,
      refundableCents: 1500,
      refunds: [],
    });
    const refunded = await as("POST", `/purchases/${paymentId}/refund`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toMatch(/^15,00\s€ palautettu\.$/);
    expect(refunded.json().purchase).toMatchObject({
      status: "refunded",
      refundedCents: 1500,
      refundableCents: 0,
      refunds: [{ amountCents: 1500, to: "provider", status: "succeeded", reason: "admin_refund" }],
    });
    expect((await as("POST", `/purchases/${paymentId}/refund`)).json()).toEqual({
      message: "Maksulle on jo tehty palautus.",
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
    expect(header).toBe(
      "Aika;Maksettu;Mitä;Maksaja;Sähköposti;Palvelu;Tapa;Tila;Summa €;josta lahjakortilla €;ALV €;Palautettu €",
    );
    expect(row).toContain(';"Ansa ""Aa""; Asiakas";');
    // Statuses and methods in Finnish (domain/admin/labels.ts), never the codes.
    expect(row).toMatch(/;(MobilePay|Kortti);Maksettu;"15,00";"0,00";"3,05";"0,00"$/);
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
    await recordInLedger();
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
    await recordInLedger();
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
      message: "Sivunumero on virheellinen.",
    });

    const csv = await as("GET", "/purchases.csv?status=paid");
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
    expect(rows).toHaveLength(1111);
    expect(new Set(rows).size).toBe(1111);
    expect(rows.every((r) => r.endsWith(';Maksettu;"10,00";"0,00";"1,94";"0,00"'))).toBe(true);
  });
  const cancelByVisitor = (accessToken: string) =>
    t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${accessToken}` });
  const csvRowsOf = async (url: string) =>
    (await as("GET", url)).body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
  const sumOf = (rows: Array<Record<string, number>>, key: string) => rows.reduce((s, r) => s + r[key]!, 0);

  it("adds up two refunds of one payment (an admin's part, then a cancel) alike in the row, the totals and the CSV", async () => {
    const { checkout } = await bookAndPay(t, ...SATURDAY);
    const [row] = (await as("GET", "/purchases")).json().purchases;
    const tooMuch = await as("POST", `/purchases/${row.id}/refund`, { amountCents: 1501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: "Maksusta voi palauttaa enintään 15,00\u00a0€." });
    const part = await as("POST", `/purchases/${row.id}/refund`, { amountCents: 500 });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({
      message: "5,00\u00a0€ palautettu.",
      purchase: { status: "paid", refundedCents: 500, refundableCents: 1000 },
    });
    // The booking stays; cancelled later, what is left of the payment goes back, and no more.
    const cancelled = await cancelByVisitor(checkout.reservation.accessToken);
    expect(cancelled.json().message).toBe("Varaus peruttu. Palautamme 10,00\u00a0€ maksutavallesi.");

    const list = (await as("GET", "/purchases")).json();
    expect(list.purchases).toEqual([
      expect.objectContaining({
        status: "refunded",
        paidCents: 1500,
        refundedCents: 1500,
        refundableCents: 0,
        refunds: [
          {
            amountCents: 500,
            to: "provider",
            status: "succeeded",
            reason: "admin_refund",
            createdAt: expect.any(String),
          },
          {
            amountCents: 1000,
            to: "provider",
            status: "succeeded",
            reason: "customer_cancel",
            createdAt: expect.any(String),
          },
        ],
      }),
    ]);
    expect(list.totals).toEqual({ paidCents: 1500, refundedCents: 1500 });
    expect(list.totals).toEqual({
      paidCents: sumOf(list.purchases, "paidCents"),
      refundedCents: sumOf(list.purchases, "refundedCents"),
    });
    const [csv] = await csvRowsOf("/purchases.csv");
    expect(csv).toMatch(/;Palautettu;"15,00";"0,00";"3,05";"15,00"$/);
    expect((await as("POST", `/purchases/${row.id}/refund`)).json()).toEqual({
      message: "Maksulle on jo tehty palautus.",
    });
  });

  it("reads a payment a gift card paid in full as Lahjakortti, and offers its share back to the card only while it is there", async () => {
    const card = await addGiftCard(t, 5000);
    const res = await postCheckout(t, ...SATURDAY, { giftCardCode: card.printed });
    expect(res.statusCode).toBe(201);
    const [row] = (await as("GET", "/purchases")).json().purchases;
    expect(row).toMatchObject({
      provider: "gift_card",
      method: "gift_card",
      status: "paid",
      amountCents: 0,
      paidCents: 1500,
      giftCardCents: 1500,
      refundedCents: 0,
      refundableCents: 1500,
    });
    expect(await csvRowsOf("/purchases.csv")).toEqual([
      expect.stringMatching(/;Lahjakortti;Lahjakortti;Maksettu;"15,00";"15,00";"0,00";"0,00"$/),
    ]);
    // The method filter reads it as the list does: a gift card's, not the form's card or MobilePay.
    expect((await as("GET", "/purchases?method=gift_card")).json().purchases).toHaveLength(1);
    expect((await as("GET", "/purchases?method=mobilepay")).json().purchases).toEqual([]);

    const cancelled = await cancelByVisitor(res.json().reservation.accessToken);
    expect(cancelled.json().message).toBe("Varaus peruttu. Lahjakortillesi palautettiin 15,00\u00a0€.");
    const list = (await as("GET", "/purchases")).json();
    expect(list.purchases).toEqual([
      expect.objectContaining({
        method: "gift_card",
        paidCents: 1500,
        refundedCents: 1500,
        refundableCents: 0,
        refunds: [expect.objectContaining({ amountCents: 1500, to: "gift_card", status: "succeeded" })],
      }),
    ]);
    expect(list.totals).toEqual({ paidCents: 1500, refundedCents: 1500 });
    expect(await csvRowsOf("/purchases.csv")).toEqual([
      expect.stringMatching(/;Lahjakortti;Lahjakortti;Maksettu;"15,00";"15,00";"0,00";"15,00"$/),
    ]);
    const again = await as("POST", `/purchases/${row.id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Maksulle on jo tehty palautus." });
  });
});
