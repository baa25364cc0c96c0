import type { PaymentMethod } from "../../../domain/booking.js";
import type { Customer } from "../../../domain/customer.js";
import { helsinkiDate, toHelsinkiIso } from "../../../domain/helsinkiTime.js";
import { isOverdue, suspendsFrom, suspensionMessage } from "../../../domain/invoiceStatus.js";
import type { Invoice, UnpaidStanding } from "../../../domain/membership.js";
import { addDays, periodBounds, periodIndexOn } from "../../../domain/membershipPeriods.js";
import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/index.js";
import { conflict, HttpError, notFound } from "../../errors.js";
import { createInvoice } from "./creation.js";
import { startInvoicePayment } from "./payment.js";
import { newInvoiceMail, overdueMail } from "../subscriptions/mail.js";
import { subscriptionRepository, type SubscriptionRow } from "../subscriptions/repository.js";
import { getSettings, type Settings } from "../../settings/index.js";
import { moneyOf } from "../../ledger/index.js";
import { invoiceBankTransfer, type InvoiceBankTransfer } from "../../../domain/bankTransfer.js";
import { invoiceRepository, type InvoiceRow } from "./repository.js";

/**
 * Membership invoices: listing, where a payment returns, paying one, the jobs. Making one is
 * creation.ts, starting its payment payment.ts; the admin's actions admin.ts.
 */

export type { InvoiceRow };

export const INVOICE_NOT_FOUND = "Laskua ei löytynyt.";

export function toInvoiceView(
  row: InvoiceRow,
  today: string,
  dueCents: number,
  bankTransfer: InvoiceBankTransfer | null = null,
): Invoice {
  return {
    id: row.id,
    number: row.number,
    reference_number: row.referenceNumber,
    description: row.description,
    period: { start: row.periodStart, end: addDays(row.periodEnd, -1) },
    amount_cents: row.amountCents,
    due_cents: dueCents,
    vat_cents: row.vatCents,
    vat_rate_basis_points: row.vatRateBasisPoints,
    status: row.status,
    is_overdue: isOverdue({ status: row.status, due_date: row.dueDate }, today),
    issued_at: toHelsinkiIso(row.issuedAt),
    due_date: row.dueDate,
    paid_at: row.paidAt ? toHelsinkiIso(row.paidAt) : null,
    bank_transfer: bankTransfer && {
      recipient: bankTransfer.recipient,
      iban: bankTransfer.iban,
      bic: bankTransfer.bic,
      reference_rf: bankTransfer.referenceRf,
      amount_cents: bankTransfer.amountCents,
      virtual_barcode: bankTransfer.virtualBarcode,
    },
  };
}

/** What an invoice still owes by its ledger: its amount less what was paid of it; 0 unless it is open. */
export async function invoiceDueCents(db: DbOrTx, row: Pick<InvoiceRow, "id" | "status">): Promise<number> {
  if (row.status !== "open") return 0;
  return Math.max(0, (await moneyOf(db, { invoiceId: row.id })).balance.dueCents);
}

/** How an open invoice is paid by transfer: what its ledger says it still owes, to the park's account. */
export async function bankTransferOfInvoice(
  db: DbOrTx,
  park: Settings["park"],
  row: InvoiceRow,
): Promise<InvoiceBankTransfer | null> {
  return invoiceBankTransfer(park, row, await invoiceDueCents(db, row));
}

/** How many of a member's newest invoices /oma-tili lists (two years of months); older ones are in the export. */
export const NEWEST_INVOICES = 24;

