import { eq } from "drizzle-orm";
import { customers, invoices, reservations } from "../../src/server/schema/index.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

describe.each(databaseKinds)("a customer's own data on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  it("exports everything held about the customer", async () => {
    const api = asCustomer(t, await logIn(t, "oma@example.com"));
    await joinAndPay(t, api, 1);
    const res = await api.get("/api/v2/customers/me/data");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer: { email: "oma@example.com" },
      subscription: { tier_name: "Perus", status: "active" },
      invoices: [{ number: 1001, status: "paid" }],
    });
    expect(res.json().emails.map((m: { kind: string }) => m.kind)).toContain("membership_welcome");
  });

  it("refuses while an invoice is open or a membership runs, then deletes and keeps the books anonymised", async () => {
    await joinAndPay(t, asCustomer(t, await logIn(t, "lahtija@example.com")), 1);
    const single = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00", {
      email: "lahtija@example.com",
    });
    t.clock.set("2026-07-15T09:00:00+03:00");
    await createDueInvoices(t.ctx);
    const api = asCustomer(t, await logIn(t, "lahtija@example.com"));
    const open = await api.delete("/api/v2/customers/me");
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/avoin lasku \(nro 1002\)/);

    const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;
    const pay = await api.post(`/api/v2/invoices/${invoice.id}/pay`, { paymentMethod: "card" });
    await t.app.inject({
      method: "POST",
      url: `${pay.json().redirectUrl}/approve`,
      payload: "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const running = await api.delete("/api/v2/customers/me");
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toMatch(/Irtisano jäsenyys ensin/);

    await api.post("/api/v2/subscriptions/me/cancel");
    t.clock.set("2026-08-15T09:00:00+03:00");
    const later = asCustomer(t, await logIn(t, "lahtija@example.com"));
    const deleted = await later.delete("/api/v2/customers/me");
    expect(deleted.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(customers).where(eq(customers.email, "lahtija@example.com"))).toEqual(
      [],
    );
    // The session went with the account.
    expect((await later.get("/api/v2/subscriptions/me")).statusCode).toBe(401);
    const books = await t.ctx.db.select().from(invoices);
    expect(books).toHaveLength(2);
    expect(
      books.every((i) => i.email === "poistettu@asiakas.invalid" && i.name === "Poistettu asiakas"),
    ).toBe(true);
    const [booking] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, single.reservation.id));
    expect(booking).toMatchObject({ email: "poistettu@asiakas.invalid", phone: null, priceCents: 1500 });
  });
});
