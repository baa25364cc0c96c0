import type { AdminReservation, OpeningDay, ReservationList } from "../../src/domain/admin/reservations";
import { datesBetween, toHelsinkiIso, wallClock } from "../../src/domain/helsinkiTime";
import {
  alignRows,
  calendarGrid,
  DEFAULT_SPAN,
  hourCells,
  hourSpan,
  placeInCells,
} from "../../src/web/admin/sections/calendarLayout";

/* Varaukset's day and week grids: the hours of a date (DST weeks included) and what goes in them. */

const at = (date: string, time: string) => toHelsinkiIso(wallClock(date, time));
const openDay = (date: string, opens = "06:00", closes = "22:00"): OpeningDay => ({
  date,
  opens: at(date, opens),
  closes: at(date, closes),
});
const closedDay = (date: string): OpeningDay => ({ date, opens: null, closes: null });

const booking = (
  id: string,
  start: string,
  end: string,
  extra: Partial<AdminReservation> = {},
): AdminReservation => ({
  id,
  areaId: 1,
  areaName: "Iso alue",
  start,
  end,
  status: "confirmed",
  kind: "single",
  name: `Varaaja ${id}`,
  email: `${id}@example.com`,
  phone: null,
  dogs: 1,
  priceCents: 1500,
  paymentStatus: "paid",
  cancelledAt: null,
  cancelReason: null,
  createdAt: "2026-06-01T12:00:00+03:00",
  ...extra,
});

describe("hourCells", () => {
  it("gives the last Sunday of October 25 hours, 3.00 twice (summer time, then winter time)", () => {
    const cells = hourCells("2026-10-25", { from: 0, to: 24 }, openDay("2026-10-25"));
    expect(cells).toHaveLength(25);
    expect(cells.slice(2, 6).map((c) => c.row)).toEqual(["2.00", "3.00", "3.00#2", "4.00"]);
    expect(toHelsinkiIso(cells[3]!.startMs)).toBe("2026-10-25T03:00:00+03:00");
    expect(toHelsinkiIso(cells[4]!.startMs)).toBe("2026-10-25T03:00:00+02:00");
    expect(cells[4]!.startMs - cells[3]!.startMs).toBe(3_600_000);
    expect(toHelsinkiIso(cells.at(-1)!.endMs)).toBe("2026-10-26T00:00:00+02:00");
  });

  it("gives the last Sunday of March 23 hours, without 3.00", () => {
    const cells = hourCells("2026-03-29", { from: 0, to: 24 }, openDay("2026-03-29"));
    expect(cells).toHaveLength(23);
    expect(cells.map((c) => c.label)).not.toContain("3.00");
    expect(cells.slice(2, 4).map((c) => c.label)).toEqual(["2.00", "4.00"]);
  });

  it("marks the hours outside the date's opening hours, and a closed date's every hour", () => {
    const cells = hourCells("2026-06-16", { from: 8, to: 12 }, openDay("2026-06-16", "09:30", "11:00"));
    expect(cells.map((c) => [c.label, c.open])).toEqual([
      ["8.00", false],
      ["9.00", true],
      ["10.00", true],
      ["11.00", false],
    ]);
    expect(hourCells("2026-06-16", { from: 8, to: 10 }, closedDay("2026-06-16")).some((c) => c.open)).toBe(
      false,
    );
  });
});

describe("alignRows", () => {
  const week = (from: string, to: string) =>
    datesBetween(from, to).map((date) => hourCells(date, { from: 0, to: 24 }, openDay(date)));

  it("gives a week with the autumn change a row of its own for the repeated hour", () => {
    const rows = alignRows(week("2026-10-19", "2026-10-25"));
    expect(rows).toHaveLength(25);
    const repeated = rows.find((r) => r.key === "3.00#2")!;
    expect(repeated).toMatchObject({ label: "3.00", occurrence: 2 });
    expect(repeated.cells).toEqual([null, null, null, null, null, null, 4]);
    expect(rows.map((r) => r.key).slice(3, 6)).toEqual(["3.00", "3.00#2", "4.00"]);
    // After the repeat, Sunday's cells are one further along than the other days'.
    expect(rows.find((r) => r.key === "10.00")!.cells).toEqual([10, 10, 10, 10, 10, 10, 11]);
  });

  it("leaves the hour spring skips empty on that Sunday", () => {
    const rows = alignRows(week("2026-03-23", "2026-03-29"));
    expect(rows).toHaveLength(24);
    expect(rows.find((r) => r.key === "3.00")!.cells).toEqual([3, 3, 3, 3, 3, 3, null]);
    expect(rows.find((r) => r.key === "4.00")!.cells).toEqual([4, 4, 4, 4, 4, 4, 3]);
  });
});

