/**
 * Money is always an integer number of cents. Pure and browser-safe (used by the SPA's views).
 */

/** Groups thousands with a no-break space, as the Finnish locale does. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
}

/**
 * "1 200": a whole number with its thousands grouped, as Intl.NumberFormat("fi-FI") writes it,
 * without building a formatter (the first costs a page's start tens of milliseconds on a phone).
 */
export function formatWholeNumber(n: number): string {
  if (!Number.isInteger(n)) throw new Error(`Not a whole number: ${n}`);
  return `${n < 0 ? "\u2212" : ""}${groupThousands(String(Math.abs(n)))}`;
}

/**
 * "15,00 €" (Finnish locale: decimal comma, no-break space before the € sign and between
 * thousands, e.g. "1 234,50 €"). Built from integers so the result is the same in every
 * browser and ICU version; equal to Intl.NumberFormat("fi-FI", EUR) for non-negative amounts.
 */
export function formatEuros(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Amount must be whole cents: ${cents}`);
  const sign = cents < 0 ? "\u2212" : "";
  const abs = Math.abs(cents);
  const euros = groupThousands(String(Math.floor(abs / 100)));
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}${euros},${rest}\u00a0€`;
}

/**
 * The VAT contained in a VAT-inclusive price: price × rate / (1 + rate), rounded to the nearest
 * cent. The rate is in basis points (25.5 % = 2550): 1500 → 305.
 */
export function vatIncludedCents(priceCents: number, rateBasisPoints: number): number {
  return Math.round((priceCents * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** "25,5 %" — a VAT rate in basis points, in the Finnish way. */
export function formatVatRate(rateBasisPoints: number): string {
  const percent = (rateBasisPoints / 100).toFixed(2).replace(/\.?0+$/, "");
  return `${percent.replace(".", ",")}\u00a0%`;
}
