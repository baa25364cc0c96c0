import type { CalendarView } from "../../../../machines/bookingCalendarMachine";

type Props = {
  view: CalendarView;
  /** The day steps even where the week is shown (the public calendar is day first). */
  dayButtons?: boolean;
  /** Nothing before the shown date can be booked: the steps back are off (the public calendar at today). */
  atStart?: boolean;
  date: string;
  onMove(
    event: { type: "calendar.next" | "calendar.prev"; unit: "day" | "week" } | { type: "calendar.today" },
  ): void;
  onGoto(date: string): void;
};

/** Moving between days and weeks; the day buttons only where one day is shown. */
export function CalendarToolbar({ view, dayButtons = view === "day", atStart, date, onMove, onGoto }: Props) {
  return (
    <div
      className={`calendar-toolbar button-row calendar-toolbar--${view}${dayButtons ? " calendar-toolbar--days" : ""}`}
      role="group"
      aria-label="Siirry kalenterissa"
    >
      <button
        type="button"
        className="button button-secondary calendar-toolbar__prev-week"
        disabled={atStart}
        onClick={() => onMove({ type: "calendar.prev", unit: "week" })}
      >
        ← Edellinen viikko
      </button>
      {dayButtons && (
        <button
          type="button"
          className="button button-secondary calendar-toolbar__prev-day"
          disabled={atStart}
          onClick={() => onMove({ type: "calendar.prev", unit: "day" })}
        >
          ‹ Edellinen päivä
        </button>
      )}
      <button
        type="button"
        className="button button-secondary calendar-toolbar__today"
        onClick={() => onMove({ type: "calendar.today" })}
      >
        Tänään
      </button>
      {dayButtons && (
        <button
          type="button"
          className="button button-secondary calendar-toolbar__next-day"
          onClick={() => onMove({ type: "calendar.next", unit: "day" })}
        >
          Seuraava päivä ›
        </button>
      )}
      <button
        type="button"
        className="button button-secondary calendar-toolbar__next-week"
        onClick={() => onMove({ type: "calendar.next", unit: "week" })}
      >
        Seuraava viikko →
      </button>
      <label className="calendar-toolbar__date">
        <span>Päivä</span>
        <input type="date" value={date} onChange={(e) => e.target.value && onGoto(e.target.value)} />
      </label>
    </div>
  );
}
