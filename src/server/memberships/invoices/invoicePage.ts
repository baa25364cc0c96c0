import { code128Svg, formatRfReference } from "../../../domain/bankTransfer.js";
import { formatDate } from "../../../domain/helsinkiClock.js";
import { formatReferenceNumber } from "../../../domain/membership.js";
import { addDays } from "../../../domain/membershipPeriods.js";
import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import { conflict, notFound } from "../../errors.js";
import { ledgerOf } from "../../ledger/index.js";
import { escapeHtml, printablePage } from "../../printablePage.js";
import { receiptChargeLines } from "../../receiptLines.js";
import { getSettings } from "../../settings/index.js";
import { formatDay } from "../../../domain/helsinkiClock.js";
import { invoiceRepository } from "./repository.js";
import { bankTransferOfInvoice, INVOICE_NOT_FOUND } from "./service.js";

/**
 * An open invoice as a printable page (issue 36), for the signed-in customer whose invoice it is
 * (404 otherwise): the seller, the invoice's facts, what it charges (from its ledger), and how to
 * pay it by bank transfer, with the virtual barcode as digits and as its Code 128 picture. A paid
 * or void invoice has nothing to pay: 409 (a paid one's receipt is its document), and neither
 * has a signup's first invoice, paid at once to start the membership.
 */
export async function invoicePageHtml(ctx: AppContext, customerId: string, invoiceId: string) {
  const found = await invoiceRepository(ctx.db).ofCustomerWithSubscription(invoiceId, customerId);
  if (!found) throw notFound(INVOICE_NOT_FOUND);
  const { invoice, subscription } = found;
  if (invoice.status === "paid")
    throw conflict(`Lasku ${invoice.number} on jo maksettu. Sen kuitti on Oma tili -sivulla.`);
  if (invoice.status === "void") throw conflict(`Lasku ${invoice.number} on mitätöity, eikä sitä makseta.`);
  // A signup's first invoice starts the membership when paid, within minutes (decision 049).
  if (subscription.activatedAt === null)
    throw conflict(
      `Lasku ${invoice.number} on liittymisen ensimmäinen lasku: maksa se Oma tili -sivulla MobilePaylla tai kortilla, niin jäsenyys alkaa heti.`,
    );
  const [settings, entries] = await Promise.all([
    getSettings(ctx.db),
    ledgerOf(ctx.db, { invoiceId: invoice.id }),
  ]);
  const transfer = await bankTransferOfInvoice(ctx.db, settings.park, invoice);
  const facts: Array<[string, string]> = [
    ["Laskun numero", String(invoice.number)],
    ["Päivämäärä", formatDate(invoice.issuedAt)],
    ["Eräpäivä", formatDay(invoice.dueDate)],
    ["Viitenumero", formatReferenceNumber(invoice.referenceNumber)],
    ["Maksaja", invoice.name ? `${invoice.name}, ${invoice.email}` : invoice.email],
  ];
  const bought: Array<[string, string]> = [
    ["Tuote", invoice.description],
    ["Jakso", `${formatDay(invoice.periodStart)}–${formatDay(addDays(invoice.periodEnd, -1))}`],
    ...receiptChargeLines(entries, { priceNote: false }),
  ];
  const payment: Array<[string, string]> = transfer
    ? [
        ["Saaja", transfer.recipient],
        ["Saajan tilinumero (IBAN)", transfer.iban],
        ["BIC", transfer.bic],
        ["Viitenumero", formatReferenceNumber(transfer.reference)],
        ["RF-viite", formatRfReference(transfer.referenceRf)],
        ["Eräpäivä", formatDay(transfer.dueDate)],
        ["Maksettava", formatEuros(transfer.amountCents)],
      ]
    : [["Maksettava", "Laskulla ei ole maksettavaa."]];
  const barcode = transfer
    ? `<figure>
${code128Svg(transfer.virtualBarcode, "Pankkiviivakoodi")}
<figcaption>Virtuaaliviivakoodi: <code>${escapeHtml(transfer.virtualBarcode)}</code></figcaption>
</figure>
<p>Voit maksaa laskun myös Oma tili -sivulla MobilePaylla tai kortilla: ${escapeHtml(`${ctx.config.publicUrl}/oma-tili`)}</p>`
    : "";
  return printablePage({
    park: settings.park,
    heading: `Lasku ${invoice.number}`,
    tables: [
      { label: "Laskun tiedot", lines: facts },
      { label: "Laskutettava", lines: bought },
      { label: "Maksu tilisiirrolla", lines: payment },
    ],
    after: barcode,
    printHint: "Tulosta lasku tai tallenna se PDF-tiedostoksi selaimen tulostustoiminnolla (Ctrl+P).",
  });
}
