import { createHash } from "node:crypto";
import {
  QUEUE_LIMIT,
  RECENT_TRANSFERS,
  resolutionsFor,
  transferResolutionLabels,
  type BankTransfer,
  type BankTransferList,
  type StatementEntry,
  type StatementPreview,
  type TransferProblem,
  type TransferResolve,
} from "../../domain/admin/bankTransfers.js";
import { compactIban, formatIban } from "../../domain/bankTransfer.js";
import { formatEuros, vatIncludedCents } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import {
  markInvoicePaid,
  invoiceRepository,
  type InvoiceRow,
  invoiceDueCents,
  subscriptionRepository,
} from "../memberships/index.js";
import { recordCredit, recordPaid } from "../ledger/index.js";
import type { AdminActor } from "../../domain/admin/session.js";
import {
  BANK_PROVIDER,
  BANK_TRANSFER_METHOD,
  recordRefund,
  refundAndTell,
  paymentRepository,
} from "../payments/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { recordAudit } from "../system/index.js";
import { readBankStatement, type BankStatement, type StatementTransfer } from "./camt.js";
import { bankTransferRepository, type BankTransferRow, type ListedTransfer } from "./repository.js";

/**
 * Invoices paid by bank transfer (issue 36, decision 050). The owner uploads the bank's camt.054
 * or camt.053 file in jäsenyydet; the preview says what each credit would do, and applying it
 * records every transfer once by the bank's archive reference: one that pays an open invoice
 * exactly marks it paid (a payment of provider "bank", method "tilisiirto", with its ledger entry),
 * every other waits in the owner's queue (less or more than owed, an unknown reference, an invoice
 * paid or void, a reversal) until the owner decides. Nothing here calls a provider or a mail
 * server inside the transaction: the e-mails are queued and sent after the commit.
 */

type Outcome = StatementEntry["outcome"];

/** The statement must be of the park's own account (its IBAN in the settings). */
function checkAccount(statement: BankStatement, settings: Settings) {
  const park = compactIban(settings.park.iban);
  const other = statement.accountIbans.find((iban) => iban !== park);
  if (other)
    throw badRequest(
      `Tiliote on tililtä ${formatIban(other)}, mutta puiston tili on ${formatIban(park)}. Mitään ei kirjattu.`,
      "statement",
    );
}

function readChecked(xml: string, settings: Settings): BankStatement {
  const statement = readBankStatement(xml);
  checkAccount(statement, settings);
  return statement;
}

/** What a transfer would do to the invoice its reference names, given what that invoice still owes. */
function outcomeOf(t: StatementTransfer, invoice: InvoiceRow | undefined, dueCents: number): Outcome {
  if (t.reversal) return "reversal";
  if (!invoice) return "unknown";
  if (invoice.status !== "open" || dueCents <= 0) return "closed";
  if (t.amountCents === dueCents) return "pay";
  return t.amountCents < dueCents ? "partial" : "over";
}

async function invoiceOf(db: DbOrTx, t: StatementTransfer) {
  return t.nationalReference ? invoiceRepository(db).byReference(t.nationalReference) : undefined;
}

const dueOf = async (db: DbOrTx, invoice: Pick<InvoiceRow, "id" | "status"> | null | undefined) =>
  invoice ? invoiceDueCents(db, invoice) : 0;

const invoiceView = (
  invoice: Pick<InvoiceRow, "id" | "number" | "status" | "customerId"> | null | undefined,
  dueCents: number,
) =>
  invoice
    ? {
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        customer_id: invoice.customerId,
        due_cents: dueCents,
      }
    : null;

/** What applying the file would do, entry by entry; nothing is written. */
export async function previewStatement(ctx: AppContext, xml: string): Promise<StatementPreview> {
  const statement = readChecked(xml, await getSettings(ctx.db));
  const recorded = await bankTransferRepository(ctx.db).recordedOf(
    statement.transfers.map((t) => t.archiveRef),
  );
  const entries: StatementEntry[] = [];
  for (const t of statement.transfers) {
    const invoice = await invoiceOf(ctx.db, t);
    const due = await dueOf(ctx.db, invoice);
    entries.push({
      archive_ref: t.archiveRef,
      reference: t.reference,
      amount_cents: t.amountCents,
      payer_name: t.payerName,
      booked_on: t.bookedOn,
      outcome: recorded.has(t.archiveRef) ? "recorded" : outcomeOf(t, invoice, due),
      invoice: invoiceView(invoice, due),
    });
  }
  return { kind: statement.kind, entries, skipped: statement.skipped };
}

/** Locks the invoice's membership, then the invoice: the lock order of every payment of it. */
async function lockInvoice(tx: Tx, invoiceId: string) {
  const invoices = invoiceRepository(tx);
  const sub = await subscriptionRepository(tx).lockById((await invoices.subscriptionIdOf(invoiceId))!);
  const invoice = await invoices.lockById(invoiceId);
  return { sub: sub!, invoice: invoice! };
}

