import { and, eq } from "drizzle-orm";
import {
  auditLog,
  customers,
  giftCards,
  invoices,
  payments,
  refunds,
  subscriptions,
} from "../../src/server/schema/index.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import {
  asCustomer,
  joinAndPay,
  logIn,
  payOnDemoPage,
  providerReportsPaid,
  type CustomerApi,
} from "../support/member.js";

/*
 * Jäsenyydet on the real app and database, memberships made through the real signup, payment and
 * invoice job: the list's filters and figures, a member's page, and each action on a member's
 * behalf with its audit row, its e-mail and its refusals; a tier change reaches the next invoice.
 */

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe.each(databaseKinds)("admin jäsenyydet (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("jasenyydet");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  const as = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    adminRequest(t, admin, method, url, payload);

  /** A member who joined through the real signup and paid the first invoice on the demo page. */
  async function join(email: string, tier: number, commitment: "none" | "12m" = "none", name?: string) {
    const api = asCustomer(t, await logIn(t, email));
    if (name) await t.ctx.db.update(customers).set({ name }).where(eq(customers.email, email));
    await joinAndPay(t, api, tier, commitment);
    return { api, ...(await membershipOf(email)) };
  }
  async function membershipOf(email: string) {
    const [row] = await t.ctx.db
      .select({ sub: subscriptions, customerId: customers.id })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(eq(customers.email, email));
    return { id: row!.sub.id, customerId: row!.customerId };
  }
  /** A signup whose first invoice is left unpaid ("approve"/"cancel" on the payment page, or none). */
  async function signUp(email: string, tier: number, button?: "cancel") {
    const api = asCustomer(t, await logIn(t, email));
    const res = await api.post("/api/v2/subscriptions/signup", {
      tier_level: tier,
      commitment: "none",
      paymentMethod: "card",
    });
    if (button) await payOnDemoPage(t, res.json().redirectUrl, button);
    return membershipOf(email);
  }
  const book = (api: CustomerApi, day: string, from: string, to: string) =>
    api.post("/api/v2/reservations/subscriber", {
      start: `${day}T${from}:00+03:00`,
      end: `${day}T${to}:00+03:00`,
      dogs: 1,
    });
  const invoiceNumbered = async (number: number) =>
    (await t.ctx.db.select().from(invoices).where(eq(invoices.number, number)))[0]!;
  const subscriptionRow = async (id: string) =>
    (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const auditOf = async (entityId: string) =>
    (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).sort(
      (a, b) => a.id - b.id,
    );
  const list = async (query = "") => {
    const res = await as("GET", `/memberships${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const emails = (body: { memberships: Array<{ email: string }> }) => body.memberships.map((m) => m.email);

  it("lists memberships with figures from SQL, filters them, and shows a member's page", async () => {
    const anna = await join("anna@example.com", 1, "none", "Anna Aalto");
    await join("ville@example.com", 3, "none", "Ville Virta");
    expect((await book(anna.api, "2026-06-20", "10:00", "11:00")).statusCode).toBe(201);
    t.clock.set("2026-07-15T08:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([1003, 1004]);
    t.clock.set("2026-07-16T10:00:00+03:00");
    const annaAgain = asCustomer(t, await logIn(t, "anna@example.com"));
    expect((await book(annaAgain, "2026-07-20", "10:00", "12:00")).statusCode).toBe(201);
    t.clock.set("2026-07-29T10:00:00+03:00");
    await signUp("pekka@example.com", 2);
    await signUp("outi@example.com", 1, "cancel");
    // Ville pays his July invoice; Anna's is overdue from 30 July.
    t.clock.set("2026-07-30T10:00:00+03:00");
    const ville = asCustomer(t, await logIn(t, "ville@example.com"));
    const villeInvoice = await invoiceNumbered(1004);
    const pay = await ville.post(`/api/v2/invoices/${villeInvoice.id}/pay`, { paymentMethod: "card" });
    await payOnDemoPage(t, pay.json().redirectUrl, "approve");

    const all = await list();
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(emails(all)).toEqual(["pekka@example.com", "ville@example.com", "anna@example.com"]);
    const [pekkaRow, villeRow, annaRow] = all.memberships;
    expect(annaRow).toMatchObject({
      customer_id: anna.customerId,
      name: "Anna Aalto",
      tier_level: 1,
      tier_name: "Perus",
      status: "active",
      start_date: "2026-06-15",
      open_invoices: { count: 1, cents: 3900 },
      overdue_invoices: { count: 1, cents: 3900 },
      usage: { hours_used: 2, hours_quota: 8 },
      pending_tier_change: null,
    });
    expect(villeRow).toMatchObject({
      tier_name: "Premium",
      open_invoices: { count: 0, cents: 0 },
      overdue_invoices: { count: 0, cents: 0 },
      usage: { hours_used: 0, hours_quota: 40 },
    });
    expect(pekkaRow).toMatchObject({
      status: "pending",
      name: null,
      open_invoices: { count: 1, cents: 5900 },
      overdue_invoices: { count: 0, cents: 0 },
      usage: null,
    });
    expect(all.counts).toEqual({
      byStatus: [
        { status: "active", count: 2 },
        { status: "expired", count: 1 },
        { status: "pending", count: 1 },
      ],
      overdue: 1,
      overdueCents: 3900,
    });
    expect(all.tiers).toEqual([
      { level: 1, name: "Perus" },
      { level: 2, name: "Plus" },
      { level: 3, name: "Premium" },
    ]);

    expect(emails(await list("?status=expired"))).toEqual(["outi@example.com"]);
    expect(emails(await list("?tier=3"))).toEqual(["ville@example.com"]);
    expect(emails(await list("?overdue=true"))).toEqual(["anna@example.com"]);
    expect(emails(await list("?overdue=false"))).toEqual(["pekka@example.com", "ville@example.com"]);
    expect(emails(await list("?q=aalto"))).toEqual(["anna@example.com"]);
    expect(emails(await list("?q=VILLE%40"))).toEqual(["ville@example.com"]);
    expect(emails(await list("?q=%25"))).toEqual([]); // "%" is a character, not a wildcard
    expect(emails(await list("?tier=1&overdue=true&status=active"))).toEqual(["anna@example.com"]);
    expect(await list("?page=2")).toMatchObject({ memberships: [], total: 3, page: 2 });
    for (const bad of ["?status=foo", "?tier=x", "?page=0", "?overdue=maybe"]) {
      const res = await as("GET", `/memberships${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/\S/);
    }

    const page = await as("GET", `/members/${anna.customerId}`);
    expect(page.statusCode, page.body).toBe(200);
    const member = page.json();
    expect(member.customer).toMatchObject({ email: "anna@example.com", name: "Anna Aalto" });
    expect(member.subscriptions).toHaveLength(1);
    expect(member.subscriptions[0]).toMatchObject({
      id: anna.id,
      status: "active",
      tier_name: "Perus",
      next_period_start: "2026-08-15",
      current_period: { start: "2026-07-15", end: "2026-08-14" },
      usage: { hours_used: 2, hours_quota: 8, percent: 25 },
      pending_tier_change: null,
    });
    expect(member.invoices.map((i: { number: number; status: string; is_overdue: boolean }) => i)).toEqual([
      expect.objectContaining({ number: 1003, status: "open", is_overdue: true, credited_at: null }),
      expect.objectContaining({ number: 1001, status: "paid", is_overdue: false }),
    ]);
    expect(member.usage).toEqual([
      // The next period has not begun: nothing carried into it yet (decision 055).
      expect.objectContaining({
        start: "2026-08-15",
        end: "2026-09-14",
        hours_used: 0,
        hours_carried: 0,
        current: false,
      }),
      expect.objectContaining({
        start: "2026-07-15",
        hours_used: 2,
        hours_quota: 8,
        hours_carried: 7,
        percent: 25,
        current: true,
      }),
      expect.objectContaining({
        start: "2026-06-15",
        end: "2026-07-14",
        hours_used: 1,
        hours_quota: 8,
        hours_carried: 0,
      }),
    ]);
    expect(member.reservations).toHaveLength(2);
    expect(member.tiers.map((x: { name: string }) => x.name)).toEqual(["Perus", "Plus", "Premium"]);
    expect((await as("GET", `/members/${UNKNOWN}`)).json()).toEqual({ message: "Jäsentä ei löytynyt." });
    expect((await as("GET", "/members/x")).statusCode).toBe(400);
  }, 120_000);

  it("cancels on the member's behalf by the member's own rules, with the e-mail and an audit row", async () => {
    const byAdmin = await join("admin-peruu@example.com", 1);
    const bySelf = await join("itse-peruu@example.com", 1);
    const committed = await join("sitoutunut@example.com", 2, "12m");
    t.clock.set("2026-07-01T09:00:00+03:00");

    expect((await bySelf.api.post("/api/v2/subscriptions/me/cancel")).statusCode).toBe(200);
    const res = await as("POST", `/memberships/${byAdmin.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/maksetun jakson loppuun, ti 14\.7\.2026 asti/);
    const [mine, theirs] = [await subscriptionRow(bySelf.id), await subscriptionRow(byAdmin.id)];
    expect(theirs).toMatchObject({ status: "cancelled", endsOn: "2026-07-15" });
    expect(theirs.endsOn).toBe(mine.endsOn);
    expect(theirs.cancelledAt).toEqual(new Date("2026-07-01T09:00:00+03:00"));
    expect((await byAdmin.api.get("/api/v2/subscriptions/me")).json().subscription).toMatchObject({
      status: "cancelled",
      access_ends_on: "2026-07-14",
    });
    const mails = await outboxOf(t, "membership_cancelled");
    expect(mails.map((m) => m.to).sort()).toEqual(["admin-peruu@example.com", "itse-peruu@example.com"]);
    const [audit] = await auditOf(byAdmin.id);
    expect(audit).toMatchObject({
      action: "membership.cancel",
      entity: "membership",
      actorEmail: admin.email,
    });
    expect(audit!.before).toMatchObject({ status: "active", endsOn: null });
    expect(audit!.after).toMatchObject({ status: "cancelled", endsOn: "2026-07-15" });

    const inCommitment = await as("POST", `/memberships/${committed.id}/cancel`);
    expect(inCommitment.json().message).toMatch(/Sitoumus on voimassa ma 14\.6\.2027 asti/);
    expect(await subscriptionRow(committed.id)).toMatchObject({ status: "cancelled", endsOn: "2027-06-15" });
    t.clock.set("2026-07-15T08:00:00+03:00");
    // Billing runs on to the end of the commitment; the cancelled ones without one get nothing.
    expect(await createDueInvoices(t.ctx)).toEqual([1004]);

    expect((await as("POST", `/memberships/${byAdmin.id}/cancel`)).json()).toEqual({
      message: "Jäsenyys on jo irtisanottu.",
    });
    const pending = await signUp("kesken@example.com", 1);
    const refused = await as("POST", `/memberships/${pending.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/odottaa ensimmäisen laskun maksua/);
    expect((await as("POST", `/memberships/${UNKNOWN}/cancel`)).statusCode).toBe(404);
    expect((await as("POST", "/memberships/x/cancel")).statusCode).toBe(400);
    expect(await auditOf(pending.id)).toEqual([]);
  }, 120_000);

  it("changes the tier from the next period: quota, the next invoice's price, and commitment rules", async () => {
    const premium = await join("premium@example.com", 3);
    const plus12 = await join("plus12@example.com", 2, "12m");
    t.clock.set("2026-06-20T10:00:00+03:00");

    const down = await as("POST", `/memberships/${premium.id}/tier-change`, { tierLevel: 1 });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().message).toMatch(
      /^Taso vaihtuu Perus-tasoon ke 15\.7\.2026 alkavasta jaksosta: 8 h kuukaudessa, 39,00\s€\/kk\./,
    );
    const [audit] = await auditOf(premium.id);
    expect(audit).toMatchObject({ action: "membership.tier_change", entity: "membership" });
    expect(audit!.before).toMatchObject({ tierLevel: 3, nextTierLevel: null });
    expect(audit!.after).toMatchObject({
      tierLevel: 3,
      nextTierLevel: 1,
      nextTierFrom: "2026-07-15",
      nextMonthlyPriceCents: 3900,
    });
    expect(await outboxOf(t, "membership_tier_change")).toHaveLength(1);

    // This period keeps Premium's 40 h; the next one already has Perus's 8 h for bookings made ahead.
    // The member's own view says what is coming.
    const mine = (await premium.api.get("/api/v2/subscriptions/me")).json().subscription;
    expect(mine.usage.hours_quota).toBe(40);
    expect(mine.pending_tier_change).toEqual({
      tier_level: 1,
      tier_name: "Perus",
      hours_quota: 8,
      from: "2026-07-15",
    });
    for (const day of ["2026-07-16", "2026-07-17", "2026-07-18", "2026-07-19"])
      expect((await book(premium.api, day, "10:00", "12:00")).statusCode).toBe(201);
    const over = await book(premium.api, "2026-07-20", "10:00", "12:00");
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/jäljellä 0 h/);
    const page = (await as("GET", `/members/${premium.customerId}`)).json();
    expect(page.subscriptions[0].pending_tier_change).toEqual({
      tier_level: 1,
      tier_name: "Perus",
      hours_quota: 8,
      from: "2026-07-15",
    });
    expect(page.usage[0]).toMatchObject({ start: "2026-07-15", hours_used: 8, hours_quota: 8 });
    expect((await list("?tier=3")).memberships[0].pending_tier_change).toMatchObject({ tier_level: 1 });

    const same = await as("POST", `/memberships/${premium.id}/tier-change`, { tierLevel: 3 });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toMatch(/on jo tasolla Premium\. Jos haluat pitää sen, peru/);
    expect((await as("POST", `/memberships/${premium.id}/tier-change`, { tierLevel: 9 })).json()).toEqual({
      message: "Tasoa 9 ei ole tarjolla ke 15.7.2026 alkaen.",
    });
    expect((await as("POST", `/memberships/${premium.id}/tier-change`, {})).statusCode).toBe(400);
    expect((await as("POST", `/memberships/${UNKNOWN}/tier-change`, { tierLevel: 1 })).statusCode).toBe(404);

    // Inside a 12-month commitment the tier goes up, not down; up keeps the commitment discount.
    const cheaper = await as("POST", `/memberships/${plus12.id}/tier-change`, { tierLevel: 1 });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().message).toMatch(
      /sitoumus ma 14\.6\.2027 asti\. Sitoumuksen aikana tasoa voi nostaa/,
    );
    expect((await as("POST", `/memberships/${plus12.id}/tier-change`, { tierLevel: 3 })).statusCode).toBe(
      200,
    );
    expect((await as("DELETE", `/memberships/${plus12.id}/tier-change`)).json()).toEqual({
      message: "Odottava tasomuutos peruttu. Jäsenelle lähetettiin tieto sähköpostilla.",
    });
    expect((await subscriptionRow(plus12.id)).nextTierLevel).toBeNull();
    expect((await as("DELETE", `/memberships/${plus12.id}/tier-change`)).json()).toEqual({
      message: "Jäsenyydellä ei ole odottavaa tasomuutosta.",
    });
    const up = await as("POST", `/memberships/${plus12.id}/tier-change`, { tierLevel: 3 });
    expect(up.json().message).toMatch(/Premium-tasoon .* 40 h kuukaudessa, 80,10\s€\/kk/);
    expect((await auditOf(plus12.id)).map((a) => a.action)).toEqual([
      "membership.tier_change",
      "membership.tier_change.cancel",
      "membership.tier_change",
    ]);

    // The invoice job bills the next period at the new tier, and the membership takes it on.
    t.clock.set("2026-07-15T08:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([1003, 1004]);
    const [premiumJuly, plusJuly] = [await invoiceNumbered(1003), await invoiceNumbered(1004)];
    expect(premiumJuly.subscriptionId).toBe(premium.id);
    expect(premiumJuly).toMatchObject({ amountCents: 3900, hoursQuota: 8 });
    expect(premiumJuly.description).toMatch(/^Jäsenyys Perus, /);
    expect(plusJuly).toMatchObject({ amountCents: 8010, hoursQuota: 40 });
    expect(plusJuly.description).toMatch(/^Jäsenyys Premium, 12 kk sitoumus/);
    expect(await subscriptionRow(premium.id)).toMatchObject({
      tierLevel: 1,
      tierName: "Perus",
      hoursQuota: 8,
      monthlyPriceCents: 3900,
      nextTierLevel: null,
      nextTierFrom: null,
    });
    const premiumNow = asCustomer(t, await logIn(t, "premium@example.com"));
    expect((await premiumNow.get("/api/v2/subscriptions/me")).json().subscription).toMatchObject({
      tier_level: 1,
      usage: { hours_used: 8, hours_quota: 8 },
      pending_tier_change: null,
    });
    // The June period keeps the quota its invoice recorded.
    const later = (await as("GET", `/members/${premium.customerId}`)).json();
    expect(later.usage.find((u: { start: string }) => u.start === "2026-06-15").hours_quota).toBe(40);
    t.clock.set("2026-08-15T08:00:00+03:00");
    await createDueInvoices(t.ctx);
    expect((await invoiceNumbered(1006)).amountCents).toBe(8010); // kept inside the commitment

    // A cancel drops a change that was waiting.
    expect((await as("POST", `/memberships/${premium.id}/tier-change`, { tierLevel: 2 })).statusCode).toBe(
      200,
    );
    await as("POST", `/memberships/${premium.id}/cancel`);
    expect(await subscriptionRow(premium.id)).toMatchObject({ status: "cancelled", nextTierLevel: null });
    expect((await as("POST", `/memberships/${premium.id}/tier-change`, { tierLevel: 2 })).statusCode).toBe(
      409,
    );
  }, 120_000);

  it("voids, credits and resends invoices, audited, refusing what the invoice's state does not allow", async () => {
    const anna = await join("anna@example.com", 1);
    await join("gert@example.com", 2);
    t.clock.set("2026-07-15T08:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([1003, 1004]);
    const annaPaid = await invoiceNumbered(1001);
    const annaOpen = await invoiceNumbered(1003);
    const gertOpen = await invoiceNumbered(1004);

    // Resend: an open invoice as the invoice, a paid one as its receipt; through the outbox.
    const resent = await as("POST", `/invoices/${annaOpen.id}/resend`);
    expect(resent.json()).toEqual({ message: "Lasku 1003 lähetetty osoitteeseen anna@example.com." });
    const invoiceMails = (await outboxOf(t, "invoice")).filter((m) => m.to === "anna@example.com");
    expect(invoiceMails.map((m) => m.status)).toEqual(["sent", "sent"]);
    expect((await as("POST", `/invoices/${annaPaid.id}/resend`)).statusCode).toBe(200);
    // A signup's payment sends the welcome; the receipt is the resend's.
    expect((await outboxOf(t, "invoice_paid")).map((m) => m.to)).toEqual(["anna@example.com"]);
    expect((await auditOf(annaOpen.id)).map((a) => [a.action, a.after])).toEqual([
      ["invoice.resend", { status: "open", mailId: expect.any(Number), kind: "invoice" }],
      ["invoice.resend.result", { sent: true }],
    ]);

    // Gert pays his July invoice partly with a gift card.
    const card = await addGiftCard(t, 1000);
    const gertApi = asCustomer(t, await logIn(t, "gert@example.com"));
    const pay = await gertApi.post(`/api/v2/invoices/${gertOpen.id}/pay`, {
      paymentMethod: "card",
      gift_card_code: card.printed,
    });
    await payOnDemoPage(t, pay.json().redirectUrl, "approve");

    // Void: Anna has started paying; the attempt is cancelled, and money that still comes is returned.
    const annaApi = asCustomer(t, await logIn(t, "anna@example.com"));
    const started = await annaApi.post(`/api/v2/invoices/${annaOpen.id}/pay`, { paymentMethod: "card" });
    const voided = await as("POST", `/invoices/${annaOpen.id}/void`);
    expect(voided.json()).toEqual({ message: "Lasku 1003 mitätöity. Sitä ei tarvitse maksaa." });
    expect(await invoiceNumbered(1003)).toMatchObject({ status: "void", creditedAt: null });
    const [attempt] = await t.ctx.db.select().from(payments).where(eq(payments.invoiceId, annaOpen.id));
    expect(attempt!.status).toBe("cancelled");
    await providerReportsPaid(t, started.json().redirectUrl);
    const [late] = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, attempt!.id));
    expect(late).toMatchObject({ reason: "invoice_not_needed", amountCents: 3900 });
    expect(await invoiceNumbered(1003)).toMatchObject({ status: "void" });
    const [voidAudit] = (await auditOf(annaOpen.id)).filter((a) => a.action === "invoice.void");
    expect(voidAudit!.before).toMatchObject({ status: "open" });
    expect(voidAudit!.after).toMatchObject({ status: "void", cancelledPayments: [attempt!.id] });
    expect((await as("POST", `/invoices/${annaOpen.id}/void`)).json()).toEqual({
      message: "Lasku 1003 on jo mitätöity.",
    });
    expect((await as("POST", `/invoices/${annaOpen.id}/resend`)).json()).toEqual({
      message: "Lasku 1003 on mitätöity, eikä sitä lähetetä.",
    });
    expect((await as("POST", `/invoices/${annaPaid.id}/void`)).json().message).toMatch(/on maksettu.*Hyvitä/);

    // Credit: a card payment is refunded through the refunds outbox; a gift card's share goes back.
    const credited = await as("POST", `/invoices/${annaPaid.id}/credit`);
    expect(credited.json().message).toMatch(/^Lasku 1001 hyvitetty\. 39,00\s€ palautettu maksutavalle\.$/);
    expect(await invoiceNumbered(1001)).toMatchObject({ status: "void", creditedCents: 3900 });
    const [annaPayment] = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, annaPaid.id), eq(payments.status, "refunded")));
    expect(annaPayment!.refundedCents).toBe(3900);
    const [creditRefund] = await t.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, annaPayment!.id));
    expect(creditRefund).toMatchObject({ reason: "invoice_credit", status: "succeeded", amountCents: 3900 });
    const gertCredit = await as("POST", `/invoices/${gertOpen.id}/credit`);
    expect(gertCredit.json().message).toMatch(
      /^Lasku 1004 hyvitetty\. 49,00\s€ palautettu maksutavalle\. Lahjakortille palautettiin 10,00\s€\.$/,
    );
    expect((await t.ctx.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balanceCents).toBe(
      1000,
    );
    expect(await invoiceNumbered(1004)).toMatchObject({ status: "void", creditedCents: 5900 });
    expect((await outboxOf(t, "invoice_credit")).map((m) => m.to).sort()).toEqual([
      "anna@example.com",
      "gert@example.com",
    ]);
    const [creditAudit] = (await auditOf(gertOpen.id)).filter((a) => a.action === "invoice.credit");
    expect(creditAudit!.before).toMatchObject({ status: "paid" });
    expect(creditAudit!.after).toMatchObject({ status: "void", refundCents: 4900, giftCardCents: 1000 });
    expect((await as("POST", `/invoices/${annaPaid.id}/credit`)).json()).toEqual({
      message: "Lasku 1001 on jo hyvitetty.",
    });
    // The member sees the credited invoice as void, nothing to pay.
    expect(
      (await annaApi.get("/api/v2/invoices/me")).json().invoices.map((i: { status: string }) => i.status),
    ).toEqual(["void", "void"]);

    // An open invoice cannot be credited; an overdue one is resent as the reminder.
    t.clock.set("2026-08-15T08:00:00+03:00");
    await createDueInvoices(t.ctx);
    t.clock.set("2026-08-30T08:00:00+03:00");
    const august = (
      await t.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.subscriptionId, anna.id), eq(invoices.periodStart, "2026-08-15")))
    )[0]!;
    expect((await as("POST", `/invoices/${august.id}/credit`)).json().message).toMatch(/on maksamatta/);
    expect((await as("POST", `/invoices/${august.id}/resend`)).statusCode).toBe(200);
    expect(await outboxOf(t, "invoice_overdue")).toHaveLength(1);

    // A signup's first invoice is not voided: the signup expires by itself.
    const pending = await signUp("kesken@example.com", 1);
    const [first] = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, pending.id));
    expect((await as("POST", `/invoices/${first!.id}/void`)).json().message).toMatch(
      /liittymisen ensimmäinen lasku/,
    );
    for (const action of ["void", "credit", "resend"]) {
      expect((await as("POST", `/invoices/${UNKNOWN}/${action}`)).json()).toEqual({
        message: "Laskua ei löytynyt.",
      });
      expect((await as("POST", `/invoices/x/${action}`)).statusCode).toBe(400);
    }
  }, 120_000);
});
