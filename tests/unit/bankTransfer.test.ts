import {
  CODE128_WIDTHS,
  code128C,
  code128Svg,
  formatIban,
  formatRfReference,
  isValidBic,
  isValidIban,
  isValidRfReference,
  readVirtualBarcode,
  rfReference,
  virtualBarcode,
} from "../../src/domain/bankTransfer";
import { referenceNumber } from "../../src/domain/membership";

// prettier-ignore
/*
 * The virtual barcode against the example invoices of Finanssiala's "Pankkiviivakoodi-opas"
 * (version 5.3): each example's account, amount, reference and due date, the 54 digits the guide
 * prints for them, and the same invoice with its reference in the RF form (version 5).
 */
const examples = [
  ["FI79 4405 2020 0360 82", 488315, "86851 62596 19897", "RF09 8685 1625 9619 897", "2010-06-12",
    "479440520200360820048831500000000868516259619897100612",
    "579440520200360820048831509000000868516259619897100612"],
  ["FI02 5000 4640 0013 02", 69380, "69 87567 20834 35364", null, "2011-07-24",
    "402500046400013020006938000000069875672083435364110724", null],
  ["FI15 6601 0001 5306 41", 744454, "7 75847 47906 47489", "RF84 7758 4747 9064 7489", "2019-12-19",
    "415660100015306410074445400000007758474790647489191219",
    "515660100015306410074445484000007758474790647489191219"],
  ["FI16 8000 1400 0502 67", 93585, "78 77767 96566 28687", "RF60 7877 7679 6566 2868 7", null,
    "416800014000502670009358500000078777679656628687000000",
    "516800014000502670009358560000078777679656628687000000"],
  ["FI73 3131 3001 0000 58", 0, "8 68624", "RF10 8686 24", "2013-08-09",
    "473313130010000580000000000000000000000000868624130809",
    "573313130010000580000000010000000000000000868624130809"],
  ["FI83 3301 0001 1007 75", 15000020, "92125 37425 25398 97737", "RF71 9212 5374 2525 3989 7737", "2016-05-25",
    "483330100011007751500002000092125374252539897737160525",
    "583330100011007751500002071092125374252539897737160525"],
  ["FI39 3636 3002 0924 92", 103, "5907 38390", "RF66 5907 3839 0", "2023-03-11",
    "439363630020924920000010300000000000000590738390230311",
    "539363630020924920000010366000000000000590738390230311"],
  ["FI92 3939 0001 0033 91", 2, "13 57914", "RF95 1357 914", "2099-12-24",
    "492393900010033910000000200000000000000001357914991224",
    "592393900010033910000000295000000000000001357914991224"],
] as const;

describe("the virtual barcode", () => {
  it.each(examples)("writes the guide's invoice on %s", (iban, cents, national, rf, dueDate, v4, v5) => {
    const compactNational = national.replace(/\s/g, "");
    expect(isValidIban(iban)).toBe(true);
    expect(virtualBarcode({ iban, cents, reference: national, dueDate })).toBe(v4);
    if (!rf || !v5) return;
    expect(rfReference(compactNational)).toBe(rf.replace(/\s/g, ""));
    expect(formatRfReference(rfReference(compactNational))).toBe(rf);
    expect(isValidRfReference(rf)).toBe(true);
    expect(virtualBarcode({ iban, cents, reference: rf, dueDate })).toBe(v5);
  });

  it("reads each code back into its account, amount, reference and due date", () => {
    for (const [iban, cents, national, rf, dueDate, v4, v5] of examples) {
      expect(readVirtualBarcode(v4)).toEqual({
        iban: iban.replace(/\s/g, ""),
        cents,
        reference: national.replace(/\s/g, ""),
        dueDate,
      });
      if (rf && v5) expect(readVirtualBarcode(v5)?.reference).toBe(rf.replace(/\s/g, ""));
    }
    expect(readVirtualBarcode("4" + "0".repeat(52))).toBeNull();
    expect(readVirtualBarcode("479440520200360820048831500000000868516259619897100613x")).toBeNull();
  });

  it("writes a million euros or more as zeros for the payer to type, and refuses what it cannot carry", () => {
    const base = { iban: "FI79 4405 2020 0360 82", reference: "86851 62596 19897", dueDate: "2010-06-12" };
    expect(virtualBarcode({ ...base, cents: 100_000_000 }).slice(17, 25)).toBe("00000000");
    expect(virtualBarcode({ ...base, cents: 99_999_999 }).slice(17, 25)).toBe("99999999");
    expect(() => virtualBarcode({ ...base, cents: 1, iban: "DE89 3704 0044 0532 0130 00" })).toThrow();
    expect(() => virtualBarcode({ ...base, cents: 1, iban: "FI79 4405 2020 0360 83" })).toThrow();
    expect(() => virtualBarcode({ ...base, cents: 1.5 })).toThrow();
    expect(() => virtualBarcode({ ...base, cents: 1, reference: "RF18 5390 0754 7034" + "1" })).toThrow();
  });

  it("gives our own invoice references an RF form that checks", () => {
    for (const base of [1000, 1003, 12345, 999999]) {
      const national = referenceNumber(base);
      const rf = rfReference(national);
      expect(isValidRfReference(rf)).toBe(true);
      expect(rf.slice(4)).toBe(national);
      expect(isValidRfReference(rf.slice(0, 4) + String((Number(rf[4]) + 1) % 10) + rf.slice(5))).toBe(false);
    }
  });
});