/** The transfer's money on the invoice's ledger: a paid payment of provider "bank" and its entry. */
async function recordTransferPayment(tx: Tx, transfer: BankTransferRow, invoice: InvoiceRow, now: Date) {
  const payment = await paymentRepository(tx).insert({
    invoiceId: invoice.id,
    provider: BANK_PROVIDER,
    providerRef: transfer.archiveRef,
    method: BANK_TRANSFER_METHOD,
    amountCents: transfer.amountCents,
    vatCents: vatIncludedCents(transfer.amountCents, invoice.vatRateBasisPoints),
    status: "paid",
    paidAt: now,
    createdAt: now,
  });
  await recordPaid(tx, { invoiceId: invoice.id }, { ...payment, giftCardCents: 0 }, now);
  return payment;
}

const fileId = (xml: string) => createHash("sha256").update(xml).digest("hex").slice(0, 16);

/**
 * Records the file's transfers, each once: an exact payment pays its invoice, the rest wait for the
 * owner. One transaction; transfers read before (by archive reference) are left as they are.
 */
export async function applyStatement(ctx: AppContext, actor: AdminActor, xml: string) {
  const settings = await getSettings(ctx.db);
  const statement = readChecked(xml, settings);
  const now = ctx.now();
  // In archive-reference order, so two uploads of overlapping files meet on the same first row.
  const transfers = [...statement.transfers].sort((a, b) => a.archiveRef.localeCompare(b.archiveRef));
  const done = await ctx.db.transaction(async (tx) => {
    const repository = bankTransferRepository(tx);
    const mailIds: number[] = [];
    const paid: Array<{ archiveRef: string; invoice: number }> = [];
    const queued: Array<{ archiveRef: string; problem: TransferProblem; invoice: number | null }> = [];
    let recorded = 0;
    for (const t of transfers) {
      const found = await invoiceOf(tx, t);
      const row = await repository.insertOnce({
        archiveRef: t.archiveRef,
        reference: t.reference,
        nationalReference: t.nationalReference,
        amountCents: t.amountCents,
        payerName: t.payerName,
        payerIban: t.payerIban,
        bookedOn: t.bookedOn,
        reversal: t.reversal,
        invoiceId: found?.id ?? null,
        status: "queued",
        statementKind: statement.kind,
        importedBy: actor.email,
        createdAt: now,
      });
      if (!row) {
        recorded++;
        continue;
      }
      const locked = found ? await lockInvoice(tx, found.id) : null;
      const outcome = outcomeOf(t, locked?.invoice, await dueOf(tx, locked?.invoice));
      if (outcome === "pay" && locked) {
        const payment = await recordTransferPayment(tx, row, locked.invoice, now);
        mailIds.push(await markInvoicePaid(ctx, tx, locked.sub, locked.invoice.id, { settings, now }));
        await repository.update(row.id, { status: "applied", paymentId: payment.id });
        paid.push({ archiveRef: t.archiveRef, invoice: locked.invoice.number });
      } else {
        const problem = outcome as TransferProblem;
        await repository.update(row.id, { problem });
        queued.push({ archiveRef: t.archiveRef, problem, invoice: locked?.invoice.number ?? null });
      }
    }
    await recordAudit(tx, actor, {
      action: "bank_statement.apply",
      entity: "bank_statement",
      entityId: fileId(xml),
      after: { kind: statement.kind, transfers: transfers.length, recorded, paid, queued },
    });
    return { mailIds, paid: paid.length, queued: queued.length, recorded };
  });
  for (const id of done.mailIds) await ctx.mail.sendCommitted(ctx.db, id);
  const parts = [
    `${done.paid} ${done.paid === 1 ? "lasku merkittiin" : "laskua merkittiin"} maksetuksi.`,
    done.queued > 0 ? `${done.queued} odottaa päätöstäsi jonossa.` : "",
    done.recorded > 0 ? `${done.recorded} oli luettu jo aiemmin, eikä niihin koskettu.` : "",
  ].filter(Boolean);
  return {
    message: `Tiliote luettu (${transfers.length} tilisiirtoa). ${parts.join(" ")}`,
    paid: done.paid,
    queued: done.queued,
    recorded: done.recorded,
  };
}

const toView = ({ transfer: t, invoice }: ListedTransfer, dueCents: number): BankTransfer => ({
  id: t.id,
  archive_ref: t.archiveRef,
  reference: t.reference,
  amount_cents: t.amountCents,
  payer_name: t.payerName,
  booked_on: t.bookedOn,
  status: t.status,
  problem: t.problem,
  resolution: t.resolution,
  note: t.note,
  invoice: invoiceView(invoice, dueCents),
});

/** The owner's queue and the latest transfers, each with what its invoice still owes. */
export async function listBankTransfers(ctx: AppContext): Promise<BankTransferList> {
  const repository = bankTransferRepository(ctx.db);
  const [queued, recent] = await Promise.all([
    repository.queued(QUEUE_LIMIT),
    repository.recent(RECENT_TRANSFERS),
  ]);
  const withDue = (rows: ListedTransfer[]) =>
    Promise.all(rows.map(async (r) => toView(r, await dueOf(ctx.db, r.invoice))));
  return { queued: await withDue(queued), recent: await withDue(recent) };
}

