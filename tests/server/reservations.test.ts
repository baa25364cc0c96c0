import { eq } from "drizzle-orm";
import {
  createReservationResponseSchema,
  quoteResponseSchema,
  reservationResponseSchema,
} from "../../src/domain/booking.js";
import { formatTimeRange } from "../../src/domain/helsinkiTime.js";
import { payments, reservations } from "../../src/server/schema/index.js";
import { confirmPayment } from "../../src/server/paymentOutcomes/fulfilment.js";
import { putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { holdSlot, outboxOf, postCheckout, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const START = "2026-06-20T10:00:00+03:00"; // Saturday; the test clock is Monday 15 June 12:00
const END = "2026-06-20T11:00:00+03:00";
const returnPath = (outcome: string, token: string, start = START, end = END) =>
  `/checkout/${encodeURIComponent(start)}/${encodeURIComponent(end)}?payment=${outcome}&token=${encodeURIComponent(token)}`;

describe.each(databaseKinds)("checkout and the demo payment on %s", (kind) => {
  const receiptsOf = async (start: string, end: string) =>
    (await outboxOf(t, "receipt")).filter((m) => m.subject.endsWith(formatTimeRange(start, end)));
  // One app for these tests; each books its own day, so none sees another's bookings.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // These tests leave many unpaid holds of one visitor; the limit has tests of its own.
    await putSetting(t.ctx.db, "holdLimits", { perEmail: 100, perIp: 100, dayPercent: 100 });
  });
  afterAll(() => t.close());

  it("holds the slot with a pending reservation and payment, and answers the payment page", async () => {
    const S = "2026-06-16T10:00:00+03:00";
    const E = "2026-06-16T11:00:00+03:00";
    const res = await postCheckout(t, S, E);
    expect(res.statusCode).toBe(201);
    const body = createReservationResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.message).toBe("Aika on varattu sinulle 15 minuutiksi. Siirry maksamaan.");
    expect(body.reservation).toMatchObject({ start: S, end: E });
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, body.reservation.id));
    expect(row).toMatchObject({
      status: "pending",
      priceCents: 1500,
      vatCents: 305,
      dogs: 2,
      kind: "single",
    });
    expect(row!.holdExpiresAt!.getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    // At least 128 random bits, URL-safe.
    for (const token of [row!.accessToken, row!.doorToken]) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row!.accessToken).toBe(body.reservation.accessToken);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.reservationId, row!.id));
    expect(payment).toMatchObject({
      provider: "demo",
      status: "pending",
      method: "mobilepay",
      amountCents: 1500,
    });
    expect(body.redirectUrl).toBe(`/maksu/demo/${payment!.id}`);
    expect(payment!.providerRef).toBe(payment!.id);
  });

  it("shows the demo page with the amount, the time, the preselected method and Maksa / Peruuta", async () => {
    const S = "2026-06-17T10:00:00+03:00";
    const E = "2026-06-17T11:00:00+03:00";
    const checkout = await holdSlot(t, S, E, { paymentMethod: "card" });
    const res = await t.app.inject({ method: "GET", url: checkout.redirectUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("15,00\u00a0€");
    expect(res.body).toContain("ke 17.6.2026 klo 10.00–11.00");
    expect(res.body).toContain('value="card" checked');
    expect(res.body).not.toContain('value="mobilepay" checked');
    expect(res.body).toMatch(/<button[^>]*>Maksa<\/button>/);
    expect(res.body).toMatch(/<button[^>]*>Peruuta<\/button>/);
    expect(res.body).toContain("Aika on varattu sinulle klo 12.15 asti.");
  });

  it("Maksa confirms the booking once, sends one receipt and returns to the SPA", async () => {
    const S = "2026-06-18T10:00:00+03:00";
    const E = "2026-06-18T11:00:00+03:00";
    const checkout = await holdSlot(t, S, E);
    const res = await pressDemoButton(t, checkout.redirectUrl, "approve", "card");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(returnPath("success", checkout.reservation.accessToken, S, E));
    const [row] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, checkout.reservation.id));
    expect(row!.status).toBe("confirmed");
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.reservationId, row!.id));
    expect(payment).toMatchObject({ status: "paid", method: "card" });
    expect(await receiptsOf(S, E)).toHaveLength(1);

    // A second press (Back to an old copy of the page, "Maksa" again) is refused with a page in
    // Finnish that leads back to the booking; a duplicate provider confirmation changes nothing.
    const again = await pressDemoButton(t, checkout.redirectUrl, "approve");
    expect(again.statusCode).toBe(409);
    expect(again.headers["content-type"]).toContain("text/html");
    expect(again.body).toContain("<h1>Maksu on jo maksettu</h1>");
    expect(again.body).toContain("Tämä maksu on jo maksettu, eikä sitä veloiteta uudelleen.");
    expect(again.body).toContain(
      `<a href="${returnPath("success", checkout.reservation.accessToken, S, E).replaceAll("&", "&amp;")}">Palaa sivustolle</a>`,
    );
    expect(again.body).not.toContain(">Maksa<");
    // Back fetches the page anew (never an old copy with "Maksa"), and it says the same.
    const page = await t.app.inject({ method: "GET", url: checkout.redirectUrl });
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("<h1>Maksu on jo maksettu</h1>");
    expect(page.body).toMatch(/<main>[\s\S]*Palaa sivustolle[\s\S]*<\/main>/);
    expect(await confirmPayment(t.ctx, { provider: "demo", providerRef: payment!.providerRef! })).toEqual({
      outcome: "already_processed",
    });
    expect(await receiptsOf(S, E)).toHaveLength(1);
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after!.paidAt).toEqual(payment!.paidAt);
  });

  it("confirms only once when two confirmations arrive at the same moment", async () => {
    const S = "2026-06-19T10:00:00+03:00";
    const E = "2026-06-19T11:00:00+03:00";
    const checkout = await holdSlot(t, S, E);
    const paymentId = checkout.redirectUrl.split("/").at(-1)!;
    const outcomes = await Promise.all([
      confirmPayment(t.ctx, { provider: "demo", paymentId }),
      confirmPayment(t.ctx, { provider: "demo", paymentId }),
      confirmPayment(t.ctx, { provider: "demo", providerRef: paymentId }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      "already_processed",
      "already_processed",
      "confirmed",
    ]);
    expect(await receiptsOf(S, E)).toHaveLength(1);
  });

  it("Peruuta cancels the payment and frees the slot at once", async () => {
    const S = "2026-06-20T10:00:00+03:00";
    const E = "2026-06-20T11:00:00+03:00";
    const checkout = await holdSlot(t, S, E);
    const res = await pressDemoButton(t, checkout.redirectUrl, "cancel");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(returnPath("cancelled", checkout.reservation.accessToken, S, E));
    const [row] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, checkout.reservation.id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "payment_cancelled" });
    const page = await t.app.inject({ method: "GET", url: checkout.redirectUrl });
    expect(page.body).toContain("<h1>Maksu on peruttu</h1>");
    expect(page.body).not.toContain(">Maksa<");
    expect((await postCheckout(t, S, E)).statusCode).toBe(201);
  });

  it("answers 409 with a Finnish message when the slot is held or taken", async () => {
    const S = "2026-06-21T10:00:00+03:00";
    const E = "2026-06-21T11:00:00+03:00";
    await holdSlot(t, S, E);
    const overlapping = await postCheckout(t, "2026-06-21T10:30:00+03:00", "2026-06-21T11:30:00+03:00");
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toEqual({
      message: "Valitsemasi aika on juuri varattu. Valitse toinen aika.",
    });
    // Touching is fine.
    expect((await postCheckout(t, E, "2026-06-21T11:30:00+03:00")).statusCode).toBe(201);
  });

  it("refuses bad input with 400 and a clear Finnish message", async () => {
    const S = "2026-06-22T10:00:00+03:00";
    const E = "2026-06-22T11:00:00+03:00";
    const cases: [Record<string, unknown>, string][] = [
      [{ acceptTerms: false }, "Hyväksy maksuehdot jatkaaksesi"],
      [{ email: "ei-osoite" }, "Anna toimiva sähköpostiosoite"],
      [{ name: "" }, "Anna nimesi"],
      [{ dogs: 5 }, "Mukaan voi ottaa enintään 4 koiraa."],
      [
        { start: "2026-06-22T10:15:00+03:00", end: "2026-06-22T11:15:00+03:00" },
        "Varaus alkaa aina tasalta tai puolelta tunnilta.",
      ],
      [{ end: "2026-06-22T10:45:00+03:00" }, "Varauksen pituus voi olla 30, 60, 90 tai 120 minuuttia."],
      [
        { start: "2026-06-22T21:00:00+03:00", end: "2026-06-22T23:00:00+03:00" },
        "Varauksen on mahduttava aukioloaikaan: puisto on auki klo 6.00–22.00.",
      ],
      [
        { start: "2026-06-15T10:00:00+03:00", end: "2026-06-15T11:00:00+03:00" },
        "Valitsemasi aika on jo mennyt. Valitse toinen aika.",
      ],
      [
        { start: "2026-08-20T10:00:00+03:00", end: "2026-08-20T11:00:00+03:00" },
        "Varauksen voi tehdä enintään 60 päivän päähän.",
      ],
      [{ start: "20.6.2026 10:00" }, "Aika ISO 8601 -muodossa aikavyöhykkeen kanssa"],
    ];
    for (const [extra, message] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v2/reservations",
        payload: {
          start: S,
          end: E,
          name: "Maija",
          email: "maija@example.com",
          dogs: 1,
          paymentMethod: "card",
          acceptTerms: true,
          ...extra,
        },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(
      await t.ctx.db
        .select()
        .from(reservations)
        .where(eq(reservations.startsAt, new Date(S))),
    ).toHaveLength(0);
  });

  it("quotes a slot with price, VAT and availability", async () => {
    const S = "2026-06-23T10:00:00+03:00";
    const E = "2026-06-23T11:00:00+03:00";
    const url = `/api/v2/reservations/quote?start=${encodeURIComponent(S)}&end=${encodeURIComponent(E)}`;
    const free = quoteResponseSchema.parse((await t.app.inject({ method: "GET", url })).json());
    expect(free).toMatchObject({
      priceCents: 1500,
      vatCents: 305,
      vatRateBasisPoints: 2550,
      available: true,
      reason: null,
    });
    await holdSlot(t, S, E);
    const held = (await t.app.inject({ method: "GET", url })).json();
    expect(held).toMatchObject({
      available: false,
      reason: "Valitsemasi aika on juuri varattu. Valitse toinen aika.",
    });
  });

  it("shows a booking by its access token; the door link only once it is confirmed", async () => {
    const S = "2026-06-24T10:00:00+03:00";
    const E = "2026-06-24T11:00:00+03:00";
    const checkout = await holdSlot(t, S, E);
    const url = `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`;
    const pending = reservationResponseSchema.parse((await t.app.inject({ method: "GET", url })).json());
    expect(pending.reservation).toMatchObject({ status: "pending", doorUrl: null, areaName: "Koirapuisto" });
    await pressDemoButton(t, checkout.redirectUrl, "approve");
    const confirmed = reservationResponseSchema.parse(
      (await t.app.inject({ method: "GET", url })).json(),
    ).reservation;
    const [row] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, checkout.reservation.id));
    expect(confirmed).toMatchObject({
      status: "confirmed",
      start: S,
      end: E,
      doorUrl: `http://localhost:3000/avaa/${row!.doorToken}`,
      cancellable: true,
      cancellableUntil: "2026-06-23T10:00:00+03:00",
      priceCents: 1500,
      vatCents: 305,
      payment: { method: "mobilepay", status: "paid", refundedCents: 0 },
    });
    const unknown = await t.app.inject({ method: "GET", url: "/api/v2/reservations/by-token/ei-ole" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Varausta ei löytynyt. Tarkista linkki." });
  });

  it("refuses the demo page in production unless demo payments are allowed", async () => {
    const S = "2026-06-25T10:00:00+03:00";
    const E = "2026-06-25T11:00:00+03:00";
    const checkout = await holdSlot(t, S, E);
    Object.assign(t.ctx.config, { NODE_ENV: "production", ALLOW_DEMO_PAYMENTS: true });
    expect((await t.app.inject({ method: "GET", url: checkout.redirectUrl })).statusCode).toBe(200);
    Object.assign(t.ctx.config, { ALLOW_DEMO_PAYMENTS: false });
    const refused = await t.app.inject({ method: "GET", url: checkout.redirectUrl });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Demomaksut eivät ole käytössä." });
    expect((await pressDemoButton(t, checkout.redirectUrl, "approve")).statusCode).toBe(403);
  });
});
