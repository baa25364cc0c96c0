import type { CalendarDay, CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import { addDays, formatDate, formatDateTime, formatTime, helsinkiDate } from "../../../domain/helsinkiClock";

/*
 * What a cell that cannot be booked says ("Varattu", "Suljettu", "Avautuu 25.1.") and the notes on
 * why, shared by the public calendar's day grid and the member calendar's views (CalendarViews).
 * Apart from those views, so the public calendar's first load does not carry the week table.
 */

export const slotStatusLabels = {
  free: "Vapaa",
  taken: "Varattu",
  closed: "Suljettu",
  past: "Mennyt",
  started: "Alkanut",
  beyondWindow: "Ei vielä varattavissa",
} as const;

/**
 * When a cell beyond the window opens for booking: the server takes a booking that ends within
 * now + the window's calendar days in Helsinki, so it opens at its end's wall-clock time that many
 * days earlier. A Helsinki date (YYYY-MM-DD) and a clock time ("10.00").
 */
export function bookingOpensAt(
  slot: CalendarSlot,
  bookingWindowDays: number,
): { date: string; time: string } {
  return { date: addDays(helsinkiDate(slot.end), -bookingWindowDays), time: formatTime(slot.end) };
}

const opensText = ({ date, time }: { date: string; time: string }) => `${formatDate(date)} klo ${time}`;

/** "25.1." */
const dayAndMonth = (date: string) => `${Number(date.slice(8, 10))}.${Number(date.slice(5, 7))}.`;

export function cellLabel(slot: CalendarSlot | null, bookingWindowDays: number | undefined): string {
  const status = slot?.status ?? "closed";
  if (slot && status === "beyondWindow" && bookingWindowDays !== undefined)
    return `Avautuu ${dayAndMonth(bookingOpensAt(slot, bookingWindowDays).date)}`;
  return slotStatusLabels[status];
}

/**
 * Why the grey cells cannot be booked, said once for the days shown: the slot under way (a booking
 * starts no earlier than now) and the time past the booking window, with when it opens.
 */
export function UnbookableNotes({
  days,
  bookingWindowDays,
}: {
  days: CalendarDay[];
  bookingWindowDays?: number;
}) {
  const slots = days.flatMap((day) => day.slots);
  const started = slots.find((slot) => slot.status === "started");
  const firstLater = slots.find((slot) => slot.status === "beyondWindow");
  if (!started && !firstLater) return null;
  // Folded under one short question: the reasons are for whoever wonders about a grey cell, and
  // open they were the largest text on a phone's first screen when few times were left that day,
  // painted last, after the week's data (Lighthouse's largest paint, decision 046).
  return (
    <details className="calendar-notes">
      <summary>Miksi kaikkia aikoja ei voi varata?</summary>
      {started && (
        <p className="muted">
          Alkanutta vuoroa (klo {formatTime(started.start)}–{formatTime(started.end)}) ei voi enää varata:
          varauksen on alettava tulevana aikana. Seuraava vuoro alkaa klo {formatTime(started.end)}.
        </p>
      )}
      {firstLater && (
        <p className="muted">
          {bookingWindowDays !== undefined
            ? `Aikoja voi varata ${bookingWindowDays} päivää eteenpäin. Myöhemmät ajat avautuvat varattaviksi päivä kerrallaan: ${formatDateTime(firstLater.start)} alkaen oleva vuoro avautuu ${opensText(bookingOpensAt(firstLater, bookingWindowDays))}.`
            : "Myöhemmät ajat avautuvat varattaviksi päivä kerrallaan."}
        </p>
      )}
    </details>
  );
}
