import { balanceOf, chargeKinds, type Balance, type LedgerEntry } from "../../domain/ledger.js";
import { vatIncludedCents } from "../../domain/money.js";
import type { DbOrTx } from "../db/index.js";
import { ledgerRepository, type LedgerOwner, type NewLedgerEntry } from "./repository.js";

/**
 * The money ledger (decision 038): every euro of a booking and an invoice is an entry that belongs
 * to it for good, written in the transaction that decides it. Every figure shown and every refund
 * is computed from an owner's entries by src/domain/ledger.ts (balanceOf, paymentsOf, refundPlan);
 * nothing adds money up from the payments', refunds' or bookings' own columns. This module imports
 * only the database: the money paths (reservations, payments, invoices) call it.
 */

export type { LedgerOwner };
export type Actor = string;

const ownerColumns = (owner: LedgerOwner) =>
  "reservationId" in owner
    ? { reservationId: owner.reservationId, invoiceId: null }
    : { reservationId: null, invoiceId: owner.invoiceId };

export function ledgerOf(db: DbOrTx, owner: LedgerOwner): Promise<Array<LedgerEntry & { id: number }>> {
  return ledgerRepository(db).of(owner);
}

export async function moneyOf(
  db: DbOrTx,
  owner: LedgerOwner,
): Promise<{ entries: LedgerEntry[]; balance: Balance }> {
  const entries = await ledgerOf(db, owner);
  return { entries, balance: balanceOf(entries) };
}

/** The entries of many payments at once, each payment's in the order they were written. */
export async function ledgerOfPayments(
  db: DbOrTx,
  paymentIds: string[],
): Promise<Map<string, LedgerEntry[]>> {
  const byPayment = new Map<string, LedgerEntry[]>();
  for (const e of await ledgerRepository(db).ofPayments(paymentIds)) {
    const list = byPayment.get(e.paymentId!) ?? [];
    list.push(e);
    byPayment.set(e.paymentId!, list);
  }
  return byPayment;
}

/** Locks a booking's or an invoice's row: the lock order is the owner, then its payments. */
export function lockLedgerOwner(db: DbOrTx, owner: LedgerOwner): Promise<void> {
  return ledgerRepository(db).lockOwner(owner);
}

/** Who owns a paid payment's money: a booking or an invoice (null when it was never paid). */
export function ledgerOwnerOfPayment(db: DbOrTx, paymentId: string): Promise<LedgerOwner | null> {
  return ledgerRepository(db).ownerOfPayment(paymentId);
}

const vatOf = (cents: number, rate: number) => vatIncludedCents(cents, rate);

/**
 * The VAT of a change of `cents` to what is charged at `rate`, given what was charged at it
 * before: the VAT of the new total less the old's. Rounding each part apart would leave the
 * entries a cent off the VAT of what is charged (13,50 € is 15,00 € less 1,50 €: 3,05 − 0,30 =
 * 2,75 €, where 13,50 € holds 2,74 €); so the receipt's VAT per rate is the sale's.
 */
const vatOfChange = (before: number, cents: number, rate: number) =>
  vatOf(before + cents, rate) - vatOf(before, rate);

/** What the entries charge at `rate`. */
const chargedAt = (entries: LedgerEntry[], rate: number) =>
  entries
    .filter((e) => (chargeKinds as readonly string[]).includes(e.kind) && e.vatRateBasisPoints === rate)
    .reduce((sum, e) => sum + e.amountCents, 0);

/**
 * A booking's charges when it is confirmed (a hold owes nothing until then): its list price with
 * what made it, and its discount. Written once: a booking confirmed again after its hold expired
 * keeps the charges it has.
 */
