/**
 * CSV for a Finnish spreadsheet (Excel opens it as is): UTF-8 with a BOM, semicolons between
 * cells, CRLF between lines, and euros with a decimal comma.
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return as a formula, so a payer named `=HYPERLINK(…)` would become
 * a live link in the accountant's sheet. Every string cell that starts with one of them is written
 * with a leading `'`, which the spreadsheet shows as text. Amounts we format ourselves (`euros`)
 * are not strings but `CsvAmount`s: they are written as they are, so a refund of "-21,00" still
 * reads as the number -21 and sums in the sheet. Numbers (counts) are ours too and never neutralised.
 *
 * Read with ; or , (issue 31): a spreadsheet may open the file comma-separated, where an unquoted
 * "Maija, =HYPERLINK(…)" would be two cells, the second a live formula. So every cell that holds
 * either separator, a quote or a line break is quoted, amounts with their decimal comma included
 * ("-21,00" in quotes: still the number -21 when read with ;, and one cell, not two, with ,). One
 * function, csvCell, writes every cell of every CSV the product makes (finance, purchases).
 */

/** An amount formatted by us, trusted to be a plain number ("-21,00"), never free text. */
export class CsvAmount {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | CsvAmount | null;

const formulaStart = /^[=+\-@\t\r]/;

/** Free text as a spreadsheet shows it but never evaluates it: a `'` before a formula's first character. */
export const neutraliseFormula = (text: string) => (formulaStart.test(text) ? `'${text}` : text);

/** A cell, neutralised when it is free text, quoted when it holds ; or , a quote or a line break. */
export const csvCell = (value: CsvValue) => {
  const text =
    value === null
      ? ""
      : value instanceof CsvAmount
        ? value.text
        : typeof value === "number"
          ? String(value)
          : neutraliseFormula(value);
  return /[";,\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Cents as euros with a decimal comma and no grouping ("1234,50", "-15,00"), from integers. */
export const euros = (cents: number) => {
  const abs = Math.abs(Math.trunc(cents));
  return new CsvAmount(
    `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`,
  );
};

/** One row of cells with its CRLF: for a file written a batch at a time (BOM first). */
export const csvLine = (row: CsvValue[]) => `${row.map(csvCell).join(";")}\r\n`;

/** The whole file: BOM, rows of cells, CRLF line ends. */
export const csvDocument = (rows: CsvValue[][]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`;
