import { labelOf, refundReasonLabels } from "../../domain/admin/labels.js";
import { balanceOf, paymentsOf, refundPlan } from "../../domain/ledger.js";
import type { Tx } from "../db/index.js";
import { returnGiftCardPart } from "../giftCards/index.js";
import { ledgerOf, recordGiftCardReturn, type LedgerOwner } from "../ledger/index.js";
import { recordRefund, type RefundReason } from "./refunds.js";
import { paymentRepository } from "./repository.js";

/**
 * Money back from a booking's or an invoice's ledger (decision 038), the one way every refund
 * decision gives money back: a cancel, a cheaper move, a late payment, an admin's refund, an
 * invoice's credit. Inside the deciding transaction, which holds the owner's lock: the owner's
 * paid payments are locked (in one order), the ledger read under those locks, and the refund plan
 * (domain/ledger.ts) sends the provider's share back first, the latest payment first, then the
 * gift cards' shares. The provider is asked only after the commit (the caller sends `refundIds`).
 */

export type GivenBack = { refundIds: string[]; refundedCents: number; giftCardReturnedCents: number };

export const NOTHING_BACK: GivenBack = { refundIds: [], refundedCents: 0, giftCardReturnedCents: 0 };

type Why = { reason: RefundReason; actor: string; now: Date; moveId?: string };

/** Locks the owner's paid payments and reads its entries again under those locks. */
async function lockedLedger(tx: Tx, owner: LedgerOwner) {
  const before = await ledgerOf(tx, owner);
  const ids = paymentsOf(before)
    .map((p) => p.paymentId)
    .sort();
  for (const id of ids) await paymentRepository(tx).lock(id);
  return ids.length > 0 ? ledgerOf(tx, owner) : before;
}

/** Gives `cents` back (or as much as the owner's payments still hold). */
export async function giveBack(tx: Tx, owner: LedgerOwner, cents: number, why: Why): Promise<GivenBack> {
  if (cents <= 0) return NOTHING_BACK;
  return giveBackPlanned(tx, owner, await lockedLedger(tx, owner), cents, why);
}

/** Gives back whatever the ledger says is owed back (paid beyond what is charged); nothing if none. */
export async function settleOwedBack(tx: Tx, owner: LedgerOwner, why: Why): Promise<GivenBack> {
  const entries = await lockedLedger(tx, owner);
  const owed = -balanceOf(entries).dueCents;
  if (owed <= 0) return NOTHING_BACK;
  return giveBackPlanned(tx, owner, entries, owed, why);
}

async function giveBackPlanned(
  tx: Tx,
  owner: LedgerOwner,
  entries: Awaited<ReturnType<typeof ledgerOf>>,
  cents: number,
  why: Why,
): Promise<GivenBack> {
  const plan = refundPlan(entries, cents);
  const done: GivenBack = { refundIds: [], refundedCents: 0, giftCardReturnedCents: 0 };
  for (const r of plan.refunds) {
    const id = await recordRefund(tx, {
      paymentId: r.paymentId,
      amountCents: r.cents,
      reason: why.reason,
      now: why.now,
      actor: why.actor,
      ...(why.moveId ? { moveId: why.moveId } : {}),
    });
    if (!id) continue;
    done.refundIds.push(id);
    done.refundedCents += r.cents;
  }
  for (const g of plan.giftCardReturns) {
    const returned = await returnGiftCardPart(tx, {
      paymentId: g.paymentId,
      amountCents: g.cents,
      note: giftCardNote(why),
      now: why.now,
    });
    await recordGiftCardReturn(tx, owner, {
      paymentId: g.paymentId,
      cents: returned,
      reason: why.reason,
      actor: why.actor,
      now: why.now,
    });
    done.giftCardReturnedCents += returned;
  }
  return done;
}

/** The line the card's history shows (Lahjakortit), in the admin's words. */
function giftCardNote(why: Why): string {
  if (why.moveId) return "Varauksen siirto edullisempaan aikaan";
  return `Palautus: ${labelOf(refundReasonLabels, why.reason).toLowerCase()}`;
}

/**
 * Gives back up to `cents` of one payment (an admin's refund from Ostokset): its provider share
 * first, then its gift card's share. Answers what went back.
 */
export async function giveBackPayment(
  tx: Tx,
  owner: LedgerOwner,
  paymentId: string,
  cents: number,
  why: Why,
): Promise<GivenBack> {
  const entries = (await ledgerOf(tx, owner)).filter((e) => e.paymentId === paymentId);
  return giveBackPlanned(tx, owner, entries, cents, why);
}
