import { helsinkiDate } from "../../../domain/helsinkiTime.js";
import { referenceNumber } from "../../../domain/membership.js";
import { addDays, periodBounds } from "../../../domain/membershipPeriods.js";
import { vatIncludedCents } from "../../../domain/money.js";
import type { Tx } from "../../db/index.js";
import { formatDay } from "../../../domain/helsinkiClock.js";
import { subscriptionRepository, type SubscriptionRow } from "../subscriptions/repository.js";
import { tierOn, vatRateOn } from "../../prices/index.js";
import type { Settings } from "../../settings/index.js";
import { membershipPriceOf, scheduledTierFor, tierChangeApplies } from "../subscriptions/tierChange.js";
import { invoiceRepository, type InvoiceRow } from "./repository.js";
import { recordInvoiceCharge } from "../../ledger/index.js";

/**
 * Making a membership invoice: its gapless number, the period's price (with a scheduled tier
 * change) and the row. The signup makes the first (subscriptions/signup.ts), the job the others (service.ts).
 */

/** Invoice numbers start here, so every number has four digits and a valid reference base. */
export const FIRST_INVOICE_NUMBER = 1001;

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
  const { start, endExclusive } = periodBounds(sub, index);
  const repository = invoiceRepository(tx);
  const existing = await repository.ofPeriod(sub.id, start);
  if (existing) return existing;
  // The counter row stays locked until the caller's transaction ends.
  const number = await repository.nextNumber(FIRST_INVOICE_NUMBER);
  // The price and the VAT rate in force on the period's first day; the invoice keeps them.
  const vatRate = await vatRateOn(tx, start);
  // A scheduled tier change takes effect with the first period it applies to (decision 022): the
  // membership copies the tier, and its price is the new tier's (kept inside a commitment).
  const changed = tierChangeApplies(sub, start);
  const tier = changed ? await scheduledTierFor(tx, sub, start) : null;
  const periodCents = tier
    ? membershipPriceOf(sub.commitment, tier.monthlyPriceCents, settings)
    : await periodPrice(tx, sub, start, settings);
  // A tier raised in the last period adds its difference here (decision 057), each its own charge.
  const waiting = await repository.waitingCharges(sub.id);
  const extra = waiting.map((c) => ({
    amountCents: c.amountCents,
    vatCents: vatIncludedCents(c.amountCents, vatRate),
    description: c.description,
  }));
  const amountCents = periodCents + extra.reduce((sum, c) => sum + c.amountCents, 0);
  if (changed || periodCents !== sub.monthlyPriceCents)
    await subscriptionRepository(tx).applyPeriodTerms(sub.id, {
      monthlyPriceCents: periodCents,
      ...(changed && { nextTierLevel: null, nextTierFrom: null }),
      ...(tier && { tierLevel: tier.level, tierName: tier.name, hoursQuota: tier.hoursQuota }),
    });
  const tierName = tier?.name ?? sub.tierName;
  const commitment = sub.commitment === "12m" ? ", 12 kk sitoumus" : "";
  // The insert's trigger moves the membership's invoiced_until to the period's end (issue 21).
  const invoice = await repository.insert({
    number,
    referenceNumber: referenceNumber(number),
    subscriptionId: sub.id,
    customerId: sub.customerId,
    email: customer.email,
    name: customer.name,
    description:
      `Jäsenyys ${tierName}${commitment}, ${formatDay(start)}–${formatDay(addDays(endExclusive, -1))}` +
      waiting.map((c) => `; ${c.description}`).join(""),
    periodStart: start,
    periodEnd: endExclusive,
    amountCents,
    vatCents: vatIncludedCents(periodCents, vatRate) + extra.reduce((sum, c) => sum + c.vatCents, 0),
    vatRateBasisPoints: vatRate,
    hoursQuota: tier?.hoursQuota ?? sub.hoursQuota,
    issuedAt: now,
    dueDate: addDays(helsinkiDate(now), settings.membership.invoiceDueDays),
  });
  await repository.billCharges(
    waiting.map((c) => c.id),
    invoice.id,
  );
  // What the member owes is the invoice's ledger charges (decision 038).
  await recordInvoiceCharge(tx, invoice, extra);
  return invoice;
}
