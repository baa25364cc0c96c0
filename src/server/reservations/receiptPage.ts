import { formatDate, formatTimeRange } from "../../domain/helsinkiClock.js";
import { formatReferenceNumber } from "../../domain/membership.js";
import type { AppContext } from "../context.js";
import { conflict, notFound } from "../errors.js";
import { NOT_FOUND_MESSAGE } from "./service.js";
import { ledgerOf } from "../ledger/service.js";
import { lookupRepository } from "./lookupRepository.js";
import { bookingIcs, receiptChargeLines, receiptMoneyLines, type ReceiptLine } from "./receipt.js";
import { findReservation } from "./view.js";
import { getSettings, type Settings } from "../settings/service.js";

/*
 * What a visitor keeps of a booking, by its access token (the same secret as /oma-varaus): the
 * calendar file ("Lisää kalenteriin"; the e-mail's own .ics, same UID and SEQUENCE, so a calendar
 * that has it updates the event) and a printable receipt (kuitti) as plain, print-friendly HTML.
 * Only a booking that was paid has either; a hold still waiting for its payment has none.
 */

async function paidBooking(ctx: AppContext, accessToken: string) {
  const row = await findReservation(ctx.db, { accessToken });
  // Confirmed, or cancelled after it was confirmed (its receipt then shows the refund).
  if (!row || !row.confirmedAt || (row.status !== "confirmed" && row.status !== "cancelled"))
    throw notFound(NOT_FOUND_MESSAGE);
  return row;
}

/** The booking's calendar event; 404 unless it is confirmed (a cancelled one is no event). */
export async function reservationIcs(ctx: AppContext, accessToken: string): Promise<string> {
  const row = await paidBooking(ctx, accessToken);
  if (row.status !== "confirmed") throw notFound(NOT_FOUND_MESSAGE);
  const settings = await getSettings(ctx.db);
  return bookingIcs({ reservation: row, areaName: row.areaName, settings, publicUrl: ctx.config.publicUrl });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Rows of label and value; every value is escaped here. */
const rows = (pairs: ReceiptLine[]) =>
  pairs
    .map(
      ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");

/**
 * The receipt's number: the id of the first entry of the booking's or the invoice's money in the
 * ledger (decision 038). There was no receipt number before; this one is unique (an entry has one
 * owner for good), stable (entries are never changed or deleted, so a reprint says the same) and
 * grows with time as a running number should. One receipt per booking or invoice: later payments
 * and refunds are lines on it, each with its date. Without entries (nothing was ever charged or
 * paid), the booking's or invoice's own number stands in.
 */
function receiptNumber(entries: Array<{ id: number }>, fallback: string): string {
  const first = entries.reduce<number | null>((min, e) => (min === null || e.id < min ? e.id : min), null);
  return first === null ? fallback : String(first);
}

/**
 * The receipt of a paid booking (kuitti): the seller, its number and date, what was bought, every
 * charge with the VAT per rate, every payment and refund with its date and method, and what is
 * still owed or coming back; all of it from the booking's ledger (decision 038).
 */
export async function reservationReceiptHtml(ctx: AppContext, accessToken: string): Promise<string> {
  const row = await paidBooking(ctx, accessToken);
  const [settings, entries] = await Promise.all([
    getSettings(ctx.db),
    ledgerOf(ctx.db, { reservationId: row.id }),
  ]);
  const bookingNumber = row.id.slice(0, 8).toUpperCase();
  const bought: Pairs = [
    ["Tuote", `Koirapuistovaraus, ${row.areaName}`],
    ["Aika", formatTimeRange(row.startsAt, row.endsAt)],
    ["Koiria", String(row.dogs)],
    ...receiptChargeLines(entries, { priceNote: true }),
  ];
  const money = receiptMoneyLines(entries);
  if (row.status === "cancelled") money.push(["Tila", "Peruttu"]);
  return receiptHtml(
    settings.park,
    [
      ["Kuitin numero", receiptNumber(entries, bookingNumber)],
      ["Päivämäärä", formatDate(row.confirmedAt!)],
      ["Varausnumero", bookingNumber],
      ["Ostaja", row.name],
    ],
    bought,
    money,
  );
}

type Pairs = ReceiptLine[];

/**
 * The receipt page: the seller, the receipt's facts, what was bought and charged, how it was paid;
 * all of it the page's one main landmark (a screen reader's "main" goes to it, and axe finds no
 * content outside a landmark).
 */
function receiptHtml(park: Settings["park"], facts: Pairs, bought: Pairs, paid: Pairs): string {
  const title = `Kuitti – ${park.name}`;
  // The park's own name when the company's is another ("Koirapuisto" of "Koirapuisto Oy" says it).
  const parkName = park.companyName.includes(park.name) ? "" : `${escapeHtml(park.name)}<br>\n`;
  return `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #111; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid #ccc; vertical-align: top; }
td { text-align: right; }
.print { margin: 1rem 0; }
@media print { .print { display: none; } body { margin: 0; } }
</style>
</head>
<body>
<main>
<h1>Kuitti</h1>
<p><strong>${escapeHtml(park.companyName)}</strong><br>
${parkName}Y-tunnus ${escapeHtml(park.businessId)}<br>
${escapeHtml(`${park.streetAddress}, ${park.postalCode} ${park.city}`)}<br>
${escapeHtml(`${park.email}, ${park.phone}`)}</p>
<table aria-label="Kuitin tiedot"><tbody>${rows(facts)}</tbody></table>
<table aria-label="Ostos"><tbody>${rows(bought)}</tbody></table>
<table aria-label="Maksut"><tbody>${rows(paid)}</tbody></table>
<p class="print">Tulosta kuitti tai tallenna se PDF-tiedostoksi selaimen tulostustoiminnolla (Ctrl+P).</p>
</main>
</body>
</html>
`;
}

/**
 * The receipt of a member's paid invoice, for the signed-in customer whose invoice it is (404
 * otherwise, like paying it); 409 for one not paid. Its money from the invoice's ledger, as a
 * booking's: a credited invoice shows its credit and what went back.
 */
export async function invoiceReceiptHtml(ctx: AppContext, customerId: string, invoiceId: string) {
  const lookups = lookupRepository(ctx.db);
  const invoice = await lookups.customersInvoice(customerId, invoiceId);
  if (!invoice) throw notFound("Laskua ei löytynyt.");
  if (!invoice.paidAt) throw conflict(`Lasku ${invoice.number} ei ole maksettu.`);
  const [settings, entries] = await Promise.all([
    getSettings(ctx.db),
    ledgerOf(ctx.db, { invoiceId: invoice.id }),
  ]);
  return receiptHtml(
    settings.park,
    [
      ["Kuitin numero", receiptNumber(entries, String(invoice.number))],
      ["Päivämäärä", formatDate(invoice.paidAt)],
      ["Lasku", String(invoice.number)],
      ["Viitenumero", formatReferenceNumber(invoice.referenceNumber)],
      ["Ostaja", invoice.name ?? invoice.email],
    ],
    [["Tuote", invoice.description], ...receiptChargeLines(entries, { priceNote: false })],
    receiptMoneyLines(entries),
  );
}
