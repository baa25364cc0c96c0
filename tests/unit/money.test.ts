import { formatEuros, formatVatRate, formatWholeNumber, vatIncludedCents } from "../../src/domain/money.js";

describe("formatEuros", () => {
  it("shows cents as euros the Finnish way", () => {
    expect(formatEuros(1500)).toBe("15,00\u00a0€");
    expect(formatEuros(900)).toBe("9,00\u00a0€");
    expect(formatEuros(5)).toBe("0,05\u00a0€");
    expect(formatEuros(0)).toBe("0,00\u00a0€");
    expect(formatEuros(123456789)).toBe("1\u00a0234\u00a0567,89\u00a0€");
  });

  it("agrees with the Finnish Intl formatter", () => {
    const intl = new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" });
    for (const cents of [0, 1, 99, 100, 2100, 2700, 99999, 100000, 123456789])
      expect(formatEuros(cents)).toBe(intl.format(cents / 100));
  });

  it("refuses fractions of a cent", () => {
    expect(() => formatEuros(10.5)).toThrow();
  });
});

describe("formatWholeNumber", () => {
  it("agrees with the Finnish Intl formatter for whole numbers", () => {
    const intl = new Intl.NumberFormat("fi-FI", { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 2500, 12345, 1_000_000, -4200])
      expect(formatWholeNumber(n)).toBe(intl.format(n));
  });

  it("refuses fractions", () => {
    expect(() => formatWholeNumber(2.5)).toThrow();
  });
});

describe("VAT included in a price", () => {
  it("takes 25.5 % out of a VAT-inclusive price, rounded to the cent", () => {
    expect(vatIncludedCents(1500, 2550)).toBe(305); // 304.78
    expect(vatIncludedCents(900, 2550)).toBe(183); // 182.87
    expect(vatIncludedCents(2100, 2550)).toBe(427); // 426.69
    expect(vatIncludedCents(2700, 2550)).toBe(549); // 548.61
    expect(vatIncludedCents(1500, 0)).toBe(0);
    expect(vatIncludedCents(12400, 2400)).toBe(2400);
  });

  it("formats the rate", () => {
    expect(formatVatRate(2550)).toBe("25,5\u00a0%");
    expect(formatVatRate(2400)).toBe("24\u00a0%");
    expect(formatVatRate(1000)).toBe("10\u00a0%");
  });
});