export async function recordBookingCharges(
  db: DbOrTx,
  b: {
    id: string;
    priceCents: number;
    discountCents: number;
    extraDogsCents: number;
    dogs: number;
    startsAt: Date;
    endsAt: Date;
  },
  o: { vatRateBasisPoints: number; actor: Actor; now: Date },
): Promise<void> {
  const ledger = ledgerRepository(db);
  const entries = await ledger.of({ reservationId: b.id });
  if (entries.some((e) => e.kind === "price" || e.kind === "discount")) return;
  const minutes = Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000);
  const list = b.priceCents + b.discountCents;
  const note = [
    `${minutes} min`,
    b.dogs > 1 ? `${b.dogs} koiraa` : "1 koira",
    b.extraDogsCents > 0 ? `lisäkoirat ${b.extraDogsCents} snt` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const rate = o.vatRateBasisPoints;
  const rows: NewLedgerEntry[] = [];
  if (list !== 0)
    rows.push({
      reservationId: b.id,
      kind: "price",
      amountCents: list,
      vatRateBasisPoints: rate,
      vatCents: vatOf(list, rate),
      actor: o.actor,
      note,
      createdAt: o.now,
    });
  if (b.discountCents !== 0)
    rows.push({
      reservationId: b.id,
      kind: "discount",
      amountCents: -b.discountCents,
      vatRateBasisPoints: rate,
      vatCents: vatOfChange(list, -b.discountCents, rate),
      actor: o.actor,
      createdAt: o.now,
    });
  await ledger.insert(rows);
}

/** An invoice's charge, when it is issued. */
export async function recordInvoiceCharge(
  db: DbOrTx,
  i: {
    id: string;
    amountCents: number;
    vatCents: number;
    vatRateBasisPoints: number;
    description: string;
    issuedAt: Date;
  },
  /**
   * Charges the invoice took besides its period's price (decision 057: a tier raised mid-period),
   * each its own entry with its VAT; the period's price is the rest of the invoice's amount.
   */
  extra: Array<{ amountCents: number; vatCents: number; description: string }> = [],
): Promise<void> {
  const extraCents = extra.reduce((sum, c) => sum + c.amountCents, 0);
  const extraVat = extra.reduce((sum, c) => sum + c.vatCents, 0);
  const entries = [
    ...(i.amountCents - extraCents === 0
      ? []
      : [
          {
            invoiceId: i.id,
            kind: "price" as const,
            amountCents: i.amountCents - extraCents,
            vatRateBasisPoints: i.vatRateBasisPoints,
            vatCents: i.vatCents - extraVat,
            actor: "system",
            note: i.description,
            createdAt: i.issuedAt,
          },
        ]),
    ...extra.map((c) => ({
      invoiceId: i.id,
      kind: "price" as const,
      amountCents: c.amountCents,
      vatRateBasisPoints: i.vatRateBasisPoints,
      vatCents: c.vatCents,
      reason: "tier_change",
      actor: "system",
      note: c.description,
      createdAt: i.issuedAt,
    })),
  ];
  if (entries.length > 0) await ledgerRepository(db).insert(entries);
}

/**
 * A payment became paid: what came through the provider and the gift card's share it still holds
 * (a share given back when its hold ended is not money in). Once per payment, whoever brings the news.
 */
export async function recordPaid(
  db: DbOrTx,
  owner: LedgerOwner,
  p: {
    id: string;
    amountCents: number;
    vatCents: number;
    method: string;
    provider: string;
    giftCardCents: number;
  },
  now: Date,
): Promise<void> {
  const ledger = ledgerRepository(db);
  const base = {
    ...ownerColumns(owner),
    paymentId: p.id,
    provider: p.provider,
    actor: "system",
    createdAt: now,
  };
  if (p.amountCents > 0)
    await ledger.insertOnce({
      ...base,
      kind: "payment",
      amountCents: p.amountCents,
      vatCents: p.vatCents,
      method: p.method,
    });
  if (p.giftCardCents > 0)
    await ledger.insertOnce({
      ...base,
      kind: "gift_card",
      amountCents: p.giftCardCents,
      method: "gift_card",
    });
}

