import { formatDate } from "../domain/helsinkiClock.js";
import { balanceOf, chargedVatByRate, chargeKinds, type LedgerEntry } from "../domain/ledger.js";
import { formatEuros, formatVatRate } from "../domain/money.js";
import { paymentMethodNames, type MoneyMethod } from "../domain/paymentMethods.js";
import type { PageLine } from "./printablePage.js";

/*
 * A receipt's and an invoice's money as lines of label and value, read from the owner's ledger
 * alone (decision 038): what was charged, and how the money moved. Shared by the booking's receipt
 * (reservations/) and the invoice's pages (invoices/), so neither module reaches into the other.
 */

const isChargeKind = (kind: string) => (chargeKinds as readonly string[]).includes(kind);

/** How money moved, in the receipt's words (a ledger entry's method). */
export const methodName = (method: string | null) =>
  method ? (paymentMethodNames[method as MoneyMethod] ?? method) : "";

/** What a ledger entry's note says, for a customer: cents as euros ("lisäkoirat 300 snt" → 3,00 €). */
function noteText(note: string | null): string {
  // The backfill's marker (migration 0022) says nothing to a customer.
  if (!note || note.startsWith("Migraatio")) return "";
  return note.replace(/(-?\d+) snt/g, (_, cents: string) => formatEuros(Number(cents)));
}

export type ReceiptLine = PageLine;

const cancelLabels: Record<string, string> = {
  void: "Mitätöity",
  credit: "Hyvitetty",
  invoice_credit: "Hyvitetty",
};

/** A charge entry's line: what it is (with what made it) and its signed amount. */
function chargeLine(e: LedgerEntry, o: { priceNote: boolean }): ReceiptLine {
  const note = noteText(e.note);
  const withNote = (label: string) => (note ? `${label} (${note})` : label);
  const label = (() => {
    switch (e.kind) {
      case "price":
        // A tier raised mid-period says what it was for on the next invoice (decision 057).
        if (e.reason === "tier_change") return withNote("Tasomuutos");
        return o.priceNote ? withNote("Hinta") : "Hinta";
      case "discount":
        return "Alennus";
      case "move":
        return withNote("Siirto");
      case "credit":
        return "Hyvitys";
      default:
        return cancelLabels[e.reason ?? ""] ?? "Peruutus";
    }
  })();
  return [label, formatEuros(e.amountCents)];
}

/**
 * What the customer was charged, from the owner's ledger (decision 038): every charge entry (the
 * price with what made it, a discount, each move's difference, a credit, a cancel's release), the
 * total, and the VAT per rate. `priceNote` leaves the price's note out where the receipt says what
 * was bought already (an invoice's description).
 */
export function receiptChargeLines(entries: LedgerEntry[], o: { priceNote: boolean }): ReceiptLine[] {
  const lines = entries.filter((e) => isChargeKind(e.kind)).map((e) => chargeLine(e, o));
  lines.push(["Hinta yhteensä", formatEuros(balanceOf(entries).chargedCents)]);
  for (const v of chargedVatByRate(entries)) {
    const rate = formatVatRate(v.rateBasisPoints);
    lines.push([`Veroton hinta (ALV ${rate})`, formatEuros(v.cents - v.vatCents)]);
    lines.push([`ALV ${rate}`, formatEuros(v.vatCents)]);
  }
  return lines;
}

/**
 * How the money moved, from the owner's ledger: every payment with its date and method, every
 * refund (a failed one moved nothing and is left out; what it should have given back is still
 * owed back below) with its date, method and whether it is made, the sums, and what the customer
 * still owes or gets back.
 */
export function receiptMoneyLines(entries: LedgerEntry[]): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  for (const e of entries) {
    const date = formatDate(e.createdAt);
    if (e.kind === "payment" || e.kind === "gift_card")
      lines.push([`Maksu ${date}, ${methodName(e.method)}`, formatEuros(e.amountCents)]);
    else if ((e.kind === "refund" && e.status !== "failed") || e.kind === "gift_card_return") {
      const state = e.status === "pending" ? "palautus kesken" : "palautettu";
      lines.push([`Palautus ${date}, ${methodName(e.method)}, ${state}`, formatEuros(-e.amountCents)]);
    }
  }
  const b = balanceOf(entries);
  lines.push(["Maksettu yhteensä", formatEuros(b.paidCents)]);
  const back = b.refundedCents + b.refundPendingCents;
  if (back > 0) lines.push(["Palautettu yhteensä", formatEuros(-back)]);
  // Still to come back: refunds on their way, and what is owed back and not yet refunded.
  const comingBack = b.refundPendingCents + Math.max(0, -b.dueCents);
  if (b.dueCents > 0) lines.push(["Maksettavaa", formatEuros(b.dueCents)]);
  else if (comingBack > 0) lines.push(["Palautetaan", formatEuros(comingBack)]);
  else lines.push(["Maksettavaa", formatEuros(0)]);
  return lines;
}
