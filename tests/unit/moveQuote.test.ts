import type { LedgerEntry } from "../../src/domain/ledger.js";
import { moveAmountLabel, moveAmountSentence } from "../../src/domain/moveSlots.js";
import { moveQuoteOf } from "../../src/server/reservations/moveQuote.js";

/*
 * What a move settles, from a booking's ledger entries (reservations/moveQuote.ts), and how the
 * picker says it (domain/moveSlots.ts). The server tests prove the move then does exactly this.
 */

const at = new Date("2026-06-15T12:00:00+03:00");
const entry = (
  kind: LedgerEntry["kind"],
  amountCents: number,
  more: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  kind,
  amountCents,
  vatCents: 0,
  vatRateBasisPoints: null,
  paymentId: null,
  refundId: null,
  method: null,
  provider: null,
  status: "done",
  reason: null,
  actor: null,
  note: null,
  createdAt: at,
  ...more,
});
/** 15,00 € less 10 %: 13,50 €, paid 3,50 € by card and 10,00 € by a gift card. */
const booking = [
  entry("price", 1500),
  entry("discount", -150),
  entry("payment", 350, { paymentId: "p1", method: "card", provider: "demo" }),
  entry("gift_card", 1000, { paymentId: "p1", method: "gift_card" }),
];

describe("moveQuoteOf", () => {
  it("asks a dearer time's difference, nothing back", () => {
    expect(moveQuoteOf(booking, 1080)).toEqual({
      differenceCents: 1080,
      refundCents: 0,
      giftCardReturnCents: 0,
    });
  });

  it("gives a cheaper time's difference back through the provider first, then to the gift card", () => {
    expect(moveQuoteOf(booking, -540)).toEqual({
      differenceCents: -540,
      refundCents: 350,
      giftCardReturnCents: 190,
    });
    expect(moveQuoteOf(booking, -200)).toEqual({
      differenceCents: -200,
      refundCents: 200,
      giftCardReturnCents: 0,
    });
  });

  it("settles money already owed back with the move (a refund that failed is owed again)", () => {
    const failed = [
      ...booking,
      entry("credit", -100),
      entry("refund", 100, { paymentId: "p1", status: "failed", refundId: "r1" }),
    ];
    expect(moveQuoteOf(failed, 0)).toEqual({ differenceCents: 0, refundCents: 100, giftCardReturnCents: 0 });
    expect(moveQuoteOf(failed, -300)).toEqual({
      differenceCents: -300,
      refundCents: 350,
      giftCardReturnCents: 50,
    });
  });

  it("never gives back more than was paid", () => {
    expect(moveQuoteOf(booking, -2000)).toMatchObject({ refundCents: 350, giftCardReturnCents: 1000 });
  });
});

describe("the picker's words for a quote", () => {
  const quote = (differenceCents: number, refundCents = 0, giftCardReturnCents = 0) => ({
    differenceCents,
    refundCents,
    giftCardReturnCents,
  });
  it("says what to pay", () => {
    expect(moveAmountLabel(quote(1080))).toBe("+10,80\u00a0€");
    expect(moveAmountSentence(quote(1080))).toBe("Maksat lisää 10,80\u00a0€");
  });
  it("says what comes back and where", () => {
    expect(moveAmountLabel(quote(-540, 350, 190))).toBe("−5,40\u00a0€ takaisin");
    expect(moveAmountSentence(quote(-540, 350, 190))).toBe(
      "Saat takaisin 5,40\u00a0€ (maksutavallesi 3,50\u00a0€, lahjakortille 1,90\u00a0€)",
    );
    expect(moveAmountSentence(quote(-450, 450))).toBe("Saat takaisin 4,50\u00a0€ (maksutavallesi)");
    expect(moveAmountSentence(quote(-450, 0, 450))).toBe("Saat takaisin 4,50\u00a0€ (lahjakortillesi)");
  });
  it("says when nothing changes hands", () => {
    expect(moveAmountLabel(quote(0))).toBe("ei hintaeroa");
    expect(moveAmountSentence(quote(0))).toBe("Ei hintaeroa");
  });
});
