import { vatIncludedCents } from "../../src/domain/money.js";
import { discountCents, priceBreakdown } from "../../src/domain/pricing.js";

describe("discounts and gift cards on a price", () => {
  it("takes a percentage off, rounded to the cent", () => {
    expect(discountCents(1500, { kind: "percent", percentOff: 10 })).toBe(150);
    expect(discountCents(2100, { kind: "percent", percentOff: 15 })).toBe(315);
    expect(discountCents(999, { kind: "percent", percentOff: 33 })).toBe(330); // 329.67
    expect(discountCents(1500, { kind: "percent", percentOff: 100 })).toBe(1500);
  });

  it("never takes more than the price, so a price never goes below zero", () => {
    expect(discountCents(1500, { kind: "fixed", amountOffCents: 500 })).toBe(500);
    expect(discountCents(900, { kind: "fixed", amountOffCents: 2000 })).toBe(900);
    expect(
      priceBreakdown({ listPriceCents: 900, discount: { kind: "fixed", amountOffCents: 2000 } }),
    ).toEqual({
      listPriceCents: 900,
      discountCents: 900,
      totalCents: 0,
      giftCardCents: 0,
      payableCents: 0,
    });
    expect(discountCents(1500, null)).toBe(0);
  });

  it("lets a gift card pay up to its balance of the discounted total", () => {
    expect(
      priceBreakdown({
        listPriceCents: 1500,
        discount: { kind: "percent", percentOff: 10 },
        giftCardBalanceCents: 1000,
      }),
    ).toEqual({
      listPriceCents: 1500,
      discountCents: 150,
      totalCents: 1350,
      giftCardCents: 1000,
      payableCents: 350,
    });
    expect(priceBreakdown({ listPriceCents: 1500, giftCardBalanceCents: 5000 })).toMatchObject({
      giftCardCents: 1500,
      payableCents: 0,
    });
  });

  it("computes the VAT of the discounted total, not of the list price", () => {
    const { totalCents } = priceBreakdown({
      listPriceCents: 1500,
      discount: { kind: "percent", percentOff: 10 },
    });
    expect(vatIncludedCents(totalCents, 2550)).toBe(274); // 13,50 € contains 2,74 € ALV 25,5 %
  });
});