describe("hourSpan", () => {
  it("runs from the earliest opening to the latest closing, a half hour rounded outwards", () => {
    expect(
      hourSpan([openDay("2026-06-15", "08:00", "20:00"), openDay("2026-06-16", "07:30", "21:30")], []),
    ).toEqual({ from: 7, to: 22 });
    expect(hourSpan([openDay("2026-06-15", "06:00", "24:00")], [])).toEqual({ from: 6, to: 24 });
  });

  it("widens to cover a booking outside the hours, clipped to the shown dates", () => {
    const late = { start: at("2026-06-16", "22:30"), end: at("2026-06-17", "01:00") };
    expect(hourSpan([openDay("2026-06-16")], [late])).toEqual({ from: 6, to: 24 });
    expect(hourSpan([openDay("2026-06-17")], [late])).toEqual({ from: 0, to: 22 });
    expect(hourSpan([openDay("2026-06-18")], [late])).toEqual({ from: 6, to: 22 });
  });

  it("falls back to a daytime span when nothing is open or booked", () => {
    expect(hourSpan([closedDay("2026-06-16")], [])).toEqual(DEFAULT_SPAN);
  });
});

describe("placeInCells", () => {
  const cells = hourCells("2026-06-16", { from: 9, to: 13 }, openDay("2026-06-16"));

  it("shows an item in full in its first hour and as continuing in the others", () => {
    const item = { id: "a", start: at("2026-06-16", "10:30"), end: at("2026-06-16", "12:00") };
    const placed = placeInCells(cells, [item]);
    expect(placed.map((p) => [p.starts.length, p.continues.length])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
  });

  it("starts an item that began before the shown hours in the first one, and leaves out one outside them", () => {
    const allDay = { start: at("2026-06-16", "00:00"), end: at("2026-06-16", "24:00") };
    const night = { start: at("2026-06-16", "02:00"), end: at("2026-06-16", "04:00") };
    const placed = placeInCells(cells, [allDay, night]);
    expect(placed[0]!.starts).toEqual([allDay]);
    expect(placed.slice(1).every((p) => p.continues.length === 1 && p.starts.length === 0)).toBe(true);
    expect(placed.flatMap((p) => [...p.starts, ...p.continues])).not.toContain(night);
  });
});

describe("calendarGrid", () => {
  const list: ReservationList = {
    reservations: [
      booking("a", at("2026-06-16", "10:00"), at("2026-06-16", "11:00")),
      booking("b", at("2026-06-16", "12:00"), at("2026-06-16", "13:00"), { areaId: 2, areaName: "Pieni" }),
      booking("c", at("2026-06-16", "14:00"), at("2026-06-16", "15:00"), { status: "cancelled" }),
      booking("d", at("2026-06-18", "10:00"), at("2026-06-18", "11:00"), { areaId: 2, areaName: "Pieni" }),
    ],
    blocks: [
      {
        id: 1,
        areaId: null,
        areaName: null,
        start: at("2026-06-16", "08:00"),
        end: at("2026-06-16", "09:00"),
        reason: "Huolto",
      },
      {
        id: 2,
        areaId: 1,
        areaName: "Iso alue",
        start: at("2026-06-17", "08:00"),
        end: at("2026-06-17", "09:00"),
        reason: "Aita",
      },
    ],
    areas: [
      { id: 1, name: "Iso alue", active: true },
      { id: 2, name: "Pieni", active: true },
      { id: 3, name: "Suljettu alue", active: false },
    ],
    days: datesBetween("2026-06-15", "2026-06-21").map((d) => openDay(d, "08:00", "20:00")),
  };
  const shown = (column: { placements: Array<{ starts: Array<{ start: string } & object> }> }) =>
    column.placements.flatMap((p) =>
      p.starts.map((i) => ("reservation" in i ? (i.reservation as { id: string }).id : "block")),
    );

  it("gives the day view a column per active area, each with its bookings and the blocks over it", () => {
    const grid = calendarGrid({ view: "day", date: "2026-06-16", list, areaId: null });
    expect(grid.columns.map((c) => c.heading)).toEqual(["Iso alue", "Pieni"]);
    expect(shown(grid.columns[0]!)).toEqual(["block", "a"]);
    expect(shown(grid.columns[1]!)).toEqual(["block", "b"]);
    expect(grid.rows.map((r) => r.label)).toEqual(
      ["8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19"].map((h) => `${h}.00`),
    );
  });

  it("gives the week view a column per date, for every area or only the chosen one", () => {
    const all = calendarGrid({ view: "week", date: "2026-06-16", list, areaId: null });
    expect(all.columns.map((c) => c.heading)).toEqual([
      "ma 15.6.2026",
      "ti 16.6.2026",
      "ke 17.6.2026",
      "to 18.6.2026",
      "pe 19.6.2026",
      "la 20.6.2026",
      "su 21.6.2026",
    ]);
    expect(all.columns.map(shown)).toEqual([[], ["block", "a", "b"], ["block"], ["d"], [], [], []]);
    const small = calendarGrid({ view: "week", date: "2026-06-16", list, areaId: 2 });
    expect(small.columns.map(shown)).toEqual([[], ["block", "b"], [], ["d"], [], [], []]);
  });
});
