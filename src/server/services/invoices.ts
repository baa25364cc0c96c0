import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../domain/booking.js";
import type { Customer } from "../../domain/customer.js";
import { helsinkiDate, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { isOverdue, referenceNumber, type Invoice } from "../../domain/membership.js";
import { addDays, periodBounds, periodIndexOn } from "../../domain/membershipPeriods.js";
import { formatEuros, vatIncludedCents } from "../../domain/money.js";
import { priceBreakdown } from "../../domain/pricing.js";
import type { AppContext } from "../context.js";
import type { DbOrTx, Tx } from "../db/index.js";
import { counters, customers, invoices, payments, subscriptions } from "../db/schema.js";
import { HttpError, conflict, notFound } from "../errors.js";
import { lockGiftCard, redeemGiftCard, returnGiftCardShares } from "./giftCards.js";
import { confirmInvoicePayment } from "./invoiceFulfilment.js";
import { formatDay, newInvoiceMail, overdueMail } from "./membershipMail.js";
import { GIFT_CARD_PROVIDER, PAYMENT_START_FAILED } from "./paymentConstants.js";
import { tierOn, vatRateOn } from "./prices.js";
import { getSettings, type Settings } from "./settings.js";
import { membershipPriceOf, scheduledTierFor, tierChangeApplies } from "./tierChange.js";

/** Membership invoices: creation (gapless numbers, one per period), listing, paying, the jobs. */

export type InvoiceRow = typeof invoices.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Invoice numbers start here, so every number has four digits and a valid reference base. */
export const FIRST_INVOICE_NUMBER = 1001;
export const INVOICE_NOT_FOUND = "Laskua ei löytynyt.";

/** The next invoice number; the counter row stays locked until the caller's transaction ends. */
async function nextInvoiceNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: "invoice", value: FIRST_INVOICE_NUMBER })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

/**
 * The monthly price of a membership's period starting on `start`: the tier's price in force on
 * that date (less the commitment discount for a 12-month membership), so a tier change from a
 * later date applies to the periods from then on. Inside its commitment a membership keeps the
 * price it was signed at, and a tier no longer offered keeps its last price.
 */
async function periodPrice(tx: Tx, sub: SubscriptionRow, start: string, settings: Settings) {
  if (sub.commitmentEndDate !== null && start < sub.commitmentEndDate) return sub.monthlyPriceCents;
  const tier = await tierOn(tx, sub.tierLevel, start);
  if (!tier) return sub.monthlyPriceCents;
  return membershipPriceOf(sub.commitment, tier.monthlyPriceCents, settings);
}

/**
 * Creates the invoice of one period, unless it exists. The caller holds the subscription's row
 * lock, so two job runs take turns and the second finds the first's invoice; the unique index
 * (subscription, period) is the last guard. A number is drawn only when the invoice is made, in
 * the same transaction, so a rollback returns it and numbers have no gaps.
 */
export async function createInvoice(
  tx: Tx,
  options: {
    sub: SubscriptionRow;
    index: number;
    customer: { email: string; name: string | null };
    settings: Settings;
    now: Date;
  },
): Promise<InvoiceRow> {
  const { sub, index, customer, settings, now } = options;
  const { start, endExclusive } = periodBounds(sub.startDate, index);
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.periodStart, start)));
  if (existing) return existing;
  const number = await nextInvoiceNumber(tx);
  // The price and the VAT rate in force on the period's first day; the invoice keeps them.
  const vatRate = await vatRateOn(tx, start);
  // A scheduled tier change takes effect with the first period it applies to (decision 022): the
  // membership copies the tier, and its price is the new tier's (kept inside a commitment).
  const changed = tierChangeApplies(sub, start);
  const tier = changed ? await scheduledTierFor(tx, sub, start) : null;
  const amountCents = tier
    ? membershipPriceOf(sub.commitment, tier.monthlyPriceCents, settings)
    : await periodPrice(tx, sub, start, settings);
  if (changed || amountCents !== sub.monthlyPriceCents)
    await tx
      .update(subscriptions)
      .set({
        monthlyPriceCents: amountCents,
        ...(changed && { nextTierLevel: null, nextTierFrom: null }),
        ...(tier && { tierLevel: tier.level, tierName: tier.name, hoursQuota: tier.hoursQuota }),
      })
      .where(eq(subscriptions.id, sub.id));
  const tierName = tier?.name ?? sub.tierName;
  const commitment = sub.commitment === "12m" ? ", 12 kk sitoumus" : "";
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      referenceNumber: referenceNumber(number),
      subscriptionId: sub.id,
      customerId: sub.customerId,
      email: customer.email,
      name: customer.name,
      description: `Jäsenyys ${tierName}${commitment}, ${formatDay(start)}–${formatDay(addDays(endExclusive, -1))}`,
      periodStart: start,
      periodEnd: endExclusive,
      amountCents,
      vatCents: vatIncludedCents(amountCents, vatRate),
      vatRateBasisPoints: vatRate,
      hoursQuota: tier?.hoursQuota ?? sub.hoursQuota,
      issuedAt: now,
      dueDate: addDays(helsinkiDate(now), settings.membership.invoiceDueDays),
    })
    .returning();
  return invoice!;
}

