import { eq } from "drizzle-orm";
import { rescheduleResponseSchema } from "../../src/domain/booking.js";
import {
  auditLog,
  discountCodeUses,
  giftCards,
  payments,
  refunds,
  reservationMoves,
  reservations,
} from "../../src/server/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, bookAndPay, outboxOf, postCheckout } from "../support/booking.js";
import { addDiscountCode, addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";
import { moneyOf } from "../../src/server/ledger/service.js";

/*
 * Moving a booking (decision 026) on the real app and database: the visitor by the access token,
 * the member by id with the quota following the booking, refused moves that change nothing, a
 * cheaper time's refund, the .ics SEQUENCE, and races for one slot.
 */

const at = (day: string, hhmm: string) => `2026-06-${day}T${hhmm}:00+03:00`;
const START = at("20", "10:00"); // Saturday; the test clock is Monday 15 June 12:00
const END = at("20", "11:00");

describe.each(databaseKinds)("moving a booking on %s", (kind) => {
  let t: TestApp;
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
  const rowOf = async (id: string) =>
    (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const movesOf = (id: string) =>
    t.ctx.db.select().from(reservationMoves).where(eq(reservationMoves.reservationId, id));

  it("moves a paid booking to a free time of the same price: one row, the door link, the .ics", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    expect(
      (await availabilityOf(t, "2026-06-20")).days[0]!.slots.find((s) => s.start === START)?.status,
    ).toBe("taken");
    const res = await move(checkout.reservation.accessToken, at("20", "14:00"), at("20", "15:00"));
    expect(res.statusCode).toBe(200);
    const body = rescheduleResponseSchema.parse(res.json());
    expect(body.message).toBe("Varaus siirretty: la 20.6.2026 klo 14.00–15.00.");
    expect(body.reservation).toMatchObject({
      start: at("20", "14:00"),
      end: at("20", "15:00"),
      status: "confirmed",
      priceCents: 1500,
      movable: true,
      payment: { status: "paid", refundedCents: 0 },
    });
    const row = await rowOf(reservation.id);
    expect(row).toMatchObject({
      sequence: 1,
      accessToken: reservation.accessToken,
      doorToken: reservation.doorToken,
    });
    expect(await movesOf(reservation.id)).toEqual([
      expect.objectContaining({
        fromStartsAt: new Date(START),
        toStartsAt: new Date(at("20", "14:00")),
        fromPriceCents: 1500,
        toPriceCents: 1500,
        movedBy: "visitor",
      }),
    ]);

    // The availability notices the UPDATE: the old time is free, the new one taken.
    const slots = (await availabilityOf(t, "2026-06-20")).days[0]!.slots;
    expect(slots.find((s) => s.start === START)?.status).toBe("free");
    expect(slots.find((s) => s.start === at("20", "14:00"))?.status).toBe("taken");
    expect((await postCheckout(t, at("20", "14:00"), at("20", "15:00"))).statusCode).toBe(409);
    expect((await postCheckout(t, START, END, { email: "toinen@example.com" })).statusCode).toBe(201);

    // The same door link opens for the new time.
    const door = await t.app.inject({ method: "GET", url: `/api/v2/door/${reservation.doorToken}` });
    expect(door.statusCode).toBe(200);
    expect(door.json()).toMatchObject({ start: at("20", "14:00"), end: at("20", "15:00") });

    // The e-mail's calendar file replaces the confirmation's event: same UID, higher SEQUENCE.
    const [receipt] = await outboxOf(t, "receipt");
    const [moved] = await outboxOf(t, "reservation_move");
    expect(moved).toMatchObject({
      to: "maija@example.com",
      subject: "Varaus siirretty: la 20.6.2026 klo 14.00–15.00",
    });
    expect(moved!.text).toContain("Aiempi aika: la 20.6.2026 klo 10.00–11.00");
    expect(moved!.text).toContain(`/avaa/${reservation.doorToken}`);
    const ics = (mail: typeof moved) => mail!.attachments[0]!.content;
    expect(ics(receipt)).toContain(`UID:${reservation.id}@koirapuisto`);
    expect(ics(receipt)).toContain("SEQUENCE:0");
    expect(ics(moved)).toContain(`UID:${reservation.id}@koirapuisto`);
    expect(ics(moved)).toContain("SEQUENCE:1");
    expect(ics(moved)).toContain("DTSTART:20260620T110000Z");

    // A second move counts on.
    expect(
      (await move(checkout.reservation.accessToken, at("21", "10:00"), at("21", "11:00"))).statusCode,
    ).toBe(200);
    expect((await rowOf(reservation.id)).sequence).toBe(2);
    expect((await outboxOf(t, "reservation_move"))[1]!.attachments[0]!.content).toContain("SEQUENCE:2");
  });

  it("refuses inside the window, onto a taken slot and into closed hours, changing nothing", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    await bookAndPay(t, at("20", "12:00"), at("20", "13:00"), { email: "muu@example.com" });
    const token = checkout.reservation.accessToken;
    const before = await rowOf(reservation.id);

    const taken = await move(token, at("20", "12:00"), at("20", "13:00"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: "Valitsemasi aika on juuri varattu. Valitse toinen aika." });
    const overlapping = await move(token, at("20", "11:30"), at("20", "12:30"));
    expect(overlapping.statusCode).toBe(409);
    const closed = await move(token, at("20", "21:30"), at("20", "22:30"));
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/aukioloaikaan/);
    const offGrid = await move(token, at("20", "14:10"), at("20", "15:10"));
    expect(offGrid.statusCode).toBe(400);
    // A repeat of the time it already has (a retry whose first answer was lost) changes nothing.
    const same = await move(token, START, END);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      message: "Varaus on jo ajalla la 20.6.2026 klo 10.00–11.00.",
      reservation: { start: START, end: END },
    });

    t.clock.set("2026-06-19T10:01:00+03:00");
    const late = await move(token, at("21", "10:00"), at("21", "11:00"));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: "Varauksen voi siirtää viimeistään 24 tuntia ennen alkua." });
    const shown = await t.app.inject({ method: "GET", url: `/api/v2/reservations/by-token/${token}` });
    expect(shown.json().reservation.movable).toBe(false);

    expect(await rowOf(reservation.id)).toEqual(before);
    expect(await movesOf(reservation.id)).toEqual([]);
    expect(await outboxOf(t, "reservation_move")).toEqual([]);
    expect((await move("no-such-token", at("21", "10:00"), at("21", "11:00"))).statusCode).toBe(404);
    // Junk is a 400 saying in Finnish what a time looks like, before anything is read.
    const junk = await move(token, "huomenna", at("21", "11:00"));
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe("Aika ISO 8601 -muodossa aikavyöhykkeen kanssa.");
    const empty = await t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${token}/reschedule`,
    });
    expect(empty.statusCode).toBe(400);
  });

  it("may move into its own old time (an hour later overlaps itself), and not a cancelled booking", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const res = await move(checkout.reservation.accessToken, at("20", "10:30"), at("20", "11:30"));
    expect(res.statusCode).toBe(200);
    const token = checkout.reservation.accessToken;
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` })).statusCode,
    ).toBe(200);
    const again = await move(token, at("21", "10:00"), at("21", "11:00"));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Peruttua varausta ei voi siirtää." });
    expect((await rowOf(reservation.id)).startsAt).toEqual(new Date(at("20", "10:30")));
  });

  it("refunds a cheaper time's difference after the commit, and a later cancel only the rest", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    const res = await move(checkout.reservation.accessToken, at("20", "10:00"), at("20", "10:30"));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      "Varaus siirretty: la 20.6.2026 klo 10.00–10.30. Palautamme 6,00\u00a0€ maksutavallesi.",
    );
    expect(res.json().reservation).toMatchObject({ priceCents: 900, payment: { refundedCents: 600 } });
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, reservation.id));
    const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ amountCents: 600, reason: "reservation_move", status: "succeeded" });
    expect(refund!.moveId).toBe((await movesOf(reservation.id))[0]!.id);
    expect((await outboxOf(t, "reservation_move"))[0]!.text).toContain(
      "palautamme 6,00\u00a0€ maksutavallesi",
    );

    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
    });
    expect(cancelled.json().message).toBe("Varaus peruttu. Palautamme 9,00\u00a0€ maksutavallesi.");
    const all = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(all.map((r) => r.amountCents).sort()).toEqual([600, 900]);
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after).toMatchObject({ status: "refunded", refundedCents: 1500 });
  });

  it("keeps the discount's rule and gives a cheaper time's difference back to the provider, then the gift card", async () => {
    await addDiscountCode(t); // KEVAT10: 10 %
    const card = await addGiftCard(t, 1000);
    // 15,00 € less 10 % = 13,50 €: the card pays 10,00 €, the provider 3,50 €.
    const { checkout, reservation } = await bookAndPay(t, START, END, {
      discountCode: "KEVAT10",
      giftCardCode: card.printed,
    });
    expect(reservation).toMatchObject({ priceCents: 1350, discountCents: 150 });
    // 9,00 € less 10 % = 8,10 €: 5,40 € back, 3,50 € to the provider and 1,90 € to the card.
    const res = await move(checkout.reservation.accessToken, at("20", "10:00"), at("20", "10:30"));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      "Varaus siirretty: la 20.6.2026 klo 10.00–10.30. Palautamme 3,50\u00a0€ maksutavallesi. Lahjakortillesi palautettiin 1,90\u00a0€.",
    );
    expect(await rowOf(reservation.id)).toMatchObject({ priceCents: 810, discountCents: 90, vatCents: 165 });
    const [use] = await t.ctx.db
      .select()
      .from(discountCodeUses)
      .where(eq(discountCodeUses.reservationId, reservation.id));
    expect(use).toMatchObject({ amountCents: 90, status: "used" });
    const balance = async () =>
      (await t.ctx.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balanceCents;
    expect(await balance()).toBe(190);
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, reservation.id));
    expect(payment).toMatchObject({ amountCents: 350, refundedCents: 350, giftCardCents: 1000 });
    // The ledger has what went back: the card paid 10,00 €, 1,90 € of it returned; nothing more is owed.
    const { balance: money } = await moneyOf(t.ctx.db, { reservationId: reservation.id });
    expect(money).toMatchObject({ chargedCents: 810, paidCents: 1350, refundedCents: 540, dueCents: 0 });

    // A later cancel returns what the booking still used: the card's 8,10 €, nothing more to the provider.
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
    });
    expect(cancelled.json().message).toBe("Varaus peruttu. Lahjakortillesi palautettiin 8,10\u00a0€.");
    expect(await balance()).toBe(1000);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(1);
    expect((await moneyOf(t.ctx.db, { reservationId: reservation.id })).balance).toMatchObject({
      chargedCents: 0,
      paidCents: 1350,
      refundedCents: 1350,
      dueCents: 0,
    });
  });

  it("lets exactly one of two moves into one slot win", async () => {
    const a = await bookAndPay(t, START, END);
    const b = await bookAndPay(t, at("20", "12:00"), at("20", "13:00"), { email: "muu@example.com" });
    const results = await Promise.all([
      move(a.checkout.reservation.accessToken, at("20", "16:00"), at("20", "17:00")),
      move(b.checkout.reservation.accessToken, at("20", "16:00"), at("20", "17:00")),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = [await rowOf(a.reservation.id), await rowOf(b.reservation.id)];
    expect(rows.filter((r) => r.startsAt.getTime() === new Date(at("20", "16:00")).getTime())).toHaveLength(
      1,
    );
    // The loser stayed where it was.
    const loser = rows.find((r) => r.sequence === 0)!;
    expect([START, at("20", "12:00")].map((s) => new Date(s).getTime())).toContain(loser.startsAt.getTime());
  });

  it("lets exactly one of a move and a new checkout take one slot", async () => {
    const a = await bookAndPay(t, START, END);
    const [moved, checkout] = await Promise.all([
      move(a.checkout.reservation.accessToken, at("20", "16:00"), at("20", "17:00")),
      postCheckout(t, at("20", "16:00"), at("20", "17:00"), { email: "uusi@example.com" }),
    ]);
    const won = [moved.statusCode === 200, checkout.statusCode === 201].filter(Boolean);
    expect(won).toHaveLength(1);
    expect([moved.statusCode, checkout.statusCode]).toContain(409);
    const live = await t.ctx.db.select().from(reservations);
    const atSlot = live.filter(
      (r) =>
        (r.status === "confirmed" || r.status === "pending") &&
        r.startsAt.getTime() === new Date(at("20", "16:00")).getTime(),
    );
    expect(atSlot).toHaveLength(1);
  });
});

