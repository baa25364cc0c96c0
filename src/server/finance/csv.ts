import {
  methodTitles,
  productTitles,
  type FinanceFlow,
  type FinanceReport,
} from "../../domain/admin/finance.js";
import { csvDocument, euros } from "../lists/index.js";

const rateText = (rateBasisPoints: number) => `${String(rateBasisPoints / 100).replace(".", ",")} %`;

/**
 * The report as CSV for the accountant (lists/csv.ts: BOM, semicolons, decimal commas): the same
 * figures as the page, section by section, each with its totals.
 */
export function financeCsv(report: FinanceReport): string {
  const e = euros;
  const flowCells = (f: FinanceFlow) => [e(f.salesCents), e(f.refundsCents), e(f.netCents)];
  const t = report.totals;
  return csvDocument([
    ["Talousraportti", report.from, report.to],
    [],
    [
      report.groupBy === "day" ? "Päivä" : "Kuukausi",
      "Kertavaraukset €",
      "Jäsenyydet €",
      "Myynti €",
      "Palautukset €",
      "Netto €",
    ],
    ...report.series.map((s) => [s.period, e(s.singleCents), e(s.membershipCents), ...flowCells(s)]),
    [
      "Yhteensä",
      e(report.series.reduce((sum, s) => sum + s.singleCents, 0)),
      e(report.series.reduce((sum, s) => sum + s.membershipCents, 0)),
      e(t.salesCents),
      e(t.refundsCents),
      e(t.grossCents),
    ],
    [],
    ["Tuote", "Myynti €", "Palautukset €", "Netto €"],
    ...report.products.map((p) => [productTitles[p.product], ...flowCells(p)]),
    ["Yhteensä", e(t.salesCents), e(t.refundsCents), e(t.grossCents)],
    [],
    ["Maksutapa", "Myynti €", "Palautukset €", "Netto €"],
    ...report.methods.map((m) => [methodTitles[m.method], ...flowCells(m)]),
    ["Yhteensä", e(t.salesCents), e(t.refundsCents), e(t.grossCents)],
    [],
    ["ALV-kanta", "Myynti €", "Palautukset €", "Verollinen €", "ALV €", "Veroton €"],
    ...report.vat.map((v) => [
      rateText(v.rateBasisPoints),
      e(v.salesCents),
      e(v.refundsCents),
      e(v.grossCents),
      e(v.vatCents),
      e(v.netCents),
    ]),
    ["Yhteensä", e(t.salesCents), e(t.refundsCents), e(t.grossCents), e(t.vatCents), e(t.netCents)],
    [],
    ["Alennukset €", e(t.discountsCents)],
    ["Lisäkoirat €", e(report.extraDogs?.cents ?? 0), "ALV €", e(report.extraDogs?.vatCents ?? 0)],
    ["Lahjakortteja myyty €", e(report.giftCards.soldCents)],
    ["Lahjakorteilla maksettu €", e(report.giftCards.redeemedCents)],
    [],
    ["Laskut", "Kpl", "Summa €", `Tilanne ${report.invoices.today}`],
    ["Avoimet", report.invoices.open.count, e(report.invoices.open.totalCents)],
    ["Erääntyneet", report.invoices.overdue.count, e(report.invoices.overdue.totalCents)],
    [],
    ["Lasku", "Nimi", "Sähköposti", "Kuvaus", "Eräpäivä", "Summa €", "Erääntynyt"],
    ...report.invoices.rows.map((i) => [
      i.number,
      i.name,
      i.email,
      i.description,
      i.dueDate,
      e(i.amountCents),
      i.overdue ? "kyllä" : "ei",
    ]),
  ]);
}
