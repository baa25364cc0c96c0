import { Cron } from "croner";
import { eq } from "drizzle-orm";
import { payments, reservations } from "../../src/server/schema/index.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import { confirmPayment } from "../../src/server/paymentOutcomes/fulfilment.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, holdSlot, outboxOf, postCheckout, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const releaseJob = jobs.find((j) => j.name === "release-expired-holds")!;
const MINUTE = 60_000;

describe("the hold-release job", () => {
  it("is scheduled every 30 seconds, beside the mail job", () => {
    expect(releaseJob.schedule).toBe("*/30 * * * * *");
    expect(jobs.map((j) => j.name)).toContain("deliver-mail");
    const cron = new Cron(releaseJob.schedule, { paused: true });
    const runs = cron.nextRuns(3, new Date("2026-06-15T09:00:10Z"));
    expect(runs.map((d) => d.toISOString())).toEqual([
      "2026-06-15T09:00:30.000Z",
      "2026-06-15T09:01:00.000Z",
      "2026-06-15T09:01:30.000Z",
    ]);
    cron.stop();
  });
});

describe.each(databaseKinds)("holds on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const START = "2026-06-20T10:00:00+03:00";
  const END = "2026-06-20T11:00:00+03:00";
  const statusOf = async (id: string) => {
    const [r] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, id));
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.reservationId, id));
    return { reservation: r!.status, payment: p!.status, refundedCents: p!.refundedCents };
  };
  const freeAt = async (start: string) => {
    const { days } = await availabilityOf(t, "2026-06-20");
    return days[0]!.slots.find((s) => s.start === start)!.status;
  };

  it("releases an abandoned hold once its 15 minutes are up, so the slot is free again", async () => {
    const held = await holdSlot(t, START, END);
    expect(await freeAt(START)).toBe("taken");

    t.clock.advance(15 * MINUTE - 1000);
    expect(await releaseJob.run(t.ctx)).toEqual([]);
    expect(await statusOf(held.reservation.id)).toMatchObject({ reservation: "pending", payment: "pending" });

    t.clock.advance(1000);
    // The slot shows free as soon as the hold has ended, before the job has even run.
    expect(await freeAt(START)).toBe("free");
    expect(await releaseJob.run(t.ctx)).toEqual([held.reservation.id]);
    expect(await statusOf(held.reservation.id)).toMatchObject({
      reservation: "expired",
      payment: "cancelled",
    });
    expect((await postCheckout(t, START, END, { email: "toinen@example.com" })).statusCode).toBe(201);
  });

  it("leaves confirmed bookings and live holds alone", async () => {
    const paid = await holdSlot(t, START, END);
    await pressDemoButton(t, paid.redirectUrl, "approve");
    t.clock.advance(10 * MINUTE);
    const live = await holdSlot(t, END, "2026-06-20T11:30:00+03:00");
    t.clock.advance(6 * MINUTE);
    expect(await releaseJob.run(t.ctx)).toEqual([]);
    expect((await statusOf(paid.reservation.id)).reservation).toBe("confirmed");
    expect((await statusOf(live.reservation.id)).reservation).toBe("pending");
  });

  it("a checkout releases expired holds of the slot by itself, without waiting for the job", async () => {
    const first = await holdSlot(t, START, END);
    t.clock.advance(16 * MINUTE);
    expect((await postCheckout(t, START, END, { email: "toinen@example.com" })).statusCode).toBe(201);
    expect(await statusOf(first.reservation.id)).toMatchObject({
      reservation: "expired",
      payment: "cancelled",
    });
  });

  describe("money that arrives after the hold ended", () => {
    it("confirms a hold that expired but was not released, when nobody took the time", async () => {
      const held = await holdSlot(t, START, END);
      t.clock.advance(20 * MINUTE);
      const res = await pressDemoButton(t, held.redirectUrl, "approve");
      expect(res.headers.location).toContain("payment=success");
      expect(await statusOf(held.reservation.id)).toMatchObject({
        reservation: "confirmed",
        payment: "paid",
      });
    });

    it("confirms a released hold again when the time is still free", async () => {
      const held = await holdSlot(t, START, END);
      t.clock.advance(20 * MINUTE);
      await releaseJob.run(t.ctx);
      const page = await t.app.inject({ method: "GET", url: held.redirectUrl });
      expect(page.body).toContain("Varauksen pitoaika on päättynyt.");
      expect(page.body).toMatch(/>Maksa</);
      const res = await pressDemoButton(t, held.redirectUrl, "approve");
      expect(res.headers.location).toContain("payment=success");
      expect(await statusOf(held.reservation.id)).toMatchObject({
        reservation: "confirmed",
        payment: "paid",
      });
      expect(await outboxOf(t, "receipt")).toHaveLength(1);
    });

    it("refunds when someone else has taken the time meanwhile", async () => {
      const held = await holdSlot(t, START, END);
      t.clock.advance(20 * MINUTE);
      await releaseJob.run(t.ctx);
      const other = await holdSlot(t, START, "2026-06-20T10:30:00+03:00", { email: "toinen@example.com" });
      const res = await pressDemoButton(t, held.redirectUrl, "approve");
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toContain("payment=failed");
      expect(await statusOf(held.reservation.id)).toEqual({
        reservation: "expired",
        payment: "refunded",
        refundedCents: 1500,
      });
      expect((await statusOf(other.reservation.id)).reservation).toBe("pending");
      expect(await outboxOf(t, "receipt")).toHaveLength(0);
      const [mail] = await outboxOf(t, "refund");
      expect(mail!.subject).toBe("Varaus ei toteutunut: la 20.6.2026 klo 10.00–11.00");
      expect(mail!.text).toContain("Palautamme 15,00\u00a0€ maksutavallesi.");
      // A repeated confirmation changes nothing.
      const paymentId = held.redirectUrl.split("/").at(-1)!;
      expect((await confirmPayment(t.ctx, { provider: "demo", paymentId })).outcome).toBe(
        "already_processed",
      );
    });

    it("refunds when the expired hold was taken over by a new checkout before the job ran", async () => {
      const held = await holdSlot(t, START, END);
      t.clock.advance(20 * MINUTE);
      expect((await postCheckout(t, START, END, { email: "toinen@example.com" })).statusCode).toBe(201);
      const paymentId = held.redirectUrl.split("/").at(-1)!;
      expect((await confirmPayment(t.ctx, { provider: "demo", paymentId })).outcome).toBe("refunded");
      expect(await statusOf(held.reservation.id)).toMatchObject({
        reservation: "expired",
        payment: "refunded",
      });
    });

    it("refunds a payment that arrives for a booking the visitor had cancelled", async () => {
      const held = await holdSlot(t, START, END);
      await pressDemoButton(t, held.redirectUrl, "cancel");
      const paymentId = held.redirectUrl.split("/").at(-1)!;
      expect((await confirmPayment(t.ctx, { provider: "demo", paymentId })).outcome).toBe("refunded");
      expect(await statusOf(held.reservation.id)).toMatchObject({
        reservation: "cancelled",
        payment: "refunded",
      });
    });
  });
});
