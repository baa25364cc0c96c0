/**
 * The Finnish business id (Y-tunnus): seven digits, a hyphen and a check digit. The check digit is
 * 11 minus the remainder of the digits weighted 7, 9, 10, 5, 8, 4, 2 divided by 11 (0 when the
 * remainder is 0); a remainder of 1 gives no valid id at all.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2];

export function businessIdCheckDigit(sevenDigits: string): number | null {
  if (!/^\d{7}$/.test(sevenDigits)) return null;
  const sum = [...sevenDigits].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  if (remainder === 1) return null;
  return remainder === 0 ? 0 : 11 - remainder;
}

export function isValidBusinessId(id: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(id.trim());
  return match !== null && businessIdCheckDigit(match[1]!) === Number(match[2]);
}

export const INVALID_BUSINESS_ID = "Y-tunnus on muotoa 1234567-1, ja sen tarkistusnumeron on täsmättävä.";
