import type { CalendarDay, CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import { formatDate, formatDateTime, formatTime } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { lowestPrice } from "./calendarGrid";
import { cellLabel, UnbookableNotes } from "./calendarNotes";

export { bookingOpensAt, cellLabel, slotStatusLabels, UnbookableNotes } from "./calendarNotes";

/*
 * The calendar's two layouts. A cell's state is said in words ("Vapaa", "Varattu", "Suljettu",
 * "Mennyt", "Alkanut", "Avautuu 25.1."), not by colour alone; only free cells are buttons. A cell
 * taken only by unpaid checkouts says when it may free.
 */

/** The member calendar's week table: a row per time of day, a cell per day. */
type WeekRow = { time: string; cells: Array<CalendarSlot | null> };

function weekRows(days: CalendarDay[]): WeekRow[] {
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

type CellProps = {
  selectedStart: string | null;
  onSelect(start: string): void;
  /** How far ahead bookings can be made (the site's settings), to say when a later cell opens. */
  bookingWindowDays?: number;
};

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