describe.each(databaseKinds)("a member moving a booking on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  it("moves a subscriber booking, its hours with it into another period, within the quota", async () => {
    const api = asCustomer(t, await logIn(t, "jasen@example.com"));
    await joinAndPay(t, api, 1); // Perus: 8 h a period; the first period is 15.6.–14.7.
    const book = async (day: string, from: string, to: string) => {
      const res = await api.post("/api/v2/reservations/subscriber", {
        start: `2026-${day}T${from}:00+03:00`,
        end: `2026-${day}T${to}:00+03:00`,
        dogs: 1,
      });
      expect(res.statusCode).toBe(201);
      return res.json().reservation.id as string;
    };
    const usage = async () =>
      (await api.get("/api/v2/subscriptions/me")).json().subscription.usage.hours_used;
    const first = await book("06-20", "10:00", "12:00");
    const other = await book("06-21", "10:00", "12:00");
    for (const day of ["06-22", "06-23"]) await book(day, "10:00", "12:00");
    expect(await usage()).toBe(8);

    const moveTo = (id: string, start: string, end: string) =>
      api.post(`/api/v2/reservations/${id}/reschedule`, { start, end });
    // Within the same period: still 8 h.
    const within = await moveTo(first, at("20", "14:00"), at("20", "16:00"));
    expect(within.statusCode).toBe(200);
    expect(within.json().reservation).toMatchObject({
      start: at("20", "14:00"),
      kind: "subscriber",
      hours: 2,
    });
    expect(await usage()).toBe(8);
    // Into the next period (from 15.7.): the first period has 2 h free again.
    const next = await moveTo(first, "2026-07-16T10:00:00+03:00", "2026-07-16T12:00:00+03:00");
    expect(next.statusCode).toBe(200);
    expect(await usage()).toBe(6);
    await book("06-24", "10:00", "12:00");

    // The next period full (8 h with the moved one): a move into it is refused and changes nothing.
    for (const day of ["07-17", "07-18", "07-19"]) await book(day, "10:00", "12:00");
    const full = await moveTo(other, "2026-07-21T10:00:00+03:00", "2026-07-21T12:00:00+03:00");
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      "Tuntikiintiösi ei riitä: jaksolla ke 15.7.2026 alkaen sinulla on jäljellä 0 h, ja varaus vaatisi 2 h.",
    );
    // A booking already in that period counts once: shortened, it fits, and leaves 1,5 h.
    const shorter = await moveTo(first, "2026-07-20T10:00:00+03:00", "2026-07-20T10:30:00+03:00");
    expect(shorter.statusCode).toBe(200);
    const over = await moveTo(other, "2026-07-21T10:00:00+03:00", "2026-07-21T12:00:00+03:00");
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/jäljellä 1,5 h, ja varaus vaatisi 2 h\.$/);
    const [unmoved] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, other));
    expect(unmoved).toMatchObject({ sequence: 0, startsAt: new Date(at("21", "10:00")) });
    expect(await usage()).toBe(8);

    // A single booking made with the member's e-mail moves through the same route, by the visitor's rule.
    const single = await bookAndPay(t, at("26", "10:00"), at("26", "11:00"), { email: "jasen@example.com" });
    const singleMoved = await moveTo(single.reservation.id, at("26", "12:00"), at("26", "13:00"));
    expect(singleMoved.statusCode).toBe(200);
    expect(singleMoved.json().reservation).toMatchObject({
      kind: "single",
      start: at("26", "12:00"),
      movable: true,
    });

    // Someone else's booking is not found.
    const stranger = asCustomer(t, await logIn(t, "vieras@example.com"));
    expect(
      (
        await stranger.post(`/api/v2/reservations/${first}/reschedule`, {
          start: at("26", "10:00"),
          end: at("26", "11:00"),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("sends the member the move e-mail, lists the new time and its hours, and refuses once it has started", async () => {
    const api = asCustomer(t, await logIn(t, "jasen@example.com"));
    await joinAndPay(t, api, 1); // Perus: 8 h a period; the first period is 15.6.–14.7.
    const booked = await api.post("/api/v2/reservations/subscriber", {
      start: at("20", "10:00"),
      end: at("20", "11:00"),
      dogs: 1,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().reservation.id as string;
    const usage = async () =>
      (await api.get("/api/v2/subscriptions/me")).json().subscription.usage.hours_used;
    expect(await usage()).toBe(1);

    // Longer, on another day of the same period: the quota follows the booking's new length.
    const moved = await api.post(`/api/v2/reservations/${id}/reschedule`, {
      start: at("22", "12:00"),
      end: at("22", "14:00"),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe("Varaus siirretty: ma 22.6.2026 klo 12.00–14.00.");
    expect(await usage()).toBe(2);
    const listed = (await api.get("/api/v2/reservations/me")).json().reservations;
    expect(listed).toEqual([
      expect.objectContaining({ id, start: at("22", "12:00"), hours: 2, movable: true, cancellable: true }),
    ]);
    // The history names the member; the e-mail went to the member after the commit, moving the event.
    expect(await t.ctx.db.select().from(reservationMoves)).toEqual([
      expect.objectContaining({
        reservationId: id,
        movedBy: "member",
        toStartsAt: new Date(at("22", "12:00")),
      }),
    ]);
    const [mail] = await outboxOf(t, "reservation_move");
    expect(mail).toMatchObject({
      to: "jasen@example.com",
      subject: "Varaus siirretty: ma 22.6.2026 klo 12.00–14.00",
      status: "sent",
    });
    expect(mail!.text).toContain("Aiempi aika: la 20.6.2026 klo 10.00–11.00");
    expect(mail!.attachments[0]!.content).toContain(`UID:${id}@koirapuisto`);
    expect(mail!.attachments[0]!.content).toContain("SEQUENCE:1");

    // Started: no longer movable, and the route refuses in Finnish, changing nothing.
    t.clock.set("2026-06-22T12:30:00+03:00");
    const late = (await api.get("/api/v2/reservations/me")).json().reservations;
    expect(late[0]).toMatchObject({ movable: false, cancellable: false });
    const refused = await api.post(`/api/v2/reservations/${id}/reschedule`, {
      start: at("23", "12:00"),
      end: at("23", "13:00"),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Alkanutta varausta ei voi enää siirtää.");
    expect(await outboxOf(t, "reservation_move")).toHaveLength(1);
  });
});

describe.each(databaseKinds)("an admin moving a booking on %s", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("siirto");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const adminMove = (id: string, start: string, end: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v2/admin/reservations/${id}/move`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { start, end },
    });

  it("moves inside the cancellation window and past the booking window, keeping a dearer price, with an audit row", async () => {
    const { reservation } = await bookAndPay(t, START, END);
    t.clock.set("2026-06-19T18:00:00+03:00"); // 16 hours before: the visitor could no longer move it
    const res = await adminMove(reservation.id, at("20", "14:00"), at("20", "16:00"));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Varaus siirretty: la 20.6.2026 klo 14.00–16.00.");
    expect(res.json().reservation).toMatchObject({ start: at("20", "14:00"), end: at("20", "16:00") });
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row).toMatchObject({ priceCents: 1500, sequence: 1 });
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "reservation.move"));
    expect(audit).toMatchObject({ actorEmail: admin.email, entity: "reservation", entityId: reservation.id });
    expect((audit!.before as { startsAt: string }).startsAt).toBe(new Date(START).toISOString());
    expect((audit!.after as { startsAt: string }).startsAt).toBe(new Date(at("20", "14:00")).toISOString());
    const [mail] = await outboxOf(t, "reservation_move");
    expect(mail!.text).toContain("puiston ylläpito on siirtänyt varauksesi uuteen aikaan");

    // Beyond the public booking window (60 days), but still within opening hours and the rules.
    const far = await adminMove(reservation.id, "2026-09-15T10:00:00+03:00", "2026-09-15T11:00:00+03:00");
    expect(far.statusCode).toBe(200);
    const closed = await adminMove(reservation.id, "2026-09-15T05:00:00+03:00", "2026-09-15T06:00:00+03:00");
    expect(closed.statusCode).toBe(400);
    expect((await adminMove("00000000-0000-4000-8000-000000000000", START, END)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/v2/admin/reservations/${reservation.id}/move`,
      payload: { start: START, end: END },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
