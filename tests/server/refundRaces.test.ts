import { eq } from "drizzle-orm";
import { payments, refunds, reservations } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * Issue 24, finding 2: a visitor's cancel, an admin's refund and an admin's cancel-with-refund of
 * one paid booking at once gave 500s on PostgreSQL (40P01: the refund's success locked its row
 * and then the payment, while a cancel held the payment and waited on the refund row), and the
 * refund then waited minutes for the retry job. Every path now locks reservation, payment, refund
 * in that order: no 5xx, one refund, sent at once.
 */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 5);

describe.each(databaseKinds)("cancels and refunds racing on one booking (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("kilpa");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const asAdmin = (url: string, payload?: object) => adminRequest(t, admin, "POST", url, payload);

  it("answers each without a 5xx, refunds once and at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = String(20 + round).padStart(2, "0");
      const { checkout, reservation } = await bookAndPay(
        t,
        `2026-06-${day}T10:00:00+03:00`,
        `2026-06-${day}T11:00:00+03:00`,
      );
      const [payment] = await t.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.reservationId, reservation.id));
      // Each request three times at once, as double clicks and two admins would.
      const visitorCancel = () =>
        t.app.inject({
          method: "DELETE",
          url: `/api/v2/reservations/by-token/${checkout.reservation.accessToken}`,
        });
      const adminRefund = () => asAdmin(`/purchases/${payment!.id}/refund`);
      const adminCancel = () => asAdmin(`/reservations/${reservation.id}/cancel`, { refund: true });
      const answers = await Promise.all(
        [
          visitorCancel,
          adminRefund,
          adminCancel,
          visitorCancel,
          adminRefund,
          adminCancel,
          visitorCancel,
          adminRefund,
          adminCancel,
        ].map((send) => send()),
      );
      expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
      const cancels = answers.filter((_, i) => i % 3 !== 1).map((a) => a.statusCode);
      // One cancel wins; the others are told with a 409, as is every refund but the first.
      expect(cancels.sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(answers.filter((_, i) => i % 3 === 1).every((a) => [200, 409].includes(a.statusCode))).toBe(
        true,
      );

      const sent = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ status: "succeeded", amountCents: payment!.amountCents });
      const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, payment!.id));
      expect(after).toMatchObject({ status: "refunded", refundedCents: payment!.amountCents });
      const [booking] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
      expect(booking!.status).toBe("cancelled");
    }
  });
});
