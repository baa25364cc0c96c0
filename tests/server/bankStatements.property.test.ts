import fc from "fast-check";
import { and, eq } from "drizzle-orm";
import { resolutionsFor, type TransferProblem } from "../../src/domain/admin/bankTransfers.js";
import { balanceOf } from "../../src/domain/ledger.js";
import { DateTime } from "luxon";
import { bankTransfers, invoices, payments } from "../../src/server/schema/index.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { ledgerOf } from "../../src/server/ledger/service.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { camtAmount, camtFile } from "../support/camt.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn, payOnDemoPage, type CustomerApi } from "../support/member.js";

/*
 * The money ledger's bank-transfer path (decisions 038, 050) as a property: random lives of one
 * invoice through the HTTP API: the bank's files with exact, short and extra payments, the same
 * file uploaded again, the owner's decisions on what waits, a card payment of what is left, and an
 * admin's credit. After every step: each archive reference is one transfer and at most one
 * payment; the invoice's ledger has each transfer's money once; what it owes is never below zero;
 * a paid invoice owes nothing and an open one still owes.
 *
 * One app per database; each sequence bills a month of its own (the clock moves a month), so the
 * sequences never share an invoice. BANK_PROPERTY_RUNS changes the number of sequences.
 */

const RUNS = Number(process.env.BANK_PROPERTY_RUNS ?? 25);
const SEED = Number(process.env.BANK_PROPERTY_SEED ?? 20_261_128);

type Op =
  | { kind: "upload"; amount: "exact" | "short" | "over"; again: boolean }
  | { kind: "resolve"; pick: number }
  | { kind: "payByCard" }
  | { kind: "credit" };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("upload" as const),
    amount: fc.constantFrom("exact" as const, "short" as const, "over" as const),
    again: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("resolve" as const), pick: fc.nat(5) }),
  fc.constant({ kind: "payByCard" as const }),
  fc.constant({ kind: "credit" as const }),
);