/** A move's price difference: + a dearer time's (once paid), − a cheaper one's. */
export async function recordMoveDifference(
  db: DbOrTx,
  reservationId: string,
  o: {
    moveId: string;
    cents: number;
    vatRateBasisPoints: number;
    actor: Actor;
    note: string;
    now: Date;
  },
): Promise<void> {
  if (o.cents === 0) return;
  const ledger = ledgerRepository(db);
  const before = chargedAt(await ledger.of({ reservationId }), o.vatRateBasisPoints);
  await ledger.insert([
    {
      reservationId,
      kind: "move",
      amountCents: o.cents,
      vatRateBasisPoints: o.vatRateBasisPoints,
      vatCents: vatOfChange(before, o.cents, o.vatRateBasisPoints),
      moveId: o.moveId,
      actor: o.actor,
      note: o.note,
      createdAt: o.now,
    },
  ]);
  if (o.cents > 0) return;
  // A booking is never charged below nothing. An admin's refund (a credit) may have given back
  // more than the cheaper time still costs: that much of the credit is taken back, as the customer
  // has had it already, or the ledger would owe them money no payment holds.
  const entries = await ledger.of({ reservationId });
  const charged = entries.filter(isCharge).reduce((s, e) => s + e.amountCents, 0);
  const credited = -entries.filter((e) => e.kind === "credit").reduce((s, e) => s + e.amountCents, 0);
  const over = Math.min(-charged, credited);
  if (over > 0)
    await ledger.insert([
      {
        reservationId,
        kind: "credit",
        amountCents: over,
        moveId: o.moveId,
        reason: "reservation_move",
        actor: o.actor,
        note: "Hyvitys ylitti siirretyn varauksen hinnan",
        createdAt: o.now,
      },
    ]);
}

const isCharge = (e: { kind: string }) => (chargeKinds as readonly string[]).includes(e.kind);

/** A refund recorded for a paid payment: its entry, owned by whoever owns the payment's money. */
export async function recordRefundEntry(
  db: DbOrTx,
  r: {
    refundId: string;
    paymentId: string;
    amountCents: number;
    method: string;
    provider: string;
    reason: string;
    actor: Actor;
    now: Date;
  },
): Promise<void> {
  const ledger = ledgerRepository(db);
  const owner = await ledger.ownerOfPayment(r.paymentId);
  if (!owner) throw new Error(`Payment ${r.paymentId} has no money in the ledger to refund`);
  await ledger.insert([
    {
      ...ownerColumns(owner),
      kind: "refund",
      amountCents: r.amountCents,
      paymentId: r.paymentId,
      refundId: r.refundId,
      method: r.method,
      provider: r.provider,
      reason: r.reason,
      actor: r.actor,
      createdAt: r.now,
    },
  ]);
}

/** A paid gift-card share (or part of it) given back to its card. */
export async function recordGiftCardReturn(
  db: DbOrTx,
  owner: LedgerOwner,
  r: { paymentId: string; cents: number; reason: string; actor: Actor; now: Date },
): Promise<void> {
  if (r.cents <= 0) return;
  await ledgerRepository(db).insert([
    {
      ...ownerColumns(owner),
      kind: "gift_card_return",
      amountCents: r.cents,
      paymentId: r.paymentId,
      method: "gift_card",
      reason: r.reason,
      actor: r.actor,
      createdAt: r.now,
    },
  ]);
}

/** What the customer owes falls by `cents` and the booking or invoice stays (an admin's refund). */
export async function recordCredit(
  db: DbOrTx,
  owner: LedgerOwner,
  o: { cents: number; reason: string; actor: Actor; now: Date },
): Promise<void> {
  if (o.cents <= 0) return;
  await ledgerRepository(db).insert([
    {
      ...ownerColumns(owner),
      kind: "credit",
      amountCents: -o.cents,
      reason: o.reason,
      actor: o.actor,
      createdAt: o.now,
    },
  ]);
}

/**
 * A cancel that lets the customer off (or a void invoice): the rest of the charge is taken off, so
 * what was paid is owed back. Nothing when nothing is charged (a hold, or twice).
 */
export async function releaseCharges(
  db: DbOrTx,
  owner: LedgerOwner,
  o: { reason: string; actor: Actor; now: Date },
): Promise<void> {
  const ledger = ledgerRepository(db);
  const charges = (await ledger.of(owner)).filter((e) => (chargeKinds as readonly string[]).includes(e.kind));
  const cents = charges.reduce((s, e) => s + e.amountCents, 0);
  if (cents === 0) return;
  const rate = charges.find((e) => e.vatRateBasisPoints !== null)?.vatRateBasisPoints ?? null;
  await ledger.insert([
    {
      ...ownerColumns(owner),
      kind: "cancel",
      amountCents: -cents,
      vatRateBasisPoints: rate,
      vatCents: -charges.reduce((s, e) => s + e.vatCents, 0),
      reason: o.reason,
      actor: o.actor,
      createdAt: o.now,
    },
  ]);
}
