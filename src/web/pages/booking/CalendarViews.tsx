import type { CalendarDay, CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import { addDays, formatDate, formatDateTime, formatTime, helsinkiDate } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { lowestPrice, weekRows } from "./calendarGrid";

/*
 * The calendar's two layouts. A cell's state is said in words ("Vapaa", "Varattu", "Suljettu",
 * "Mennyt", "Alkanut", "Avautuu 25.1."), not by colour alone; only free cells are buttons. A cell
 * taken only by unpaid checkouts says when it may free.
 */

type CellProps = {
  selectedStart: string | null;
  onSelect(start: string): void;
  /** How far ahead bookings can be made (the site's settings), to say when a later cell opens. */
  bookingWindowDays?: number;
};

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

function SlotCell({
  slot,
  selectedStart,
  onSelect,
  bookingWindowDays,
}: CellProps & { slot: CalendarSlot | null }) {
  if (!slot || slot.status !== "free") {
    const status = slot?.status ?? "closed";
    return (
      <span className={`slot slot--${status}`}>
        {cellLabel(slot, bookingWindowDays)}
        {slot?.freesAt && (
          <span className="slot__frees">{`voi vapautua klo ${formatTime(slot.freesAt)}`}</span>
        )}
      </span>
    );
  }
  const price = lowestPrice(slot);
  const priceText = price === null ? "" : `alk. ${formatEuros(price)}`;
  return (
    // The name is the visible text with the time between (WCAG 2.5.3: a voice user says what they see).
    <button
      type="button"
      className="slot slot--free"
      aria-pressed={selectedStart === slot.start}
      onClick={() => onSelect(slot.start)}
    >
      <span>Vapaa</span>{" "}
      <span className="visually-hidden">{`${formatDateTime(slot.start)}${priceText ? "," : ""}`}</span>
      {priceText && (
        <>
          {" "}
          <span className="slot__price">{priceText}</span>
        </>
      )}
    </button>
  );
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
  return (
    <div className="calendar-notes">
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
    </div>
  );
}

export function WeekTable({ days, today, ...cell }: CellProps & { days: CalendarDay[]; today: string }) {
  const rows = weekRows(days);
  return (
    <div className="calendar-week">
      <UnbookableNotes days={days} bookingWindowDays={cell.bookingWindowDays} />
      <table>
        <caption className="visually-hidden">Viikon varaustilanne puolen tunnin jaksoissa</caption>
        <thead>
          <tr>
            <th scope="col">Aika</th>
            {days.map((day) => (
              <th scope="col" key={day.date} aria-current={day.date === today ? "date" : undefined}>
                {formatDate(day.date)}
                {!day.opensAt && <span className="calendar-week__closed"> · Suljettu</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.time}>
              <th scope="row">{row.time}</th>
              {row.cells.map((slot, index) => (
                <td key={days[index]!.date}>
                  <SlotCell slot={slot} {...cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted">Puisto on suljettu koko viikon.</p>}
    </div>
  );
}

export function DayList({ day, now, ...cell }: CellProps & { day: CalendarDay | undefined; now: Date }) {
  if (!day || day.slots.length === 0) return <p className="notice">Puisto on suljettu tänä päivänä.</p>;
  // On a phone the list starts from the slot under way: the ones that have ended are left out.
  const upcoming = day.slots.filter((slot) => new Date(slot.end).getTime() > now.getTime());
  if (upcoming.length === 0) return <p className="notice">Tämän päivän ajat ovat jo menneet.</p>;
  return (
    <>
      {upcoming.length < day.slots.length && <p className="muted">Päivän aiemmat ajat ovat jo menneet.</p>}
      <UnbookableNotes days={[day]} bookingWindowDays={cell.bookingWindowDays} />
      <ul className="calendar-day plain-list" aria-label={`Ajat ${formatDate(day.date)}`}>
        {upcoming.map((slot) => (
          <li key={slot.start} className={`calendar-day__row calendar-day__row--${slot.status}`}>
            <span className="calendar-day__time">
              {formatTime(slot.start)}–{formatTime(slot.end)}
            </span>
            <SlotCell slot={slot} {...cell} />
          </li>
        ))}
      </ul>
    </>
  );
}
