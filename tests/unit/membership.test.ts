import { isOutstanding, isOverdue } from "../../src/domain/invoiceStatus";
import {
  commitmentPrice,
  formatReferenceNumber,
  isValidReferenceNumber,
  referenceNumber,
  splitMemberReservations,
  usagePercent,
} from "../../src/domain/membership";
import {
  cancellationTerms,
  daysOfAccessLeft,
  daysRemaining,
  pauseOn,
  periodBounds,
  periodIndexOn,
  periodStart,
  startOfHelsinkiDay,
} from "../../src/domain/membershipPeriods";
import { subscriptionFixture } from "../support/membership";

describe("monthly periods from the start date", () => {
  it("clamps at month ends without drifting: 31 Jan → 28 Feb → 31 Mar → 30 Apr", () => {
    expect([0, 1, 2, 3].map((i) => periodStart("2026-01-31", i))).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
  });

  it("uses the leap day in a leap year, and a leap-day start falls back to 28 Feb a year later", () => {
    expect(periodStart("2028-01-31", 1)).toBe("2028-02-29");
    expect(periodStart("2028-02-29", 12)).toBe("2029-02-28");
    expect(periodStart("2028-02-29", 1)).toBe("2028-03-29");
  });

  it("finds the period of a day, including the clamped ones", () => {
    const jan31 = { startDate: "2026-01-31" };
    expect(periodIndexOn(jan31, "2026-01-30")).toBe(-1);
    expect(periodIndexOn(jan31, "2026-01-31")).toBe(0);
    expect(periodIndexOn(jan31, "2026-02-27")).toBe(0);
    expect(periodIndexOn(jan31, "2026-02-28")).toBe(1);
    expect(periodIndexOn(jan31, "2026-03-30")).toBe(1);
    expect(periodIndexOn(jan31, "2026-03-31")).toBe(2);
    expect(periodIndexOn(jan31, "2027-01-31")).toBe(12);
    expect(periodBounds(jan31, 1)).toEqual({ start: "2026-02-28", endExclusive: "2026-03-31" });
  });

  it("counts the periods after a pause from its end, and numbers them on across it (decision 058)", () => {
    // Monthly from 15 Jan; a 4-week pause from the third period's first day (15 Mar).
    const paused = {
      startDate: "2026-01-15",
      pauses: [{ startsOn: "2026-03-15", endsOn: "2026-04-12", weeks: 4 }],
    };
    expect(periodBounds(paused, 1)).toEqual({ start: "2026-02-15", endExclusive: "2026-03-15" });
    expect(periodBounds(paused, 2)).toEqual({ start: "2026-04-12", endExclusive: "2026-05-12" });
    expect(periodBounds(paused, 3)).toEqual({ start: "2026-05-12", endExclusive: "2026-06-12" });
    expect(periodIndexOn(paused, "2026-03-14")).toBe(1);
    // Inside the pause no period contains the day: the last one before it is answered.
    expect(periodIndexOn(paused, "2026-03-15")).toBe(1);
    expect(periodIndexOn(paused, "2026-04-11")).toBe(1);
    expect(pauseOn(paused, "2026-04-11")).toEqual(paused.pauses[0]);
    expect(pauseOn(paused, "2026-04-12")).toBeNull();
    expect(pauseOn(paused, "2026-03-14")).toBeNull();
    expect(periodIndexOn(paused, "2026-04-12")).toBe(2);
    expect(periodIndexOn(paused, "2026-06-11")).toBe(3);
    // A second pause a year later counts on from the first one's end.
    const twice = {
      ...paused,
      pauses: [...paused.pauses, { startsOn: "2027-04-12", endsOn: "2027-04-26", weeks: 2 }],
    };
    expect(periodIndexOn(twice, "2027-04-11")).toBe(13);
    expect(periodBounds(twice, 13)).toEqual({ start: "2027-03-12", endExclusive: "2027-04-12" });
    expect(periodBounds(twice, 14)).toEqual({ start: "2027-04-26", endExclusive: "2027-05-26" });
    expect(periodIndexOn(twice, "2027-05-26")).toBe(15);
  });

  it("starts a day at Helsinki midnight on both sides of DST", () => {
    expect(startOfHelsinkiDay("2026-03-29").toISOString()).toBe("2026-03-28T22:00:00.000Z");
    expect(startOfHelsinkiDay("2026-03-30").toISOString()).toBe("2026-03-29T21:00:00.000Z");
    expect(startOfHelsinkiDay("2026-10-26").toISOString()).toBe("2026-10-25T22:00:00.000Z");
  });
});

describe("days remaining (spec §4: the day difference rounded up)", () => {
  it("rounds up part of a day and is 0 once the date has come", () => {
    expect(daysRemaining("2026-06-20", "2026-06-19T12:00:00+03:00")).toBe(1);
    expect(daysRemaining("2026-06-20", "2026-06-18T23:59:00+03:00")).toBe(2);
    expect(daysRemaining("2026-06-20", "2026-06-20T00:00:00+03:00")).toBe(0);
    expect(daysRemaining("2026-06-20", "2026-06-25T10:00:00+03:00")).toBe(0);
  });

  it("counts across the spring DST change (a 23-hour day) without losing a day", () => {
    expect(daysRemaining("2026-03-30", "2026-03-28T00:00:00+02:00")).toBe(2);
  });
});