/** The member's invoices: the newest `count` and every open one (null: every invoice, for the export). */
export async function listInvoices(
  ctx: AppContext,
  customerId: string,
  count: number | null = NEWEST_INVOICES,
): Promise<{ invoices: Invoice[]; more: boolean }> {
  // A signup left unpaid is left out of the member's view (invoiceRepository.visibleToCustomer).
  const [{ rows, more }, settings] = await Promise.all([
    invoiceRepository(ctx.db).visibleToCustomer(customerId, count),
    getSettings(ctx.db),
  ]);
  const today = helsinkiDate(ctx.now());
  // A signup's first invoice is paid at once to start the membership (its hold lasts minutes): a
  // bank transfer, days on its way, would come after the signup has lapsed (decision 049).
  const invoices = await Promise.all(
    rows.map(async ({ invoice, membershipStarted }) => {
      const due = await invoiceDueCents(ctx.db, invoice);
      const transfer = membershipStarted ? invoiceBankTransfer(settings.park, invoice, due) : null;
      return toInvoiceView(invoice, today, due, transfer);
    }),
  );
  return { invoices, more };
}

/**
 * The customer's oldest overdue invoice, if any, and whether it has suspended the membership yet
 * (`suspendsFrom`): from then on, until it is paid, member bookings are refused and their gate
 * links do not open. Read where it is needed, never stored, so paying the invoice lifts it at once.
 */
export async function unpaidStanding(
  db: DbOrTx,
  customerId: string,
  today: string,
  suspendAfterDays: number,
): Promise<UnpaidStanding | null> {
  const invoice = await invoiceRepository(db).oldestOverdue(customerId, today);
  if (!invoice) return null;
  const suspendedFrom = suspendsFrom(invoice.dueDate, suspendAfterDays);
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    due_date: invoice.dueDate,
    suspended_from: suspendedFrom,
    suspended: today >= suspendedFrom,
  };
}

/** What a suspended member may not do (book, move a member booking, change tier): 403 in the suspension's words. */
export async function refuseWhileSuspended(
  db: DbOrTx,
  customerId: string,
  today: string,
  suspendAfterDays: number,
): Promise<void> {
  const unpaid = await unpaidStanding(db, customerId, today, suspendAfterDays);
  if (unpaid?.suspended) throw new HttpError(403, suspensionMessage(unpaid));
}

/** Where the payment page returns a member who pays a signup's first invoice. */
export const signupReturnPaths = (subscriptionId: string) => ({
  success: `/subscription/success?subscription=${subscriptionId}`,
  cancel: `/subscription/cancelled?subscription=${subscriptionId}`,
});

/** Where the payment page returns a member who paid (or not) an invoice from /oma-tili. */
export const invoiceReturnPaths = (invoiceId: string) => ({
  success: `/oma-tili?invoice=${invoiceId}&payment=success`,
  cancel: `/oma-tili?invoice=${invoiceId}&payment=cancelled`,
});

/** A membership's first invoice is its signup's: paying it returns to the signup's own pages. */
const isSignupInvoice = (invoice: InvoiceRow, sub: SubscriptionRow) => invoice.periodStart === sub.startDate;

/** Where the payment page sends the payer back, from what the database says now. */
export function invoicePaymentReturnPath(
  invoice: InvoiceRow,
  sub: SubscriptionRow,
  payment: { status: string },
) {
  const paths = isSignupInvoice(invoice, sub) ? signupReturnPaths(sub.id) : invoiceReturnPaths(invoice.id);
  return invoice.status === "paid" && payment.status === "paid" ? paths.success : paths.cancel;
}

export async function payInvoice(
  ctx: AppContext,
  customer: Customer,
  invoiceId: string,
  request: { method: PaymentMethod; giftCardCode?: string | null },
): Promise<{ success: boolean; redirectUrl: string; message: string }> {
  const found = await invoiceRepository(ctx.db).ofCustomerWithSubscription(invoiceId, customer.id);
  if (!found) throw notFound(INVOICE_NOT_FOUND);
  const { invoice } = found;
  if (invoice.status === "paid") throw conflict(`Lasku ${invoice.number} on jo maksettu.`);
  if (invoice.status === "void")
    throw conflict(`Lasku ${invoice.number} on mitätöity, eikä sitä tarvitse maksaa.`);
  const returnPaths = isSignupInvoice(invoice, found.subscription)
    ? signupReturnPaths(invoice.subscriptionId)
    : invoiceReturnPaths(invoice.id);
  const started = await startInvoicePayment(ctx, invoice, {
    method: request.method,
    returnPaths,
    giftCardCode: request.giftCardCode,
    email: customer.email,
  });
  // Spec §7's answer; a gift card that paid it all leaves no page to go to (redirectUrl "").
  if (!started.redirectUrl)
    return { success: true, redirectUrl: "", message: `Lasku ${invoice.number} maksettu lahjakortilla.` };
  const giftCardNote =
    started.giftCardCents > 0
      ? ` Lahjakortilla maksetaan ${formatEuros(started.giftCardCents)}, loput ${formatEuros(started.payableCents)} maksetaan nyt.`
      : "";
  return {
    success: true,
    redirectUrl: started.redirectUrl,
    message: `Siirry maksamaan lasku ${invoice.number}.${giftCardNote}`,
  };
}

