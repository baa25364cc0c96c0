/**
 * The money of a booking or an invoice as one list of entries (decision 038). Pure and
 * browser-safe: the server keeps the entries (src/server/ledger/), and every figure a person sees
 * and every refund decision is computed from them by the functions here, never added up apart.
 *
 * Two sorts of entry:
 * - what the customer is charged, signed: `price` (the list price with what made it), `discount`
 *   (−), `move` (± a move's price difference), `credit` (− an admin's goodwill refund on a booking
 *   that stays; + what of it a cheaper time takes back, so no charge falls below zero) and `cancel`
 *   (− the rest of the charge, when a cancel releases the customer from it);
 * - money, positive: in as `payment` (through the provider) and `gift_card` (a card's share), back
 *   as `refund` (through the provider; counted unless it failed) and `gift_card_return`.
 */

export const chargeKinds = ["price", "discount", "move", "credit", "cancel"] as const;
export const moneyKinds = ["payment", "gift_card", "refund", "gift_card_return"] as const;
export const ledgerKinds = [...chargeKinds, ...moneyKinds] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** A refund's entry follows its refund: pending until the provider made it, failed if it gave up. */
export type LedgerStatus = "done" | "pending" | "failed";

export type LedgerEntry = {
  kind: LedgerKind;
  amountCents: number;
  /** The VAT contained in the amount, at the rate of the sale (null on money entries' rates unknown). */
  vatCents: number;
  vatRateBasisPoints: number | null;
  paymentId: string | null;
  refundId: string | null;
  /** How the money moved: mobilepay, card or gift_card (money entries). */
  method: string | null;
  provider: string | null;
  status: LedgerStatus;
  /** Why (a refund's or a cancel's reason) and who (visitor, member, admin's e-mail, system). */
  reason: string | null;
  actor: string | null;
  /** What made a charge, in words ("60 min, 2 koiraa"). */
  note: string | null;
  createdAt: Date;
};

export type Balance = {
  /** What the customer owes for what they hold now. */
  chargedCents: number;
  /** Money in: the provider's payments and the gift cards' shares. */
  paidCents: number;
  giftCardPaidCents: number;
  /** Money back, done: the provider's refunds made and the shares returned to gift cards. */
  refundedCents: number;
  giftCardReturnedCents: number;
  /** Refunds recorded and not yet made by the provider. */
  refundPendingCents: number;
  /** charged − (paid − refunded − pending): above 0 the customer owes, below 0 money is owed back. */
  dueCents: number;
};

const sum = (entries: LedgerEntry[], pick: (e: LedgerEntry) => boolean) =>
  entries.reduce((total, e) => (pick(e) ? total + e.amountCents : total), 0);
const isCharge = (e: LedgerEntry) => (chargeKinds as readonly string[]).includes(e.kind);

/** The one sum of a booking's or an invoice's money. */
export function balanceOf(entries: LedgerEntry[]): Balance {
  const chargedCents = sum(entries, isCharge);
  const providerPaid = sum(entries, (e) => e.kind === "payment");
  const giftCardPaidCents = sum(entries, (e) => e.kind === "gift_card");
  const providerRefunded = sum(entries, (e) => e.kind === "refund" && e.status === "done");
  const giftCardReturnedCents = sum(entries, (e) => e.kind === "gift_card_return");
  const refundPendingCents = sum(entries, (e) => e.kind === "refund" && e.status === "pending");
  const paidCents = providerPaid + giftCardPaidCents;
  const refundedCents = providerRefunded + giftCardReturnedCents;
  return {
    chargedCents,
    paidCents,
    giftCardPaidCents,
    refundedCents,
    giftCardReturnedCents,
    refundPendingCents,
    dueCents: chargedCents - (paidCents - refundedCents - refundPendingCents),
  };
}

/**
 * The price of what the customer holds: the charges before any credit (an admin's goodwill refund
 * stays with the booking, so a move is priced against this, not against what is charged).
 */
export function priceOf(entries: LedgerEntry[]): number {
  return sum(entries, (e) => isCharge(e) && e.kind !== "credit");
}

