import { computeAvailability } from "../../src/domain/availability.js";
import { compactAvailability, expandAvailability } from "../../src/domain/availabilityWire.js";
import { booking, price, rules } from "./availabilityFixtures.js";

describe("the compact availability answer", () => {
  it("expands to exactly the computed grid: statuses, lengths, ends and time-dependent prices", () => {
    const r = rules({
      reservations: [
        booking("2026-06-16T10:00:00+03:00", "2026-06-16T11:30:00+03:00"),
        booking("2026-06-18T10:00:00+03:00", "2026-06-18T11:00:00+03:00", {
          status: "pending",
          holdExpiresAt: new Date("2026-06-15T12:15:00+03:00"),
        }),
      ],
      blocks: [
        { startsAt: new Date("2026-06-17T08:00:00+03:00"), endsAt: new Date("2026-06-17T09:00:00+03:00") },
      ],
      exceptions: [{ date: "2026-06-19", opensAt: null, closesAt: null }],
      priceRules: [
        ...rules().priceRules,
        { ...price(60, 1800), fromTime: "18:00", toTime: "22:00", priority: 10 },
      ],
    });
    const full = computeAvailability(r, "2026-06-14", "2026-06-21");
    const wire = compactAvailability(full);
    expect(expandAvailability(wire)).toEqual(full);
    const tuesday = wire.days.find((d) => d.date === "2026-06-16")!;
    expect(tuesday.cells).toBe("fffffffftttfffffffffffffffffffff");
    // 60 minutes costs 15.00 until 18:00 (cell 24) and 18.00 from then on.
    expect(tuesday.prices[1]).toEqual([0, 1500, 24, 1800]);
    expect(wire.days.find((d) => d.date === "2026-06-19")).toMatchObject({ firstStart: null, cells: "" });
    // The held cells (10.00 and 10.30 on Thursday) say when they may free; other days carry nothing.
    expect(wire.days.find((d) => d.date === "2026-06-18")!.frees).toEqual([
      [8, "2026-06-15T12:15:00+03:00"],
      [9, "2026-06-15T12:15:00+03:00"],
    ]);
    expect(tuesday.frees).toBeUndefined();
  });

  it("keeps the real minutes of a DST day and many lengths per cell", () => {
    const r = rules({
      now: new Date("2026-10-01T09:00:00Z"),
      weeklyHours: Array.from({ length: 7 }, () => ({ opens: "00:00", closes: "24:00" })),
      slotRules: {
        gridMinutes: 30,
        lengthsMinutes: [30, 60, 90, 120, 150],
        changeoverMinutes: 0,
        bookingWindowDays: 60,
      },
      priceRules: [30, 60, 90, 120, 150].map((l) => price(l, l * 20)),
    });
    const full = computeAvailability(r, "2026-10-24", "2026-10-26");
    const wire = compactAvailability(full);
    expect(wire.days[1]!.cells).toHaveLength(50); // 25 real hours on the day summer time ends
    expect(wire.days[1]!.fits).toHaveLength(100); // two hex digits a cell for five lengths
    expect(expandAvailability(wire)).toEqual(full);
  });

  it("makes 62 days a few tens of KB", () => {
    const full = computeAvailability(rules(), "2026-06-15", "2026-08-15");
    expect(JSON.stringify(full).length).toBeGreaterThan(500_000);
    expect(JSON.stringify(compactAvailability(full)).length).toBeLessThan(30_000);
  });
});
