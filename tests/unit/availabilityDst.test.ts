import { checkBooking, computeAvailability } from "../../src/domain/availability.js";
import type { AvailabilityDay } from "../../src/domain/booking.js";
import { allDay, booking, cell, day, lengths, rules } from "./availabilityFixtures.js";

describe("DST days in Europe/Helsinki", () => {
  const springNow = new Date("2026-03-20T10:00:00Z");
  const autumnNow = new Date("2026-10-20T10:00:00Z");

  it("2026-03-29 (03:00 skipped): 06-22 still has 32 cells, all in summer time", () => {
    const d = day(rules({ now: springNow }), "2026-03-29");
    expect(d.slots).toHaveLength(32);
    expect(d.opensAt).toBe("2026-03-29T06:00:00+03:00");
    expect(d.slots.every((s) => s.start.endsWith("+03:00"))).toBe(true);
  });

  it("2026-03-29 open round the clock: 23 hours, 46 cells, nothing between 03:00 and 04:00", () => {
    const d = day(rules({ now: springNow, exceptions: [allDay("2026-03-29")] }), "2026-03-29");
    expect(d.opensAt).toBe("2026-03-29T00:00:00+02:00");
    expect(d.closesAt).toBe("2026-03-30T00:00:00+03:00");
    expect(d.slots).toHaveLength(46);
    const starts = d.slots.map((s) => s.start);
    expect(starts).toContain("2026-03-29T02:30:00+02:00");
    expect(starts[starts.indexOf("2026-03-29T02:30:00+02:00") + 1]).toBe("2026-03-29T04:00:00+03:00");
    expect(starts.some((s) => s.startsWith("2026-03-29T03:"))).toBe(false);
    // Cells are 30 real minutes: the one at 02:30 ends at 04:00 local time.
    expect(cell(d, "2026-03-29T02:30:00+02:00").end).toBe("2026-03-29T04:00:00+03:00");
    // Two hours from 02:00 are two real hours, ending at 05:00 summer time.
    expect(cell(d, "2026-03-29T02:00:00+02:00").options.at(-1)).toEqual({
      lengthMinutes: 120,
      end: "2026-03-29T05:00:00+03:00",
      priceCents: 2700,
    });
  });

  it("2026-10-25 (03:00-04:00 twice): 06-22 has 32 cells, all in winter time", () => {
    const d = day(rules({ now: autumnNow }), "2026-10-25");
    expect(d.slots).toHaveLength(32);
    expect(d.slots.every((s) => s.start.endsWith("+02:00"))).toBe(true);
  });

  it("2026-10-25 open round the clock: 25 hours, 50 cells, the 03 hour twice", () => {
    const d = day(rules({ now: autumnNow, exceptions: [allDay("2026-10-25")] }), "2026-10-25");
    expect(d.slots).toHaveLength(50);
    const starts = d.slots.map((s) => s.start);
    const i = starts.indexOf("2026-10-25T03:00:00+03:00");
    expect(starts.slice(i, i + 5)).toEqual([
      "2026-10-25T03:00:00+03:00",
      "2026-10-25T03:30:00+03:00",
      "2026-10-25T03:00:00+02:00",
      "2026-10-25T03:30:00+02:00",
      "2026-10-25T04:00:00+02:00",
    ]);
    // A booking in the first 03:00 hour leaves the second one free.
    const taken = rules({
      now: autumnNow,
      exceptions: [allDay("2026-10-25")],
      reservations: [booking("2026-10-25T03:00:00+03:00", "2026-10-25T04:00:00+03:00")],
    });
    const statuses = day(taken, "2026-10-25")
      .slots.slice(i, i + 5)
      .map((s) => s.status);
    expect(statuses).toEqual(["taken", "taken", "free", "free", "free"]);
  });

  it("prices a booking across the change by real minutes", () => {
    const r = rules({ now: autumnNow, exceptions: [allDay("2026-10-25")] });
    // 02:30 (+03) to 03:30 (+02) is two real hours.
    const check = checkBooking(
      r,
      new Date("2026-10-25T02:30:00+03:00"),
      new Date("2026-10-25T03:30:00+02:00"),
    );
    expect(check).toMatchObject({ ok: true, lengthMinutes: 120, priceCents: 2700 });
  });
});

describe("midnight", () => {
  const lateDays = [allDay("2026-07-03"), allDay("2026-07-04")];

  it("an admin booking from 23:00 to 01:00 takes cells on both dates", () => {
    const r = rules({
      exceptions: lateDays,
      reservations: [booking("2026-07-03T23:00:00+03:00", "2026-07-04T01:00:00+03:00")],
    });
    const { days } = computeAvailability(r, "2026-07-03", "2026-07-04");
    const status = (d: AvailabilityDay, start: string) => cell(d, start).status;
    expect(status(days[0]!, "2026-07-03T22:30:00+03:00")).toBe("free");
    expect(status(days[0]!, "2026-07-03T23:00:00+03:00")).toBe("taken");
    expect(status(days[0]!, "2026-07-03T23:30:00+03:00")).toBe("taken");
    expect(status(days[1]!, "2026-07-04T00:00:00+03:00")).toBe("taken");
    expect(status(days[1]!, "2026-07-04T00:30:00+03:00")).toBe("taken");
    expect(status(days[1]!, "2026-07-04T01:00:00+03:00")).toBe("free");
    expect(lengths(days[0]!, "2026-07-03T22:00:00+03:00")).toEqual([30, 60]);
  });

  it("a booking may not run past 24:00 even when the next day opens at 00:00", () => {
    const r = rules({ exceptions: lateDays });
    const d = day(r, "2026-07-03");
    expect(d.closesAt).toBe("2026-07-04T00:00:00+03:00");
    expect(lengths(d, "2026-07-03T23:00:00+03:00")).toEqual([30, 60]);
    expect(lengths(d, "2026-07-03T23:30:00+03:00")).toEqual([30]);
    expect(
      checkBooking(r, new Date("2026-07-03T23:00:00+03:00"), new Date("2026-07-04T01:00:00+03:00")),
    ).toMatchObject({
      ok: false,
      code: "closed",
      reason: "Varauksen on mahduttava aukioloaikaan: puisto on auki klo 0.00–24.00.",
    });
  });
});
