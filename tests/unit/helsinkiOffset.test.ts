import { DateTime } from "luxon";
import { HELSINKI, helsinkiOffset, toHelsinkiIso } from "../../src/domain/helsinkiTime";

/** The offset as the platform's time-zone data gives it, computed without luxon. */
const intlFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: HELSINKI,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});
function platformOffset(ms: number): number {
  const p = Object.fromEntries(intlFormat.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

describe("Helsinki's offset, kept per hour", () => {
  it("equals the platform's at every instant tried from 2020 to 2030, around each DST change too", () => {
    const wrong: number[] = [];
    for (let ms = Date.UTC(2020, 0, 1); ms < Date.UTC(2031, 0, 1); ms += 241 * 60_000 + 13_001) {
      if (helsinkiOffset(ms) !== platformOffset(ms)) wrong.push(ms);
    }
    // The changes themselves, to the millisecond: 2026-03-29 01:00 UTC and 2026-10-25 01:00 UTC.
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (const ms of [change - 1, change, change + 1]) {
        if (helsinkiOffset(ms) !== platformOffset(ms)) wrong.push(ms);
      }
    }
    expect(wrong).toEqual([]);
    expect(helsinkiOffset(Date.UTC(2026, 2, 29, 1) - 1)).toBe(120);
    expect(helsinkiOffset(Date.UTC(2026, 2, 29, 1))).toBe(180);
  });

  it("keeps luxon's wall-clock arithmetic across the autumn change", () => {
    const before = DateTime.fromISO("2026-10-25T02:30", { zone: HELSINKI });
    expect(before.toISO()).toBe("2026-10-25T02:30:00.000+03:00");
    expect(toHelsinkiIso(before.plus({ hours: 1 }))).toBe("2026-10-25T03:30:00+03:00");
    expect(toHelsinkiIso(before.plus({ hours: 2 }))).toBe("2026-10-25T03:30:00+02:00");
    expect(toHelsinkiIso("1921-04-30T12:00:00Z")).toBe(
      toHelsinkiIso(DateTime.fromISO("1921-04-30T12:00:00Z")),
    );
  });
});
