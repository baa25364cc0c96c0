import { eq } from "drizzle-orm";
import { idempotencyKeys, payments, reservations, subscriptions } from "../../src/server/schema/index.js";
import { demoPaymentProvider } from "../../src/server/integrations/payments/demo.js";
import { purgeExpiredPersonalData } from "../../src/server/system/retention.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { checkoutBody } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, logIn } from "../support/member.js";

const MINUTE = 60_000;
const slot = (hour: number, day = 20) =>
  [`2026-06-${day}T${hour}:00:00+03:00`, `2026-06-${day}T${hour + 1}:00:00+03:00`] as const;

describe.each(databaseKinds)("a checkout that never locks a visitor out, on %s", (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const checkout = (body: Record<string, unknown>, options: { key?: string; ip?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: body,
      remoteAddress: options.ip ?? "198.51.100.10",
      headers: options.key ? { "idempotency-key": options.key } : {},
    });

  describe("Idempotency-Key", () => {
    beforeEach(async () => {
      t = await createTestApp(kind);
    });

    it("answers a repeated checkout with the first answer and holds once", async () => {
      const body = checkoutBody(...slot(10));
      const first = await checkout(body, { key: "yritys-0001" });
      expect(first.statusCode).toBe(201);
      const again = await checkout(body, { key: "yritys-0001" });
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(first.json());
      expect(await t.ctx.db.select().from(reservations)).toHaveLength(1);
      // Without the key the same request is a new attempt: the slot is held (by this visitor).
      expect((await checkout(body)).statusCode).toBe(409);
    });

    it("makes simultaneous repeats wait for the first answer", async () => {
      const body = checkoutBody(...slot(11));
      const answers = await Promise.all([1, 2, 3].map(() => checkout(body, { key: "yritys-0002" })));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await t.ctx.db.select().from(reservations)).toHaveLength(1);
    });

    it("repeats a refusal, refuses the key for another body, and checks the key's form", async () => {
      await checkout(checkoutBody(...slot(12), { email: "toinen@example.com" }));
      const body = checkoutBody(...slot(12));
      const taken = await checkout(body, { key: "yritys-0003" });
      expect(taken.statusCode).toBe(409);
      expect((await checkout(body, { key: "yritys-0003" })).json()).toEqual(taken.json());
      const other = await checkout(checkoutBody(...slot(13)), { key: "yritys-0003" });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: "Tämä Idempotency-Key on jo käytetty toiseen pyyntöön." });
      const bad = await checkout(body, { key: "lyhyt" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Idempotency-Key on virheellinen/);
    });

    it("does not keep a server error: the retry runs again", async () => {
      await t.close();
      let failures = 1;
      t = await createTestApp(kind, {
        payments: {
          ...demoPaymentProvider(),
          async createCheckout(request) {
            if (failures-- > 0) throw new Error("palvelu alhaalla");
            return demoPaymentProvider().createCheckout(request);
          },
        },
      });
      const body = checkoutBody(...slot(14));
      expect((await checkout(body, { key: "yritys-0004" })).statusCode).toBe(502);
      expect((await checkout(body, { key: "yritys-0004" })).statusCode).toBe(201);
    });

    it("makes a signup and an invoice payment once, and forgets the answers after a day", async () => {
      const token = await logIn(t, "kerran@example.com");
      const headers = { authorization: `Bearer ${token}`, "idempotency-key": "liittyminen-1" };
      const signup = () =>
        t.app.inject({
          method: "POST",
          url: "/api/v2/subscriptions/signup",
          headers,
          payload: { tier_level: 1, commitment: "none", paymentMethod: "card" },
        });
      const [a, b] = await Promise.all([signup(), signup()]);
      expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
      expect(a!.json()).toEqual(b!.json());
      expect(await t.ctx.db.select().from(subscriptions)).toHaveLength(1);

      const api = asCustomer(t, token);
      const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;
      const pay = () =>
        t.app.inject({
          method: "POST",
          url: `/api/v2/invoices/${invoice.id}/pay`,
          headers: { authorization: `Bearer ${token}`, "idempotency-key": "maksu-00001" },
          payload: { paymentMethod: "card" },
        });
      const first = await pay();
      expect((await pay()).json()).toEqual(first.json());
      // The signup made one payment attempt, the first pay one more; the repeat none.
      expect(await t.ctx.db.select().from(payments)).toHaveLength(2);

      t.clock.advance(25 * 60 * MINUTE);
      await purgeExpiredPersonalData(t.ctx);
      expect(await t.ctx.db.select().from(idempotencyKeys)).toEqual([]);
    });
  });

  describe("live holds per e-mail and per IP", () => {
    beforeEach(async () => {
      t = await createTestApp(kind);
    });

    it("refuses a third unpaid hold of one e-mail with 429 and Retry-After, until one ends", async () => {
      expect((await checkout(checkoutBody(...slot(10)))).statusCode).toBe(201);
      t.clock.advance(5 * MINUTE);
      expect((await checkout(checkoutBody(...slot(11), { email: "MAIJA@example.com" }))).statusCode).toBe(
        201,
      );
      const third = await checkout(checkoutBody(...slot(12)), { ip: "198.51.100.99" });
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBe(String(10 * 60));
      expect(third.json()).toEqual({
        message:
          "Sähköpostiosoitteellasi on jo 2 maksamatonta varausta kesken. Maksa ne tai vapauta ne, tai yritä uudelleen 10 minuutin kuluttua.",
      });
      t.clock.advance(10 * MINUTE);
      expect((await checkout(checkoutBody(...slot(12)))).statusCode).toBe(201);
    });

    it("refuses a sixth unpaid hold from one IP; another IP and a raised limit are not refused", async () => {
      for (let hour = 10; hour < 15; hour++)
        expect(
          (await checkout(checkoutBody(...slot(hour), { email: `k${hour}@example.com` }))).statusCode,
        ).toBe(201);
      const sixth = await checkout(checkoutBody(...slot(16), { email: "k16@example.com" }));
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers["retry-after"]).toBe(String(15 * 60));
      expect(sixth.json().message).toBe(
        "Tästä verkosta on liian monta maksamatonta varausta kesken. Yritä uudelleen 15 minuutin kuluttua.",
      );
      // Another network is not affected; the limit is a setting.
      expect(
        (await checkout(checkoutBody(...slot(16), { email: "k16@example.com" }), { ip: "203.0.113.5" }))
          .statusCode,
      ).toBe(201);
      await putSetting(t.ctx.db, "holdLimits", { ...(await getSetting(t.ctx.db, "holdLimits")), perIp: 6 });
      expect((await checkout(checkoutBody(...slot(17), { email: "k17@example.com" }))).statusCode).toBe(201);
      const [held] = await t.ctx.db
        .select()
        .from(reservations)
        .where(eq(reservations.email, "k10@example.com"));
      expect(held!.holdIp).toBe("198.51.100.10");
    });
  });
});
