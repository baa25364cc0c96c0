import { eq } from "drizzle-orm";
import {
  giftCards,
  payments,
  refunds,
  reservations,
  subscriptions,
  webhookEvents,
} from "../../src/server/schema/index.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import { runHealthChecks } from "../../src/server/system/health.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { holdSlot, outboxOf, postCheckout } from "../support/booking.js";
import { addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { startFakeStripe, type FakeStripe } from "../support/fakeStripe.js";
import { asCustomer, logIn } from "../support/member.js";

const START = "2026-06-20T10:00:00+03:00"; // Saturday; the test clock is Monday 15 June 12:00
const END = "2026-06-20T11:00:00+03:00";
const MINUTE = 60_000;
const PUBLIC_URL = "http://localhost:3000";
const job = (name: string) => jobs.find((j) => j.name === name)!;

describe.each(databaseKinds)("Stripe Checkout through a fake Stripe on %s", (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeEach(async () => {
    // The fake signs its webhooks at the test clock's time, as the app checks them against it.
    stripe = await startFakeStripe({ now: () => t.clock.now() });
    t = await createTestApp(kind, { env: { ...stripe.env(), PUBLIC_URL } });
  });
  afterEach(async () => {
    await t.close();
    await stripe.close();
  });

  const seconds = () => Math.floor(t.clock.now().getTime() / 1000);
  /** Sends Stripe's signed webhook to the app, as Stripe would. */
  const webhook = (payload: string, signature?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/payments/stripe/webhook",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      payload,
    });
  const send = async (type: string, object: unknown) => {
    const { payload, signature } = stripe.signedEvent(type, object, seconds());
    return webhook(payload, signature);
  };
  const sessionOf = (redirectUrl: string) => stripe.sessions.get(redirectUrl.split("/").at(-1)!)!;
  const statusOf = async (reservationId: string) => {
    const [r] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservationId));
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.reservationId, reservationId));
    return { reservation: r!.status, payment: p!.status, refundedCents: p!.refundedCents };
  };
  const returnFrom = (paymentId: string) =>
    t.app.inject({ method: "GET", url: `/api/v2/payments/stripe/return/${paymentId}?session_id=ignored` });

  it("starts one Checkout Session as asked: EUR, the VAT-inclusive price, card and MobilePay, in Finnish", async () => {
    const held = await holdSlot(t, START, END, { paymentMethod: "mobilepay" });
    const [payment] = await t.ctx.db.select().from(payments);
    const session = sessionOf(held.redirectUrl);
    expect(held.redirectUrl).toBe(`${stripe.url}/pay/${session.id}`);
    expect(payment).toMatchObject({ provider: "stripe", providerRef: session.id, amountCents: 1500 });
    const [call] = stripe.calls;
    const returnUrl = `${PUBLIC_URL}/api/v2/payments/stripe/return/${payment!.id}?session_id={CHECKOUT_SESSION_ID}`;
    expect(call).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: `checkout-${payment!.id}`,
      params: {
        mode: "payment",
        currency: "eur",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "eur",
        "line_items[0][price_data][unit_amount]": "1500",
        "line_items[0][price_data][tax_behavior]": "inclusive",
        "allowed_payment_method_types[0]": "card",
        "allowed_payment_method_types[1]": "mobilepay",
        locale: "fi",
        customer_email: "maija@example.com",
        client_reference_id: payment!.id,
        "metadata[paymentId]": payment!.id,
        success_url: returnUrl,
        cancel_url: returnUrl,
      },
    });
    // Stripe's shortest session is 30 minutes; our hold is 15 (the close job ends the session then).
    expect(Number(call!.params.expires_at)).toBeGreaterThanOrEqual(seconds() + 30 * 60);
  });

  it("confirms exactly once by signed webhooks, whatever their number and order", async () => {
    const held = await holdSlot(t, START, END);
    const session = await stripe.pay(sessionOf(held.redirectUrl).id);
    const completed = stripe.signedEvent("checkout.session.completed", session, seconds());
    expect((await webhook(completed.payload, completed.signature)).json()).toEqual({
      received: true,
      outcome: "confirmed",
    });
    // Stripe delivers the same event again, and another that says the same.
    expect((await webhook(completed.payload, completed.signature)).json().outcome).toBe("duplicate");
    expect((await send("checkout.session.async_payment_succeeded", session)).json().outcome).toBe(
      "already_processed",
    );
    // An `expired` after `completed` changes nothing.
    expect((await send("checkout.session.expired", { ...session, status: "expired" })).json().outcome).toBe(
      "already_processed",
    );
    expect(await statusOf(held.reservation.id)).toEqual({
      reservation: "confirmed",
      payment: "paid",
      refundedCents: 0,
    });
    expect(await outboxOf(t, "receipt")).toHaveLength(1);
    expect((await t.ctx.db.select().from(webhookEvents)).every((e) => e.processedAt !== null)).toBe(true);
  });

  it("refuses a forged, stale or unsigned webhook with 400 and changes nothing", async () => {
    const held = await holdSlot(t, START, END);
    const session = await stripe.pay(sessionOf(held.redirectUrl).id);
    const genuine = stripe.signedEvent("checkout.session.completed", session, seconds());
    const forged = genuine.signature.replace(/v1=([0-9a-f])/, (_, c) => `v1=${c === "0" ? "1" : "0"}`);
    const stale = stripe.signedEvent("checkout.session.completed", session, seconds() - 10 * 60);
    for (const [payload, signature] of [
      [genuine.payload, forged],
      [stale.payload, stale.signature],
      [genuine.payload, undefined],
      [genuine.payload.replace('"paid"', '"PAID"'), genuine.signature],
    ] as const) {
      const res = await webhook(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Webhookin allekirjoitus/);
    }
    expect(await statusOf(held.reservation.id)).toMatchObject({ reservation: "pending", payment: "pending" });
    expect(await t.ctx.db.select().from(webhookEvents)).toEqual([]);
  });

  it("the return page asks Stripe: a paid session confirms, an open one is closed and released", async () => {
    const paid = await holdSlot(t, START, END);
    const paidId = (await t.ctx.db.select().from(payments))[0]!.id;
    await stripe.pay(sessionOf(paid.redirectUrl).id);
    const back = await returnFrom(paidId);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain("payment=success");
    expect((await statusOf(paid.reservation.id)).reservation).toBe("confirmed");

    const other = await holdSlot(t, "2026-06-20T12:00:00+03:00", "2026-06-20T13:00:00+03:00");
    const session = sessionOf(other.redirectUrl);
    const [otherPayment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, other.reservation.id));
    // The payer pressed Stripe's back link: the query says nothing the server believes.
    const cancelled = await returnFrom(otherPayment!.id);
    expect(cancelled.headers.location).toContain("payment=cancelled");
    expect(session.status).toBe("expired");
    expect(stripe.calls.some((c) => c.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    expect(await statusOf(other.reservation.id)).toMatchObject({
      reservation: "cancelled",
      payment: "cancelled",
    });
    expect((await postCheckout(t, "2026-06-20T12:00:00+03:00", "2026-06-20T13:00:00+03:00")).statusCode).toBe(
      201,
    );
  });

  it("ends the session when our hold ends first, and refunds money that arrives after the slot was taken", async () => {
    const lapsed = await holdSlot(t, "2026-06-20T14:00:00+03:00", "2026-06-20T15:00:00+03:00");
    const late = await holdSlot(t, START, END);
    t.clock.advance(16 * MINUTE);
    await job("release-expired-holds").run(t.ctx);
    // The visitor pays the late one before the close job has run; someone else takes its slot.
    const session = await stripe.pay(sessionOf(late.redirectUrl).id);
    await holdSlot(t, START, END, { email: "toinen@example.com" });
    expect((await send("checkout.session.completed", session)).json().outcome).toBe("refunded");
    expect(await statusOf(late.reservation.id)).toEqual({
      reservation: "expired",
      payment: "refunded",
      refundedCents: 1500,
    });
    const [refund] = await t.ctx.db.select().from(refunds);
    expect(stripe.calls.filter((c) => c.path === "/v1/refunds")).toEqual([
      expect.objectContaining({
        idempotencyKey: `refund-${refund!.id}`,
        params: expect.objectContaining({ payment_intent: session.payment_intent, amount: "1500" }),
      }),
    ]);
    expect(await outboxOf(t, "refund")).toHaveLength(1);

    // The hold that lapsed unpaid has its session ended; the paid (and refunded) one is left alone.
    expect(await job("close-cancelled-checkouts").run(t.ctx)).toBe(1);
    expect(sessionOf(lapsed.redirectUrl).status).toBe("expired");
    expect(sessionOf(late.redirectUrl).status).toBe("complete");
    expect(await job("close-cancelled-checkouts").run(t.ctx)).toBe(0);
  });

  it("waits for an asynchronous payment, then confirms it or frees the slot", async () => {
    const first = await holdSlot(t, START, END);
    const second = await holdSlot(t, "2026-06-20T12:00:00+03:00", "2026-06-20T13:00:00+03:00");
    const pending = (s: string) => ({ ...sessionOf(s), status: "complete", payment_status: "unpaid" });
    expect((await send("checkout.session.completed", pending(first.redirectUrl))).json().outcome).toBe(
      "processing",
    );
    expect((await statusOf(first.reservation.id)).reservation).toBe("pending");
    expect(
      (await send("checkout.session.async_payment_succeeded", sessionOf(first.redirectUrl))).json().outcome,
    ).toBe("confirmed");
    expect(
      (await send("checkout.session.async_payment_failed", sessionOf(second.redirectUrl))).json().outcome,
    ).toBe("cancelled");
    expect((await statusOf(first.reservation.id)).reservation).toBe("confirmed");
    expect((await statusOf(second.reservation.id)).reservation).toBe("cancelled");
  });

  it("refunds a cancelled booking through Stripe's API: the card share, and the gift card's back to the card", async () => {
    const card = await addGiftCard(t, 1000);
    const held = await holdSlot(t, START, END, { giftCardCode: card.code });
    expect(stripe.calls[0]!.params["line_items[0][price_data][unit_amount]"]).toBe("500");
    const session = await stripe.pay(sessionOf(held.redirectUrl).id);
    await send("checkout.session.completed", session);
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${held.reservation.accessToken}`,
    });
    expect(cancel.json().message).toBe(
      "Varaus peruttu. Palautamme 5,00\u00a0€ maksutavallesi. Lahjakortillesi palautettiin 10,00\u00a0€.",
    );
    const refundCalls = stripe.calls.filter((c) => c.path === "/v1/refunds");
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.params).toMatchObject({ amount: "500", payment_intent: session.payment_intent });
    const [row] = await t.ctx.db.select().from(refunds);
    expect(row).toMatchObject({ status: "succeeded", providerRef: [...stripe.refunds.keys()][0] });
    expect((await t.ctx.db.select().from(giftCards))[0]!.balanceCents).toBe(1000);
    // Stripe's own word on the refund later changes nothing more.
    const news = stripe.refunds.get(row!.providerRef!)!;
    expect((await send("refund.updated", news)).json().outcome).toBe("refund_noted");
    expect((await statusOf(held.reservation.id)).refundedCents).toBe(500);
  });

  it("keeps a refund pending while Stripe is down, and its webhook can settle it", async () => {
    const held = await holdSlot(t, START, END);
    await send("checkout.session.completed", await stripe.pay(sessionOf(held.redirectUrl).id));
    stripe.failRefunds(true);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${held.reservation.accessToken}`,
    });
    const [pending] = await t.ctx.db.select().from(refunds);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    const news = {
      id: "re_from_dashboard",
      object: "refund",
      status: "succeeded",
      metadata: { refundId: pending!.id },
    };
    expect((await send("refund.updated", news)).json().outcome).toBe("refund_succeeded");
    expect(await statusOf(held.reservation.id)).toMatchObject({ payment: "refunded", refundedCents: 1500 });
    stripe.failRefunds(false);
    t.clock.advance(5 * MINUTE);
    expect(await job("retry-refunds").run(t.ctx)).toEqual([]);
  });

  it("pays a membership invoice through Stripe, activated once by its webhook", async () => {
    const api = asCustomer(t, await logIn(t, "stripe.jasen@example.com"));
    const signup = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
    });
    const session = sessionOf(signup.json().redirectUrl);
    expect(session).toMatchObject({ amount_total: 3900, customer_email: "stripe.jasen@example.com" });
    await stripe.pay(session.id);
    const completed = stripe.signedEvent(
      "checkout.session.completed",
      stripe.sessions.get(session.id),
      seconds(),
    );
    await webhook(completed.payload, completed.signature);
    await webhook(completed.payload, completed.signature);
    expect((await t.ctx.db.select().from(subscriptions))[0]!.status).toBe("active");
    expect(await outboxOf(t, "membership_welcome")).toHaveLength(1);
    const [payment] = await t.ctx.db.select().from(payments);
    const back = await returnFrom(payment!.id);
    expect(back.headers.location).toMatch(/^\/subscription\/success\?subscription=/);
  });

  it("refunds through Stripe's API an invoice payment that arrives after another paid the invoice", async () => {
    const api = asCustomer(t, await logIn(t, "kahdesti@example.com"));
    const first = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
    });
    const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;
    // The member starts the payment again in another tab, then pays both.
    const second = await api.post(`/api/v2/invoices/${invoice.id}/pay`, { paymentMethod: "mobilepay" });
    for (const start of [first, second]) {
      const session = await stripe.pay(sessionOf(start.json().redirectUrl).id);
      await send("checkout.session.completed", session);
    }
    const refundCalls = stripe.calls.filter((c) => c.path === "/v1/refunds");
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.params.amount).toBe("3900");
    expect((await api.get("/api/v2/invoices/me")).json().invoices[0].status).toBe("paid");
    const settled = await t.ctx.db.select().from(payments);
    expect(settled.map((p) => p.status).sort()).toEqual(["paid", "refunded"]);
    expect(await outboxOf(t, "invoice_refund")).toHaveLength(1);
  });
  it("checks the key against Stripe for the system page: a working key, then a revoked one", async () => {
    const payments = async () => (await runHealthChecks(t.ctx)).find((o) => o.component === "payments")!;
    expect(await payments()).toMatchObject({ ok: true, detail: "Stripen rajapinta vastasi", error: null });
    expect(stripe.calls.filter((c) => c.path === "/v1/balance")).toHaveLength(1);

    stripe.revokeKey(true);
    const refused = await payments();
    expect(refused).toMatchObject({ ok: false, detail: null });
    expect(refused.error).toContain("Invalid API Key");
  });
});
