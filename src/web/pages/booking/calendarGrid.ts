import type { CalendarDay, CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import { formatTime } from "../../../domain/helsinkiClock";

/*
 * How the week table is laid out: one row per wall-clock start time that any day of the week has
 * (days with other opening hours, or no slots at all, leave gaps), one column per day.
 */

export type WeekRow = { time: string; cells: Array<CalendarSlot | null> };

export function weekRows(days: CalendarDay[]): WeekRow[] {
  const times = new Map<string, number>();
  for (const day of days) {
    for (const slot of day.slots) {
      const time = formatTime(slot.start);
      // Order rows by the time of day, not by the date the slot happens to be on.
      const [hours, minutes] = time.split(".").map(Number) as [number, number];
      if (!times.has(time)) times.set(time, hours * 60 + minutes);
    }
  }
  const ordered = [...times.entries()].sort((a, b) => a[1] - b[1]).map(([time]) => time);
  return ordered.map((time) => ({
    time,
    cells: days.map((day) => day.slots.find((slot) => formatTime(slot.start) === time) ?? null),
  }));
}

/** The cheapest length of a free slot, for the "alk. 9,00 €" hint. */
export function lowestPrice(slot: CalendarSlot): number | null {
  return slot.options.length ? Math.min(...slot.options.map((o) => o.priceCents)) : null;
}
