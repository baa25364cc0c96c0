import { DateTime } from "luxon";
import {
  addDays,
  datesBetween,
  daysInclusive,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeRange,
  HELSINKI,
  helsinkiDate,
  helsinkiOffset,
  isoWeekday,
  isValidDate,
  minutesBetween,
  tzdbHelsinkiOffset,
} from "../../src/domain/helsinkiClock";
import { dateFromParam } from "../../machines/bookingCalendarMachine";

const FI_WEEKDAYS = ["ma", "ti", "ke", "to", "pe", "la", "su"];
/** luxon's rendering of the same formats, the implementation these replaced on the public pages. */
const viaLuxon = (ms: number) => {
  const dt = DateTime.fromMillis(ms, { zone: HELSINKI });
  const date = `${FI_WEEKDAYS[dt.weekday - 1]} ${dt.toFormat("d.M.yyyy")}`;
  return {
    time: dt.toFormat("H.mm"),
    date,
    dateTime: `${date} klo ${dt.toFormat("H.mm")}`,
    iso: dt.toISODate(),
  };
};

describe("Helsinki clock without luxon", () => {
  it("has the time-zone database's offset at every hour from 1996 to 2040, and to the millisecond at a change", () => {
    const wrong: number[] = [];
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 59 * 60_000 + 7_001) {
      if (helsinkiOffset(ms) !== tzdbHelsinkiOffset(ms)) wrong.push(ms);
    }
    expect(wrong).toEqual([]);
    expect(helsinkiOffset(Date.UTC(2026, 2, 29, 1) - 1)).toBe(120);
    expect(helsinkiOffset(Date.UTC(2026, 2, 29, 1))).toBe(180);
    expect(helsinkiOffset(Date.UTC(2026, 9, 25, 1) - 1)).toBe(180);
    expect(helsinkiOffset(Date.UTC(2026, 9, 25, 1))).toBe(120);
  });

  it("asks the time-zone database before 1996, when summer time still ended in September", () => {
    expect(helsinkiOffset(Date.UTC(1995, 8, 24, 1) - 1)).toBe(180);
    expect(helsinkiOffset(Date.UTC(1995, 8, 24, 1))).toBe(120);
    expect(helsinkiOffset(Date.UTC(1970, 6, 1))).toBe(120);
  });

  it("formats times and dates as luxon did, through both 2026 DST changes and a year's instants", () => {
    const instants = [
      ...[Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)].flatMap((c) =>
        [-61, -60, -1, 0, 1, 59, 60].map((m) => c + m * 60_000),
      ),
    ];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 3_600_000 + 13 * 60_000)
      instants.push(ms);
    const differences = instants.flatMap((ms) => {
      const ours = {
        time: formatTime(ms),
        date: formatDate(ms),
        dateTime: formatDateTime(ms),
        iso: helsinkiDate(ms),
      };
      return JSON.stringify(ours) === JSON.stringify(viaLuxon(ms)) ? [] : [{ ms, ours, luxon: viaLuxon(ms) }];
    });
    expect(differences).toEqual([]);
  });

  it("takes ISO strings with an offset, Dates, numbers and luxon DateTimes alike", () => {
    const ms = Date.UTC(2026, 5, 20, 7, 5);
    for (const instant of [
      "2026-06-20T10:05:00+03:00",
      "2026-06-20T07:05:00Z",
      new Date(ms),
      ms,
      DateTime.fromMillis(ms),
    ]) {
      expect(formatDateTime(instant)).toBe("la 20.6.2026 klo 10.05");
    }
    expect(helsinkiDate("2026-06-20T23:30:00Z")).toBe("2026-06-21");
  });

  it("formats a range on one line, up to 24.00 at midnight, and names both dates across days", () => {
    expect(formatTimeRange("2026-06-20T10:00:00+03:00", "2026-06-20T11:30:00+03:00")).toBe(
      "la 20.6.2026 klo 10.00–11.30",
    );
    expect(formatTimeRange("2026-06-20T22:00:00+03:00", "2026-06-21T00:00:00+03:00")).toBe(
      "la 20.6.2026 klo 22.00–24.00",
    );
    expect(formatTimeRange("2026-06-20T23:00:00+03:00", "2026-06-21T01:00:00+03:00")).toBe(
      "la 20.6.2026 klo 23.00 – su 21.6.2026 klo 1.00",
    );
    // The autumn night has an hour twice: 25 real hours from midnight to midnight.
    expect(minutesBetween("2026-10-25T00:00:00+03:00", "2026-10-26T00:00:00+02:00")).toBe(25 * 60);
  });

  it("counts calendar days across months, leap days and years", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-02", -7)).toBe("2026-02-23");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(isValidDate("2028-02-29")).toBe(true);
    expect(isValidDate("2026-02-29")).toBe(false);
    expect(isValidDate("2026-13-01")).toBe(false);
    expect(isValidDate("2026-6-1")).toBe(false);
    expect(daysInclusive("2026-03-01", "2026-03-31")).toBe(31);
    expect(datesBetween("2026-10-24", "2026-10-26")).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
    expect(datesBetween("2026-10-26", "2026-10-24")).toEqual([]);
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-22")).toBe(7);
  });
});

describe("the calendar's :time param", () => {
  it("is a Helsinki date, a wall-clock time's date, or an instant moved to Helsinki", () => {
    expect(dateFromParam("2026-06-20")).toBe("2026-06-20");
    expect(dateFromParam("2026-06-20T23:30")).toBe("2026-06-20");
    expect(dateFromParam("2026-06-20T23:30:00Z")).toBe("2026-06-21");
    expect(dateFromParam("2026-06-20T01:00:00+05:00")).toBe("2026-06-19");
    expect(dateFromParam("2026-06-21T00:30:00.000+03:00")).toBe("2026-06-21");
    expect(dateFromParam("2026-10-25T00:30:00Z")).toBe("2026-10-25");
  });

  it("is null for anything else", () => {
    for (const param of [
      undefined,
      "",
      "huomenna",
      "2026-02-30",
      "2026-06-20T25:00",
      "2026-06-20T10:61",
      "20.6.2026",
    ]) {
      expect(dateFromParam(param)).toBeNull();
    }
  });
});