describe("IBAN and BIC", () => {
  it("checks an account's check digits and shape, and writes it in fours", () => {
    expect(isValidIban("FI21 1234 5600 0007 85")).toBe(true);
    expect(isValidIban("fi2112345600000785")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("FI21 1234 5600 0007 86")).toBe(false);
    expect(isValidIban("FI21 1234 5600 0007 8")).toBe(false);
    expect(isValidIban("")).toBe(false);
    expect(formatIban("fi2112345600000785")).toBe("FI21 1234 5600 0007 85");
  });

  it("checks a BIC's shape", () => {
    expect(isValidBic("NDEAFIHH")).toBe(true);
    expect(isValidBic("OKOYFIHHXXX")).toBe(true);
    expect(isValidBic("NDEA FIHH")).toBe(false);
    expect(isValidBic("ndeafihh")).toBe(false);
  });
});

describe("the barcode picture (Code 128, set C)", () => {
  it("has the standard's symbols: eleven modules each, bars of even width, all different", () => {
    expect(CODE128_WIDTHS).toHaveLength(107);
    for (const widths of CODE128_WIDTHS.slice(0, 106)) {
      const w = [...widths].map(Number);
      expect(w.reduce((a, b) => a + b)).toBe(11);
      expect((w[0]! + w[2]! + w[4]!) % 2).toBe(0);
    }
    expect(new Set(CODE128_WIDTHS).size).toBe(107);
    expect([...CODE128_WIDTHS[106]!].map(Number).reduce((a, b) => a + b)).toBe(13);
  });

  it("carries the guide's check characters (40 and 55 for its first two invoices)", () => {
    const check = (code: string) => code128C(code).at(-2);
    expect(check("479440520200360820048831500000000868516259619897100612")).toBe(40);
    expect(check("458101710000001220004829900000000559582243294671120131")).toBe(55);
    expect(code128C("1234")).toEqual([105, 12, 34, (105 + 12 + 34 * 2) % 103, 106]);
    expect(() => code128C("123")).toThrow();
  });

  it("draws bars that read back to the digits", () => {
    const code = examples[0][5];
    const svg = code128Svg(code, "Virtuaaliviivakoodi");
    expect(svg).toContain('aria-label="Virtuaaliviivakoodi"');
    // Each bar's place and width, and the spaces between: read back into symbols by the table.
    const bars = [...svg.matchAll(/<rect x="(\d+)" width="(\d)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const elements: number[] = [];
    bars.forEach(([x, w], i) => {
      if (i > 0) elements.push(x! - (bars[i - 1]![0]! + bars[i - 1]![1]!));
      elements.push(w!);
    });
    const symbols: number[] = [];
    for (let i = 0; i + 6 <= elements.length; i += 6) {
      const widths = elements.slice(i, i + 6).join("");
      const stop = elements.slice(i).join("");
      symbols.push(stop === CODE128_WIDTHS[106] ? 106 : CODE128_WIDTHS.indexOf(widths));
      if (stop === CODE128_WIDTHS[106]) break;
    }
    expect(symbols[0]).toBe(105);
    expect(symbols.at(-1)).toBe(106);
    const digits = symbols
      .slice(1, -2)
      .map((v) => String(v).padStart(2, "0"))
      .join("");
    expect(digits).toBe(code);
  });
});
