import type {
  AdminBlock,
  AdminReservation,
  OpeningDay,
  ReservationList,
} from "../../../domain/admin/reservations";
import { formatDate, formatTime, inHelsinki, wallClock } from "../../../domain/helsinkiTime";

/*
 * How varaukset's day and week views are laid out (pure, DST-correct). A column is one date (week
 * view) or one area (day view); its cells are the real hours of that date, so a date has 23, 24
 * or 25 of them. Rows line the columns up by wall-clock hour: the hour autumn repeats (3.00 on the
 * last Sunday of October) gets a second row of its own, and the hour spring skips leaves a gap.
 */

const HOUR_MS = 3_600_000;

export type Timed = { start: string; end: string };

export type HourCell = {
  date: string;
  startMs: number;
  endMs: number;
  /** "10.00" */
  label: string;
  /** 2 for the second 3.00 of the autumn change (winter time), otherwise 1. */
  occurrence: number;
  /** The row this hour belongs to in every column: "10.00", "3.00#2". */
  row: string;
  /** Whether any of the hour is within the date's opening hours. */
  open: boolean;
};

/** The whole hours shown, 0..24 on the wall clock. */
export type HourSpan = { from: number; to: number };

/** Shown when no date of the view is open and nothing is booked. */
export const DEFAULT_SPAN: HourSpan = { from: 8, to: 20 };

/** An instant's wall-clock hour on `date`, rounded down (0 before the date) or up (24 after it). */
function hourOn(date: string, iso: string, round: "down" | "up"): number {
  const t = inHelsinki(iso);
  const day = t.toISODate()!;
  if (day < date) return 0;
  if (day > date) return 24;
  return round === "down" || (t.minute === 0 && t.second === 0) ? t.hour : t.hour + 1;
}

/**
 * From the earliest opening to the latest closing of the dates, widened to cover every booking
 * shown (an admin may book outside the hours). Blocks do not widen it: a block over a whole day
 * would otherwise stretch every view to 24 hours.
 */
export function hourSpan(days: OpeningDay[], bookings: Timed[]): HourSpan {
  let from = Infinity;
  let to = -Infinity;
  for (const day of days) {
    if (day.opens && day.closes) {
      from = Math.min(from, hourOn(day.date, day.opens, "down"));
      to = Math.max(to, hourOn(day.date, day.closes, "up"));
    }
    const dayStart = wallClock(day.date, "00:00").toMillis();
    const dayEnd = wallClock(day.date, "24:00").toMillis();
    for (const b of bookings) {
      if (Date.parse(b.end) <= dayStart || Date.parse(b.start) >= dayEnd) continue;
      from = Math.min(from, hourOn(day.date, b.start, "down"));
      to = Math.max(to, hourOn(day.date, b.end, "up"));
    }
  }
  return from < to ? { from, to } : DEFAULT_SPAN;
}

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The real hours of a date within the span, each marked open or not by that date's hours. */
export function hourCells(date: string, span: HourSpan, opening?: OpeningDay): HourCell[] {
  const first = wallClock(date, hh(span.from)).toMillis();
  const last = wallClock(date, span.to === 24 ? "24:00" : hh(span.to)).toMillis();
  const opens = opening?.opens ? Date.parse(opening.opens) : null;
  const closes = opening?.closes ? Date.parse(opening.closes) : null;
  const seen = new Map<string, number>();
  const cells: HourCell[] = [];
  for (let startMs = first; startMs < last; startMs += HOUR_MS) {
    const endMs = startMs + HOUR_MS;
    const label = formatTime(startMs);
    const occurrence = (seen.get(label) ?? 0) + 1;
    seen.set(label, occurrence);
    cells.push({
      date,
      startMs,
      endMs,
      label,
      occurrence,
      row: occurrence > 1 ? `${label}#${occurrence}` : label,
      open: opens !== null && closes !== null && startMs < closes && endMs > opens,
    });
  }
  return cells;
}

export type GridRow = {
  key: string;
  label: string;
  occurrence: number;
  /** Per column: the index of its cell in this row, or null when that date has no such hour. */
  cells: Array<number | null>;
};

