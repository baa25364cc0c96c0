import { DateTime } from "luxon";
import { HELSINKI } from "../../../domain/helsinkiTime";

/**
 * The week view's day picker on a phone, where one date's column is shown at a time: the
 * previous and next day (crossing into the neighbouring week loads it) and the week's dates as a
 * strip. admin.css shows it on narrow screens only; on a wide one every date is a column already.
 */
export function CalendarDayStrip(props: { date: string; days: string[]; onDate(date: string): void }) {
  const shift = (days: number) =>
    DateTime.fromISO(props.date, { zone: HELSINKI }).plus({ days }).toISODate()!;
  const day = (date: string) => DateTime.fromISO(date, { zone: HELSINKI }).setLocale("fi");
  return (
    <div className="calendar-day-strip" role="group" aria-label="Näytettävä päivä">
      <button type="button" className="button button-secondary" onClick={() => props.onDate(shift(-1))}>
        <span aria-hidden="true">‹ </span>Edellinen päivä
      </button>
      <ul className="calendar-day-strip__days">
        {props.days.map((date) => (
          <li key={date}>
            <button
              type="button"
              className="calendar-day-strip__day"
              aria-pressed={date === props.date}
              onClick={() => props.onDate(date)}
            >
              <span className="calendar-day-strip__weekday">{day(date).toFormat("ccc")}</span>{" "}
              <span>{day(date).toFormat("d.L.")}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-secondary" onClick={() => props.onDate(shift(1))}>
        Seuraava päivä<span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}
