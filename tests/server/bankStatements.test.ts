import { eq } from "drizzle-orm";
import { balanceOf } from "../../src/domain/ledger.js";
import { rfReference } from "../../src/domain/bankTransfer.js";
import { formatEuros } from "../../src/domain/money.js";
import {
  auditLog,
  bankTransfers,
  invoices,
  payments,
  refunds,
  subscriptions,
} from "../../src/server/schema/index.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { ledgerOf } from "../../src/server/ledger/service.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { camtAmount, camtFile, type CamtEntry } from "../support/camt.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

/*
 * Invoices paid by bank transfer (issue 36, deliver 2-4), on the real app and database: the owner
 * uploads the bank's camt.054 or camt.053; an exact payment marks its invoice paid once however
 * often the file comes, with a ledger entry of method "tilisiirto"; partial, extra, unknown and
 * closed payments and reversals wait in the owner's queue until decided; a bad file changes nothing.
 */
describe.each(databaseKinds)("bank statements on %s", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  let iban: string;
  beforeAll(async () => {
    admin = await signedInAdmin("tiliote");
  });
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    iban = (await asAdmin("GET", "/settings")).json().settings.park.iban;
  });
  afterEach(() => t.close());

  const asAdmin = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);
  const statement = (entries: CamtEntry[], extra: { kind?: "054" | "053"; version?: "02" | "08" } = {}) =>
    camtFile({ iban, entries, ...extra });
  const upload = (xml: string) => asAdmin("POST", "/bank-statements", { statement: xml });
  const preview = (xml: string) => asAdmin("POST", "/bank-statements/preview", { statement: xml });
  /** One credit of `cents` with this reference. */
  const credit = (
    archiveRef: string,
    reference: string,
    cents: number,
    payer = "Maija Meikäläinen",
  ): CamtEntry => ({
    archiveRef,
    amount: camtAmount(cents),
    transactions: [{ reference, amount: camtAmount(cents), payer, payerIban: "FI7944052020036082" }],
  });

  /** A member whose first invoice (1001) is paid and whose second (1002, July) is open. */
  async function openInvoice() {
    const api = asCustomer(t, await logIn(t, "siirto@example.com"));
    await joinAndPay(t, api, 1, "none");
    t.clock.set("2026-07-15T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([1002]);
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.number, 1002));
    const [first] = await t.ctx.db.select().from(invoices).where(eq(invoices.number, 1001));
    return { invoice: row!, paidInvoice: first!, api: asCustomer(t, await logIn(t, "siirto@example.com")) };
  }
  const invoiceNow = async (id: string) =>
    (await t.ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const balance = async (id: string) => balanceOf(await ledgerOf(t.ctx.db, { invoiceId: id }));
  const queue = async () => (await asAdmin("GET", "/bank-transfers")).json();

  it("marks an invoice paid by its reference once, however often the file is uploaded", async () => {
    const { invoice } = await openInvoice();
    const xml = statement([credit("20260720ARCH0001", invoice.referenceNumber, invoice.amountCents)]);

    const seen = await preview(xml);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      kind: "camt.054",
      entries: [
        {
          archive_ref: "20260720ARCH0001",
          amount_cents: invoice.amountCents,
          payer_name: "Maija Meikäläinen",
          booked_on: "2026-07-20",
          outcome: "pay",
          invoice: { number: 1002, status: "open", due_cents: invoice.amountCents },
        },
      ],
    });
    expect((await invoiceNow(invoice.id)).status).toBe("open");

    const applied = await upload(xml);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ paid: 1, queued: 0, recorded: 0 });
    expect((await invoiceNow(invoice.id)).status).toBe("paid");
    const entries = await ledgerOf(t.ctx.db, { invoiceId: invoice.id });
    expect(entries.filter((e) => e.kind === "payment")).toEqual([
      expect.objectContaining({ amountCents: invoice.amountCents, method: "tilisiirto", provider: "bank" }),
    ]);
    expect(balanceOf(entries).dueCents).toBe(0);
    expect((await outboxOf(t, "invoice_paid")).map((m) => m.subject)).toEqual([
      expect.stringContaining("1002"),
    ]);

    // Again, and inside a longer file: nothing changes.
    const again = await upload(xml);
    expect(again.json()).toMatchObject({ paid: 0, queued: 0, recorded: 1 });
    expect((await preview(xml)).json().entries[0].outcome).toBe("recorded");
    const overlapping = statement([
      credit("20260720ARCH0001", invoice.referenceNumber, invoice.amountCents),
      credit("20260721ARCH0002", "99999999999999999", 500),
    ]);
    expect((await upload(overlapping)).json()).toMatchObject({ paid: 0, queued: 1, recorded: 1 });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.provider, "bank"))).toHaveLength(1);
    expect(
      (await ledgerOf(t.ctx.db, { invoiceId: invoice.id })).filter((e) => e.kind === "payment"),
    ).toHaveLength(1);
    expect(await outboxOf(t, "invoice_paid")).toHaveLength(1);

    // Ostokset lists it under its own method.
    const transfers = (await asAdmin("GET", "/purchases?method=tilisiirto")).json().purchases;
    expect(transfers).toEqual([
      expect.objectContaining({ method: "tilisiirto", provider: "bank", amountCents: invoice.amountCents }),
    ]);
    expect((await asAdmin("GET", "/purchases?method=card")).json().purchases).not.toContainEqual(
      expect.objectContaining({ method: "tilisiirto" }),
    );

    // The audit log says who read which file, and what it did, with no payer's name in it.
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "bank_statement.apply"));
    expect(audit).toHaveLength(3);
    expect(audit[0]!.actorEmail).toBe(admin.email);
    expect(audit[0]!.after).toMatchObject({ paid: [{ archiveRef: "20260720ARCH0001", invoice: 1002 }] });
    expect(JSON.stringify(audit)).not.toContain("Meikäläinen");
  });

  it("forgets who paid when the member erases their account, and keeps the money", async () => {
    const { invoice } = await openInvoice();
    await upload(statement([credit("E1", invoice.referenceNumber, invoice.amountCents)]));
    const [sub] = await t.ctx.db.select().from(subscriptions);
    expect((await asAdmin("POST", `/memberships/${sub!.id}/cancel`)).statusCode).toBe(200);
    t.clock.set("2026-09-01T09:00:00+03:00");
    const later = asCustomer(t, await logIn(t, "siirto@example.com"));
    expect((await later.delete("/api/v2/customers/me")).statusCode).toBe(200);
    const [kept] = await t.ctx.db.select().from(bankTransfers);
    expect(kept).toMatchObject({
      archiveRef: "E1",
      amountCents: invoice.amountCents,
      payerName: null,
      payerIban: null,
    });
  });

  it("credits an invoice paid by transfer with a refund the owner makes by hand", async () => {
    const { invoice } = await openInvoice();
    await upload(statement([credit("K1", invoice.referenceNumber, invoice.amountCents)]));
    const credited = await asAdmin("POST", `/invoices/${invoice.id}/credit`);
    expect(credited.statusCode).toBe(200);
    expect(credited.json().message).toContain(
      `Palauta ${formatEuros(invoice.amountCents)} maksajalle tilisiirrolla puiston pankista`,
    );
    expect(await t.ctx.db.select({ status: refunds.status, ref: refunds.providerRef }).from(refunds)).toEqual(
      [{ status: "succeeded", ref: "käsin" }],
    );
    expect(await balance(invoice.id)).toMatchObject({ refundedCents: invoice.amountCents, dueCents: 0 });
  });

  it("refunds part of a transfer from Ostokset as one the owner makes by hand, and tells the payer so", async () => {
    const { invoice } = await openInvoice();
    await upload(statement([credit("R1", invoice.referenceNumber, invoice.amountCents)]));
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    const refunded = await asAdmin("POST", `/purchases/${payment!.id}/refund`, { amountCents: 500 });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toBe(
      `Palautus ${formatEuros(500)} on kirjattu. Palauta se maksajalle tilisiirrolla puiston pankista.`,
    );
    const [mail] = await outboxOf(t, "refund");
    expect(mail!.text).toContain(`Palautamme ${formatEuros(500)} tilisiirrolla tilille, jolta maksoit.`);
    expect(await balance(invoice.id)).toMatchObject({ refundedCents: 500 });
  });

  it("matches an RF reference, a batch booking and a camt.053 of version 08", async () => {
    const { invoice } = await openInvoice();
    const xml = statement(
      [
        {
          archiveRef: "BATCH1",
          amount: camtAmount(invoice.amountCents + 700),
          transactions: [
            {
              archiveRef: "BATCH1-1",
              reference: rfReference(invoice.referenceNumber),
              amount: camtAmount(invoice.amountCents),
            },
            { archiveRef: "BATCH1-2", reference: "12345672", amount: "7.00" },
          ],
        },
      ],
      { kind: "053", version: "08" },
    );
    expect((await upload(xml)).json()).toMatchObject({ paid: 1, queued: 1 });
    expect((await invoiceNow(invoice.id)).status).toBe("paid");
    expect((await queue()).queued).toEqual([
      expect.objectContaining({
        archive_ref: "BATCH1-2",
        amount_cents: 700,
        problem: "unknown",
        invoice: null,
      }),
    ]);
  });

  it("queues a partial payment; as a part payment the invoice stays open for the rest, which then pays it", async () => {
    const { invoice, api } = await openInvoice();
    const part = 1000;
    expect((await upload(statement([credit("P1", invoice.referenceNumber, part)]))).json()).toMatchObject({
      paid: 0,
      queued: 1,
    });
    expect((await invoiceNow(invoice.id)).status).toBe("open");
    const [waiting] = (await queue()).queued;
    expect(waiting).toMatchObject({ problem: "partial", status: "queued", invoice: { number: 1002 } });

    // Not a decision this problem allows, then the one it does.
    const refused = await asAdmin("POST", `/bank-transfers/${waiting.id}/resolve`, { resolution: "noted" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("Tälle tilisiirrolle voi valita vain");
    const decided = await asAdmin("POST", `/bank-transfers/${waiting.id}/resolve`, {
      resolution: "part_payment",
      note: "Maksaa loput ensi viikolla",
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().message).toContain("kirjattu laskulle 1002");
    expect((await invoiceNow(invoice.id)).status).toBe("open");
    expect((await balance(invoice.id)).dueCents).toBe(invoice.amountCents - part);
    const again = await asAdmin("POST", `/bank-transfers/${waiting.id}/resolve`, {
      resolution: "part_payment",
    });
    expect(again.statusCode).toBe(409);

    // The member is asked for the rest, by transfer or by card.
    const [open] = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect(open).toMatchObject({ amount_cents: invoice.amountCents, due_cents: invoice.amountCents - part });
    expect(open.bank_transfer.amount_cents).toBe(invoice.amountCents - part);
    t.clock.set("2026-07-22T09:00:00+03:00");
    const rest = statement([credit("P2", invoice.referenceNumber, invoice.amountCents - part)]);
    expect((await upload(rest)).json()).toMatchObject({ paid: 1 });
    expect((await invoiceNow(invoice.id)).status).toBe("paid");
    expect((await balance(invoice.id)).dueCents).toBe(0);
    const [paid] = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect(paid).toMatchObject({ status: "paid", due_cents: 0 });
    const { recent } = await queue();
    expect(recent.map((r: { archive_ref: string; status: string }) => [r.archive_ref, r.status])).toEqual([
      ["P2", "applied"],
      ["P1", "resolved"],
    ]);
  });

  it("marks an overpaid invoice paid with the extra refunded by hand, and a short one with the rest credited", async () => {
    const { invoice } = await openInvoice();
    await upload(statement([credit("O1", invoice.referenceNumber, invoice.amountCents + 500)]));
    const [over] = (await queue()).queued;
    expect(over.problem).toBe("over");
    const answer = await asAdmin("POST", `/bank-transfers/${over.id}/resolve`, { resolution: "mark_paid" });
    expect(answer.json().message).toContain(
      `Palauta ylimenevä ${formatEuros(500)} maksajalle tilisiirrolla tilille FI79 4405`,
    );
    expect((await invoiceNow(invoice.id)).status).toBe("paid");
    const money = await balance(invoice.id);
    expect(money).toMatchObject({ paidCents: invoice.amountCents + 500, refundedCents: 500, dueCents: 0 });

    // A month later, a short payment marked paid: what fell short is credited.
    t.clock.set("2026-08-15T06:00:00+03:00");
    expect(await createDueInvoices(t.ctx)).toEqual([1003]);
    const [august] = await t.ctx.db.select().from(invoices).where(eq(invoices.number, 1003));
    await upload(statement([credit("S1", august!.referenceNumber, august!.amountCents - 100)]));
    const [short] = (await queue()).queued;
    expect(short.problem).toBe("partial");
    await asAdmin("POST", `/bank-transfers/${short.id}/resolve`, { resolution: "mark_paid" });
    expect((await invoiceNow(august!.id)).status).toBe("paid");
    expect(await balance(august!.id)).toMatchObject({ chargedCents: august!.amountCents - 100, dueCents: 0 });
  });

  it("queues unknown references, paid invoices and reversals until the owner decides", async () => {
    const { paidInvoice } = await openInvoice();
    const before = await balance(paidInvoice.id);
    await upload(
      statement([
        credit("U1", "12345672", 2500),
        credit("C1", paidInvoice.referenceNumber, paidInvoice.amountCents),
        {
          archiveRef: "R1",
          amount: "25.00",
          credit: false,
          reversal: true,
          transactions: [{ reference: "12345672", amount: "25.00" }],
        },
      ]),
    );
    const queued = (await queue()).queued as Array<{ id: string; archive_ref: string; problem: string }>;
    expect(Object.fromEntries(queued.map((q) => [q.archive_ref, q.problem]))).toEqual({
      U1: "unknown",
      C1: "closed",
      R1: "reversal",
    });
    const byRef = (ref: string) => queued.find((q) => q.archive_ref === ref)!.id;
    const paidAgain = await asAdmin("POST", `/bank-transfers/${byRef("C1")}/resolve`, {
      resolution: "mark_paid",
    });
    expect(paidAgain.statusCode).toBe(400);
    for (const [ref, resolution] of [
      ["U1", "refunded_by_hand"],
      ["C1", "refunded_by_hand"],
      ["R1", "noted"],
    ] as const)
      expect(
        (await asAdmin("POST", `/bank-transfers/${byRef(ref)}/resolve`, { resolution })).statusCode,
      ).toBe(200);
    expect((await queue()).queued).toEqual([]);
    // The paid invoice's ledger has the transfer in and back: what it owes is as before.
    const after = await balance(paidInvoice.id);
    expect(after.dueCents).toBe(before.dueCents);
    expect(after.paidCents - before.paidCents).toBe(paidInvoice.amountCents);
    expect(after.refundedCents - before.refundedCents).toBe(paidInvoice.amountCents);
    const resolved = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "bank_transfer.resolve"));
    expect(resolved).toHaveLength(3);
  });

  it("refuses a bad file or another account's, and changes nothing", async () => {
    const { invoice } = await openInvoice();
    for (const bad of [
      "<Document>",
      statement([credit("X1", invoice.referenceNumber, invoice.amountCents)]).replace(
        "camt.054.001.02",
        "camt.052.001.02",
      ),
      camtFile({
        iban: "FI79 4405 2020 0360 82",
        entries: [credit("X2", invoice.referenceNumber, invoice.amountCents)],
      }),
    ]) {
      for (const send of [preview, upload]) {
        const answer = await send(bad);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toMatch(
          /^Tiedostoa ei voitu lukea|^Tiliote on tililtä FI79 4405 2020 0360 82/,
        );
      }
    }
    expect((await upload("")).json().message).toBe("Valitse pankin tiliotetiedosto (XML).");
    expect(await t.ctx.db.select().from(bankTransfers)).toEqual([]);
    expect((await invoiceNow(invoice.id)).status).toBe("open");
  });
});
