import { formatHours, quotaForChoice } from "../../machines/memberQuota";
import { memberBookingApi } from "../../src/client/memberReservations";
import { at, newBooking, subscription } from "../machines/memberBookingPathSupport";

/*
 * The member booking's quota rule (what the confirmation shows and the local refusal uses) and its
 * client calls, with the network faked at the fetch boundary.
 */

describe("quota of a chosen slot", () => {
  const member = subscription(6.5); // 8 h a period, June 1-30

  it("uses the remaining hours of the current period", () => {
    expect(quotaForChoice(member, { start: at("10:00"), end: at("11:00") })).toEqual({
      hours: 1,
      laterPeriod: false,
      available: 1.5,
      leftAfter: 0.5,
    });
    expect(quotaForChoice(member, { start: at("10:00"), end: at("12:00") }).leftAfter).toBe(-0.5);
  });

  it("counts a slot after the period's last day against the next period's full quota", () => {
    const july = { start: at("10:00", "2026-07-01"), end: at("12:00", "2026-07-01") };
    expect(quotaForChoice(member, july)).toMatchObject({ laterPeriod: true, available: 8, leftAfter: 6 });
    const lastDay = { start: at("21:00", "2026-06-30"), end: at("22:00", "2026-06-30") };
    expect(quotaForChoice(member, lastDay).laterPeriod).toBe(false);
  });

  it("counts real hours on the night the clocks go back", () => {
    // 2026-10-25 in Helsinki: 03.00-04.00 happens twice, so 02.00-04.00 on the clock is 3 hours.
    const night = { start: "2026-10-25T02:00:00+03:00", end: "2026-10-25T04:00:00+02:00" };
    expect(quotaForChoice(null, night)).toMatchObject({ hours: 3, available: 0 });
  });

  it("says hours the Finnish way", () => {
    expect([0.5, 1, 1.5, 8].map(formatHours)).toEqual(["0,5 h", "1 h", "1,5 h", "8 h"]);
  });
});

describe("member booking calls", () => {
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  const answer = (status: number, body: unknown) => Response.json(body, { status });
  let next: Response;

  beforeEach(() => {
    requests.length = 0;
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      requests.push({
        url,
        method: init.method ?? "GET",
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return next;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the member's bookings", async () => {
    next = answer(200, { reservations: [newBooking] });
    await expect(memberBookingApi.reservations()).resolves.toEqual([newBooking]);
    expect(requests[0]).toMatchObject({ url: "/api/v2/reservations/me", method: "GET" });
  });

  it("books with the slot and the dogs, and refuses a request the contract forbids before sending it", async () => {
    next = answer(201, { success: true, message: "Jäsenvaraus vahvistettu.", reservation: newBooking });
    const request = { start: newBooking.start, end: newBooking.end, dogs: 2, reactiveDog: true };
    await expect(memberBookingApi.book(request)).resolves.toMatchObject({ reservation: newBooking });
    // An option not given is sent as false (rules per dog, decision 036).
    expect(requests[0]).toEqual({
      url: "/api/v2/reservations/subscriber",
      method: "POST",
      body: { ...request, inHeat: false },
    });

    await expect(memberBookingApi.book({ ...request, dogs: 0 })).rejects.toThrow(/vähintään yksi/);
    expect(requests).toHaveLength(1);
  });

  it("gives the server's Finnish refusal as the error", async () => {
    next = answer(403, { message: "Laskusi 1042 on erääntynyt. Maksa se ennen uusia jäsenvarauksia." });
    await expect(
      memberBookingApi.book({ start: newBooking.start, end: newBooking.end, dogs: 1 }),
    ).rejects.toMatchObject({ status: 403, message: expect.stringContaining("Laskusi 1042") });
  });

  it("cancels by id and rejects an answer that broke the contract", async () => {
    next = answer(200, {
      success: true,
      message: "Peruttu.",
      reservation: { ...newBooking, status: "cancelled" },
    });
    await expect(memberBookingApi.cancel(newBooking.id)).resolves.toMatchObject({
      reservation: { status: "cancelled" },
    });
    expect(requests[0]).toMatchObject({ url: `/api/v2/reservations/${newBooking.id}`, method: "DELETE" });

    next = answer(200, { success: true, message: "Peruttu." });
    await expect(memberBookingApi.cancel(newBooking.id)).rejects.toThrow();
  });
});
