import { eq } from "drizzle-orm";
import { isValidReferenceNumber } from "../../src/domain/membership.js";
import { invoices, reservations, subscriptions } from "../../src/server/schema/index.js";
import { createDueInvoices, remindOverdueInvoices } from "../../src/server/memberships/invoices/service.js";
import { expireAbandonedSignups } from "../../src/server/memberships/subscriptions/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import {
  asCustomer,
  joinAndPay,
  logIn,
  payOnDemoPage,
  providerReportsPaid,
  type CustomerApi,
} from "../support/member.js";

describe.each(databaseKinds)("membership on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  const me = (api: CustomerApi) => api.get("/api/v2/subscriptions/me");

  it("sells the three tiers with 12-month commitment prices 10 % lower", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v2/subscriptions/tiers" });
    expect(res.statusCode).toBe(200);
    expect(res.json().tiers).toEqual([
      {
        tier_level: 1,
        name: "Perus",
        hours_quota: 8,
        monthly_price_cents: 3900,
        commitment_monthly_price_cents: 3510,
      },
      {
        tier_level: 2,
        name: "Plus",
        hours_quota: 16,
        monthly_price_cents: 5900,
        commitment_monthly_price_cents: 5310,
      },
      {
        tier_level: 3,
        name: "Premium",
        hours_quota: 40,
        monthly_price_cents: 8900,
        commitment_monthly_price_cents: 8010,
      },
    ]);
  });

  it("answers 401 without a session on every member path", async () => {
    for (const [method, url] of [
      ["GET", "/api/v2/subscriptions/me"],
      ["POST", "/api/v2/subscriptions/signup"],
      ["POST", "/api/v2/subscriptions/me/cancel"],
      ["GET", "/api/v2/invoices/me"],
      ["GET", "/api/v2/reservations/me"],
      ["POST", "/api/v2/reservations/subscriber"],
      ["GET", "/api/v2/customers/me/data"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toMatch(/\S/);
    }
  });

  it("signs up, activates on payment exactly once, and shows the membership with its first paid invoice", async () => {
    const api = asCustomer(t, await logIn(t, "jasen@example.com"));
    const none = await me(api);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/jäsenyyttä/);

    const signup = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 2,
      commitment: "12m",
      paymentMethod: "mobilepay",
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({
      success: true,
      redirectUrl: expect.stringMatching(/^\/maksu\/demo\//),
    });
    expect((await me(api)).json().subscription.status).toBe("pending");
    expect(
      (
        await api.post("/api/v2/subscriptions/signup", {
          tier_level: 1,
          commitment: "none",
          paymentMethod: "card",
        })
      ).statusCode,
    ).toBe(409);

    const landed = await payOnDemoPage(t, signup.json().redirectUrl, "approve");
    expect(landed).toMatch(/^\/subscription\/success\?subscription=/);
    // The page no longer takes the paid attempt; a duplicate webhook changes nothing, no second welcome.
    const again = await t.app.inject({
      method: "POST",
      url: `${signup.json().redirectUrl}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("<h1>Maksu on jo maksettu</h1>");
    expect(again.body).toMatch(/<a href="\/subscription\/success\?subscription=[^"]+">Palaa sivustolle<\/a>/);
    await providerReportsPaid(t, signup.json().redirectUrl);
    expect(await outboxOf(t, "membership_welcome")).toHaveLength(1);

    const sub = (await me(api)).json().subscription;
    expect(sub).toMatchObject({
      tier_level: 2,
      tier_name: "Plus",
      status: "active",
      commitment: "12m",
      monthly_price_cents: 5310,
      start_date: "2026-06-15",
      commitment_end_date: "2027-06-15",
      commitment_days_remaining: 365,
      cancelled_at: null,
      access_ends_on: null,
      has_access: true,
      current_period: { start: "2026-06-15", end: "2026-07-14" },
      usage: { hours_used: 0, hours_quota: 16, percent: 0 },
    });
    const list = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      number: 1001,
      reference_number: "10016",
      amount_cents: 5310,
      vat_cents: 1079,
      vat_rate_basis_points: 2550,
      status: "paid",
      is_overdue: false,
      due_date: "2026-06-29",
      period: { start: "2026-06-15", end: "2026-07-14" },
    });
  });

  it("leaves a cancelled signup inactive and lets the customer try again; an abandoned one expires", async () => {
    const api = asCustomer(t, await logIn(t, "peruja@example.com"));
    const first = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
    });
    expect(await payOnDemoPage(t, first.json().redirectUrl, "cancel")).toMatch(/^\/subscription\/cancelled/);
    expect((await me(api)).statusCode).toBe(404);
    // The void first invoice of a membership that never started is not the member's to see.
    expect((await api.get("/api/v2/invoices/me")).json().invoices).toEqual([]);

    const second = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
    });
    expect(second.statusCode).toBe(201);
    t.clock.advance(59 * 60_000);
    expect(await expireAbandonedSignups(t.ctx)).toEqual([]);
    t.clock.advance(2 * 60_000);
    expect(await expireAbandonedSignups(t.ctx)).toHaveLength(1);
    expect((await me(api)).statusCode).toBe(404);
    expect((await api.get("/api/v2/invoices/me")).json().invoices).toEqual([]);
    // Money that still arrives for the expired signup is returned, and nothing activates.
    expect(await providerReportsPaid(t, second.json().redirectUrl)).toBe("refunded");
    expect((await me(api)).statusCode).toBe(404);
    expect(await outboxOf(t, "invoice_refund")).toHaveLength(1);
  });

  it("refuses an unknown tier and an unknown gift card with a 400, never a 5xx", async () => {
    const api = asCustomer(t, await logIn(t, "koodi@example.com"));
    const tier = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 9,
      commitment: "none",
      paymentMethod: "card",
    });
    expect(tier.statusCode).toBe(400);
    const gift = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
      gift_card_code: "EIOLE",
    });
    expect(gift.statusCode).toBe(400);
    expect(gift.json().message).toMatch(/Lahjakorttikoodia ei tunnistettu/);
    expect((await me(api)).statusCode).toBe(404);
  });

  describe("cancelling", () => {
    it("says exactly 'No active subscription' without one", async () => {
      const api = asCustomer(t, await logIn(t, "eijasen@example.com"));
      const res = await api.post("/api/v2/subscriptions/me/cancel");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "No active subscription" });
    });

    it("without a commitment: access to the end of the paid period, and no further invoice", async () => {
      const api = asCustomer(t, await logIn(t, "vapaa@example.com"));
      await joinAndPay(t, api, 1, "none");
      t.clock.set("2026-07-01T09:00:00+03:00");
      const res = await api.post("/api/v2/subscriptions/me/cancel");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, cancelled_at: "2026-07-01T09:00:00+03:00" });
      expect(res.json().message).toMatch(/ti 14\.7\.2026 asti/);
      expect(res.json().subscription).toMatchObject({
        status: "cancelled",
        access_ends_on: "2026-07-14",
        has_access: true,
      });
      expect(await outboxOf(t, "membership_cancelled")).toHaveLength(1);
      expect((await api.post("/api/v2/subscriptions/me/cancel")).json()).toEqual({
        message: "No active subscription",
      });

      t.clock.set("2026-07-15T08:00:00+03:00");
      expect(await createDueInvoices(t.ctx)).toEqual([]);
      expect((await me(api)).json().subscription).toMatchObject({ status: "cancelled", has_access: false });
    });

    it("inside a commitment: membership and billing run until commitment_end_date, days remaining shown", async () => {
      await joinAndPay(t, asCustomer(t, await logIn(t, "sitoutunut@example.com")), 2, "12m");
      t.clock.set("2026-08-20T10:00:00+03:00");
      // Sessions last 30 days: a member who comes back later logs in again.
      const api = asCustomer(t, await logIn(t, "sitoutunut@example.com"));
      const res = await api.post("/api/v2/subscriptions/me/cancel");
      expect(res.json().subscription).toMatchObject({
        status: "cancelled",
        commitment_end_date: "2027-06-15",
        commitment_days_remaining: 299,
        access_ends_on: "2027-06-14",
      });
      // One date, said once: the last day of the commitment and of access alike.
      expect(res.json().message).toMatch(/jatkuvat \S+ 14\.6\.2027 asti \(299 päivää jäljellä\)\.$/);
      expect(res.json().message).not.toMatch(/15\.6\.2027/);
      // The welcome said the same last day of the commitment.
      const [welcome] = await outboxOf(t, "membership_welcome");
      expect(welcome!.text).toMatch(/Sitoumus: 12 kuukautta, \S+ 14\.6\.2027 asti\./);
      // Billing goes on to the end of the commitment: the periods of July and August so far...
      expect(await createDueInvoices(t.ctx)).toEqual([1002, 1003]);
      // ...and the last period starting before 15.6.2027 is billed, none after it.
      t.clock.set("2027-06-01T10:00:00+03:00");
      expect(await createDueInvoices(t.ctx)).toHaveLength(9); // 15 Sep ... 15 May
      // Nothing left due: the job learns that from one query and locks no membership (issue 21).
      const transaction = vi.spyOn(t.ctx.db, "transaction");
      expect(await createDueInvoices(t.ctx)).toEqual([]);
      expect(transaction).not.toHaveBeenCalled();
      transaction.mockRestore();
      t.clock.set("2027-06-16T10:00:00+03:00");
      expect(await createDueInvoices(t.ctx)).toEqual([]);
      const all = await t.ctx.db.select().from(invoices);
      expect(
        all
          .map((i) => i.periodStart)
          .sort()
          .at(-1),
      ).toBe("2027-05-15");
    });
  });

  describe("invoices", () => {
    it("bills each period once with gapless numbers and valid reference numbers, even with two job runs at once", async () => {
      const anna = asCustomer(t, await logIn(t, "anna@example.com"));
      const ville = asCustomer(t, await logIn(t, "ville@example.com"));
      await joinAndPay(t, anna, 1, "none");
      await joinAndPay(t, ville, 3, "none");
      t.clock.set("2026-07-15T00:30:00+03:00");
      const runs = await Promise.all([
        createDueInvoices(t.ctx),
        createDueInvoices(t.ctx),
        createDueInvoices(t.ctx),
      ]);
      expect(runs.flat().sort()).toEqual([1003, 1004]);
      const all = await t.ctx.db.select().from(invoices);
      expect(all.map((i) => i.number).sort()).toEqual([1001, 1002, 1003, 1004]);
      expect(all.every((i) => isValidReferenceNumber(i.referenceNumber))).toBe(true);
      expect(await outboxOf(t, "invoice")).toHaveLength(2);
      const open = (await anna.get("/api/v2/invoices/me")).json().invoices[0];
      expect(open).toMatchObject({
        status: "open",
        is_overdue: false,
        due_date: "2026-07-29",
        period: { start: "2026-07-15", end: "2026-08-14" },
      });
    });

    it("follows month ends: started 31 Jan, billed 28 Feb and 31 Mar", async () => {
      t.clock.set("2026-01-31T10:00:00+02:00");
      await joinAndPay(t, asCustomer(t, await logIn(t, "kuunvaihde@example.com")), 1, "none");
      t.clock.set("2026-02-28T06:00:00+02:00");
      await createDueInvoices(t.ctx);
      t.clock.set("2026-03-31T06:00:00+03:00");
      await createDueInvoices(t.ctx);
      const api = asCustomer(t, await logIn(t, "kuunvaihde@example.com"));
      const periods = (await api.get("/api/v2/invoices/me"))
        .json()
        .invoices.map((i: { period: object }) => i.period);
      expect(periods).toEqual([
        { start: "2026-03-31", end: "2026-04-29" },
        { start: "2026-02-28", end: "2026-03-30" },
        { start: "2026-01-31", end: "2026-02-27" },
      ]);
    });

    it("is overdue from the Helsinki midnight after the due date, reminds once, and suspends the membership 7 days later until paid", async () => {
      await joinAndPay(t, asCustomer(t, await logIn(t, "myohassa@example.com")), 1, "none");
      t.clock.set("2026-07-15T08:00:00+03:00");
      await createDueInvoices(t.ctx);
      const api = asCustomer(t, await logIn(t, "myohassa@example.com"));
      const unpaid = async () => (await api.get("/api/v2/subscriptions/me")).json().subscription.unpaid;
      const book = (day: string) =>
        api.post("/api/v2/reservations/subscriber", {
          start: `${day}T10:00:00+03:00`,
          end: `${day}T11:00:00+03:00`,
          dogs: 1,
        });
      const press = (doorToken: string) =>
        t.app.inject({ method: "POST", url: `/api/v2/door/${doorToken}/open`, remoteAddress: "192.0.2.44" });
      t.clock.set("2026-07-29T23:59:00+03:00");
      expect((await api.get("/api/v2/invoices/me")).json().invoices[0].is_overdue).toBe(false);
      expect(await unpaid()).toBeNull();
      expect(await remindOverdueInvoices(t.ctx)).toEqual([]);
      t.clock.set("2026-07-30T00:00:00+03:00");
      const overdue = (await api.get("/api/v2/invoices/me")).json().invoices[0];
      expect(overdue).toMatchObject({
        number: 1002,
        status: "open",
        is_overdue: true,
        due_date: "2026-07-29",
      });
      expect(await remindOverdueInvoices(t.ctx)).toEqual([1002]);
      expect(await remindOverdueInvoices(t.ctx)).toEqual([]);
      const reminders = await outboxOf(t, "invoice_overdue");
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain("jäsenyytesi keskeytetään ke 5.8.2026 alkaen");

      // Within the grace (product.md: 7 days after the due date) the member still books.
      expect(await unpaid()).toEqual({
        invoice_id: overdue.id,
        invoice_number: 1002,
        due_date: "2026-07-29",
        suspended_from: "2026-08-05",
        suspended: false,
      });
      const inGrace = await book("2026-08-05");
      expect(inGrace.statusCode).toBe(201);
      const [booked] = await t.ctx.db
        .select({ doorToken: reservations.doorToken })
        .from(reservations)
        .where(eq(reservations.id, inGrace.json().reservation.id));
      const doorToken = booked!.doorToken;

      // From its first day the membership is suspended: no member booking, and the link refuses.
      t.clock.set("2026-08-04T23:59:00+03:00");
      expect((await unpaid()).suspended).toBe(false);
      t.clock.set("2026-08-05T09:58:00+03:00");
      expect(await unpaid()).toMatchObject({ suspended_from: "2026-08-05", suspended: true });
      const refused = await book("2026-08-07");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "Jäsenyytesi on keskeytetty, koska lasku nro 1002 (eräpäivä ke 29.7.2026) on maksamatta. Maksa se Oma tili -sivulla, niin jäsenvaraukset ja niiden porttilinkit toimivat taas heti.",
      );
      // Moving a member booking is booking one: refused alike.
      const move = await api.post(`/api/v2/reservations/${inGrace.json().reservation.id}/reschedule`, {
        start: "2026-08-06T10:00:00+03:00",
        end: "2026-08-06T11:00:00+03:00",
      });
      expect(move.statusCode).toBe(403);
      expect(move.json().message).toBe(refused.json().message);
      const shut = await press(doorToken);
      expect(shut.statusCode).toBe(403);
      expect(shut.json().message).toBe(refused.json().message);
      // The gate page says so before the press.
      const page = await t.app.inject({ method: "GET", url: `/api/v2/door/${doorToken}` });
      expect(page.json()).toMatchObject({ status: "open", suspended: refused.json().message });

      // Paying it on the demo page lifts the suspension at once.
      const pay = await api.post(`/api/v2/invoices/${overdue.id}/pay`, { paymentMethod: "card" });
      expect(pay.statusCode).toBe(200);
      expect(await payOnDemoPage(t, pay.json().redirectUrl, "approve")).toBe(
        `/oma-tili?invoice=${overdue.id}&payment=success`,
      );
      expect((await api.get("/api/v2/invoices/me")).json().invoices[0]).toMatchObject({
        status: "paid",
        is_overdue: false,
      });
      expect(await unpaid()).toBeNull();
      const again = await api.post("/api/v2/invoices/" + overdue.id + "/pay", { paymentMethod: "card" });
      expect(again.statusCode).toBe(409);
      expect((await press(doorToken)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: "GET", url: `/api/v2/door/${doorToken}` })).json().suspended,
      ).toBeNull();
      expect((await book("2026-08-07")).statusCode).toBe(201);
    });

    it("hides another customer's invoice behind a 404", async () => {
      const owner = asCustomer(t, await logIn(t, "omistaja@example.com"));
      const other = asCustomer(t, await logIn(t, "toinen@example.com"));
      await joinAndPay(t, owner, 1, "none");
      const [invoice] = (await owner.get("/api/v2/invoices/me")).json().invoices;
      const res = await other.post(`/api/v2/invoices/${invoice.id}/pay`, { paymentMethod: "card" });
      expect(res.statusCode).toBe(404);
      expect(
        (await other.post("/api/v2/invoices/not-a-uuid/pay", { paymentMethod: "card" })).statusCode,
      ).toBe(400);
      // The paid invoice's receipt (kuitti) is its owner's alone.
      const receipt = await owner.get(`/api/v2/invoices/${invoice.id}/receipt`);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers["content-type"]).toMatch(/^text\/html/);
      for (const part of ["<h1>Kuitti</h1>", "Y-tunnus", `${invoice.number}`, invoice.description, "ALV "])
        expect(receipt.body).toContain(part);
      expect((await other.get(`/api/v2/invoices/${invoice.id}/receipt`)).statusCode).toBe(404);
    });
  });

  it("keeps one live membership per customer at the database level", async () => {
    const api = asCustomer(t, await logIn(t, "kaksi@example.com"));
    const results = await Promise.all(
      [1, 2, 3].map((tier_level) =>
        api.post("/api/v2/subscriptions/signup", { tier_level, commitment: "none", paymentMethod: "card" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(
      await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.status, "pending")),
    ).toHaveLength(1);
  });
});
