/*
 * Paying an invoice by bank transfer (issue 36): the park's IBAN and BIC, the invoice's reference
 * in the national form and in the international RF form (ISO 11649), and the Finnish virtual
 * barcode (Finanssiala's "Pankkiviivakoodi-opas": version 4 with a national reference, version 5
 * with an RF reference) as 54 digits and as its Code 128 picture.
 */

/** The account written without spaces, in capitals: "FI79 4405 2020 0360 82" → "FI7944052020036082". */
export const compactIban = (iban: string) => iban.replace(/\s/g, "").toUpperCase();

/** The remainder of a long number written as digits, divided by 97 (ISO 7064 MOD 97-10). */
function mod97(digits: string): number {
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest;
}

/** Letters as ISO 13616 and ISO 11649 count them: A = 10 … Z = 35. */
const lettersAsDigits = (text: string) => text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** Whether an IBAN has a right shape and check digits (any country). */
export function isValidIban(iban: string): boolean {
  const compact = compactIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  if (compact.startsWith("FI") && compact.length !== 18) return false;
  return mod97(lettersAsDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/** An IBAN in groups of four, as a bank prints it. */
export const formatIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");

/** Whether a BIC (SWIFT code) has its shape: bank, country, place, and an optional branch. */
export const isValidBic = (bic: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.trim());

/** The RF form of a national reference (ISO 11649): "RF" + two check digits + the reference. */
export function rfReference(national: string): string {
  const digits = national.replace(/\s/g, "");
  if (!/^\d{1,21}$/.test(digits)) throw new Error(`A reference has 1-21 digits: ${national}`);
  const check = 98 - mod97(lettersAsDigits(`${digits}RF00`));
  return `RF${String(check).padStart(2, "0")}${digits}`;
}

/** Whether an RF reference's check digits are right. */
export function isValidRfReference(reference: string): boolean {
  const compact = reference.replace(/\s/g, "").toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(lettersAsDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/**
 * The national reference a payer's reference names: its digits without the zeros a bank pads it
 * with, or an RF reference's own digits (when its check digits are right); null for anything else.
 */
export function nationalReferenceOf(reference: string): string | null {
  const compact = reference.replace(/\s/g, "").toUpperCase();
  const digits = compact.startsWith("RF") ? (isValidRfReference(compact) ? compact.slice(4) : "") : compact;
  if (!/^\d{1,25}$/.test(digits)) return null;
  return digits.replace(/^0+(?=\d)/, "");
}

/** An RF reference in groups of four: "RF09 8685 1625 9619 897". */
export const formatRfReference = (reference: string) =>
  reference.replace(/\s/g, "").replace(/(.{4})(?=.)/g, "$1 ");

/** What a virtual barcode carries. `reference` is the national digits or the RF form. */
export type BankPayment = {
  iban: string;
  /** The amount in cents; 0 when the payer writes it (and for 1 000 000 € or more). */
  cents: number;
  reference: string;
  /** YYYY-MM-DD, or null when there is none (the barcode's 000000). */
  dueDate: string | null;
};

/**
 * The 54-digit virtual barcode (pankkiviivakoodi): version 4 for a national reference, version 5
 * for an RF one; the account must be Finnish. An amount of a million euros or more is written as
 * zeros, for the payer to type, as the guide says.
 */
export function virtualBarcode(payment: BankPayment): string {
  const iban = compactIban(payment.iban);
  if (!iban.startsWith("FI") || !isValidIban(iban)) throw new Error(`Not a Finnish IBAN: ${payment.iban}`);
  if (!Number.isInteger(payment.cents) || payment.cents < 0) throw new Error("Cents must be a whole number");
  const amount = payment.cents > 99_999_999 ? "00000000" : String(payment.cents).padStart(8, "0");
  const due = payment.dueDate ? payment.dueDate.slice(2).replace(/-/g, "") : "000000";
  const reference = payment.reference.replace(/\s/g, "").toUpperCase();
  if (reference.startsWith("RF")) {
    if (!isValidRfReference(reference) || !/^\d+$/.test(reference.slice(4)) || reference.length > 25)
      throw new Error(`Not a numeric RF reference: ${payment.reference}`);
    return `5${iban.slice(2)}${amount}${reference.slice(2, 4)}${reference.slice(4).padStart(21, "0")}${due}`;
  }
  if (!/^\d{2,20}$/.test(reference)) throw new Error(`Not a national reference: ${payment.reference}`);
  return `4${iban.slice(2)}${amount}000${reference.padStart(20, "0")}${due}`;
}

/** A virtual barcode read back into what it carries, or null when it is not one. */
export function readVirtualBarcode(code: string): BankPayment | null {
  const m = /^([45])(\d{16})(\d{8})(\d{23})(\d{2})(\d{2})(\d{2})$/.exec(code);
  if (!m) return null;
  const [, version, account, amount, referencePart, yy, mm, dd] = m as unknown as string[];
  const iban = `FI${account}`;
  if (!isValidIban(iban)) return null;
  const reference =
    version === "4"
      ? referencePart!.slice(3).replace(/^0+/, "")
      : `RF${referencePart!.slice(0, 2)}${referencePart!.slice(2).replace(/^0+/, "")}`;
  const dueDate = yy === "00" && mm === "00" && dd === "00" ? null : `20${yy}-${mm}-${dd}`;
  return { iban, cents: Number(amount), reference, dueDate };
}

/**
 * Code 128's symbols (ISO/IEC 15417) as the widths of their bars and spaces, bar first, in
 * modules: 0-102 the values, 103-105 the start codes A, B and C, 106 the stop (seven elements).
 */
// prettier-ignore
export const CODE128_WIDTHS: readonly string[] = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
];
const START_C = 105;
const STOP = 106;

/** The symbols of an even number of digits in Code 128's set C: start, pairs, check, stop. */
export function code128C(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error("Code 128 C takes an even number of digits");
  const pairs = digits.match(/\d\d/g)!.map(Number);
  const check = pairs.reduce((sum, value, i) => sum + value * (i + 1), START_C) % 103;
  return [START_C, ...pairs, check, STOP];
}

/** One module's width in millimetres, and the quiet zone on each side in modules (6.6 mm). */
const MODULE_MM = 0.3;
const QUIET = 22;

/**
 * The barcode picture as SVG: black bars on white, a module 0.3 mm wide (about 113 mm for the 54
 * digits with their quiet zones of 6.6 mm), 13 mm tall. `label` names it for a screen reader.
 */
export function code128Svg(digits: string, label: string): string {
  const rects: string[] = [];
  let x = QUIET;
  for (const symbol of code128C(digits)) {
    [...CODE128_WIDTHS[symbol]!].forEach((w, i) => {
      if (i % 2 === 0) rects.push(`<rect x="${x}" width="${w}" height="40"/>`);
      x += Number(w);
    });
  }
  const width = x + QUIET;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${label}" viewBox="0 0 ${width} 40" ` +
    `width="${(width * MODULE_MM).toFixed(1)}mm" height="13mm" preserveAspectRatio="none" shape-rendering="crispEdges">` +
    `<rect width="${width}" height="40" fill="#fff"/><g fill="#000">${rects.join("")}</g></svg>`
  );
}

/** What an invoice shows for paying it from one's own bank (issue 36). */
export type InvoiceBankTransfer = {
  recipient: string;
  /** In groups of four. */
  iban: string;
  bic: string;
  /** The national reference (digits) and its RF form (compact). */
  reference: string;
  referenceRf: string;
  amountCents: number;
  dueDate: string;
  /** Version 4: the national reference, which every Finnish bank takes. */
  virtualBarcode: string;
};

/**
 * How to pay an open invoice by transfer: to the park's account, with the invoice's reference,
 * the amount it still owes (from its ledger, decision 038) by its due date. Null when nothing is
 * owed or the park's account is not a Finnish IBAN (the barcode needs one).
 */
export function invoiceBankTransfer(
  park: { companyName: string; iban: string; bic: string },
  invoice: { referenceNumber: string; dueDate: string },
  dueCents: number,
): InvoiceBankTransfer | null {
  const iban = compactIban(park.iban);
  if (dueCents <= 0 || !iban.startsWith("FI") || !isValidIban(iban)) return null;
  return {
    recipient: park.companyName,
    iban: formatIban(iban),
    bic: park.bic,
    reference: invoice.referenceNumber,
    referenceRf: rfReference(invoice.referenceNumber),
    amountCents: dueCents,
    dueDate: invoice.dueDate,
    virtualBarcode: virtualBarcode({
      iban,
      cents: dueCents,
      reference: invoice.referenceNumber,
      dueDate: invoice.dueDate,
    }),
  };
}
