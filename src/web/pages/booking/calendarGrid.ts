import type { CalendarDay, CalendarSlot } from "../../../../machines/bookingCalendarMachine";

/*
 * How the calendars are laid out. The public calendar (day first, decision 031): the week as a strip
 * of days with their free hours, then the chosen day's times in rows of a grid (WAI-ARIA grid:
 * arrow keys move between cells). The member calendar's week table
 * (weekRows) is in CalendarViews, off the public calendar's first load.
 */

/** The cheapest length of a free slot, for the "alk. 9,00 €" hint. */
export function lowestPrice(slot: CalendarSlot): number | null {
  return slot.options.length ? Math.min(...slot.options.map((o) => o.priceCents)) : null;
}

/** How many hours of a day are free to book (cells are whole minutes apart). */
export function freeHours(day: CalendarDay): number {
  const minutes = day.slots
    .filter((slot) => slot.status === "free")
    .reduce((sum, slot) => sum + (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000, 0);
  return minutes / 60;
}

/** The strip's words for a day: "3 h vapaana", "1,5 h vapaana", "Täynnä", "Suljettu". */
export function freeHoursText(day: CalendarDay): string {
  if (day.slots.length === 0) return "Suljettu";
  const hours = freeHours(day);
  if (hours === 0) return "Ei vapaita";
  return `${String(hours).replace(".", ",")} h vapaana`;
}

/** Cells in rows of `columns` (the grid's rows: the arrow keys move by row and column). */
export function gridRows<T>(cells: T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < cells.length; i += columns) rows.push(cells.slice(i, i + columns));
  return rows;
}

/**
 * Where an arrow key moves the focus in a grid of `count` cells, `columns` to a row (WAI-ARIA grid
 * pattern): left/right by one, up/down by a row, Home/End to the row's ends, Ctrl+Home/End to the
 * first and last cell. Null for a key the grid does not use; the edges do not wrap.
 */
export function gridMove(
  index: number,
  key: string,
  ctrl: boolean,
  count: number,
  columns: number,
): number | null {
  const rowStart = index - (index % columns);
  let next: number;
  switch (key) {
    case "ArrowRight":
      next = index + 1;
      break;
    case "ArrowLeft":
      next = index - 1;
      break;
    case "ArrowDown":
      next = index + columns;
      break;
    case "ArrowUp":
      next = index - columns;
      break;
    case "Home":
      next = ctrl ? 0 : rowStart;
      break;
    case "End":
      next = ctrl ? count - 1 : Math.min(rowStart + columns, count) - 1;
      break;
    default:
      return null;
  }
  return next < 0 || next >= count ? index : next;
}
