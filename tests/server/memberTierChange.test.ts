import { createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, joinAndPay, logIn, type CustomerApi } from "../support/member.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { moneyOf } from "../../src/server/ledger/index.js";
import { formatEuros } from "../../src/domain/money.js";

/*
 * The member's own tier change (issue 35, deliver 5; decision 057) through the API on both
 * databases: a higher tier at once with the rest of the period's difference on the next invoice,
 * a lower one from the next period, and the refusals. The member joined on 15.6.2026: periods run
 * from the 15th to the 14th.
 */

describe.each(databaseKinds)("a member's tier change on %s", (kind) => {
  let t: TestApp;
  let api: CustomerApi;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
  });
  afterEach(() => t.close());

  const quote = (tier: number) => api.get(`/api/v2/subscriptions/me/tier-change?tier_level=${tier}`);
  const change = (tier: number) => api.post("/api/v2/subscriptions/me/tier-change", { tier_level: tier });
  const membership = async () => (await api.get("/api/v2/subscriptions/me")).json().subscription;
  const invoices = async () => (await api.get("/api/v2/invoices/me")).json().invoices;

  it("raises the tier at once and bills the rest of the period's difference on the next invoice", async () => {
    await joinAndPay(t, api, 2); // Plus, 59,00 €, 16 h
    // 30.6.: 15 of the period's 30 days (15.6.–14.7.) are left, today included.
    t.clock.set("2026-06-30T10:00:00+03:00");
    const quoted = await quote(3);
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toMatchObject({
      tier_name: "Premium",
      hours_quota: 40,
      direction: "up",
      from: "2026-06-30",
      monthly_price_cents: 8900,
      difference_cents: 1500,
      difference_days: 15,
    });
    expect(quoted.json().summary).toBe(
      "Taso vaihtuu Premium-tasoon heti: tämän jakson tuntikiintiö on 40 h.",
    );
    // The quote changed nothing.
    expect(await membership()).toMatchObject({ tier_name: "Plus", usage: { hours_quota: 16 } });

    const changed = await change(3);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toContain(
      `Erotus ${formatEuros(1500)} jakson loppuun (15 päivää, ti 14.7.2026 asti) lisätään seuraavaan laskuun.`,
    );
    expect(changed.json().subscription).toMatchObject({
      tier_name: "Premium",
      monthly_price_cents: 8900,
      usage: { hours_quota: 40 },
    });
    // 20 hours fit this period at once.
    const booked = await api.post("/api/v2/reservations/subscriber", {
      start: "2026-07-02T08:00:00+03:00",
      end: "2026-07-02T20:00:00+03:00",
      dogs: 1,
    });
    expect(booked.statusCode, booked.body).not.toBe(409);
    const mail = (await outboxOf(t, "membership_tier_change")).at(-1)!;
    expect(mail.subject).toBe("Jäsenyytesi taso vaihtui: Premium");
    expect(mail.text).toContain(`ti 14.7.2026 asti): ${formatEuros(1500)}`);

    // The next period's invoice: Premium's price and the difference, each its own charge.
    t.clock.set("2026-07-15T06:00:00+03:00");
    await createDueInvoices(t.ctx);
    const [next] = await invoices();
    expect(next).toMatchObject({ amount_cents: 10400, due_cents: 10400, status: "open" });
    expect(next.description).toContain("Tasomuutos Plus → Premium ti 30.6.2026–ti 14.7.2026 (15 pv)");
    const { entries, balance } = await moneyOf(t.ctx.db, { invoiceId: next.id });
    expect(entries.map((e) => [e.kind, e.amountCents, e.reason])).toEqual([
      ["price", 8900, null],
      ["price", 1500, "tier_change"],
    ]);
    expect(entries.reduce((sum, e) => sum + e.vatCents, 0)).toBe(next.vat_cents);
    expect(balance.chargedCents).toBe(10400);
    // Billed once: the period after has Premium's price alone.
    t.clock.set("2026-08-15T06:00:00+03:00");
    await createDueInvoices(t.ctx);
    api = asCustomer(t, await logIn(t, "jasen@example.com")); // a month on: a new session
    expect((await invoices())[0]).toMatchObject({ amount_cents: 8900 });
  });

  it("lowers the tier from the next period, which is billed at the lower price", async () => {
    await joinAndPay(t, api, 2);
    t.clock.set("2026-06-20T10:00:00+03:00");
    const quoted = await quote(1);
    expect(quoted.json()).toMatchObject({
      direction: "down",
      from: "2026-07-15",
      monthly_price_cents: 3900,
      difference_cents: 0,
    });
    const changed = await change(1);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      tier_name: "Plus",
      usage: { hours_quota: 16 },
      pending_tier_change: { tier_name: "Perus", from: "2026-07-15" },
    });
    t.clock.set("2026-07-15T06:00:00+03:00");
    await createDueInvoices(t.ctx);
    expect((await invoices())[0]).toMatchObject({ amount_cents: 3900 });
    expect(await membership()).toMatchObject({ tier_name: "Perus", usage: { hours_quota: 8 } });
  });

  it("refuses the same tier, a lower one inside a commitment, and a member without a membership", async () => {
    expect((await quote(3)).statusCode).toBe(409);
    await joinAndPay(t, api, 2, "12m");
    const same = await change(2);
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe("Jäsenyys on jo tasolla Plus.");
    const down = await quote(1);
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toMatch(/Sitoumuksen aikana tasoa voi nostaa mutta ei laskea/);
    // Up inside the commitment: the commitment's discounted price of the higher tier.
    const up = await quote(3);
    expect(up.statusCode).toBe(200);
    expect(up.json().monthly_price_cents).toBeLessThan(8900);
    expect((await api.get("/api/v2/subscriptions/me/tier-change?tier_level=x")).statusCode).toBe(400);
  });
});
