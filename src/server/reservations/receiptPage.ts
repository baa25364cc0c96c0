import { formatDate, formatTimeRange } from "../../domain/helsinkiClock.js";
import { formatReferenceNumber } from "../../domain/membership.js";
import type { AppContext } from "../context.js";
import { conflict, notFound } from "../errors.js";
import { NOT_FOUND_MESSAGE } from "./service.js";
import { ledgerOf } from "../ledger/index.js";
import { lookupRepository } from "./lookupRepository.js";
import { receiptChargeLines, receiptMoneyLines, type ReceiptLine } from "../receiptLines.js";
import { bookingIcs } from "./receipt.js";
import { findReservation } from "./view.js";
import { getSettings, type Settings } from "../settings/index.js";
import { printablePage } from "../printablePage.js";

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

/** The receipt page: the seller, the receipt's facts, what was bought and charged, how it was paid. */
const receiptHtml = (park: Settings["park"], facts: Pairs, bought: Pairs, paid: Pairs) =>
  printablePage({
    park,
    heading: "Kuitti",
    tables: [
      { label: "Kuitin tiedot", lines: facts },
      { label: "Ostos", lines: bought },
      { label: "Maksut", lines: paid },
    ],
    printHint: "Tulosta kuitti tai tallenna se PDF-tiedostoksi selaimen tulostustoiminnolla (Ctrl+P).",
  });

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