describe("usage percentage (spec §4)", () => {
  it("rounds hours_used / hours_quota × 100, and is 0 with a zero quota", () => {
    expect(usagePercent(0, 16)).toBe(0);
    expect(usagePercent(2, 16)).toBe(13);
    expect(usagePercent(1.5, 8)).toBe(19);
    expect(usagePercent(16, 16)).toBe(100);
    expect(usagePercent(3, 0)).toBe(0);
  });
});

describe("Finnish reference numbers (viitenumero, weights 7-3-1)", () => {
  // Known-good numbers: the banks' textbook examples (1232, 123453, 12345672) and hand-checked
  // ones, e.g. 1001: 1×7 + 0×3 + 0×1 + 1×7 = 14, check digit 10 − 4 = 6.
  const known: Array<[string, string]> = [
    ["123", "1232"],
    ["12345", "123453"],
    ["1234567", "12345672"],
    ["100", "1009"],
    ["1001", "10016"],
    ["1002", "10029"],
    ["4444", "44448"],
    ["1010", "10100"],
  ];
  it.each(known)("base %s → %s", (base, expected) => {
    expect(referenceNumber(base)).toBe(expected);
    expect(isValidReferenceNumber(expected)).toBe(true);
  });

  it("refuses a wrong check digit and a base of the wrong length", () => {
    expect(isValidReferenceNumber("1233")).toBe(false);
    expect(() => referenceNumber("12")).toThrow();
    expect(() => referenceNumber("12345678901234567890")).toThrow();
  });

  it("prints in groups of five from the right", () => {
    expect(formatReferenceNumber("12345672")).toBe("123 45672");
    expect(formatReferenceNumber("10016")).toBe("10016");
  });
});

describe("invoices and prices", () => {
  it("is overdue only when open and the Helsinki date is past the due date", () => {
    expect(isOverdue({ status: "open", due_date: "2026-06-29" }, "2026-06-29")).toBe(false);
    expect(isOverdue({ status: "open", due_date: "2026-06-29" }, "2026-06-30")).toBe(true);
    expect(isOverdue({ status: "paid", due_date: "2026-06-29" }, "2026-07-30")).toBe(false);
    expect(isOutstanding({ status: "open", is_overdue: false })).toBe(true);
    expect(isOutstanding({ status: "paid", is_overdue: false })).toBe(false);
  });

  it("takes 10 % off the monthly price with a commitment, in whole cents", () => {
    expect(commitmentPrice(3900, 10)).toBe(3510);
    expect(commitmentPrice(5900, 10)).toBe(5310);
    expect(commitmentPrice(8900, 10)).toBe(8010);
    expect(commitmentPrice(999, 10)).toBe(899);
  });
});

describe('when a membership cancelled now ends (product.md "Cancel")', () => {
  const now = new Date("2026-06-16T12:00:00+03:00");

  it("runs to the commitment's end while a commitment is on", () => {
    const committed = subscriptionFixture({ commitment: "12m", commitment_end_date: "2027-05-01" });
    // commitment_end_date is the first day no longer bound: the last day, said once, is the one before.
    expect(cancellationTerms(committed, now)).toEqual({
      kind: "commitment",
      endsOn: "2027-04-30",
      daysLeft: daysRemaining("2027-05-01", now),
    });
  });

  it("otherwise runs to the paid period's last day, counted to the first day without access", () => {
    expect(cancellationTerms(subscriptionFixture(), now)).toEqual({
      kind: "period",
      endsOn: "2026-06-30",
      daysLeft: 15,
    });
    // A commitment already over counts like none.
    const over = subscriptionFixture({ commitment: "12m", commitment_end_date: "2026-06-01" });
    expect(cancellationTerms(over, now)?.kind).toBe("period");
    expect(daysOfAccessLeft("2026-06-16", now)).toBe(1);
  });

  it("is unknown without a current period", () => {
    expect(cancellationTerms(subscriptionFixture({ current_period: null }), now)).toBeNull();
  });
});

describe("a member's bookings, upcoming and past", () => {
  const at = (id: string, start: string, end: string) => ({ id, start, end });
  it("puts a booking that has not ended yet upcoming (soonest first), an ended one past (latest first)", () => {
    const now = "2026-06-16T12:00:00+03:00";
    const running = at("running", "2026-06-16T11:00:00+03:00", "2026-06-16T13:00:00+03:00");
    const later = at("later", "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00");
    const endedNow = at("endedNow", "2026-06-16T11:00:00+03:00", "2026-06-16T12:00:00+03:00");
    const older = at("older", "2026-06-01T10:00:00+03:00", "2026-06-01T11:00:00+03:00");
    const { upcoming, past } = splitMemberReservations([later, older, endedNow, running], now);
    expect(upcoming.map((r) => r.id)).toEqual(["running", "later"]);
    expect(past.map((r) => r.id)).toEqual(["endedNow", "older"]);
  });
  it("takes a cancelled or expired booking out of the upcoming ones", () => {
    const now = "2026-06-16T12:00:00+03:00";
    const r = (id: string, status: "confirmed" | "cancelled" | "expired") => ({
      ...at(id, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00"),
      status,
    });
    const split = splitMemberReservations(
      [r("kept", "confirmed"), r("off", "cancelled"), r("gone", "expired")],
      now,
    );
    expect(split.upcoming.map((x) => x.id)).toEqual(["kept"]);
    expect(split.cancelled.map((x) => x.id)).toEqual(["off", "gone"]);
  });
});
