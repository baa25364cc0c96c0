import { eq } from "drizzle-orm";
import { moveTimesResponseSchema, rescheduleResponseSchema } from "../../src/domain/booking.js";
import { balanceOf } from "../../src/domain/ledger.js";
import { giftCards, payments, refunds, reservations } from "../../src/server/schema/index.js";
import { ledgerOf } from "../../src/server/ledger/service.js";
import { refundPurchase } from "../../src/server/payments/admin.js";
import { MOVE_PRICE_CHANGED } from "../../src/server/reservations/move.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, pressDemoButton } from "../support/booking.js";
import { addDiscountCode, addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

/*
 * The move picker's amounts (move-times) on the real app and database: each free time's quote is
 * the figure the move then charges or gives back, from the booking's ledger and its discount code's
 * rule (reservations/moveQuote.ts), never the list prices' difference.
 */

const at = (day: string, hhmm: string) => `2026-06-${day}T${hhmm}:00+03:00`;
const START = at("20", "10:00"); // Saturday; the test clock is Monday 15 June 12:00
const END = at("20", "11:00");

describe.each(databaseKinds)("the move picker's amounts on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const timesOf = async (token: string, date = "2026-06-20") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v2/reservations/by-token/${token}/move-times?date=${date}`,
    });
    expect(res.statusCode).toBe(200);
    return moveTimesResponseSchema.parse(res.json());
  };
  const quoteOf = async (token: string, start: string, end: string) => {
    const slot = (await timesOf(token, start.slice(0, 10))).slots.find(
      (s) => s.start === start && s.end === end,
    );
    if (!slot) throw new Error(`${start}–${end} is not offered`);
    const { differenceCents, refundCents, giftCardReturnCents } = slot;
    return { differenceCents, refundCents, giftCardReturnCents };
  };
  const move = (token: string, start: string, end: string, expectedDifferenceCents?: number) =>
    t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${token}/reschedule`,
      payload: { start, end, expectedDifferenceCents },
    });
  const rowOf = async (id: string) =>
    (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const holdsOf = (id: string) => t.ctx.db.select().from(reservations).where(eq(reservations.moveOf, id));
  const paymentsOf = (reservationId: string) =>
    t.ctx.db.select().from(payments).where(eq(payments.reservationId, reservationId));
  const balance = async (id: string) => balanceOf(await ledgerOf(t.ctx.db, { reservationId: id }));
  const demoPath = (redirectUrl: string) => new URL(redirectUrl, "http://x").pathname;

  it("quotes a dearer time with the discount code as the payment then charges it: 10,80 €, not 12,00 €", async () => {
    await addDiscountCode(t); // KEVAT10: 10 %
    const { checkout, reservation } = await bookAndPay(t, START, END, { discountCode: "KEVAT10" });
    const token = checkout.reservation.accessToken;
    expect(reservation).toMatchObject({ priceCents: 1350, discountCents: 150 });

    // Every free time of the day with its amount: 2 h is 27,00 € less 10 % = 24,30 €, 10,80 € more
    // than the 13,50 € charged; 1 h the same; 30 min 8,10 €, 5,40 € back to the card paid with.
    const times = await timesOf(token);
    expect(times.date).toBe("2026-06-20");
    expect(times.slots.length).toBeGreaterThan(10);
    // The booking's own time is taken (by itself), so not offered.
    expect(times.slots.some((s) => s.start === START)).toBe(false);
    expect(await quoteOf(token, at("20", "14:00"), at("20", "16:00"))).toEqual({
      differenceCents: 1080,
      refundCents: 0,
      giftCardReturnCents: 0,
    });
    expect(await quoteOf(token, at("20", "14:00"), at("20", "15:00"))).toEqual({
      differenceCents: 0,
      refundCents: 0,
      giftCardReturnCents: 0,
    });
    expect(await quoteOf(token, at("20", "14:00"), at("20", "14:30"))).toEqual({
      differenceCents: -540,
      refundCents: 540,
      giftCardReturnCents: 0,
    });

    // The move charges exactly the quoted difference, sent back with it.
    const res = await move(token, at("20", "14:00"), at("20", "16:00"), 1080);
    expect(res.statusCode).toBe(202);
    const body = rescheduleResponseSchema.parse(res.json());
    expect(body.payment?.differenceCents).toBe(1080);
    const [hold] = await holdsOf(reservation.id);
    const [payment] = await paymentsOf(hold!.id);
    expect(payment).toMatchObject({ amountCents: 1080, status: "pending" });

    await pressDemoButton(t, demoPath(body.payment!.redirectUrl), "approve", "card");
    expect(await rowOf(reservation.id)).toMatchObject({
      startsAt: new Date(at("20", "14:00")),
      priceCents: 2430,
      discountCents: 270,
    });
    // The ledger charges the new price and holds what was paid for it: nothing owed either way.
    expect(await balance(reservation.id)).toMatchObject({ chargedCents: 2430, paidCents: 2430, dueCents: 0 });
  });

  it("quotes a cheaper time's money back as the move gives it: the provider's share first, then the gift card", async () => {
    await addDiscountCode(t);
    const card = await addGiftCard(t, 1000);
    // 13,50 €: the card paid 10,00 €, the provider 3,50 €.
    const { checkout, reservation } = await bookAndPay(t, START, END, {
      discountCode: "KEVAT10",
      giftCardCode: card.printed,
    });
    const token = checkout.reservation.accessToken;
    const quote = await quoteOf(token, at("20", "14:00"), at("20", "14:30"));
    // 8,10 € at the new time: 5,40 € back, 3,50 € to the provider and 1,90 € to the card.
    expect(quote).toEqual({ differenceCents: -540, refundCents: 350, giftCardReturnCents: 190 });

    const res = await move(token, at("20", "14:00"), at("20", "14:30"), quote.differenceCents);
    expect(res.statusCode).toBe(200);
    const [payment] = await paymentsOf(reservation.id);
    const made = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(made.reduce((sum, r) => sum + r.amountCents, 0)).toBe(quote.refundCents);
    const [after] = await t.ctx.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balanceCents).toBe(quote.giftCardReturnCents);
    expect(await balance(reservation.id)).toMatchObject({ chargedCents: 810, dueCents: 0 });
  });

  it("refuses a move whose difference is not the one shown, and holds nothing", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    // Shown 12,00 € (27,00 € less the 15,00 € charged); a client that says otherwise is refused.
    expect((await quoteOf(token, at("20", "14:00"), at("20", "16:00"))).differenceCents).toBe(1200);
    const refused = await move(token, at("20", "14:00"), at("20", "16:00"), 1080);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MOVE_PRICE_CHANGED);
    expect(await holdsOf(reservation.id)).toEqual([]);
    expect(await rowOf(reservation.id)).toEqual(reservation);
  });

  it("prices from the booking's price in the ledger: an admin's goodwill refund stays with the booking", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    const [paid] = await paymentsOf(reservation.id);
    await refundPurchase(t.ctx, { uid: "admin", email: "admin@example.com" }, paid!.id, { amountCents: 300 });
    expect(await balance(reservation.id)).toMatchObject({ chargedCents: 1200, dueCents: 0 });

    // 27,00 € at the new time against the booking's 15,00 €: 12,00 € more, the 3,00 € credit kept.
    const quote = await quoteOf(token, at("20", "14:00"), at("20", "16:00"));
    expect(quote.differenceCents).toBe(1200);
    const body = rescheduleResponseSchema.parse(
      (await move(token, at("20", "14:00"), at("20", "16:00"), quote.differenceCents)).json(),
    );
    const [hold] = await holdsOf(reservation.id);
    expect((await paymentsOf(hold!.id))[0]).toMatchObject({ amountCents: 1200 });
    await pressDemoButton(t, demoPath(body.payment!.redirectUrl), "approve", "card");
    // The booking's price is the new time's; what it is charged keeps the credit.
    expect(await rowOf(reservation.id)).toMatchObject({ priceCents: 2700 });
    expect(await balance(reservation.id)).toMatchObject({ chargedCents: 2400, dueCents: 0 });
  });

  it("answers in Finnish for a bad date, an unknown link and a booking that can no longer move", async () => {
    const { checkout } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    const get = (url: string) => t.app.inject({ method: "GET", url });
    const bad = await get(`/api/v2/reservations/by-token/${token}/move-times?date=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Virheellinen päivämäärä: 2026-02-30.");
    const missing = await get(`/api/v2/reservations/by-token/${token}/move-times`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Päivä puuttuu.");
    const unknown = await get("/api/v2/reservations/by-token/tuntematon/move-times?date=2026-06-20");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Varausta ei löytynyt. Tarkista linkki.");
    // Within a day of its start the booking can no longer move (nor be cancelled).
    t.clock.set("2026-06-19T12:00:00+03:00");
    const late = await get(`/api/v2/reservations/by-token/${token}/move-times?date=2026-06-20`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Varauksen voi siirtää viimeistään 24 tuntia ennen alkua.");
  });
});

