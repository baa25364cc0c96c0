import { useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import type { CalendarDay, CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import { formatDate, formatDateTime, formatTime } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { Link } from "react-router-dom";
import { cellLabel, UnbookableNotes } from "./calendarNotes";
import { waitlistPathFor } from "./waitlistPath";
import type { OwnCell } from "../../../client/ownTimes";
import { freeHoursText, gridMove, gridRows, lowestPrice } from "./calendarGrid";

/*
 * The public calendar, day first (decision 031): a strip of the week's days, each with its free
 * hours, then the chosen day's start times as a WAI-ARIA grid: one tab stop (roving tabindex), the
 * arrow keys, Home and End move between the cells. Every cell is focusable: a free one is a button;
 * a taken, held or closed one says so in words (a held one when it may free) and can hold a link.
 */

const WEEKDAYS = ["ma", "ti", "ke", "to", "pe", "la", "su"];
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
const dayAndMonth = (date: string) => `${Number(date.slice(8, 10))}.${Number(date.slice(5, 7))}.`;

type StripDay = { date: string };
type StripProps<Day extends StripDay> = {
  days: Day[];
  date: string;
  today: string;
  onChoose(date: string): void;
  /** What a day says under its date: its free hours (the calendar's days). */
  note?(day: Day): string;
  /** The last day that may be chosen (the move's booking window). */
  lastDate?: string;
};

/** The seven days as buttons, the chosen one pressed; days gone by (or past the last) cannot be chosen. */
export function DayStrip<Day extends StripDay = CalendarDay>(props: StripProps<Day>) {
  const { days, date, today, onChoose, lastDate = "9" } = props;
  const note = props.note ?? (freeHoursText as unknown as (day: Day) => string);
  return (
    <ul className="day-strip plain-list" aria-label="Viikon päivät">
      {days.map((day) => {
        const past = day.date < today;
        return (
          <li key={day.date}>
            <button
              type="button"
              className="day-strip__day"
              aria-pressed={day.date === date}
              aria-current={day.date === today ? "date" : undefined}
              disabled={past || day.date > lastDate}
              onClick={() => onChoose(day.date)}
            >
              <span className="day-strip__weekday">{weekdayOf(day.date)}</span>{" "}
              <span className="day-strip__date">{dayAndMonth(day.date)}</span>{" "}
              <span className="day-strip__free">{past ? "Mennyt" : note(day)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type GridProps = {
  day: CalendarDay | undefined;
  now: Date;
  /** Cells to a row: the grid's rows are real rows for the arrow keys. */
  columns: number;
  selectedStart: string | null;
  onSelect(start: string): void;
  bookingWindowDays?: number;
  /** What the extra dogs add to every price (decision 036). */
  extraCents?: number;
  /** A taken cell that is the visitor's own booking or hold: says so and links to it, not to the waitlist. */
  ownCell?(slot: CalendarSlot): OwnCell | undefined;
};

function CellContent(props: { slot: CalendarSlot; bookingWindowDays?: number; extraCents?: number }) {
  const { slot, bookingWindowDays, extraCents = 0 } = props;
  if (slot.status === "free") {
    const lowest = lowestPrice(slot);
    const price = lowest === null ? null : lowest + extraCents;
    return (
      <>
        {/* The name is "Vapaa <day and time>, alk. 9,00 €": the visible time is part of it. */}
        <span className="time-cell__time" aria-hidden="true">
          {formatTime(slot.start)}
        </span>
        <span>Vapaa</span> <span className="visually-hidden">{`${formatDateTime(slot.start)},`}</span>{" "}
        {price !== null && <span className="time-cell__note">{`alk. ${formatEuros(price)}`}</span>}
      </>
    );
  }
  return (
    <>
      <span className="time-cell__time">{formatTime(slot.start)}</span>{" "}
      <span>{cellLabel(slot, bookingWindowDays)}</span>
      {slot.freesAt && (
        <>
          {" "}
          <span className="time-cell__note">{`voi vapautua klo ${formatTime(slot.freesAt)}`}</span>
        </>
      )}
    </>
  );
}

/** The chosen day's start times; ended ones are left out (the list starts from the one under way). */
export function DayGrid(props: GridProps) {
  const { day, now, columns, selectedStart, onSelect, bookingWindowDays, extraCents } = props;
  const { ownCell } = props;
  const cells = useRef<Array<HTMLElement | null>>([]);
  // Which cell has the tab stop: view-only state (where the keyboard is), not the machine's.
  const [active, setActive] = useState<string | null>(null);
  if (!day || day.slots.length === 0) return <p className="notice">Puisto on suljettu tänä päivänä.</p>;
  const upcoming = day.slots.filter((slot) => new Date(slot.end).getTime() > now.getTime());
  if (upcoming.length === 0) return <p className="notice">Tämän päivän ajat ovat jo menneet.</p>;

  const starts = upcoming.map((slot) => slot.start);
  const fallback = starts.indexOf(selectedStart ?? "");
  const firstFree = upcoming.findIndex((slot) => slot.status === "free");
  const stop =
    active && starts.includes(active)
      ? starts.indexOf(active)
      : fallback >= 0
        ? fallback
        : Math.max(firstFree, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = gridMove(stop, event.key, event.ctrlKey, upcoming.length, columns);
    if (next === null) return;
    event.preventDefault();
    setActive(starts[next]!);
    cells.current[next]?.focus();
  };

  return (
    <>
      {upcoming.length < day.slots.length && <p className="muted">Päivän aiemmat ajat ovat jo menneet.</p>}
      <div
        className="time-grid"
        role="grid"
        aria-label={`Ajat ${formatDate(day.date)}`}
        style={{ "--time-grid-columns": columns } as CSSProperties}
        onKeyDown={onKeyDown}
      >
        {gridRows(upcoming, columns).map((row, r) => (
          <div className="time-grid__row" role="row" key={row[0]!.start}>
            {row.map((slot, c) => {
              const index = r * columns + c;
              const tabIndex = index === stop ? 0 : -1;
              const ref = (el: HTMLElement | null) => {
                cells.current[index] = el;
              };
              const focus = () => setActive(slot.start);
              const own = slot.status === "taken" ? ownCell?.(slot) : undefined;
              return slot.status === "free" ? (
                <div role="gridcell" key={slot.start} className="time-grid__cell">
                  <button
                    type="button"
                    ref={ref}
                    tabIndex={tabIndex}
                    className="time-cell time-cell--free"
                    aria-pressed={selectedStart === slot.start}
                    onFocus={focus}
                    onClick={() => onSelect(slot.start)}
                  >
                    <CellContent slot={slot} extraCents={extraCents} />
                  </button>
                </div>
              ) : slot.status === "taken" ? (
                // A taken or held time offers its waitlist (decision 033), the visitor's own booking
                // the way to it and their own unpaid hold its checkout ("Jatka maksamaan"); the link
                // is the cell's stop.
                <div
                  role="gridcell"
                  key={slot.start}
                  className={`time-grid__cell time-cell time-cell--${own ? "own" : "taken"}${slot.freesAt ? " time-cell--held" : ""}`}
                >
                  {own ? (
                    <>
                      <span className="time-cell__time">{formatTime(slot.start)}</span> {own.label}
                    </>
                  ) : (
                    <CellContent slot={slot} bookingWindowDays={bookingWindowDays} />
                  )}{" "}
                  <Link
                    ref={ref}
                    tabIndex={tabIndex}
                    onFocus={focus}
                    className="time-cell__waitlist"
                    to={own?.to ?? waitlistPathFor(slot.start, slot.end)}
                  >
                    {own?.linkText ?? "Ilmoita, jos aika vapautuu"}
                    <span className="visually-hidden">{`: ${formatDateTime(slot.start)}`}</span>
                  </Link>
                </div>
              ) : (
                <div
                  role="gridcell"
                  key={slot.start}
                  ref={ref}
                  tabIndex={tabIndex}
                  onFocus={focus}
                  className={`time-grid__cell time-cell time-cell--${slot.status}${slot.freesAt ? " time-cell--held" : ""}`}
                >
                  <CellContent slot={slot} bookingWindowDays={bookingWindowDays} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {/* Why the grey cells cannot be booked: a footnote after the times, which come first on a
          phone's first screen (issue 32). */}
      <UnbookableNotes days={[day]} bookingWindowDays={bookingWindowDays} />
    </>
  );
}