/**
 * The job: each membership with access gets the invoice of every period that has begun (and that
 * begins before its end), once. Returns the numbers made. Only the memberships with work are
 * locked, one at a time; two servers running it at once take turns on each one's row lock.
 */
export async function createDueInvoices(ctx: AppContext): Promise<number[]> {
  const now = ctx.now();
  const today = helsinkiDate(now);
  // One query finds the work (subscriptionRepository.dueForInvoice): nothing due, no lock.
  const candidates = await subscriptionRepository(ctx.db).dueForInvoice(today);
  if (!candidates.length) return [];
  const settings = await getSettings(ctx.db);
  const made: InvoiceRow[] = [];
  for (const { id } of candidates) {
    const created = await ctx.db.transaction(async (tx) => {
      const subs = subscriptionRepository(tx);
      const lockRow = () => subs.lockById(id);
      let sub = await lockRow();
      if (!sub || (sub.status !== "active" && sub.status !== "cancelled")) return [];
      const customer = await subs.customerOf(sub);
      if (!customer) return [];
      const have = await invoiceRepository(tx).periodStartsOf(sub.id);
      const rows: InvoiceRow[] = [];
      for (let index = 0; index <= periodIndexOn(sub, today); index++) {
        const { start } = periodBounds(sub, index);
        if (have.has(start) || (sub.endsOn !== null && start >= sub.endsOn)) continue;
        rows.push(await createInvoice(tx, { sub, index, customer, settings, now }));
        // The invoice may have changed the membership's price or tier: the next period starts from that.
        sub = (await lockRow())!;
      }
      return rows;
    });
    made.push(...created);
  }
  for (const invoice of made) {
    const transfer = await bankTransferOfInvoice(ctx.db, settings.park, invoice);
    const mailId = await ctx.mail.enqueue(
      ctx.db,
      newInvoiceMail({ settings, publicUrl: ctx.config.publicUrl }, invoice, transfer),
    );
    await ctx.mail.sendCommitted(ctx.db, mailId);
  }
  return made.map((i) => i.number);
}

/**
 * The job: an open invoice past its due date gets one reminder. The conditional UPDATE claims each
 * invoice once, however many servers run the job.
 */
export async function remindOverdueInvoices(ctx: AppContext): Promise<number[]> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const today = helsinkiDate(now);
  const claimed = await ctx.db.transaction(async (tx) => {
    const rows = await invoiceRepository(tx).claimOverdueReminders(today, now);
    const mailIds: number[] = [];
    for (const invoice of rows) {
      const transfer = await bankTransferOfInvoice(tx, settings.park, invoice);
      mailIds.push(
        await ctx.mail.enqueue(
          tx,
          overdueMail({ settings, publicUrl: ctx.config.publicUrl }, invoice, transfer),
        ),
      );
    }
    return { rows, mailIds };
  });
  for (const id of claimed.mailIds) await ctx.mail.sendCommitted(ctx.db, id);
  return claimed.rows.map((r) => r.number);
}

/** Open invoices of a customer (account deletion is refused while any exists). */
export async function openInvoiceNumbers(db: DbOrTx, customerId: string): Promise<number[]> {
  return invoiceRepository(db).openNumbersOf(customerId);
}