/** One payment's money as the ledger has it: what it took and what of it has gone or is going back. */
export type PaymentMoney = {
  paymentId: string;
  method: string | null;
  provider: string | null;
  paidAt: Date;
  /** Through the provider. */
  paidCents: number;
  /** Refunds recorded that did not fail (made or on their way). */
  refundedCents: number;
  refundPendingCents: number;
  giftCardCents: number;
  giftCardReturnedCents: number;
};

/** Each payment of the entries, in the order they were paid. */
export function paymentsOf(entries: LedgerEntry[]): PaymentMoney[] {
  const byId = new Map<string, PaymentMoney>();
  for (const e of entries) {
    if (!e.paymentId || !(moneyKinds as readonly string[]).includes(e.kind)) continue;
    let p = byId.get(e.paymentId);
    if (!p) {
      p = {
        paymentId: e.paymentId,
        method: null,
        provider: null,
        paidAt: e.createdAt,
        paidCents: 0,
        refundedCents: 0,
        refundPendingCents: 0,
        giftCardCents: 0,
        giftCardReturnedCents: 0,
      };
      byId.set(e.paymentId, p);
    }
    if (e.kind === "payment" || e.kind === "gift_card") {
      p.paidAt = e.createdAt;
      if (e.kind === "payment") p.paidCents += e.amountCents;
      else p.giftCardCents += e.amountCents;
      if (e.kind === "payment" || !p.method) {
        p.method = e.method;
        p.provider = e.provider;
      }
    }
    if (e.kind === "refund" && e.status !== "failed") p.refundedCents += e.amountCents;
    if (e.kind === "refund" && e.status === "pending") p.refundPendingCents += e.amountCents;
    if (e.kind === "gift_card_return") p.giftCardReturnedCents += e.amountCents;
  }
  return [...byId.values()];
}

/** What of one payment can still go back: its provider share and its gift card's share, less what went. */
export function refundableOf(p: PaymentMoney): number {
  return Math.max(0, p.paidCents - p.refundedCents) + Math.max(0, p.giftCardCents - p.giftCardReturnedCents);
}

export type RefundPlan = {
  /** Through the provider, per payment. */
  refunds: Array<{ paymentId: string; cents: number }>;
  /** Back to the gift card, per payment whose share it was. */
  giftCardReturns: Array<{ paymentId: string; cents: number }>;
  totalCents: number;
};

/**
 * How `cents` go back: first through the provider, the latest payment first (a move's paid
 * difference before the booking's own payment), then to the gift cards that paid shares. Never
 * more than a payment took less what of it has gone back already; `totalCents` may fall short of
 * `cents` only when the payments hold less than asked.
 */
export function refundPlan(entries: LedgerEntry[], cents: number): RefundPlan {
  const plan: RefundPlan = { refunds: [], giftCardReturns: [], totalCents: 0 };
  let left = Math.max(0, cents);
  const payments = paymentsOf(entries).reverse();
  for (const p of payments) {
    const take = Math.min(left, p.paidCents - p.refundedCents);
    if (take <= 0) continue;
    plan.refunds.push({ paymentId: p.paymentId, cents: take });
    left -= take;
  }
  for (const p of payments) {
    const take = Math.min(left, p.giftCardCents - p.giftCardReturnedCents);
    if (take <= 0) continue;
    plan.giftCardReturns.push({ paymentId: p.paymentId, cents: take });
    left -= take;
  }
  plan.totalCents = Math.max(0, cents) - left;
  return plan;
}

/** The VAT of the charges by rate (Talous sums these by month). */
export function chargedVatByRate(
  entries: LedgerEntry[],
): Array<{ rateBasisPoints: number; cents: number; vatCents: number }> {
  const byRate = new Map<number, { rateBasisPoints: number; cents: number; vatCents: number }>();
  for (const e of entries) {
    if (!isCharge(e) || e.vatRateBasisPoints === null) continue;
    const row = byRate.get(e.vatRateBasisPoints) ?? {
      rateBasisPoints: e.vatRateBasisPoints,
      cents: 0,
      vatCents: 0,
    };
    row.cents += e.amountCents;
    row.vatCents += e.vatCents;
    byRate.set(e.vatRateBasisPoints, row);
  }
  return [...byRate.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints);
}