describe.each(databaseKinds)("bank transfers as a property on %s", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  let iban: string;
  let month = DateTime.fromISO("2026-07-15T06:00:00", { zone: "Europe/Helsinki" });
  let files = 0;

  beforeAll(async () => {
    admin = await signedInAdmin("tiliote-ominaisuus");
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    iban = (await adminRequest(t, admin, "GET", "/settings")).json().settings.park.iban;
    await joinAndPay(t, asCustomer(t, await logIn(t, "ominaisuus@example.com")), 1, "none");
  }, 120_000);
  afterAll(() => t?.close());

  const asAdmin = (method: "GET" | "POST", url: string, payload?: unknown) =>
    adminRequest(t, admin, method, url, payload);

  async function invariants(invoiceId: string, uploadedRefs: Set<string>) {
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const entries = await ledgerOf(t.ctx.db, { invoiceId });
    const balance = balanceOf(entries);
    const rows = await t.ctx.db.select().from(bankTransfers).where(eq(bankTransfers.invoiceId, invoiceId));
    // One transfer per archive reference uploaded.
    expect(rows.map((r) => r.archiveRef).sort()).toEqual([...uploadedRefs].sort());
    const bankPayments = await t.ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    const byBank = bankPayments.filter((p) => p.provider === "bank");
    // At most one payment per transfer, and only for a transfer no longer waiting.
    expect(new Set(byBank.map((p) => p.providerRef)).size).toBe(byBank.length);
    for (const p of byBank) {
      const row = rows.find((r) => r.archiveRef === p.providerRef)!;
      expect(row.status).not.toBe("queued");
      expect(row.paymentId).toBe(p.id);
      expect(p.amountCents).toBe(row.amountCents);
    }
    // The ledger has each transfer's money once, as its payment says.
    const ledgerTransfers = entries.filter((e) => e.kind === "payment" && e.method === "tilisiirto");
    expect(ledgerTransfers.map((e) => e.paymentId).sort()).toEqual(byBank.map((p) => p.id).sort());
    expect(balance.dueCents).toBeGreaterThanOrEqual(0);
    if (invoice!.status === "paid") expect(balance.dueCents).toBe(0);
    if (invoice!.status === "open") expect(balance.dueCents).toBeGreaterThan(0);
  }

  it("keeps every transfer's money once, and the invoice's balance true", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        month = month.plus({ months: 1 });
        t.clock.set(month.toISO()!);
        const [number] = await createDueInvoices(t.ctx);
        const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.number, number!));
        const sent: string[] = [];
        let api: CustomerApi | undefined;
        const uploaded = new Set<string>();
        for (const step of ops) {
          const due = balanceOf(await ledgerOf(t.ctx.db, { invoiceId: invoice!.id })).dueCents;
          if (step.kind === "upload") {
            const base = Math.max(due, 100);
            const cents = step.amount === "exact" ? base : step.amount === "short" ? base - 50 : base + 50;
            const xml =
              step.again && sent.length > 0
                ? sent[sent.length - 1]!
                : camtFile({
                    iban,
                    entries: [
                      {
                        archiveRef: `PROP-${++files}`,
                        amount: camtAmount(cents),
                        transactions: [{ reference: invoice!.referenceNumber, amount: camtAmount(cents) }],
                      },
                    ],
                  });
            const answer = await asAdmin("POST", "/bank-statements", { statement: xml });
            expect(answer.statusCode).toBe(200);
            if (!sent.includes(xml)) sent.push(xml);
            uploaded.add(/<AcctSvcrRef>(PROP-\d+)</.exec(xml)![1]!);
          } else if (step.kind === "resolve") {
            const waiting = (await asAdmin("GET", "/bank-transfers")).json().queued as Array<{
              id: string;
              problem: TransferProblem;
              invoice: { id: string } | null;
            }>;
            const mine = waiting.filter((w) => w.invoice?.id === invoice!.id);
            if (mine.length === 0) continue;
            const chosen = mine[step.pick % mine.length]!;
            const allowed = resolutionsFor[chosen.problem];
            const resolution = allowed[step.pick % allowed.length]!;
            const answer = await asAdmin("POST", `/bank-transfers/${chosen.id}/resolve`, { resolution });
            // 409: the invoice was paid or credited meanwhile; nothing changes.
            expect([200, 409]).toContain(answer.statusCode);
          } else if (step.kind === "payByCard") {
            if (due <= 0) continue;
            api ??= asCustomer(t, await logIn(t, "ominaisuus@example.com"));
            const started = await api.post(`/api/v2/invoices/${invoice!.id}/pay`, { paymentMethod: "card" });
            expect(started.statusCode).toBe(200);
            // The card is asked for what the ledger still owes, a part payment counted.
            const [attempt] = await t.ctx.db
              .select()
              .from(payments)
              .where(and(eq(payments.invoiceId, invoice!.id), eq(payments.status, "pending")));
            expect(attempt!.amountCents).toBe(due);
            await payOnDemoPage(t, started.json().redirectUrl, "approve");
          } else {
            const answer = await asAdmin("POST", `/invoices/${invoice!.id}/credit`);
            expect([200, 409]).toContain(answer.statusCode);
          }
          await invariants(invoice!.id, uploaded);
        }
      }),
      {
        numRuns: RUNS,
        seed: SEED,
        endOnFailure: true,
        // A part payment, the rest by card; an extra payment marked paid, then credited.
        examples: [
          [
            [
              { kind: "upload", amount: "short", again: false },
              { kind: "resolve", pick: 1 },
              { kind: "upload", amount: "short", again: true },
              { kind: "payByCard" },
              { kind: "credit" },
            ],
          ],
          [
            [
              { kind: "upload", amount: "over", again: false },
              { kind: "resolve", pick: 0 },
              { kind: "upload", amount: "exact", again: false },
              { kind: "resolve", pick: 0 },
              { kind: "credit" },
            ],
          ],
        ],
      },
    );
  }, 600_000);
});
