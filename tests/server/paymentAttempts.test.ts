import { eq } from "drizzle-orm";
import { invoices, payments, refunds } from "../../src/server/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, logIn, payOnDemoPage, providerReportsPaid } from "../support/member.js";

/*
 * Issue 24, finding 10: ten parallel "Maksa lasku" made eleven payments, and approving them all on
 * the demo page charged ten and refunded them. Now attempts on one invoice queue behind its row,
 * a replaced or cancelled attempt cannot be approved, and only money that really moved (the
 * provider's webhook) for one is refunded.
 */
const approve = (t: TestApp, redirectUrl: string) =>
  t.app.inject({
    method: "POST",
    url: `${redirectUrl}/approve`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });

describe.each(databaseKinds)("payment attempts of one invoice (%s)", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it("keeps one live attempt under ten parallel pays; replaced ones cannot be approved", async () => {
    const api = asCustomer(t, await logIn(t, "rinnakkain@example.com"));
    await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
    });
    const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;

    const started = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.post(`/api/v2/invoices/${invoice.id}/pay`, { paymentMethod: "card" }),
      ),
    );
    expect(started.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const attempts = await t.ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    // The signup's own attempt and the ten: all replaced but the last.
    expect(attempts).toHaveLength(11);
    const pending = attempts.filter((p) => p.status === "pending");
    expect(pending).toHaveLength(1);

    const live = started.find((r) => r.json().redirectUrl.endsWith(pending[0]!.id))!;
    for (const replaced of started.filter((r) => r !== live)) {
      const res = await approve(t, replaced.json().redirectUrl);
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain("<h1>Maksu on peruttu</h1>");
    }
    expect(await payOnDemoPage(t, live.json().redirectUrl, "approve")).toMatch(
      /payment=success|subscription\/success/,
    );
    const after = await t.ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(after.filter((p) => p.status === "paid")).toHaveLength(1);
    expect(await t.ctx.db.select().from(refunds)).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe("paid");

    // Money that really moved for a replaced attempt (its provider's webhook) is refunded, once.
    const replaced = started.find((r) => r !== live)!;
    expect(await providerReportsPaid(t, replaced.json().redirectUrl)).toBe("refunded");
    expect(await providerReportsPaid(t, replaced.json().redirectUrl)).toBe("already_processed");
    expect(await t.ctx.db.select().from(refunds)).toHaveLength(1);
  });
});
