import { basePrices, priceFor, type PriceRule } from "../../src/domain/pricing.js";

const rule = (r: Partial<PriceRule> & Pick<PriceRule, "lengthMinutes" | "priceCents">): PriceRule => ({
  weekdays: null,
  fromTime: null,
  toTime: null,
  priority: 0,
  active: true,
  ...r,
});

const base = [
  rule({ lengthMinutes: 30, priceCents: 900 }),
  rule({ lengthMinutes: 60, priceCents: 1500 }),
  rule({ lengthMinutes: 120, priceCents: 2700 }),
];
const evening = rule({
  lengthMinutes: 60,
  priceCents: 1800,
  fromTime: "17:00",
  toTime: "22:00",
  priority: 10,
});
const weekend = rule({ lengthMinutes: 60, priceCents: 2000, weekdays: [6, 7], priority: 20 });
const rules = [...base, evening, weekend];

describe("priceFor", () => {
  it("uses the base price for the length", () => {
    // Tuesday 16 June 2026, 10:00 in Helsinki
    expect(priceFor(rules, 60, "2026-06-16T10:00:00+03:00")).toBe(1500);
    expect(priceFor(rules, 30, "2026-06-16T10:00:00+03:00")).toBe(900);
  });

  it("has no price for a length without a rule", () => {
    expect(priceFor(rules, 90, "2026-06-16T10:00:00+03:00")).toBeNull();
  });

  it("matches the time range by the slot's start in Helsinki, from inclusive and to exclusive", () => {
    expect(priceFor(rules, 60, "2026-06-16T16:30:00+03:00")).toBe(1500);
    expect(priceFor(rules, 60, "2026-06-16T17:00:00+03:00")).toBe(1800);
    expect(priceFor(rules, 60, "2026-06-16T21:30:00+03:00")).toBe(1800);
    // The same instant written in UTC: 14:00Z is 17:00 in Helsinki (summer time).
    expect(priceFor(rules, 60, "2026-06-16T14:00:00Z")).toBe(1800);
    expect(priceFor(rules, 60, new Date("2026-06-16T13:59:00Z"))).toBe(1500);
  });

  it("matches the ISO weekday in Helsinki, not in UTC", () => {
    // Saturday 00:30 in Helsinki is still Friday 21:30 in UTC.
    expect(priceFor(rules, 60, "2026-06-19T21:30:00Z")).toBe(2000);
    // Friday 23:30 in Helsinki is Friday 20:30 UTC: no weekend price.
    expect(priceFor(rules, 60, "2026-06-19T20:30:00Z")).toBe(1500);
  });

  it("takes the highest priority among the matching rules", () => {
    // Saturday evening matches base, evening and weekend; weekend has the highest priority.
    expect(priceFor(rules, 60, "2026-06-20T18:00:00+03:00")).toBe(2000);
    const eveningFirst = [...base, { ...evening, priority: 30 }, weekend];
    expect(priceFor(eveningFirst, 60, "2026-06-20T18:00:00+03:00")).toBe(1800);
  });

  it("ignores inactive rules", () => {
    expect(priceFor([...base, { ...weekend, active: false }], 60, "2026-06-20T12:00:00+03:00")).toBe(1500);
  });

  it("accepts a range that ends at 24:00", () => {
    const late = rule({
      lengthMinutes: 30,
      priceCents: 500,
      fromTime: "22:00",
      toTime: "24:00",
      priority: 5,
    });
    expect(priceFor([...base, late], 30, "2026-06-16T23:30:00+03:00")).toBe(500);
  });
});

describe("basePrices", () => {
  it("lists each length's unrestricted price, ignoring evening and weekend rules", () => {
    expect(basePrices(rules, [120, 30, 60, 90])).toEqual([
      { lengthMinutes: 30, priceCents: 900 },
      { lengthMinutes: 60, priceCents: 1500 },
      { lengthMinutes: 120, priceCents: 2700 },
    ]);
  });

  it("leaves out inactive rules and lengths not for sale", () => {
    const inactive = rule({ lengthMinutes: 30, priceCents: 800, priority: 5, active: false });
    expect(basePrices([...rules, inactive], [30])).toEqual([{ lengthMinutes: 30, priceCents: 900 }]);
    expect(basePrices(rules, [45])).toEqual([]);
  });
});
