import { eq } from "drizzle-orm";
import {
  giftCardTransactions,
  giftCards,
  invoices,
  payments,
  reservations,
} from "../../src/server/schema/index.js";
import { confirmPayment } from "../../src/server/paymentOutcomes/fulfilment.js";
import { releaseExpiredHolds } from "../../src/server/reservations/holds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { holdSlot, outboxOf, postCheckout, pressDemoButton } from "../support/booking.js";
import { addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, logIn, payOnDemoPage } from "../support/member.js";

const START = "2026-06-20T10:00:00+03:00"; // Saturday; the test clock is Monday 15 June 12:00
const END = "2026-06-20T11:00:00+03:00";
const MINUTE = 60_000;

describe.each(databaseKinds)("gift cards on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const balanceOf = async (id: string) =>
    (await t.ctx.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;
  const historyOf = async (id: string) =>
    (await t.ctx.db.select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, id)))
      .sort((a, b) => a.id - b.id)
      .map((r) => [r.kind, r.amountCents, r.balanceAfterCents]);
  const reservationOf = async (id: string) =>
    (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

  describe("on a booking", () => {
    it("quotes what the card pays and what is left, and names a card that cannot pay", async () => {
      const card = await addGiftCard(t, 1000);
      const url = (code: string) =>
        `/api/v2/reservations/quote?start=${encodeURIComponent(START)}&end=${encodeURIComponent(END)}&giftCardCode=${code}`;
      expect(
        (await t.app.inject({ method: "GET", url: url(card.printed.toLowerCase()) })).json(),
      ).toMatchObject({
        totalCents: 1500,
        vatCents: 305,
        giftCardCents: 1000,
        payableCents: 500,
        giftCardBalanceCents: 1000,
        giftCardMessage: null,
      });
      expect((await t.app.inject({ method: "GET", url: url("AAAA-BBBB") })).json()).toMatchObject({
        giftCardCents: 0,
        payableCents: 1500,
        giftCardMessage: "Lahjakorttikoodia ei tunnistettu. Tarkista koodi tai jätä kenttä tyhjäksi.",
      });
      const res = await postCheckout(t, START, END, { giftCardCode: "AAAA-BBBB" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Lahjakorttikoodia ei tunnistettu/);
      // About the code typed: the checkout shows it next to the gift card's field.
      expect(res.json().field).toBe("giftCardCode");
    });

    it("confirms at once with no payment page when the card covers everything", async () => {
      const card = await addGiftCard(t, 5000);
      const res = await postCheckout(t, START, END, { giftCardCode: card.printed });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        redirectUrl: "",
        message: "Varaus vahvistettu. Lahjakortti kattoi koko hinnan.",
      });
      const booking = await reservationOf(res.json().reservation.id);
      expect(booking).toMatchObject({ status: "confirmed", priceCents: 1500, vatCents: 305 });
      const [payment] = await t.ctx.db.select().from(payments);
      expect(payment).toMatchObject({
        provider: "gift_card",
        status: "paid",
        amountCents: 0,
        giftCardCents: 1500,
      });
      expect(await balanceOf(card.id)).toBe(3500);
      expect(await historyOf(card.id)).toEqual([
        ["issue", 5000, 5000],
        ["redeem", -1500, 3500],
      ]);
      const [receipt] = await outboxOf(t, "receipt");
      expect(receipt!.text).toContain(
        "Hinta: 15,00\u00a0€ (sisältää ALV 25,5\u00a0% 3,05\u00a0€)\nMaksettu lahjakortilla: 15,00\u00a0€\n",
      );
      // Cancelled by the visitor: the whole price goes back to the card, nothing through the provider.
      const cancel = await t.app.inject({
        method: "DELETE",
        url: `/api/v2/reservations/by-token/${res.json().reservation.accessToken}`,
      });
      expect(cancel.json().message).toBe("Varaus peruttu. Lahjakortillesi palautettiin 15,00\u00a0€.");
      expect(await balanceOf(card.id)).toBe(5000);
    });

    it("pays part: the rest through the payment page, and a cancel returns each share to where it came from", async () => {
      const card = await addGiftCard(t, 1000);
      const held = await holdSlot(t, START, END, { giftCardCode: card.code });
      expect(held.message).toBe(
        "Aika on varattu sinulle 15 minuutiksi. Lahjakortilla maksetaan 10,00\u00a0€, loput 5,00\u00a0€ maksetaan nyt. Siirry maksamaan.",
      );
      const page = await t.app.inject({ method: "GET", url: held.redirectUrl });
      expect(page.body).toContain('<p class="amount">5,00\u00a0€</p>');
      expect(await balanceOf(card.id)).toBe(0);
      await pressDemoButton(t, held.redirectUrl, "approve");
      expect((await reservationOf(held.reservation.id)).status).toBe("confirmed");
      const [receipt] = await outboxOf(t, "receipt");
      expect(receipt!.text).toContain(
        "Maksettu lahjakortilla: 10,00\u00a0€\nMaksettu: 5,00\u00a0€, MobilePay",
      );
      const cancel = await t.app.inject({
        method: "DELETE",
        url: `/api/v2/reservations/by-token/${held.reservation.accessToken}`,
      });
      expect(cancel.json().message).toBe(
        "Varaus peruttu. Palautamme 5,00\u00a0€ maksutavallesi. Lahjakortillesi palautettiin 10,00\u00a0€.",
      );
      expect(cancel.json().reservation.payment).toMatchObject({
        status: "refunded",
        refundedCents: 500,
        giftCardCents: 1000,
      });
      expect(await balanceOf(card.id)).toBe(1000);
      const [mail] = await outboxOf(t, "cancellation");
      expect(mail!.text).toContain("Lahjakortillesi palautettiin 10,00\u00a0€.");
    });

    it("gives the share back when the payment is cancelled or the hold expires, once", async () => {
      const card = await addGiftCard(t, 1000);
      const first = await holdSlot(t, START, END, { giftCardCode: card.code });
      await pressDemoButton(t, first.redirectUrl, "cancel");
      await pressDemoButton(t, first.redirectUrl, "cancel");
      expect(await balanceOf(card.id)).toBe(1000);
      await holdSlot(t, START, END, { giftCardCode: card.code });
      t.clock.advance(16 * MINUTE);
      await releaseExpiredHolds(t.ctx);
      await releaseExpiredHolds(t.ctx);
      expect(await balanceOf(card.id)).toBe(1000);
      expect(await historyOf(card.id)).toEqual([
        ["issue", 1000, 1000],
        ["redeem", -1000, 0],
        ["return", 1000, 1000],
        ["redeem", -1000, 0],
        ["return", 1000, 1000],
      ]);
    });

    it("lets two simultaneous checkouts spend a balance only once", async () => {
      const card = await addGiftCard(t, 1500);
      const [a, b] = await Promise.all([
        postCheckout(t, START, END, { giftCardCode: card.code, email: "a@example.com" }),
        postCheckout(t, "2026-06-20T12:00:00+03:00", "2026-06-20T13:00:00+03:00", {
          giftCardCode: card.code,
          email: "b@example.com",
        }),
      ]);
      const codes = [a!.statusCode, b!.statusCode].sort();
      expect(codes).toEqual([201, 400]);
      const refused = [a!, b!].find((r) => r.statusCode === 400)!;
      expect(refused.json()).toEqual({
        message: "Lahjakortilla ei ole saldoa jäljellä.",
        field: "giftCardCode",
      });
      expect(await balanceOf(card.id)).toBe(0);
    });

    it("refuses an expired card and does not confirm late money whose card share went back", async () => {
      const old = await addGiftCard(t, 1000, { validUntil: new Date(t.ctx.now().getTime() - MINUTE) });
      expect((await postCheckout(t, START, END, { giftCardCode: old.code })).json()).toEqual({
        message: "Lahjakortti on vanhentunut.",
        field: "giftCardCode",
      });
      const card = await addGiftCard(t, 1000);
      const held = await holdSlot(t, START, END, { giftCardCode: card.code });
      t.clock.advance(20 * MINUTE);
      await releaseExpiredHolds(t.ctx);
      const res = await pressDemoButton(t, held.redirectUrl, "approve");
      expect(res.headers.location).toContain("payment=failed");
      const [payment] = await t.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.reservationId, held.reservation.id));
      expect(payment).toMatchObject({ status: "refunded", refundedCents: 500 });
      expect(await balanceOf(card.id)).toBe(1000);
    });
  });

  describe("on a membership invoice (gift_card_code)", () => {
    it("activates a signup at once when the card pays the first invoice, with no payment page", async () => {
      const card = await addGiftCard(t, 10_000);
      const api = asCustomer(t, await logIn(t, "lahja@example.com"));
      const res = await api.post("/api/v2/subscriptions/signup", {
        tier_level: 1,
        commitment: "none",
        paymentMethod: "card",
        gift_card_code: card.printed,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        redirectUrl: expect.stringMatching(/^\/subscription\/success\?subscription=/),
        message: "Jäsenyys Perus on voimassa. Ensimmäinen lasku maksettiin lahjakortilla.",
      });
      expect((await api.get("/api/v2/subscriptions/me")).json().subscription.status).toBe("active");
      expect(await balanceOf(card.id)).toBe(6100);
      expect(await outboxOf(t, "membership_welcome")).toHaveLength(1);
    });

    it("pays an open invoice: all of it with { success, redirectUrl: '', message }, or part of it", async () => {
      const card = await addGiftCard(t, 5000);
      const api = asCustomer(t, await logIn(t, "lasku@example.com"));
      // A signup left unpaid: its first invoice (39,00 €) is open.
      await api.post("/api/v2/subscriptions/signup", {
        tier_level: 1,
        commitment: "none",
        paymentMethod: "card",
      });
      const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;
      const paid = await api.post(`/api/v2/invoices/${invoice.id}/pay`, {
        paymentMethod: "card",
        gift_card_code: card.code,
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({
        success: true,
        redirectUrl: "",
        message: `Lasku ${invoice.number} maksettu lahjakortilla.`,
      });
      expect((await api.get("/api/v2/invoices/me")).json().invoices[0].status).toBe("paid");
      expect((await api.get("/api/v2/subscriptions/me")).json().subscription.status).toBe("active");
      expect(await balanceOf(card.id)).toBe(1100);

      // The next period's invoice (39,00 €), paid with the 11,00 € left and the rest by card.
      t.clock.set("2026-07-15T09:00:00+03:00");
      const { createDueInvoices } = await import("../../src/server/memberships/invoices/service.js");
      await createDueInvoices(t.ctx);
      const [next] = (await api.get("/api/v2/invoices/me")).json().invoices;
      const part = await api.post(`/api/v2/invoices/${next.id}/pay`, {
        paymentMethod: "card",
        gift_card_code: card.code,
      });
      expect(part.json()).toMatchObject({
        redirectUrl: expect.stringMatching(/^\/maksu\/demo\//),
        message: `Siirry maksamaan lasku ${next.number}. Lahjakortilla maksetaan 11,00\u00a0€, loput 28,00\u00a0€ maksetaan nyt.`,
      });
      const page = await t.app.inject({ method: "GET", url: part.json().redirectUrl });
      expect(page.body).toContain('<p class="amount">28,00\u00a0€</p>');
      await payOnDemoPage(t, part.json().redirectUrl, "approve");
      const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, next.id));
      expect(row).toMatchObject({ status: "paid", amountCents: 3900 });
      expect(await balanceOf(card.id)).toBe(0);
    });

    it("returns the share of a replaced attempt, and refunds money that later arrives for it", async () => {
      const card = await addGiftCard(t, 1000);
      const api = asCustomer(t, await logIn(t, "vaihto@example.com"));
      await api.post("/api/v2/subscriptions/signup", {
        tier_level: 1,
        commitment: "none",
        paymentMethod: "card",
      });
      const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;
      const first = await api.post(`/api/v2/invoices/${invoice.id}/pay`, {
        paymentMethod: "card",
        gift_card_code: card.code,
      });
      expect(await balanceOf(card.id)).toBe(0);
      await api.post(`/api/v2/invoices/${invoice.id}/pay`, { paymentMethod: "mobilepay" });
      expect(await balanceOf(card.id)).toBe(1000);
      const paymentId = first.json().redirectUrl.split("/").at(-1);
      expect((await confirmPayment(t.ctx, { provider: "demo", paymentId })).outcome).toBe("refunded");
      expect((await api.get("/api/v2/invoices/me")).json().invoices[0].status).toBe("open");
      const [mail] = await outboxOf(t, "invoice_refund");
      expect(mail!.text).toContain("Palautamme 29,00\u00a0€ maksutavallesi; lasku on yhä avoinna");
    });

    it("refuses a card that cannot pay before anything is made", async () => {
      const empty = await addGiftCard(t, 0);
      const api = asCustomer(t, await logIn(t, "tyhja@example.com"));
      const res = await api.post("/api/v2/subscriptions/signup", {
        tier_level: 1,
        commitment: "none",
        paymentMethod: "card",
        gift_card_code: empty.code,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Lahjakortilla ei ole saldoa jäljellä.", field: "giftCardCode" });
      expect((await api.get("/api/v2/subscriptions/me")).statusCode).toBe(404);
    });
  });
});
