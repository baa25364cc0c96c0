import type { Settings } from "./settings/index.js";

/*
 * The park's printable pages (a receipt, an invoice): plain, print-friendly HTML with the seller
 * at the top and tables of label and value, all of it the page's one main landmark (a screen
 * reader's "main" goes to it, and axe finds no content outside a landmark).
 */

export type PageLine = [label: string, value: string];

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Rows of label and value; every value is escaped here. */
const rows = (pairs: PageLine[]) =>
  pairs
    .map(
      ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");

export function printablePage(page: {
  park: Settings["park"];
  heading: string;
  /** Tables in order, each named for a screen reader. */
  tables: Array<{ label: string; lines: PageLine[] }>;
  /** Markup after the tables, already safe (the invoice's barcode). */
  after?: string;
  printHint: string;
}): string {
  const { park } = page;
  const title = `${page.heading} – ${park.name}`;
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
td { text-align: right; overflow-wrap: anywhere; }
figure { margin: 1.5rem 0; }
figure svg { max-width: 100%; height: auto; }
figcaption code { overflow-wrap: anywhere; font-size: 0.9rem; }
.print { margin: 1rem 0; }
@media print { .print { display: none; } body { margin: 0; } figure svg { max-width: none; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.heading)}</h1>
<p><strong>${escapeHtml(park.companyName)}</strong><br>
${parkName}Y-tunnus ${escapeHtml(park.businessId)}<br>
${escapeHtml(`${park.streetAddress}, ${park.postalCode} ${park.city}`)}<br>
${escapeHtml(`${park.email}, ${park.phone}`)}</p>
${page.tables.map((t) => `<table aria-label="${escapeHtml(t.label)}"><tbody>${rows(t.lines)}</tbody></table>`).join("\n")}
${page.after ?? ""}
<p class="print">${escapeHtml(page.printHint)}</p>
</main>
</body>
</html>
`;
}
