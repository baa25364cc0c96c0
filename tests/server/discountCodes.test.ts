import { eq } from "drizzle-orm";
import { discountCodeUses, discountCodes, payments, reservations } from "../../src/server/schema/index.js";
import { releaseExpiredHolds } from "../../src/server/reservations/holds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { holdSlot, outboxOf, postCheckout, pressDemoButton } from "../support/booking.js";
import { addDiscountCode } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";

const START = "2026-06-20T10:00:00+03:00"; // Saturday; the test clock is Monday 15 June 12:00
const END = "2026-06-20T11:00:00+03:00";
const MINUTE = 60_000;
const slot = (hour: number) =>
  [`2026-06-20T${hour}:00:00+03:00`, `2026-06-20T${hour + 1}:00:00+03:00`] as const;

describe.each(databaseKinds)("discount codes on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const quote = async (query: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: `/api/v2/reservations/quote?start=${encodeURIComponent(START)}&end=${encodeURIComponent(END)}${query}`,
      })
    ).json();
  const usedCount = async (id: number) =>
    (await t.ctx.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.usedCount;
  const useOf = async (reservationId: string) =>
    (
      await t.ctx.db.select().from(discountCodeUses).where(eq(discountCodeUses.reservationId, reservationId))
    )[0];

  it("quotes the discounted price with the VAT of the discounted total, whatever the case and spaces", async () => {
    await addDiscountCode(t);
    expect(await quote("&discountCode=%20kevat10%20")).toMatchObject({
      priceCents: 1500,
      discountCents: 150,
      totalCents: 1350,
      vatCents: 274,
      vatRateBasisPoints: 2550,
      payableCents: 1350,
      discountMessage: null,
      available: true,
    });
    expect(await quote("")).toMatchObject({
      priceCents: 1500,
      discountCents: 0,
      totalCents: 1500,
      vatCents: 305,
    });
  });

  it("says in Finnish why a code does not apply, and a checkout with it holds nothing", async () => {
    const now = t.ctx.now().getTime();
    await addDiscountCode(t, { code: "VANHA", validUntil: new Date(now - MINUTE) });
    await addDiscountCode(t, { code: "TULEVA", validFrom: new Date(now + MINUTE) });
    await addDiscountCode(t, { code: "POIS", active: false });
    await addDiscountCode(t, { code: "LOPPU", maxUses: 1, usedCount: 1 });
    const cases = {
      EIOLE: "Alennuskoodia ei tunnistettu. Tarkista koodi.",
      VANHA: "Alennuskoodi on vanhentunut.",
      TULEVA: "Alennuskoodi ei ole vielä voimassa.",
      POIS: "Alennuskoodi ei ole käytössä.",
      LOPPU: "Alennuskoodi on jo käytetty loppuun.",
    };
    for (const [code, message] of Object.entries(cases)) {
      expect(await quote(`&discountCode=${code}`)).toMatchObject({
        discountCents: 0,
        totalCents: 1500,
        discountMessage: message,
      });
      const res = await postCheckout(t, START, END, { discountCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, field: "discountCode" });
    }
    expect(await t.ctx.db.select().from(reservations)).toEqual([]);
  });

  it("holds the use with the slot, makes it final on payment, and puts the discount on the receipt", async () => {
    const code = await addDiscountCode(t, { maxUses: 5 });
    const held = await holdSlot(t, START, END, { discountCode: "kevat10" });
    const [reservation] = await t.ctx.db.select().from(reservations);
    expect(reservation).toMatchObject({
      priceCents: 1350,
      vatCents: 274,
      discountCents: 150,
      discountCodeId: code.id,
    });
    const [payment] = await t.ctx.db.select().from(payments);
    expect(payment).toMatchObject({ amountCents: 1350, vatCents: 274 });
    expect(await useOf(held.reservation.id)).toMatchObject({ status: "held", amountCents: 150 });
    expect(await usedCount(code.id)).toBe(1);
    const page = await t.app.inject({ method: "GET", url: held.redirectUrl });
    expect(page.body).toContain("13,50\u00a0€");
    await pressDemoButton(t, held.redirectUrl, "approve");
    expect(await useOf(held.reservation.id)).toMatchObject({ status: "used" });
    const [receipt] = await outboxOf(t, "receipt");
    expect(receipt!.text).toContain(
      "Listahinta: 15,00\u00a0€\nAlennus: −1,50\u00a0€\nHinta: 13,50\u00a0€ (sisältää ALV 25,5\u00a0% 2,74\u00a0€)",
    );
  });

  it("lets exactly as many simultaneous checkouts use a code as it has uses left", async () => {
    const code = await addDiscountCode(t, { maxUses: 3 });
    const responses = await Promise.all(
      [10, 11, 12, 13, 14, 15, 16].map((hour) =>
        postCheckout(t, ...slot(hour), { discountCode: "KEVAT10", email: `k${hour}@example.com` }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(4);
    for (const r of responses.filter((r) => r.statusCode === 400))
      expect(r.json()).toEqual({ message: "Alennuskoodi on jo käytetty loppuun.", field: "discountCode" });
    expect(await usedCount(code.id)).toBe(3);
    expect(await t.ctx.db.select().from(discountCodeUses)).toHaveLength(3);
  });

  it("gives the use back when the payment is cancelled, the hold expires or the booking is cancelled", async () => {
    const code = await addDiscountCode(t, { maxUses: 1 });
    // Cancelled on the payment page.
    const first = await holdSlot(t, START, END, { discountCode: "KEVAT10" });
    expect((await postCheckout(t, ...slot(12), { discountCode: "KEVAT10" })).statusCode).toBe(400);
    await pressDemoButton(t, first.redirectUrl, "cancel");
    expect(await usedCount(code.id)).toBe(0);
    expect(await useOf(first.reservation.id)).toMatchObject({ status: "released" });
    // The hold ran out.
    const second = await holdSlot(t, START, END, { discountCode: "KEVAT10" });
    t.clock.advance(16 * MINUTE);
    await releaseExpiredHolds(t.ctx);
    expect(await usedCount(code.id)).toBe(0);
    expect(await useOf(second.reservation.id)).toMatchObject({ status: "released" });
    // Paid, then cancelled by the visitor: the refund is of the discounted price.
    const third = await holdSlot(t, START, END, { discountCode: "KEVAT10" });
    await pressDemoButton(t, third.redirectUrl, "approve");
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${third.reservation.accessToken}`,
    });
    expect(cancel.json().message).toBe("Varaus peruttu. Palautamme 13,50\u00a0€ maksutavallesi.");
    expect(await usedCount(code.id)).toBe(0);
    // The code is free for the next booking.
    expect((await postCheckout(t, ...slot(12), { discountCode: "KEVAT10" })).statusCode).toBe(201);
  });

  it("never takes a price below zero: nothing to pay is confirmed at once without a payment page", async () => {
    await addDiscountCode(t, { code: "ILMAINEN", kind: "fixed", percentOff: null, amountOffCents: 5000 });
    expect(await quote("&discountCode=ILMAINEN")).toMatchObject({
      discountCents: 1500,
      totalCents: 0,
      vatCents: 0,
    });
    const res = await postCheckout(t, START, END, { discountCode: "ilmainen" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, redirectUrl: "", message: "Varaus vahvistettu." });
    const [row] = await t.ctx.db.select().from(reservations);
    expect(row).toMatchObject({ status: "confirmed", priceCents: 0, discountCents: 1500 });
    expect(await outboxOf(t, "receipt")).toHaveLength(1);
  });

  it("does not confirm money that arrives after an expired hold gave its discount back", async () => {
    await addDiscountCode(t);
    const held = await holdSlot(t, START, END, { discountCode: "KEVAT10" });
    t.clock.advance(20 * MINUTE);
    await releaseExpiredHolds(t.ctx);
    const res = await pressDemoButton(t, held.redirectUrl, "approve");
    expect(res.headers.location).toContain("payment=failed");
    const [payment] = await t.ctx.db.select().from(payments);
    expect(payment).toMatchObject({ status: "refunded", refundedCents: 1350 });
  });
});
