import { eq } from "drizzle-orm";
import { payments, refunds, reservations } from "../../src/server/schema/index.js";
import { demoPaymentProvider } from "../../src/server/integrations/payments/demo.js";
import type { PaymentProvider, RefundRequest } from "../../src/server/integrations/payments/provider.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import { confirmPayment } from "../../src/server/paymentOutcomes/fulfilment.js";
import { releaseExpiredHolds } from "../../src/server/reservations/holds.js";
import { MAX_REFUND_ATTEMPTS, recordRefund, sendRefund } from "../../src/server/payments/refunds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const START = "2026-06-20T10:00:00+03:00"; // Saturday; the test clock is Monday 15 June 12:00
const END = "2026-06-20T11:00:00+03:00";
const MINUTE = 60_000;
const retryJob = jobs.find((j) => j.name === "retry-refunds")!;

/**
 * A stand-in for the provider's servers: the demo provider's page, with refunds that the test
 * answers. Every refund request is recorded, with what the database showed (from outside any
 * transaction) at the moment the provider was called.
 */
function refundingProvider(answer: (call: number) => Promise<{ ok: boolean }>) {
  const calls: Array<RefundRequest & { seen: unknown }> = [];
  let t: TestApp | undefined;
  const provider: PaymentProvider = {
    ...demoPaymentProvider(),
    async refund(request) {
      // A query on the pool: it sees only what has been committed (and would wait for an open
      // transaction's locks on PGlite's single connection).
      const [refund] = await t!.ctx.db.select().from(refunds).where(eq(refunds.id, request.refundId));
      const [payment] = await t!.ctx.db.select().from(payments).where(eq(payments.id, request.payment.id));
      const [reservation] = payment?.reservationId
        ? await t!.ctx.db.select().from(reservations).where(eq(reservations.id, payment.reservationId))
        : [];
      calls.push({ ...request, seen: { refund: refund?.status, reservation: reservation?.status } });
      const result = await answer(calls.length);
      return result.ok
        ? { ok: true, providerRef: `re_${calls.length}` }
        : { ok: false, error: "verkko poikki" };
    },
  };
  return { provider, calls, attach: (app: TestApp) => void (t = app) };
}

