import { compactIban, readVirtualBarcode, rfReference } from "../../src/domain/bankTransfer.js";
import { formatEuros } from "../../src/domain/money.js";
import { and, eq, ne } from "drizzle-orm";
import { invoices } from "../../src/server/schema/index.js";
import { createDueInvoices, remindOverdueInvoices } from "../../src/server/memberships/invoices/service.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn, type CustomerApi } from "../support/member.js";

/*
 * Paying an invoice by bank transfer (issue 36), on the real app and database: every open
 * invoice carries the park's account, its reference in both forms and a virtual barcode that
 * reads back to that account, the amount its ledger still owes, its reference and due date; in
 * /api/v2/invoices/me, in its e-mails and on its printable page with the barcode's picture. The
 * account is the owner's setting, refused when its check digits are wrong.
 */
describe.each(databaseKinds)("bank transfer on %s", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("tilisiirto");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  const asAdmin = (method: "GET" | "PUT", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);

  /** A member whose first invoice is paid and whose second (1002, July) is open. */
  async function memberWithOpenInvoice(): Promise<CustomerApi> {
    const api = asCustomer(t, await logIn(t, "tilisiirto@example.com"));
    await joinAndPay(t, api, 1, "none");
    t.clock.set("2026-07-15T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([1002]);
    return asCustomer(t, await logIn(t, "tilisiirto@example.com"));
  }

  it("gives each open invoice a barcode that reads back to the account, amount, reference and due date", async () => {
    const api = await memberWithOpenInvoice();
    const park = (await asAdmin("GET", "/settings")).json().settings.park;
    const [open, paid] = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect(open).toMatchObject({ number: 1002, status: "open" });
    expect(paid).toMatchObject({ number: 1001, status: "paid", bank_transfer: null });
    expect(open.bank_transfer).toMatchObject({
      recipient: park.companyName,
      iban: park.iban,
      bic: park.bic,
      reference_rf: rfReference(open.reference_number),
      amount_cents: open.amount_cents,
    });
    expect(readVirtualBarcode(open.bank_transfer.virtual_barcode)).toEqual({
      iban: compactIban(park.iban),
      cents: open.amount_cents,
      reference: open.reference_number,
      dueDate: open.due_date,
    });

    // The invoice's e-mail, and the reminder once it is overdue, say the same.
    const [mail] = await outboxOf(t, "invoice");
    t.clock.set("2026-08-01T06:00:00+03:00");
    expect(await remindOverdueInvoices(t.ctx)).toEqual([1002]);
    const [reminder] = await outboxOf(t, "invoice_overdue");
    for (const text of [mail!.text, reminder!.text]) {
      expect(text).toContain(`Tilinumero (IBAN): ${park.iban}`);
      expect(text).toContain(`Virtuaaliviivakoodi: ${open.bank_transfer.virtual_barcode}`);
      expect(text).toMatch(/RF-muodossa RF\d\d /);
    }
  });

  it("prints an open invoice with its barcode for its owner alone, and no page for a paid one", async () => {
    const api = await memberWithOpenInvoice();
    const [open, paid] = (await api.get("/api/v2/invoices/me")).json().invoices;
    const page = await api.get(`/api/v2/invoices/${open.id}/page`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    for (const part of [
      "<h1>Lasku 1002</h1>",
      "Y-tunnus",
      open.bank_transfer.iban,
      `<code>${open.bank_transfer.virtual_barcode}</code>`,
      'role="img" aria-label="Pankkiviivakoodi"',
      `Maksettava</th><td>${formatEuros(open.bank_transfer.amount_cents)}`,
    ])
      expect(page.body).toContain(part);

    const paidPage = await api.get(`/api/v2/invoices/${paid.id}/page`);
    expect(paidPage.statusCode).toBe(409);
    expect(paidPage.json().message).toBe("Lasku 1001 on jo maksettu. Sen kuitti on Oma tili -sivulla.");
    const other = asCustomer(t, await logIn(t, "toinen@example.com"));
    expect((await other.get(`/api/v2/invoices/${open.id}/page`)).statusCode).toBe(404);
    expect((await other.get(`/api/v2/invoices/ei-tunniste/page`)).statusCode).toBe(400);
  });

  it("offers no transfer for a signup's first invoice, which starts the membership when paid at once", async () => {
    const api = asCustomer(t, await logIn(t, "liittyja@example.com"));
    const signup = await api.post("/api/v2/subscriptions/signup", {
      tier_level: 1,
      commitment: "none",
      paymentMethod: "card",
    });
    expect(signup.statusCode).toBe(201);
    const [first] = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect(first).toMatchObject({ status: "open", bank_transfer: null });
    const page = await api.get(`/api/v2/invoices/${first.id}/page`);
    expect(page.statusCode).toBe(409);
    expect(page.json().message).toContain("liittymisen ensimmäinen lasku");
    // Nor does the admin's resend of it.
    const resend = await adminRequest(t, admin, "POST", `/invoices/${first.id}/resend`);
    expect(resend.statusCode).toBe(200);
    const [mail] = await outboxOf(t, "invoice");
    expect(mail!.text).toContain(`Lasku nro: ${first.number}`);
    expect(mail!.text).not.toContain("Virtuaaliviivakoodi");
  });

  it("takes the owner's account: a wrong check digit is refused, a right one is on every open invoice", async () => {
    const api = await memberWithOpenInvoice();
    const park = (await asAdmin("GET", "/settings")).json().settings.park;
    const bad = await asAdmin("PUT", "/settings/park", { ...park, iban: "FI49 5000 9420 0287 31" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("IBAN");
    const foreign = await asAdmin("PUT", "/settings/park", { ...park, iban: "DE89 3704 0044 0532 0130 00" });
    expect(foreign.statusCode).toBe(400);
    const badBic = await asAdmin("PUT", "/settings/park", { ...park, bic: "OKOY FI" });
    expect(badBic.statusCode).toBe(400);
    expect(badBic.json().message).toContain("BIC");

    const ok = await asAdmin("PUT", "/settings/park", {
      ...park,
      iban: "fi4950009420028730",
      bic: "okoyfihh",
    });
    expect(ok.statusCode).toBe(200);
    const [open] = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect(open.bank_transfer).toMatchObject({ iban: "FI49 5000 9420 0287 30", bic: "OKOYFIHH" });
    expect(readVirtualBarcode(open.bank_transfer.virtual_barcode)?.iban).toBe("FI4950009420028730");
  });

  it("lists the newest 24 invoices and every open one, saying older ones were left out", async () => {
    const api = asCustomer(t, await logIn(t, "pitkaaikainen@example.com"));
    await joinAndPay(t, api, 1, "none");
    // Two years and three months of periods: invoices 1002-1028.
    t.clock.set("2028-09-20T06:00:00+03:00");
    const made = await createDueInvoices(t.ctx);
    expect(made).toHaveLength(27);
    // All paid but the oldest of them (1002, long overdue) and the newest.
    await t.ctx.db
      .update(invoices)
      .set({ status: "paid", paidAt: t.clock.now() })
      .where(and(ne(invoices.number, 1002), ne(invoices.number, 1028), eq(invoices.status, "open")));
    const member = asCustomer(t, await logIn(t, "pitkaaikainen@example.com"));
    const list = (await member.get("/api/v2/invoices/me")).json();
    expect(list.more).toBe(true);
    const numbers = list.invoices.map((i: { number: number }) => i.number);
    expect(numbers).toEqual([...Array.from({ length: 24 }, (_, i) => 1028 - i), 1002]);
    // The own-data export keeps every invoice.
    const data = (await member.get("/api/v2/customers/me/data")).json();
    expect(data.invoices).toHaveLength(28);
  });
});