/**
 * The owner's decision on a waiting transfer:
 * - mark_paid: the invoice is paid; what fell short is credited, what came beyond it the owner
 *   returns by hand;
 * - part_payment: the money is on the invoice, which stays open for the rest;
 * - refunded_by_hand: the owner returned it all from the park's bank (on the invoice's ledger,
 *   money in and back, when there is an invoice);
 * - noted: a reversal was seen to.
 */
export async function resolveBankTransfer(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  decision: TransferResolve,
) {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const repository = bankTransferRepository(tx);
    const first = await repository.lockById(id);
    if (!first) throw notFound("Tilisiirtoa ei löytynyt.");
    // The invoice first, in the lock order of its payments; then the transfer again.
    const locked = first.invoiceId ? await lockInvoice(tx, first.invoiceId) : null;
    const transfer = (await repository.lockById(id))!;
    if (transfer.status !== "queued") throw conflict("Tilisiirto on jo käsitelty.");
    const allowed = resolutionsFor[transfer.problem!];
    if (!allowed.includes(decision.resolution))
      throw badRequest(
        `Tälle tilisiirrolle voi valita vain: ${allowed.map((r) => transferResolutionLabels[r].toLowerCase()).join(", ")}.`,
      );
    const amount = formatEuros(transfer.amountCents);
    let mailId: number | null = null;
    const refundIds: string[] = [];
    // Money the owner returns from the park's bank: a refund recorded like any other, which
    // sendRefund records as made by hand after the commit (a "bank" payment's, decision 050).
    const refundByHand = async (paymentId: string, cents: number) => {
      const refundId = await recordRefund(tx, {
        paymentId,
        amountCents: cents,
        reason: "bank_transfer",
        actor: actor.email,
        now,
      });
      if (refundId) refundIds.push(refundId);
    };
    let message: string;
    let paymentId: string | null = null;
    if (decision.resolution === "mark_paid" || decision.resolution === "part_payment") {
      const invoice = locked!.invoice;
      const due = await dueOf(tx, invoice);
      if (invoice.status !== "open" || due <= 0)
        throw conflict(`Lasku ${invoice.number} ei ole enää avoinna. Palauta maksu maksajalle käsin.`);
      if (decision.resolution === "part_payment" && transfer.amountCents >= due)
        throw conflict(`Tilisiirto kattaa laskun ${invoice.number}. Merkitse lasku maksetuksi.`);
      paymentId = (await recordTransferPayment(tx, transfer, invoice, now)).id;
      const owner = { invoiceId: invoice.id };
      if (decision.resolution === "part_payment") {
        message = `${amount} kirjattu laskulle ${invoice.number}. Laskua on vielä maksamatta ${formatEuros(due - transfer.amountCents)}.`;
      } else {
        const short = due - transfer.amountCents;
        if (short > 0)
          await recordCredit(tx, owner, {
            cents: short,
            reason: "bank_transfer_short",
            actor: actor.email,
            now,
          });
        if (short < 0) await refundByHand(paymentId, -short);
        mailId = await markInvoicePaid(ctx, tx, locked!.sub, invoice.id, { settings, now });
        message =
          short > 0
            ? `Lasku ${invoice.number} merkitty maksetuksi; puuttuva ${formatEuros(short)} hyvitettiin.`
            : `Lasku ${invoice.number} merkitty maksetuksi. Palauta ylimenevä ${formatEuros(-short)} maksajalle tilisiirrolla${transfer.payerIban ? ` tilille ${formatIban(transfer.payerIban)}` : ""}.`;
      }
    } else if (decision.resolution === "refunded_by_hand") {
      if (locked) {
        paymentId = (await recordTransferPayment(tx, transfer, locked.invoice, now)).id;
        await refundByHand(paymentId, transfer.amountCents);
      }
      message = `Tilisiirto ${amount} kirjattu palautetuksi maksajalle.`;
    } else {
      message = `Pankin palautus ${amount} kuitattu.`;
    }
    const after = await repository.update(id, {
      status: "resolved",
      resolution: decision.resolution,
      note: decision.note || null,
      paymentId,
      resolvedBy: actor.email,
      resolvedAt: now,
    });
    await recordAudit(tx, actor, {
      action: "bank_transfer.resolve",
      entity: "bank_transfer",
      entityId: id,
      before: { status: transfer.status, problem: transfer.problem, amountCents: transfer.amountCents },
      after: {
        status: after.status,
        resolution: after.resolution,
        note: after.note,
        paymentId,
        invoice: locked?.invoice.number ?? null,
      },
    });
    return { message, mailId, refundIds };
  });
  // After the commit, as every refund and e-mail: the refunds are recorded as made by hand.
  await refundAndTell(ctx, done);
  return { message: done.message };
}
