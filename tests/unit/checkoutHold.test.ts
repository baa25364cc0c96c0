// @vitest-environment jsdom
import {
  findOwnHold,
  forgetHeldCheckout,
  rememberHeldCheckout,
  type HeldCheckout,
} from "../../src/client/checkoutHold";
import { isLiveHold } from "../../src/domain/booking";

/*
 * The visitor's own hold, found again after Back from the payment page: only a live one (pending,
 * its hold not run out) of the very slot this tab handed over counts. The server's answer is a
 * stand-in for the API; sessionStorage is the browser's (jsdom).
 */

const now = new Date("2026-06-16T12:00:00+03:00");
const held: HeldCheckout = {
  start: "2026-06-16T14:00:00+03:00",
  end: "2026-06-16T15:00:00+03:00",
  accessToken: "hold-token",
  redirectUrl: "https://pay.example/hold",
  details: {
    name: "Ansa",
    email: "ansa@example.com",
    phone: "0401234567",
    dogs: 1,
    paymentMethod: "card",
    acceptTerms: true,
    discountCode: "",
    giftCardCode: "",
  },
};

test("a hold is live while pending and its time is not up", () => {
  expect(isLiveHold({ status: "pending", holdExpiresAt: "2026-06-16T12:00:01+03:00" }, now)).toBe(true);
  expect(isLiveHold({ status: "pending", holdExpiresAt: null }, now)).toBe(true);
  expect(isLiveHold({ status: "pending", holdExpiresAt: "2026-06-16T09:00:00Z" }, now)).toBe(false);
  expect(isLiveHold({ status: "confirmed", holdExpiresAt: null }, now)).toBe(false);
  expect(isLiveHold({ status: "expired", holdExpiresAt: "2026-06-16T13:00:00+03:00" }, now)).toBe(false);
});

describe("the own hold of a slot", () => {
  beforeEach(() => {
    // The checkout's pages: the shared hold is a cookie of their path.
    window.history.replaceState(null, "", "/checkout/a/b");
    sessionStorage.clear();
    forgetHeldCheckout();
  });

  it("is the remembered one for the same instants, while live", async () => {
    rememberHeldCheckout(held);
    const asked: string[] = [];
    const byToken = async (token: string) => {
      asked.push(token);
      return { status: "pending" as const, holdExpiresAt: "2026-06-16T12:10:00+03:00" };
    };
    // The same instants written in UTC.
    const slot = { start: "2026-06-16T11:00:00Z", end: "2026-06-16T12:00:00Z" };
    expect(await findOwnHold(slot, byToken, now)).toEqual({
      accessToken: "hold-token",
      redirectUrl: "https://pay.example/hold",
      holdExpiresAt: "2026-06-16T12:10:00+03:00",
    });
    expect(asked).toEqual(["hold-token"]);
  });

  it("is none for another slot (without asking), nothing remembered, or a hold run out", async () => {
    const byToken = async () => ({ status: "pending" as const, holdExpiresAt: "2026-06-16T11:59:00+03:00" });
    const never = async () => {
      throw new Error("not asked");
    };
    expect(await findOwnHold(held, never, now)).toBeNull();
    rememberHeldCheckout(held);
    expect(await findOwnHold({ start: held.start, end: "2026-06-16T16:00:00+03:00" }, never, now)).toBeNull();
    expect(await findOwnHold(held, byToken, now)).toBeNull();
  });

  it("is found in a second tab of the same browser too, without the first tab's details", async () => {
    rememberHeldCheckout(held);
    // A second tab: its own session storage is empty, the browser's session cookie is shared.
    const secondTab = window.sessionStorage;
    secondTab.clear();
    const byToken = async () => ({ status: "pending" as const, holdExpiresAt: "2026-06-16T12:10:00+03:00" });
    expect(await findOwnHold(held, byToken, now, secondTab)).toEqual({
      accessToken: "hold-token",
      redirectUrl: "https://pay.example/hold",
      holdExpiresAt: "2026-06-16T12:10:00+03:00",
    });
    expect(document.cookie).not.toContain("ansa");
    // Paid or released in one tab: no tab offers it any more.
    rememberHeldCheckout(held);
    forgetHeldCheckout();
    expect(await findOwnHold(held, byToken, now)).toBeNull();
  });
});