/** Lines up the columns' hours by wall-clock time (then by occurrence). */
export function alignRows(columns: HourCell[][]): GridRow[] {
  const rows = new Map<string, { label: string; occurrence: number; order: number }>();
  for (const cells of columns)
    for (const cell of cells) {
      if (rows.has(cell.row)) continue;
      const t = inHelsinki(cell.startMs);
      rows.set(cell.row, {
        label: cell.label,
        occurrence: cell.occurrence,
        order: (t.hour * 60 + t.minute) * 10 + cell.occurrence,
      });
    }
  return [...rows.entries()]
    .sort((a, b) => a[1].order - b[1].order)
    .map(([key, row]) => ({
      key,
      label: row.label,
      occurrence: row.occurrence,
      cells: columns.map((cells) => {
        const index = cells.findIndex((c) => c.row === key);
        return index < 0 ? null : index;
      }),
    }));
}

export type Placement<T> = {
  /** Items whose first shown hour is this one: shown here in full. */
  starts: T[];
  /** Items that began in an earlier hour and still cover this one. */
  continues: T[];
};

/** Puts each item in the hours it overlaps (an item outside every hour is left out). */
export function placeInCells<T extends Timed>(cells: HourCell[], items: T[]): Array<Placement<T>> {
  const placements = cells.map((): Placement<T> => ({ starts: [], continues: [] }));
  for (const item of items) {
    const start = Date.parse(item.start);
    const end = Date.parse(item.end);
    let first = true;
    cells.forEach((cell, i) => {
      if (start >= cell.endMs || end <= cell.startMs) return;
      placements[i]![first ? "starts" : "continues"].push(item);
      first = false;
    });
  }
  return placements;
}

export type CalendarItem =
  | { type: "reservation"; start: string; end: string; reservation: AdminReservation }
  | { type: "block"; start: string; end: string; block: AdminBlock };

export type CalendarColumn = {
  key: string;
  /** "ti 16.6.2026" (week) or the area's name (day). */
  heading: string;
  date: string;
  /** The column's area in the day view; the filter's (or null for all) in the week view. */
  areaId: number | null;
  cells: HourCell[];
  placements: Array<Placement<CalendarItem>>;
};

/** Bookings that hold their time; cancelled and expired ones are in the list view only. */
export const holdsTime = (r: AdminReservation) => r.status === "confirmed" || r.status === "pending";

const asItems = (reservations: AdminReservation[], blocks: AdminBlock[]): CalendarItem[] => [
  ...blocks.map((block) => ({ type: "block" as const, start: block.start, end: block.end, block })),
  ...reservations.map((reservation) => ({
    type: "reservation" as const,
    start: reservation.start,
    end: reservation.end,
    reservation,
  })),
];

/**
 * The day view (one column per area, or only the chosen one) or the week view (one column per
 * date of `list.days`, every area or the chosen one), with the rows that line them up.
 */
export function calendarGrid(input: {
  view: "day" | "week";
  date: string;
  list: ReservationList;
  areaId: number | null;
}): { columns: CalendarColumn[]; rows: GridRow[] } {
  const { list, areaId } = input;
  const bookings = list.reservations.filter((r) => holdsTime(r) && (areaId === null || r.areaId === areaId));
  const blocksOf = (area: number | null) =>
    list.blocks.filter((b) => area === null || b.areaId === null || b.areaId === area);
  const days = input.view === "day" ? list.days.filter((d) => d.date === input.date) : list.days;
  const span = hourSpan(days, bookings);

  const column = (
    key: string,
    heading: string,
    day: OpeningDay,
    area: number | null,
    items: CalendarItem[],
  ) => {
    const cells = hourCells(day.date, span, day);
    return { key, heading, date: day.date, areaId: area, cells, placements: placeInCells(cells, items) };
  };
  const columns: CalendarColumn[] =
    input.view === "week"
      ? days.map((day) =>
          column(
            day.date,
            formatDate(wallClock(day.date, "12:00")),
            day,
            areaId,
            asItems(bookings, blocksOf(areaId)),
          ),
        )
      : days.flatMap((day) =>
          list.areas
            .filter((a) =>
              areaId === null ? a.active || bookings.some((r) => r.areaId === a.id) : a.id === areaId,
            )
            .map((a) =>
              column(
                `${day.date}-${a.id}`,
                a.name,
                day,
                a.id,
                asItems(
                  bookings.filter((r) => r.areaId === a.id),
                  blocksOf(a.id),
                ),
              ),
            ),
        );
  return { columns, rows: alignRows(columns.map((c) => c.cells)) };
}
