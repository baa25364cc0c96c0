/**
 * CSV for a Finnish spreadsheet (Excel opens it as is): UTF-8 with a BOM, semicolons between
 * cells, CRLF between lines, and euros with a decimal comma.
 */

export type CsvValue = string | number | null;

/** A cell, quoted when it holds a separator, a quote or a line break. */
export const csvCell = (value: CsvValue) => {
  const text = value === null ? "" : String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Cents as euros with a decimal comma and no grouping ("1234,50", "-15,00"), from integers. */
export const euros = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
};

/** The whole file: BOM, rows of cells, CRLF line ends. */
export const csvDocument = (rows: CsvValue[][]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`;
