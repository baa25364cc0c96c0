import { formatDate, formatDateTime, formatTimeRange } from "../../domain/helsinkiClock.js";
import { helsinkiDate } from "../../domain/helsinkiTime.js";
import { formatReferenceNumber } from "../../domain/membership.js";
import { formatEuros, formatVatRate } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import { conflict, notFound } from "../errors.js";
import { NOT_FOUND_MESSAGE } from "./service.js";
import { vatRateOn } from "../prices/service.js";
import { lookupRepository } from "./lookupRepository.js";
import { bookingIcs } from "./receipt.js";
import { findReservation, latestPayment } from "./view.js";
import { getSettings, type Settings } from "../settings/service.js";

/*
 * What a visitor keeps of a booking, by its access token (the same secret as /oma-varaus): the
 * calendar file ("Lisää kalenteriin"; the e-mail's own .ics, same UID and SEQUENCE, so a calendar
 * that has it updates the event) and a printable receipt (kuitti) as plain, print-friendly HTML.
 * Only a booking that was paid has either; a hold still waiting for its payment has none.
 */

const methodNames = { mobilepay: "MobilePay", card: "Kortti" } as const;

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
const rows = (pairs: Array<[string, string]>) =>
  pairs
    .map(
      ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");

/** The receipt of a paid booking: seller, date, what, price with its VAT, how it was paid, refunds. */
export async function reservationReceiptHtml(ctx: AppContext, accessToken: string): Promise<string> {
  const row = await paidBooking(ctx, accessToken);
  const [settings, payment, vatRate] = await Promise.all([
    getSettings(ctx.db),
    latestPayment(ctx.db, row.id),
    vatRateOn(ctx.db, helsinkiDate(row.startsAt)),
  ]);
  const park = settings.park;
  const discount = row.discountCents ?? 0;
  const paidByCard = payment?.amountCents ?? 0;
  const giftCard = payment?.giftCardCents ?? 0;
  const lines: Array<[string, string]> = [
    ["Tuote", `Koirapuistovaraus, ${row.areaName}`],
    ["Aika", formatTimeRange(row.startsAt, row.endsAt)],
    ["Koiria", String(row.dogs)],
    ...(discount > 0
      ? ([
          ["Listahinta", formatEuros(row.priceCents + discount)],
          ["Alennus", `−${formatEuros(discount)}`],
        ] as Array<[string, string]>)
      : []),
    ["Hinta yhteensä", formatEuros(row.priceCents)],
    [`Veroton hinta (ALV ${formatVatRate(vatRate)})`, formatEuros(row.priceCents - row.vatCents)],
    [`ALV ${formatVatRate(vatRate)}`, formatEuros(row.vatCents)],
  ];
  const paid: Array<[string, string]> = [];
  if (giftCard > 0) paid.push(["Maksettu lahjakortilla", formatEuros(giftCard)]);
  if (payment && (paidByCard > 0 || giftCard === 0))
    paid.push([`Maksettu (${methodNames[payment.method]})`, formatEuros(paidByCard)]);
  if (payment && payment.refundedCents > 0)
    paid.push(["Palautettu maksutavalle", formatEuros(payment.refundedCents)]);
  if (payment && payment.refundPendingCents > 0)
    paid.push(["Palautetaan maksutavalle", formatEuros(payment.refundPendingCents)]);
  if (row.status === "cancelled") paid.push(["Tila", "Peruttu"]);
  return receiptHtml(
    park,
    [
      ["Päivämäärä", formatDate(row.confirmedAt!)],
      ["Maksettu", formatDateTime(row.confirmedAt!)],
      ["Varausnumero", row.id.slice(0, 8).toUpperCase()],
      ["Ostaja", row.name],
    ],
    lines,
    paid,
  );
}

type Pairs = Array<[string, string]>;

/** The receipt page: the seller, the receipt's facts, what was bought, how it was paid. */
function receiptHtml(park: Settings["park"], facts: Pairs, bought: Pairs, paid: Pairs): string {
  const title = `Kuitti – ${park.name}`;
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
<h1>Kuitti</h1>
<p><strong>${escapeHtml(park.companyName)}</strong><br>
Y-tunnus ${escapeHtml(park.businessId)}<br>
${escapeHtml(`${park.streetAddress}, ${park.postalCode} ${park.city}`)}<br>
${escapeHtml(`${park.email}, ${park.phone}`)}</p>
<table aria-label="Kuitin tiedot"><tbody>${rows(facts)}</tbody></table>
<table aria-label="Ostos"><tbody>${rows(bought)}</tbody></table>
<table aria-label="Maksu"><tbody>${rows(paid)}</tbody></table>
<p class="print">Tulosta kuitti tai tallenna se PDF-tiedostoksi selaimen tulostustoiminnolla (Ctrl+P).</p>
</body>
</html>
`;
}

/**
 * The receipt of a member's paid invoice, for the signed-in customer whose invoice it is (404
 * otherwise, like paying it); 409 for one not paid. A credited invoice shows what went back.
 */
export async function invoiceReceiptHtml(ctx: AppContext, customerId: string, invoiceId: string) {
  const lookups = lookupRepository(ctx.db);
  const invoice = await lookups.customersInvoice(customerId, invoiceId);
  if (!invoice) throw notFound("Laskua ei löytynyt.");
  if (!invoice.paidAt) throw conflict(`Lasku ${invoice.number} ei ole maksettu.`);
  const [settings, payment] = await Promise.all([
    getSettings(ctx.db),
    lookups.latestSettledInvoicePayment(invoice.id),
  ]);
  const rate = formatVatRate(invoice.vatRateBasisPoints);
  const paid: Pairs = [];
  if (payment && payment.giftCardCents > 0)
    paid.push(["Maksettu lahjakortilla", formatEuros(payment.giftCardCents)]);
  if (payment && (payment.amountCents > 0 || payment.giftCardCents === 0))
    paid.push([`Maksettu (${methodNames[payment.method]})`, formatEuros(payment.amountCents)]);
  if (invoice.creditedCents) paid.push(["Hyvitetty", formatEuros(invoice.creditedCents)]);
  return receiptHtml(
    settings.park,
    [
      ["Päivämäärä", formatDate(invoice.paidAt)],
      ["Lasku", String(invoice.number)],
      ["Viitenumero", formatReferenceNumber(invoice.referenceNumber)],
      ["Ostaja", invoice.name ?? invoice.email],
    ],
    [
      ["Tuote", invoice.description],
      ["Hinta yhteensä", formatEuros(invoice.amountCents)],
      [`Veroton hinta (ALV ${rate})`, formatEuros(invoice.amountCents - invoice.vatCents)],
      [`ALV ${rate}`, formatEuros(invoice.vatCents)],
    ],
    paid,
  );
}
