import { and, eq } from "drizzle-orm";
import { rescheduleResponseSchema } from "../../src/domain/booking.js";
import { payments, refunds, reservationMoves, reservations } from "../../src/server/schema/index.js";
import { financeReport } from "../../src/server/finance/report.js";
import { applyPaymentOutcome } from "../../src/server/paymentOutcomes/fulfilment.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, bookAndPay, outboxOf, postCheckout, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/*
 * A visitor's move to a dearer time (decision 026) on the real app and database: the new slot is
 * held and the difference paid through the demo provider and the one payment-outcome dispatcher;
 * the booking swaps only when paid, stays when the payment is cancelled, and a payment that comes
 * after the hold's slot went to someone else is refunded once.
 */

const at = (day: string, hhmm: string) => `2026-06-${day}T${hhmm}:00+03:00`;
const START = at("20", "10:00"); // Saturday; the test clock is Monday 15 June 12:00
const END = at("20", "11:00");
const NEW_START = at("20", "14:00");
const NEW_END = at("20", "16:00"); // two hours: 27,00 € against the hour's 15,00 €

describe.each(databaseKinds)("moving a booking to a dearer time on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const move = (token: string, start = NEW_START, end = NEW_END) =>
    t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${token}/reschedule`,
      payload: { start, end },
    });
  const rowOf = async (id: string) =>
    (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const holdsOf = (id: string) => t.ctx.db.select().from(reservations).where(eq(reservations.moveOf, id));
  const paymentOf = async (holdId: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reservationId, holdId)))[0]!;
  const slotStatus = async (start: string) =>
    (await availabilityOf(t, start.slice(0, 10))).days[0]!.slots.find((s) => s.start === start)?.status;
  const demoPath = (redirectUrl: string) => new URL(redirectUrl, "http://x").pathname;

  it("holds the new slot, keeps the booking until paid, then swaps it: price, payments, door link, .ics", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    const res = await move(token);
    expect(res.statusCode).toBe(202);
    const body = rescheduleResponseSchema.parse(res.json());
    expect(body.payment).toMatchObject({ differenceCents: 1200, holdExpiresAt: "2026-06-15T12:15:00+03:00" });
    expect(body.message).toMatch(/maksaa 12,00\u00a0€ enemmän/);
    // Not moved yet: the booking is where it was, confirmed, and both slots are out of others' reach.
    expect(body.reservation).toMatchObject({ start: START, end: END, status: "confirmed", priceCents: 1500 });
    expect(await rowOf(reservation.id)).toEqual(reservation);
    expect(await slotStatus(START)).toBe("taken");
    expect(await slotStatus(NEW_START)).not.toBe("free");
    expect((await postCheckout(t, NEW_START, NEW_END, { email: "muu@example.com" })).statusCode).toBe(409);
    const [hold] = await holdsOf(reservation.id);
    expect(hold).toMatchObject({ status: "pending", priceCents: 1200, customerId: null });
    expect(await paymentOf(hold!.id)).toMatchObject({ status: "pending", amountCents: 1200, vatCents: 244 });

    const paid = await pressDemoButton(t, demoPath(body.payment!.redirectUrl), "approve", "card");
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/oma-varaus?varaus=${encodeURIComponent(token)}&siirto=success`);

    const moved = await rowOf(reservation.id);
    expect(moved).toMatchObject({
      startsAt: new Date(NEW_START),
      endsAt: new Date(NEW_END),
      status: "confirmed",
      priceCents: 2700,
      vatCents: 549,
      sequence: 1,
      accessToken: reservation.accessToken,
      doorToken: reservation.doorToken,
      reminderSentAt: null,
    });
    expect(await rowOf(hold!.id)).toMatchObject({ status: "cancelled", cancelReason: "move_paid" });
    // Two payments, each its own sale with its VAT: the booking's 15,00 € and the difference's 12,00 €.
    expect(await paymentOf(reservation.id)).toMatchObject({ status: "paid", amountCents: 1500 });
    expect(await paymentOf(hold!.id)).toMatchObject({ status: "paid", amountCents: 1200, vatCents: 244 });
    expect(
      await t.ctx.db
        .select()
        .from(reservationMoves)
        .where(eq(reservationMoves.reservationId, reservation.id)),
    ).toEqual([expect.objectContaining({ fromPriceCents: 1500, toPriceCents: 2700, movedBy: "visitor" })]);
    expect(await slotStatus(START)).toBe("free");
    expect(await slotStatus(NEW_START)).toBe("taken");

    const door = await t.app.inject({ method: "GET", url: `/api/v2/door/${reservation.doorToken}` });
    expect(door.json()).toMatchObject({ start: NEW_START, end: NEW_END });
    const [mail] = await outboxOf(t, "reservation_move");
    expect(mail!.text).toContain("lisämaksu 12,00\u00a0€ on maksettu");
    expect(mail!.attachments[0]!.content).toContain(`UID:${reservation.id}@koirapuisto`);
    expect(mail!.attachments[0]!.content).toContain("SEQUENCE:1");

    // The page shows the moved booking; a second press of Maksa changes nothing.
    const shown = await t.app.inject({ method: "GET", url: `/api/v2/reservations/by-token/${token}` });
    expect(shown.json().reservation).toMatchObject({ start: NEW_START, priceCents: 2700 });
    await applyPaymentOutcome(t.ctx, {
      outcome: "paid",
      payment: { provider: "demo", paymentId: (await paymentOf(hold!.id)).id },
    });
    expect((await rowOf(reservation.id)).sequence).toBe(1);
    expect(await outboxOf(t, "reservation_move")).toHaveLength(1);

    // Talous counts the two payments' sales once: 27,00 € with the VAT of 27,00 €, not that VAT
    // plus the difference's again.
    const report = await financeReport(t.ctx, { from: "2026-06-01", to: "2026-06-30", groupBy: "day" });
    expect(report.totals).toMatchObject({ salesCents: 2700, vatCents: 549 });

    // Cancelled later, both payments come back: the booking's and the difference's.
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${token}`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe("Varaus peruttu. Palautamme 27,00\u00a0€ maksutavallesi.");
    const back = await t.ctx.db.select().from(refunds);
    expect(back.map((r) => r.amountCents).sort()).toEqual([1200, 1500]);
  });

  it("leaves the booking as it was when the payment is cancelled, and the new slot free again", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    const body = rescheduleResponseSchema.parse((await move(token)).json());
    const back = await pressDemoButton(t, demoPath(body.payment!.redirectUrl), "cancel");
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/oma-varaus?varaus=${encodeURIComponent(token)}&siirto=cancelled`);
    expect(await rowOf(reservation.id)).toEqual(reservation);
    const [hold] = await holdsOf(reservation.id);
    expect(hold).toMatchObject({ status: "cancelled", cancelReason: "payment_cancelled" });
    expect(await paymentOf(hold!.id)).toMatchObject({ status: "cancelled" });
    expect(await slotStatus(NEW_START)).toBe("free");
    expect((await postCheckout(t, NEW_START, NEW_END, { email: "muu@example.com" })).statusCode).toBe(201);
    expect(await outboxOf(t, "reservation_move")).toEqual([]);
  });

  it("lets exactly one of a dearer move and a walk-in checkout take the slot", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const [moved, walkIn] = await Promise.all([
      move(checkout.reservation.accessToken),
      postCheckout(t, NEW_START, NEW_END, { email: "uusi@example.com" }),
    ]);
    expect([moved.statusCode, walkIn.statusCode].sort()).toEqual(
      moved.statusCode === 202 ? [202, 409] : [201, 409],
    );
    const live = (await t.ctx.db.select().from(reservations)).filter(
      (r) => r.status === "pending" && r.startsAt.getTime() === new Date(NEW_START).getTime(),
    );
    expect(live).toHaveLength(1);
    expect(await rowOf(reservation.id)).toEqual(reservation);
  });

  it("lets one of two bookings' dearer moves hold one slot, and a newer move replace a booking's hold", async () => {
    const a = await bookAndPay(t, START, END);
    const b = await bookAndPay(t, at("20", "12:00"), at("20", "13:00"), { email: "muu@example.com" });
    const results = await Promise.all([
      move(a.checkout.reservation.accessToken),
      move(b.checkout.reservation.accessToken),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const winner = results[0]!.statusCode === 202 ? a : b;

    // The winner picks another time: its first hold is let go, its payment can no longer move it.
    const first = (await holdsOf(winner.reservation.id))[0]!;
    const again = await move(winner.checkout.reservation.accessToken, at("21", "14:00"), at("21", "16:00"));
    expect(again.statusCode).toBe(202);
    expect(await rowOf(first.id)).toMatchObject({ status: "cancelled", cancelReason: "move_replaced" });
    expect(await paymentOf(first.id)).toMatchObject({ status: "cancelled" });
    expect(await slotStatus(NEW_START)).toBe("free");
    const live = (await holdsOf(winner.reservation.id)).filter((h) => h.status === "pending");
    expect(live).toHaveLength(1);
    // Money for the replaced hold that still arrives goes back; the booking stays.
    const outcome = await applyPaymentOutcome(t.ctx, {
      outcome: "paid",
      payment: { provider: "demo", paymentId: (await paymentOf(first.id)).id },
    });
    expect(outcome).toBe("refunded");
    expect(await rowOf(winner.reservation.id)).toEqual(winner.reservation);
  });

  it("refunds once a payment that comes after the hold ran out and the slot was taken; swaps if still free", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    expect((await move(token)).statusCode).toBe(202);
    const [hold] = await holdsOf(reservation.id);
    t.clock.advance(16 * 60_000);
    expect((await postCheckout(t, NEW_START, NEW_END, { email: "muu@example.com" })).statusCode).toBe(201);
    expect(await rowOf(hold!.id)).toMatchObject({ status: "expired" });

    const paymentId = (await paymentOf(hold!.id)).id;
    const pay = () =>
      applyPaymentOutcome(t.ctx, { outcome: "paid", payment: { provider: "demo", paymentId } });
    expect(await pay()).toBe("refunded");
    expect(await pay()).toBe("already_processed");
    const back = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(back).toEqual([
      expect.objectContaining({ amountCents: 1200, reason: "late_payment", status: "succeeded" }),
    ]);
    expect(await rowOf(reservation.id)).toEqual(reservation);
    const [mail] = (await outboxOf(t, "refund")).filter((m) => m.subject.startsWith("Varausta ei siirretty"));
    expect(mail!.text).toContain("Varauksesi on edelleen ajalla la 20.6.2026 klo 10.00–11.00.");

    // Another dearer move whose hold ran out, its time still free: the late money moves the booking.
    expect((await move(token, at("21", "14:00"), at("21", "16:00"))).statusCode).toBe(202);
    const late = (await holdsOf(reservation.id)).find((h) => h.status === "pending")!;
    t.clock.advance(16 * 60_000);
    await t.ctx.db.transaction((tx) =>
      tx
        .update(reservations)
        .set({ status: "expired", cancelReason: "hold_expired" })
        .where(and(eq(reservations.id, late.id), eq(reservations.status, "pending"))),
    );
    const latePayment = (await paymentOf(late.id)).id;
    expect(
      await applyPaymentOutcome(t.ctx, {
        outcome: "paid",
        payment: { provider: "demo", paymentId: latePayment },
      }),
    ).toBe("confirmed");
    expect(await rowOf(reservation.id)).toMatchObject({
      startsAt: new Date(at("21", "14:00")),
      priceCents: 2700,
      sequence: 1,
    });
  });
});
