import { asc, eq } from "drizzle-orm";
import { PAST_START_MESSAGE } from "../../src/domain/effectiveDates.js";
import {
  auditLog,
  invoices,
  membershipTiers,
  priceRules,
  reservations,
} from "../../src/server/schema/index.js";
import { OVERLAP_MESSAGE } from "../../src/server/prices/admin.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { sqlState } from "../../src/server/db/pgErrors.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { availabilityOf, bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

/*
 * Hinnasto's effective dating on the real app and database: a change from a date applies to
 * slots and periods from that date only, never to what was already sold, never to the past, with
 * one audit row; the versions of one rule can never overlap, whatever two admins do at once.
 */

describe.each(databaseKinds)("effective-dated prices (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("hinnasto");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00"); // Monday
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);
  const quote = async (date: string, time = "10:00") => {
    const start = encodeURIComponent(`${date}T${time}:00+03:00`);
    const end = encodeURIComponent(
      `${date}T${String(Number(time.slice(0, 2)) + 1).padStart(2, "0")}${time.slice(2)}:00+03:00`,
    );
    return (
      await t.app.inject({ method: "GET", url: `/api/v2/reservations/quote?start=${start}&end=${end}` })
    ).json();
  };
  const hourRule = async () => {
    const list = (await as("GET", "/prices")).json();
    const {
      id,
      ruleId: _r,
      effectiveFrom: _f,
      effectiveUntil: _u,
      ...rest
    } = list.priceRules.find((r: { lengthMinutes: number }) => r.lengthMinutes === 60);
    return { id: id as number, rest };
  };
  const versionsOf = async (ruleId: number) =>
    (
      await t.ctx.db
        .select()
        .from(priceRules)
        .where(eq(priceRules.ruleId, ruleId))
        .orderBy(asc(priceRules.effectiveFrom))
    ).map((v) => [v.effectiveFrom, v.effectiveUntil, v.priceCents]);
  const hourOption = (day: {
    slots: Array<{ start: string; options: Array<{ lengthMinutes: number; priceCents: number }> }>;
  }) =>
    day.slots.find((s) => s.start.includes("T10:00"))!.options.find((o) => o.lengthMinutes === 60)!
      .priceCents;

  it("a change from a future date prices slots from that date only; bookings already made keep theirs", async () => {
    const { reservation } = await bookAndPay(t, "2026-06-22T10:00:00+03:00", "2026-06-22T11:00:00+03:00");
    const { id, rest } = await hourRule();
    const res = await as("PUT", `/price-rules/${id}`, {
      ...rest,
      priceCents: 1800,
      effectiveFrom: "2026-06-20",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().priceRule).toMatchObject({
      effectiveFrom: "2026-06-20",
      effectiveUntil: null,
      priceCents: 1800,
    });

    expect((await quote("2026-06-19")).priceCents).toBe(1500);
    expect((await quote("2026-06-20")).priceCents).toBe(1800);
    expect((await quote("2026-06-21")).priceCents).toBe(1800);
    // The calendar prices each day by the rule in force on it.
    const { days } = await availabilityOf(t, "2026-06-19", "2026-06-20");
    expect(days.map(hourOption)).toEqual([1500, 1800]);
    // The booking made before, for a slot after the date, keeps its price.
    const [kept] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(kept!.priceCents).toBe(1500);
    // The public price list shows today's price until then.
    expect((await t.app.inject({ method: "GET", url: "/api/v2/site" })).json().prices).toContainEqual({
      lengthMinutes: 60,
      priceCents: 1500,
    });

    expect(await versionsOf(id)).toEqual([
      ["2000-01-01", "2026-06-20", 1500],
      ["2026-06-20", null, 1800],
    ]);
    const audit = await t.ctx.db.select().from(auditLog);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "price_rule.update",
      entity: "price_rule",
      entityId: String(id),
    });
    expect(audit[0]!.before).toHaveLength(1);
    expect(audit[0]!.after).toHaveLength(2);

    // A change between now and the scheduled one runs until it; the scheduled one stays.
    await as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 1600, effectiveFrom: "2026-06-18" });
    // Changing the scheduled version on its own start date replaces it (it was never in force).
    await as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 1900, effectiveFrom: "2026-06-20" });
    expect(await versionsOf(id)).toEqual([
      ["2000-01-01", "2026-06-18", 1500],
      ["2026-06-18", "2026-06-20", 1600],
      ["2026-06-20", null, 1900],
    ]);
    expect([(await quote("2026-06-17")).priceCents, (await quote("2026-06-19")).priceCents]).toEqual([
      1500, 1600,
    ]);
    expect((await quote("2026-06-20")).priceCents).toBe(1900);

    // Ending the rule from a date: no price for an hour from then on, earlier periods kept.
    expect((await as("DELETE", `/price-rules/${id}?effectiveFrom=2026-06-19`)).statusCode).toBe(200);
    expect(await versionsOf(id)).toEqual([
      ["2000-01-01", "2026-06-18", 1500],
      ["2026-06-18", "2026-06-19", 1600],
    ]);
    expect(await quote("2026-06-19")).toMatchObject({
      available: false,
      reason: expect.stringContaining("hintaa"),
    });
    expect((await t.ctx.db.select().from(auditLog)).map((a) => a.action)).toEqual([
      "price_rule.update",
      "price_rule.update",
      "price_rule.update",
      "price_rule.delete",
    ]);
  });

  it("refuses a date before today in Finnish and changes nothing", async () => {
    const { id, rest } = await hourRule();
    const past = await as("PUT", `/price-rules/${id}`, {
      ...rest,
      priceCents: 1000,
      effectiveFrom: "2026-06-14",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ message: PAST_START_MESSAGE });
    const bad = await as("PUT", `/price-rules/${id}`, { ...rest, effectiveFrom: "2026-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/päivä/);
    const tier = await as("PUT", "/membership-tiers/1", {
      name: "Perus",
      monthlyPriceCents: 100,
      hoursQuota: 8,
      effectiveFrom: "2026-06-01",
    });
    expect(tier.json()).toEqual({ message: PAST_START_MESSAGE });
    expect((await as("PUT", "/vat-rate", { rateBasisPoints: -1 })).json().message).toContain("negatiivinen");
    expect(await versionsOf(id)).toEqual([["2000-01-01", null, 1500]]);
    expect(await t.ctx.db.select().from(auditLog)).toEqual([]);
  });

  it("a price changed from today applies at once; the old version ends today", async () => {
    const { id, rest } = await hourRule();
    expect((await as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 1850 })).statusCode).toBe(200);
    expect((await quote("2026-06-15", "14:00")).priceCents).toBe(1850);
    const list = (await as("GET", "/prices")).json();
    expect(list.today).toBe("2026-06-15");
    expect(list.priceRules.filter((r: { ruleId: number }) => r.ruleId === id)).toMatchObject([
      { effectiveFrom: "2000-01-01", effectiveUntil: "2026-06-15", priceCents: 1500 },
      { effectiveFrom: "2026-06-15", effectiveUntil: null, priceCents: 1850 },
    ]);
  });

  it("a tier and VAT change from next month: new invoices from then use them, earlier invoices keep theirs", async () => {
    const member = asCustomer(t, await logIn(t, "kuukausi@example.com"));
    await joinAndPay(t, member, 1, "none");
    const committed = asCustomer(t, await logIn(t, "sitoutunut@example.com"));
    await joinAndPay(t, committed, 1, "12m");

    const tierChange = await as("PUT", "/membership-tiers/1", {
      name: "Perus",
      monthlyPriceCents: 4200,
      hoursQuota: 8,
      effectiveFrom: "2026-07-15",
    });
    expect(tierChange.statusCode).toBe(200);
    expect(
      (await as("PUT", "/vat-rate", { rateBasisPoints: 2400, effectiveFrom: "2026-07-15" })).statusCode,
    ).toBe(200);
    const tiersToday = (await t.app.inject({ method: "GET", url: "/api/v2/subscriptions/tiers" })).json();
    expect(tiersToday).toMatchObject({ vat_rate_basis_points: 2550 });
    expect(tiersToday.tiers[0].monthly_price_cents).toBe(3900);
    // A slot's VAT is the rate in force on its date.
    expect((await quote("2026-07-14")).vatRateBasisPoints).toBe(2550);
    expect((await quote("2026-07-15")).vatRateBasisPoints).toBe(2400);

    t.clock.set("2026-07-15T08:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toHaveLength(2);
    const rows = await t.ctx.db.select().from(invoices).orderBy(asc(invoices.number));
    expect(rows.map((i) => [i.periodStart, i.amountCents, i.vatRateBasisPoints])).toEqual([
      ["2026-06-15", 3900, 2550],
      ["2026-06-15", 3510, 2550],
      ["2026-07-15", 4200, 2400],
      // Inside its 12-month commitment a membership keeps the price it was signed at.
      ["2026-07-15", 3510, 2400],
    ]);
    expect((await member.get("/api/v2/subscriptions/me")).json().subscription.monthly_price_cents).toBe(4200);
    const tiersThen = (await t.app.inject({ method: "GET", url: "/api/v2/subscriptions/tiers" })).json();
    expect(tiersThen.tiers[0]).toMatchObject({
      monthly_price_cents: 4200,
      commitment_monthly_price_cents: 3780,
    });
    expect(tiersThen.vat_rate_basis_points).toBe(2400);
    expect((await t.ctx.db.select().from(auditLog)).map((a) => a.action)).toEqual([
      "membership_tier.update",
      "vat_rate.update",
    ]);
  });

  it("a tier ended from a date cannot be joined from then; a new level can be added", async () => {
    expect((await as("DELETE", "/membership-tiers/3?effectiveFrom=2026-06-15")).statusCode).toBe(200);
    const added = await as("PUT", "/membership-tiers/4", {
      name: "Pentu",
      monthlyPriceCents: 1900,
      hoursQuota: 4,
    });
    expect(added.json().membershipTier).toMatchObject({
      level: 4,
      effectiveFrom: "2026-06-15",
      effectiveUntil: null,
    });
    const tiers = (await t.app.inject({ method: "GET", url: "/api/v2/subscriptions/tiers" })).json().tiers;
    expect(tiers.map((x: { tier_level: number }) => x.tier_level)).toEqual([1, 2, 4]);
    const api = asCustomer(t, await logIn(t, "premium@example.com"));
    const res = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 3,
      commitment: "none",
      paymentMethod: "card",
    });
    expect(res.statusCode).toBe(400);
    const past = await t.ctx.db.select().from(membershipTiers).where(eq(membershipTiers.level, 3));
    expect(past.map((v) => [v.effectiveFrom, v.effectiveUntil])).toEqual([["2000-01-01", "2026-06-15"]]);
  });

  it("two versions of one rule can never overlap: concurrent changes take turns, the database refuses the rest", async () => {
    const { id, rest } = await hourRule();
    const results = await Promise.all([
      as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 1700, effectiveFrom: "2026-06-20" }),
      as("PUT", `/price-rules/${id}`, { ...rest, priceCents: 1600, effectiveFrom: "2026-06-18" }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const versions = await versionsOf(id);
    expect(versions).toHaveLength(3);
    for (let i = 1; i < versions.length; i++) expect(versions[i]![0]).toBe(versions[i - 1]![1]);
    expect(versions.at(-1)![1]).toBeNull();

    // Whatever the application did, an overlapping version is refused by the constraint.
    const overlapping = await t.ctx.db
      .insert(priceRules)
      .values({
        ...rest,
        ruleId: id,
        priceCents: 1,
        effectiveFrom: "2026-06-19",
        effectiveUntil: "2026-06-21",
      })
      .then(
        () => null,
        (error: unknown) => sqlState(error),
      );
    expect(overlapping).toBe("23P01");
    const tier = await t.ctx.db
      .insert(membershipTiers)
      .values({ level: 1, name: "Tupla", monthlyPriceCents: 1, hoursQuota: 1, effectiveFrom: "2026-07-01" })
      .then(
        () => null,
        (error: unknown) => sqlState(error),
      );
    expect(tier).toBe("23P01");
    expect(OVERLAP_MESSAGE).toMatch(/Lataa hinnasto uudelleen/);
  });
});