describe.each(databaseKinds)("a member's move picker amounts on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  it("quotes nothing for a subscriber booking and leaves a single booking's dearer times out", async () => {
    const api = asCustomer(t, await logIn(t, "jasen@example.com"));
    await joinAndPay(t, api, 1);
    const booked = await api.post("/api/v2/reservations/subscriber", { start: START, end: END, dogs: 1 });
    const id = booked.json().reservation.id as string;
    const times = await api.get(`/api/v2/reservations/${id}/move-times?date=2026-06-20`);
    expect(times.statusCode).toBe(200);
    const { slots } = moveTimesResponseSchema.parse(times.json());
    expect(slots.some((s) => s.start === at("20", "14:00") && s.end === at("20", "16:00"))).toBe(true);
    expect(slots.every((s) => s.differenceCents === 0 && s.refundCents === 0)).toBe(true);

    // A single booking with the member's e-mail: its cheaper times with the money back, no dearer one.
    const single = await bookAndPay(t, at("21", "10:00"), at("21", "11:00"), { email: "jasen@example.com" });
    const own = moveTimesResponseSchema.parse(
      (await api.get(`/api/v2/reservations/${single.reservation.id}/move-times?date=2026-06-21`)).json(),
    );
    expect(own.slots.every((s) => s.differenceCents <= 0)).toBe(true);
    expect(own.slots.find((s) => s.start === at("21", "14:00") && s.end === at("21", "14:30"))).toMatchObject(
      {
        differenceCents: -600,
        refundCents: 600,
        giftCardReturnCents: 0,
      },
    );

    const stranger = asCustomer(t, await logIn(t, "vieras@example.com"));
    const hidden = await stranger.get(`/api/v2/reservations/${id}/move-times?date=2026-06-20`);
    expect(hidden.statusCode).toBe(404);
  });
});
