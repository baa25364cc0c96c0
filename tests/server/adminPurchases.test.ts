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
});