export function toInvoiceView(row: InvoiceRow, today: string): Invoice {
  return {
    id: row.id,
    number: row.number,
    reference_number: row.referenceNumber,
    description: row.description,
    period: { start: row.periodStart, end: addDays(row.periodEnd, -1) },
    amount_cents: row.amountCents,
    vat_cents: row.vatCents,
    vat_rate_basis_points: row.vatRateBasisPoints,
    status: row.status,
    is_overdue: isOverdue({ status: row.status, due_date: row.dueDate }, today),
    issued_at: toHelsinkiIso(row.issuedAt),
    due_date: row.dueDate,
    paid_at: row.paidAt ? toHelsinkiIso(row.paidAt) : null,
  };
}

export async function listInvoices(ctx: AppContext, customerId: string): Promise<Invoice[]> {
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.number));
  const today = helsinkiDate(ctx.now());
  return rows.map((row) => toInvoiceView(row, today));
}

/** The customer's oldest overdue invoice, if any: it stops subscriber bookings. */
export async function oldestOverdueInvoice(db: DbOrTx, customerId: string, today: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.status, "open"), lt(invoices.dueDate, today)))
    .orderBy(asc(invoices.dueDate))
    .limit(1);
  return row ?? null;
}

export type InvoicePaymentStart = {
  /** The payment page; "" when a gift card paid it all (the invoice is paid already). */
  redirectUrl: string;
  giftCardCents: number;
  payableCents: number;
};

/**
 * Records a pending payment of an invoice (taking a gift card's share of its balance in the same
 * transaction), then after the commit asks the provider where to send the payer. When the gift
 * card pays it all, the payment is confirmed at once through the fulfilment path and there is no
 * payment page. If the provider fails, the payment is marked failed, the gift card's share
 * returned, `onStartFailed` undoes what the caller started (a signup expires), and the payer gets
 * a 502.
 */
