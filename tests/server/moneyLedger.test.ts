import { eq } from "drizzle-orm";
import { publicReservationSchema, rescheduleResponseSchema } from "../../src/domain/booking.js";
import { paymentsOf } from "../../src/domain/ledger.js";
import { emailOutbox, payments, refunds, reservations } from "../../src/server/schema/index.js";
import { moneyOf } from "../../src/server/ledger/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, pressDemoButton } from "../support/booking.js";
import { addDiscountCode } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * The reproductions of issue 30 on the real app and database (decision 038): every refund is what
 * the booking's ledger says is owed back, whichever row a payment was started for, and the
 * visitor's answer adds up every payment.
 */

const at = (day: string, hhmm: string) => `2026-06-${day}T${hhmm}:00+03:00`;
const demoPath = (redirectUrl: string) => new URL(redirectUrl, "http://x").pathname;

describe.each(databaseKinds)("the money ledger on %s", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("ledger");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const move = (token: string, start: string, end: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${token}/reschedule`,
      payload: { start, end },
    });
  /** A dearer move whose difference is paid on the demo page. */
  const moveAndPay = async (token: string, start: string, end: string) => {
    const res = await move(token, start, end);
    expect(res.statusCode).toBe(202);
    const body = rescheduleResponseSchema.parse(res.json());
    const paid = await pressDemoButton(t, demoPath(body.payment!.redirectUrl), "approve", "card");
    expect(paid.statusCode).toBe(303);
    return body.payment!.differenceCents;
  };
  const visitorView = async (token: string) =>
    publicReservationSchema.parse(
      (await t.app.inject({ method: "GET", url: `/api/v2/reservations/by-token/${token}` })).json()
        .reservation,
    );
  const ledgerOf = (reservationId: string) => moneyOf(t.ctx.db, { reservationId });

  it("a cheaper move after a paid dearer move gives back the whole difference (18,00 €), from the move's payment", async () => {
    const { checkout, reservation } = await bookAndPay(t, at("20", "10:00"), at("20", "10:30"), { dogs: 1 });
    const token = checkout.reservation.accessToken;
    expect((await ledgerOf(reservation.id)).balance).toMatchObject({
      chargedCents: 900,
      paidCents: 900,
      dueCents: 0,
    });

    expect(await moveAndPay(token, at("20", "14:00"), at("20", "16:00"))).toBe(1800);
    expect((await ledgerOf(reservation.id)).balance).toMatchObject({
      chargedCents: 2700,
      paidCents: 2700,
      dueCents: 0,
    });
    // The visitor's answer adds up both payments: 27,00 € paid for a 27,00 € booking.
    expect((await visitorView(token)).money).toMatchObject({
      chargedCents: 2700,
      paidCents: 2700,
      dueCents: 0,
    });

    const back = await move(token, at("20", "10:00"), at("20", "10:30"));
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe(
      "Varaus siirretty: la 20.6.2026 klo 10.00–10.30. Palautamme 18,00\u00a0€ maksutavallesi.",
    );
    const { entries, balance } = await ledgerOf(reservation.id);
    expect(balance).toMatchObject({ chargedCents: 900, paidCents: 2700, refundedCents: 1800, dueCents: 0 });
    // The move's own payment went back first; the booking's first payment is untouched.
    const [first, difference] = paymentsOf(entries);
    expect(first).toMatchObject({ paidCents: 900, refundedCents: 0 });
    expect(difference).toMatchObject({ paidCents: 1800, refundedCents: 1800 });
    // The hold the difference was paid for owns no money.
    const [hold] = await t.ctx.db.select().from(reservations).where(eq(reservations.moveOf, reservation.id));
    expect((await moneyOf(t.ctx.db, { reservationId: hold!.id })).entries).toEqual([]);

    // Cancelled: the rest (9,00 €) goes back too; 27,00 € paid, 27,00 € returned.
    const cancelled = await t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
    expect(cancelled.json().message).toBe("Varaus peruttu. Palautamme 9,00\u00a0€ maksutavallesi.");
    expect((await ledgerOf(reservation.id)).balance).toMatchObject({
      chargedCents: 0,
      paidCents: 2700,
      refundedCents: 2700,
      dueCents: 0,
    });
  });

  it("with a discount code: the move's difference is after the discount, and every sum adds up", async () => {
    await addDiscountCode(t);
    const { checkout, reservation } = await bookAndPay(t, at("20", "10:00"), at("20", "11:00"), {
      dogs: 1,
      discountCode: "KEVAT10",
    });
    const token = checkout.reservation.accessToken;
    expect((await ledgerOf(reservation.id)).balance).toMatchObject({ chargedCents: 1350, paidCents: 1350 });
    // 2 h is 27,00 € less 10 % = 24,30 €: 10,80 € more.
    expect(await moveAndPay(token, at("20", "14:00"), at("20", "16:00"))).toBe(1080);
    expect((await visitorView(token)).money).toMatchObject({
      chargedCents: 2430,
      paidCents: 2430,
      dueCents: 0,
    });
    expect((await visitorView(token)).payment).toMatchObject({ amountCents: 2430, refundedCents: 0 });

    expect((await move(token, at("20", "10:00"), at("20", "11:00"))).json().message).toMatch(
      /Palautamme 10,80\u00a0€ maksutavallesi\.$/,
    );
    await t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
    const view = await visitorView(token);
    expect(view.money).toMatchObject({ chargedCents: 0, paidCents: 2430, refundedCents: 2430, dueCents: 0 });
    expect(view.payment).toMatchObject({ refundedCents: 2430, refundPendingCents: 0 });
  });

  it("an admin's partial refund lowers what is owed, and a cancel later gives back only the rest, e-mailing both", async () => {
    const { checkout, reservation } = await bookAndPay(t, at("20", "10:00"), at("20", "11:00"), { dogs: 1 });
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, reservation.id));
    const refund = (body: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/v2/admin/purchases/${payment!.id}/refund`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: body,
      });
    const part = await refund({ amountCents: 500 });
    expect(part.statusCode).toBe(200);
    expect(part.json().message).toMatch(/^5,00\s€ palautettu\.$/);
    expect((await ledgerOf(reservation.id)).balance).toMatchObject({
      chargedCents: 1000,
      paidCents: 1500,
      refundedCents: 500,
      dueCents: 0,
    });
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "refund"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Palautamme 5,00\s€ maksutavallesi\. Palautus näkyy tililläsi/);

    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
    });
    expect(cancelled.json().message).toBe("Varaus peruttu. Palautamme 10,00\u00a0€ maksutavallesi.");
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(rows.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([500, 1000]);
    expect((await ledgerOf(reservation.id)).balance).toMatchObject({
      chargedCents: 0,
      refundedCents: 1500,
      dueCents: 0,
    });
    // Nothing is left to give back: a second refund is refused, and nothing is recorded.
    expect((await refund({})).json()).toEqual({ message: "Maksulle on jo tehty palautus." });
  });
});
