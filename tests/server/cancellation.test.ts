import { eq } from "drizzle-orm";
import {
  cancelReservationResponseSchema,
  quoteResponseSchema,
  reservationResponseSchema,
} from "../../src/domain/booking.js";
import { refunds, reservations } from "../../src/server/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf, postCheckout } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const START = "2026-06-20T10:00:00+03:00"; // Saturday; the test clock is Monday 15 June 12:00
const END = "2026-06-20T11:00:00+03:00";

describe.each(databaseKinds)("cancelling by the access token on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const cancel = (token: string) =>
    t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });

  it("refunds and cancels until 24 hours before the start, then says no", async () => {
    const { checkout } = await bookAndPay(t, START, END);
    const token = checkout.reservation.accessToken;
    const get = (path: string) =>
      t.app.inject({ method: "GET", url: `/api/v2/reservations/by-token/${token}/${path}` });
    // What the visitor keeps: the calendar file (the e-mail's event) and the receipt (kuitti).
    const ics = await get("calendar.ics");
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.body).toMatch(/UID:[0-9a-f-]+@koirapuisto/);
    expect(ics.body).toContain("SEQUENCE:0");
    const receipt = await get("receipt");
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toMatch(/^text\/html/);
    for (const part of [
      "<h1>Kuitti</h1>",
      "Y-tunnus",
      "la 20.6.2026 klo 10.00–11.00",
      "ALV 25,5\u00a0%",
      "15,00\u00a0€",
      "Maksu ma 15.6.2026, MobilePay",
    ])
      expect(receipt.body).toContain(part);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v2/reservations/by-token/${"x".repeat(43)}/receipt` }))
        .statusCode,
    ).toBe(404);
    const res = await cancel(checkout.reservation.accessToken);
    expect(res.statusCode).toBe(200);
    const body = cancelReservationResponseSchema.parse(res.json());
    expect(body.message).toBe("Varaus peruttu. Palautamme 15,00\u00a0€ maksutavallesi.");
    expect(body.reservation).toMatchObject({
      status: "cancelled",
      doorUrl: null,
      cancellable: false,
      payment: { status: "refunded", refundedCents: 1500, refundPendingCents: 0 },
    });
    const [mail] = await outboxOf(t, "cancellation");
    expect(mail).toMatchObject({
      to: "maija@example.com",
      subject: "Varaus peruttu: la 20.6.2026 klo 10.00–11.00",
    });
    expect(mail!.text).toContain("Palautamme 15,00\u00a0€ maksutavallesi.");
    // The receipt of the cancelled booking shows the refund; its calendar event is gone.
    expect((await get("receipt")).body).toContain("Palautus ma 15.6.2026, MobilePay, palautettu");
    expect((await get("calendar.ics")).statusCode).toBe(404);
    const again = await cancel(checkout.reservation.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Varaus on jo peruttu." });
    // The slot is free again.
    expect((await postCheckout(t, START, END)).statusCode).toBe(201);
  });

  it("tells the checkout before paying whether the slot could be cancelled, by the booking's own deadline", async () => {
    const quote = async () =>
      quoteResponseSchema.parse(
        (
          await t.app.inject({
            method: "GET",
            url: `/api/v2/reservations/quote?start=${encodeURIComponent(START)}&end=${encodeURIComponent(END)}`,
          })
        ).json(),
      );
    expect(await quote()).toMatchObject({ cancellableUntil: "2026-06-19T10:00:00+03:00", cancellable: true });
    t.clock.set("2026-06-19T10:00:00+03:00");
    expect((await quote()).cancellable).toBe(true);
    // Inside the window: booked now, it could never be cancelled or moved (the checkout warns).
    t.clock.set("2026-06-19T10:01:00+03:00");
    expect(await quote()).toMatchObject({
      cancellableUntil: "2026-06-19T10:00:00+03:00",
      cancellable: false,
    });
    const { checkout } = await bookAndPay(t, START, END);
    const shown = reservationResponseSchema.parse(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
        })
      ).json(),
    ).reservation;
    // Confirmed after its deadline: /oma-varaus says it was made inside the window.
    expect(shown).toMatchObject({
      cancellable: false,
      movable: false,
      cancellableUntil: "2026-06-19T10:00:00+03:00",
      confirmedAt: "2026-06-19T10:01:00+03:00",
    });
  });

  it("refuses cancelling later than 24 h before the start, and allows it exactly then", async () => {
    const { checkout, reservation } = await bookAndPay(t, START, END);
    t.clock.set("2026-06-19T10:01:00+03:00");
    const late = await cancel(checkout.reservation.accessToken);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: "Varauksen voi perua viimeistään 24 tuntia ennen alkua." });
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row!.status).toBe("confirmed");
    const shown = (
      await t.app.inject({
        method: "GET",
        url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
      })
    ).json();
    expect(shown.reservation.cancellable).toBe(false);
    t.clock.set("2026-06-19T10:00:00+03:00");
    expect((await cancel(checkout.reservation.accessToken)).statusCode).toBe(200);
  });

  it("cancels at once when the provider cannot refund now, and keeps the refund pending", async () => {
    await t.close();
    t = await createTestApp(kind, {
      payments: {
        name: "demo",
        createCheckout: async ({ paymentId }) => ({
          redirectUrl: `/maksu/demo/${paymentId}`,
          providerRef: paymentId,
        }),
        refund: async () => ({ ok: false, error: "provider down" }),
      },
    });
    const { checkout } = await bookAndPay(t, START, END);
    const res = await cancel(checkout.reservation.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Varaus peruttu. Palautamme 15,00\u00a0€ maksutavallesi.");
    expect(res.json().reservation).toMatchObject({
      status: "cancelled",
      payment: { status: "paid", refundedCents: 0, refundPendingCents: 1500 },
    });
    // A reload of /oma-varaus reads the same: the refund being made comes from the API.
    const shown = await t.app.inject({
      method: "GET",
      url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
    });
    expect(shown.json().reservation.payment).toMatchObject({ refundedCents: 0, refundPendingCents: 1500 });
    const [refund] = await t.ctx.db.select().from(refunds);
    expect(refund).toMatchObject({ status: "pending", attempts: 1, lastError: "provider down" });
    // The slot is free for someone else at once.
    expect((await postCheckout(t, START, END, { email: "toinen@example.com" })).statusCode).toBe(201);
  });

  it("releases the hold when the provider cannot start the payment", async () => {
    await t.close();
    t = await createTestApp(kind, {
      payments: {
        name: "demo",
        createCheckout: async () => {
          throw new Error("provider down");
        },
        refund: async () => ({ ok: true }),
      },
    });
    const res = await postCheckout(t, START, END);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: "Maksun aloittaminen epäonnistui. Yritä hetken kuluttua uudelleen.",
    });
    const rows = await t.ctx.db.select().from(reservations);
    expect(rows.map((r) => r.status)).toEqual(["cancelled"]);
  });
});
