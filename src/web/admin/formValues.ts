/** Reading the admin forms: text fields to the API's numbers (money in cents, VAT in basis points). */

export const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** "15,50" or "15.5" € → 1550; NaN for anything else (the server then says what is wrong). */
export function eurosToCents(text: string): number {
  const normalised = text.replace(/\s|€/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return Number.NaN;
  return Math.round(Number(normalised) * 100);
}

export const centsToEuroText = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** "25,5" % → 2550 basis points. */
export const percentToBasisPoints = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
export const basisPointsToPercentText = (bp: number) => String(bp / 100).replace(".", ",");

export const numberOf = (form: FormData, name: string) => Number(field(form, name));

/** "30, 60,90" → [30, 60, 90] */
export const numberList = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
