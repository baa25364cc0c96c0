import { DateTime } from "luxon";
import { HELSINKI, toHelsinkiIso } from "../../src/domain/helsinkiTime";

// The offsets themselves are tested against the time-zone database in helsinkiClock.test.ts;
// luxon's Helsinki zone takes them from there (helsinkiTime.ts), and its wall-clock arithmetic
// must not change.
describe("luxon on the Helsinki clock's offsets", () => {
  it("keeps luxon's wall-clock arithmetic across the autumn change", () => {
    const before = DateTime.fromISO("2026-10-25T02:30", { zone: HELSINKI });
    expect(before.toISO()).toBe("2026-10-25T02:30:00.000+03:00");
    expect(toHelsinkiIso(before.plus({ hours: 1 }))).toBe("2026-10-25T03:30:00+03:00");
    expect(toHelsinkiIso(before.plus({ hours: 2 }))).toBe("2026-10-25T03:30:00+02:00");
  });

  it("skips the spring gap forward, as luxon does", () => {
    expect(DateTime.fromISO("2026-03-29T03:30", { zone: HELSINKI }).toISO()).toBe(
      "2026-03-29T04:30:00.000+03:00",
    );
    expect(toHelsinkiIso("2026-03-29T00:59:59Z")).toBe("2026-03-29T02:59:59+02:00");
    expect(toHelsinkiIso("2026-03-29T01:00:00Z")).toBe("2026-03-29T04:00:00+03:00");
  });
});