describe.each(databaseKinds)("refunds on %s", (kind) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function appWith(answer: (call: number) => Promise<{ ok: boolean }>) {
    const fake = refundingProvider(answer);
    t = await createTestApp(kind, { payments: fake.provider });
    fake.attach(t);
    return fake.calls;
  }
  const cancel = (token: string) =>
    t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
  const paymentOf = async (reservationId: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reservationId, reservationId)))[0]!;

  it("calls the provider only after the cancel has committed, with the refund row as the key", async () => {
    const calls = await appWith(async () => ({ ok: true }));
    const { checkout } = await bookAndPay(t, START, END);
    expect((await cancel(checkout.reservation.accessToken)).statusCode).toBe(200);
    const [refund] = await t.ctx.db.select().from(refunds);
    expect(calls).toEqual([
      expect.objectContaining({
        refundId: refund!.id,
        amountCents: 1500,
        seen: { refund: "pending", reservation: "cancelled" },
      }),
    ]);
    expect(refund).toMatchObject({
      status: "succeeded",
      providerRef: "re_1",
      attempts: 1,
      reason: "customer_cancel",
    });
    expect(await paymentOf(checkout.reservation.id)).toMatchObject({
      status: "refunded",
      refundedCents: 1500,
    });
  });

  it("retries a refund the provider refused, with the same key, until it succeeds", async () => {
    const calls = await appWith(async (n) => ({ ok: n >= 3 }));
    const { checkout } = await bookAndPay(t, START, END);
    expect((await cancel(checkout.reservation.accessToken)).statusCode).toBe(200);
    // Not due yet: the job leaves it alone.
    expect(await retryJob.run(t.ctx)).toEqual([]);
    t.clock.advance(MINUTE);
    expect(await retryJob.run(t.ctx)).toEqual(["pending"]);
    t.clock.advance(MINUTE); // the second failure waits 2 minutes
    expect(await retryJob.run(t.ctx)).toEqual([]);
    t.clock.advance(MINUTE);
    expect(await retryJob.run(t.ctx)).toEqual(["succeeded"]);
    expect(new Set(calls.map((c) => c.refundId)).size).toBe(1);
    expect(calls).toHaveLength(3);
    expect(await paymentOf(checkout.reservation.id)).toMatchObject({
      status: "refunded",
      refundedCents: 1500,
    });
    t.clock.advance(60 * MINUTE);
    expect(await retryJob.run(t.ctx)).toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it("never sends one refund twice, however many workers try at once", async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const calls = await appWith(async () => {
      await slow;
      return { ok: true };
    });
    const { checkout } = await bookAndPay(t, START, END);
    const payment = await paymentOf(checkout.reservation.id);
    const id = (await t.ctx.db.transaction((tx) =>
      recordRefund(tx, {
        paymentId: payment.id,
        amountCents: 1500,
        reason: "customer_cancel",
        now: t.ctx.now(),
      }),
    ))!;
    let settled = 0;
    const track = <T>(attempt: Promise<T>) => attempt.finally(() => void (settled += 1));
    const sends = Promise.all([track(sendRefund(t.ctx, id)), track(sendRefund(t.ctx, id))]);
    // One worker has claimed the refund and is at the provider; the other found it claimed. (Waiting
    // for both, not for a fixed time: on a busy machine the second could come after the first ended.)
    await vi.waitFor(
      () => {
        expect(calls).toHaveLength(1);
        expect(settled).toBe(1);
      },
      { timeout: 10_000 },
    );
    // A third worker, the retry job, meanwhile: it sends nothing either.
    expect(await retryJob.run(t.ctx)).not.toContain("succeeded");
    release();
    const [first, second] = await sends;
    expect([first, second].sort()).toEqual(["pending", "succeeded"]);
    expect(calls).toHaveLength(1);
    expect(await sendRefund(t.ctx, id)).toBe("succeeded");
    expect(calls).toHaveLength(1);
  });

  it("leaves a refund for an admin after the last attempt", async () => {
    const calls = await appWith(async () => ({ ok: false }));
    const { checkout } = await bookAndPay(t, START, END);
    await cancel(checkout.reservation.accessToken);
    for (let i = 1; i < MAX_REFUND_ATTEMPTS; i++) {
      t.clock.advance(60 * MINUTE);
      await retryJob.run(t.ctx);
    }
    expect(calls).toHaveLength(MAX_REFUND_ATTEMPTS);
    const [refund] = await t.ctx.db.select().from(refunds);
    expect(refund).toMatchObject({ status: "failed", lastError: "verkko poikki" });
    t.clock.advance(60 * MINUTE);
    expect(await retryJob.run(t.ctx)).toEqual([]);
  });

  it("refunds a late payment for a taken slot after the decision commits, and retries it", async () => {
    const calls = await appWith(async (n) => ({ ok: n >= 2 }));
    const held = await holdSlot(t, START, END);
    t.clock.advance(20 * MINUTE);
    await releaseExpiredHolds(t.ctx);
    await holdSlot(t, START, END, { email: "toinen@example.com" });
    const paymentId = held.redirectUrl.split("/").at(-1)!;
    expect((await confirmPayment(t.ctx, { provider: "demo", paymentId })).outcome).toBe("refund_pending");
    expect(calls[0]!.seen).toEqual({ refund: "pending", reservation: "expired" });
    expect((await confirmPayment(t.ctx, { provider: "demo", paymentId })).outcome).toBe("already_processed");
    t.clock.advance(MINUTE);
    expect(await retryJob.run(t.ctx)).toEqual(["succeeded"]);
    expect(await paymentOf(held.reservation.id)).toMatchObject({ status: "refunded", refundedCents: 1500 });
  });
});