export async function startInvoicePayment(
  ctx: AppContext,
  invoice: InvoiceRow,
  options: {
    method: PaymentMethod;
    returnPaths: { success: string; cancel: string };
    giftCardCode?: string | null;
    email?: string;
    onStartFailed?: (tx: Tx) => Promise<unknown>;
  },
): Promise<InvoicePaymentStart> {
  const now = ctx.now();
  let payment;
  try {
    payment = await ctx.db.transaction(async (tx) => {
      // A new attempt replaces an earlier unfinished one (the payer went back and tried again).
      const replaced = await tx
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      await returnGiftCardShares(
        tx,
        replaced.map((p) => p.id),
        now,
      );
      const card = options.giftCardCode ? await lockGiftCard(tx, options.giftCardCode, now) : null;
      const price = priceBreakdown({
        listPriceCents: invoice.amountCents,
        giftCardBalanceCents: card?.balanceCents,
      });
      const [row] = await tx
        .insert(payments)
        .values({
          invoiceId: invoice.id,
          provider: price.payableCents > 0 ? ctx.payments.name : GIFT_CARD_PROVIDER,
          method: options.method,
          amountCents: price.payableCents,
          vatCents: vatIncludedCents(price.payableCents, invoice.vatRateBasisPoints),
          giftCardId: card && price.giftCardCents > 0 ? card.id : null,
          giftCardCents: price.giftCardCents,
          status: "pending",
        })
        .returning();
      if (card) await redeemGiftCard(tx, { card, paymentId: row!.id, amountCents: price.giftCardCents, now });
      return row!;
    });
  } catch (error) {
    // A gift card refused at the last moment (spent meanwhile): undo the caller's work too.
    if (error instanceof HttpError && options.onStartFailed)
      await ctx.db.transaction((tx) => options.onStartFailed!(tx));
    throw error;
  }
  const started = { giftCardCents: payment.giftCardCents, payableCents: payment.amountCents };
  if (payment.amountCents === 0) {
    await confirmInvoicePayment(ctx, { ...payment, invoiceId: invoice.id });
    return { redirectUrl: "", ...started };
  }
  let session;
  try {
    session = await ctx.payments.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      method: options.method,
      description: `Lasku ${invoice.number}: ${invoice.description}`,
      email: options.email ?? invoice.email,
      returnUrls: {
        success: ctx.config.publicUrl + options.returnPaths.success,
        cancel: ctx.config.publicUrl + options.returnPaths.cancel,
      },
    });
  } catch {
    await ctx.db.transaction(async (tx) => {
      await tx.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
      await returnGiftCardShares(tx, [payment.id], ctx.now());
      await options.onStartFailed?.(tx);
    });
    throw new HttpError(502, PAYMENT_START_FAILED);
  }
  await ctx.db.update(payments).set({ providerRef: session.providerRef }).where(eq(payments.id, payment.id));
  return { redirectUrl: session.redirectUrl, ...started };
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
  const [found] = await ctx.db
    .select({ invoice: invoices, subscription: subscriptions })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customer.id)));
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
 * begins before its end), once. Returns the numbers made. Two servers running it at once take
 * turns on each subscription's row lock.
 */
export async function createDueInvoices(ctx: AppContext): Promise<number[]> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const today = helsinkiDate(now);
  const candidates = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.status, "active"),
        and(eq(subscriptions.status, "cancelled"), sql`${subscriptions.endsOn} > ${today}`),
      ),
    );
  const made: InvoiceRow[] = [];
  for (const { id } of candidates) {
    const created = await ctx.db.transaction(async (tx) => {
      const lockRow = async () =>
        (await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update"))[0];
      let sub = await lockRow();
      if (!sub || (sub.status !== "active" && sub.status !== "cancelled")) return [];
      const [customer] = sub.customerId
        ? await tx.select().from(customers).where(eq(customers.id, sub.customerId))
        : [];
      if (!customer) return [];
      const have = new Set(
        (
          await tx
            .select({ start: invoices.periodStart })
            .from(invoices)
            .where(eq(invoices.subscriptionId, sub.id))
        ).map((r) => r.start),
      );
      const rows: InvoiceRow[] = [];
      for (let index = 0; index <= periodIndexOn(sub.startDate, today); index++) {
        const { start } = periodBounds(sub.startDate, index);
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
    const mailId = await ctx.mail.enqueue(
      ctx.db,
      newInvoiceMail({ settings, publicUrl: ctx.config.publicUrl }, invoice),
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
    const rows = await tx
      .update(invoices)
      .set({ overdueNotifiedAt: now })
      .where(
        and(eq(invoices.status, "open"), lt(invoices.dueDate, today), isNull(invoices.overdueNotifiedAt)),
      )
      .returning();
    const mailIds: number[] = [];
    for (const invoice of rows)
      mailIds.push(
        await ctx.mail.enqueue(tx, overdueMail({ settings, publicUrl: ctx.config.publicUrl }, invoice)),
      );
    return { rows, mailIds };
  });
  for (const id of claimed.mailIds) await ctx.mail.sendCommitted(ctx.db, id);
  return claimed.rows.map((r) => r.number);
}

/** Open invoices of a customer (account deletion is refused while any exists). */
export async function openInvoiceNumbers(db: DbOrTx, customerId: string): Promise<number[]> {
  const rows = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), inArray(invoices.status, ["open"])));
  return rows.map((r) => r.number);
}
