import { useEffect, useRef, useState, type ReactNode } from "react";
import { rangeOf, type CalendarDay } from "../../../../machines/bookingCalendarMachine";
import { addDays, formatTimeRange } from "../../../domain/helsinkiClock";
import {
  moveAmountLabel,
  moveAmountSentence,
  type MoveQuote,
  type MoveSlot,
} from "../../../domain/moveSlots";
import { DayGrid, DayStrip } from "./CalendarDayGrid";
import { useWideScreen } from "./useWideScreen";

type Props = {
  id: string;
  date: string;
  /** The first date that may be chosen (today in Helsinki), and the last (the booking window's end). */
  minDate: string;
  maxDate?: string;
  /** What the move may do, said first (the visitor's price rule, the member's quota). */
  intro: string;
  /** What the chosen time does (a member's hours), in the bar with the confirmation. */
  summary?: ReactNode;
  phase: "loadingDay" | "picking" | "dayFailed" | "moving";
  slots: MoveSlot[];
  choice: { start: string; end: string } | null;
  /** What the chosen time pays or gives back (the visitor's); none for a booking without money. */
  chosenQuote?: MoveQuote | null;
  error: string | null;
  canConfirm: boolean;
  onDate(date: string): void;
  onSlot(slot: MoveSlot): void;
  onConfirm(): void;
  onKeep(): void;
};

/**
 * 'Siirrä varaus' on /oma-varaus and /oma-tili, laid out as the calendar is: the seven days from
 * today (the calendar's day strip; the date field and the week steps reach further), the day's free
 * starts in the calendar's time grid, then the lengths that fit the chosen start, each with what
 * moving there pays or gives back (on /oma-varaus, as the server quotes it). A bar that stays in
 * view (at the bottom of a phone's screen) names the chosen time and its exact amount beside the
 * confirmation; nothing is sent before 'Siirrä tähän aikaan'. A dearer choice goes to the payment
 * page first; the booking moves when the difference is paid. It takes the focus when it opens (and
 * scrolls to its top), so a keyboard or screen reader user lands in it and a phone shows its times.
 */
export function MoveChooser(props: Props) {
  const { id, date, phase, slots, choice, error, chosenQuote, minDate, maxDate } = props;
  const moving = phase === "moving";
  const wide = useWideScreen();
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    group.current?.focus({ preventScroll: true });
    group.current?.scrollIntoView?.({ block: "start" });
  }, []);
  // The chosen day in the strip's view (a phone shows three or four of the seven).
  useEffect(() => {
    const strip = group.current?.querySelector(".day-strip");
    const day = strip?.querySelector("[aria-pressed=true]");
    if (!strip || !day) return;
    const [s, d] = [strip.getBoundingClientRect(), day.getBoundingClientRect()];
    strip.scrollLeft += d.left + d.width / 2 - (s.left + s.width / 2);
  }, [date]);
  // Which start's lengths are shown: the view's own state (the machine holds the chosen time).
  const [picked, setPicked] = useState<{ date: string; start: string } | null>(null);
  const start = picked?.date === date ? picked.start : (choice?.start ?? null);

  const starts = [...new Set(slots.map((slot) => slot.start))];
  const day: CalendarDay = {
    date,
    opensAt: null,
    closesAt: null,
    slots: starts.map((s) => ({ start: s, end: s, status: "free", options: [] })),
  };
  const lengths = slots.filter((slot) => slot.start === start);
  const shown = date || minDate;
  const from = rangeOf(shown, minDate).from;
  const week = Array.from({ length: 7 }, (_, i) => ({ date: addDays(from, i) }));
  const free =
    starts.length === 0 ? "Ei vapaita" : `${starts.length} ${starts.length === 1 ? "vapaa" : "vapaata"}`;
  const step = (days: number) => {
    const to = addDays(shown, days);
    props.onDate(to < minDate ? minDate : to);
  };

  return (
    <div
      className="notice move-chooser"
      role="group"
      aria-labelledby={`move-${id}`}
      tabIndex={-1}
      ref={group}
    >
      <p id={`move-${id}`}>{props.intro}</p>
      <DayStrip
        days={week}
        date={date}
        today={minDate}
        lastDate={maxDate}
        note={(d) => (d.date === date && phase === "picking" ? free : "")}
        onChoose={(next) => !moving && next !== date && props.onDate(next)}
      />
      <div className="move-chooser__nav button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={moving || shown <= minDate}
          onClick={() => step(-7)}
        >
          ← Edellinen viikko
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={moving || (!!maxDate && addDays(shown, 7) > maxDate)}
          onClick={() => step(7)}
        >
          Seuraava viikko →
        </button>
        <label className="calendar-toolbar__date">
          <span>Päivä</span>
          <input
            type="date"
            value={date}
            min={minDate}
            max={maxDate}
            disabled={moving}
            onChange={(e) => e.target.value && props.onDate(e.target.value)}
          />
        </label>
      </div>
      {error && (
        <p className="error-message" role="alert">
          {error}
        </p>
      )}
      {phase === "loadingDay" && <p className="muted">Ladataan vapaita aikoja…</p>}
      {phase === "picking" && slots.length === 0 && (
        <p className="muted">Tälle päivälle ei ole vapaita aikoja. Valitse toinen päivä.</p>
      )}
      {(phase === "picking" || moving) && slots.length > 0 && (
        <>
          {/* The server offers only times to come: none has ended. */}
          <DayGrid
            day={day}
            now={new Date(0)}
            columns={wide ? 6 : 3}
            selectedStart={start}
            onSelect={(s) => !moving && setPicked({ date, start: s })}
          />
          {lengths.length > 0 && (
            <ul className="plain-list move-chooser__slots" aria-label="Vapaat ajat">
              {lengths.map((slot) => {
                const chosen = choice?.start === slot.start && choice.end === slot.end;
                return (
                  <li key={`${slot.start}/${slot.end}`}>
                    <button
                      type="button"
                      className={`button ${chosen ? "" : "button-secondary"}`}
                      aria-pressed={chosen}
                      disabled={moving}
                      onClick={() => props.onSlot(slot)}
                    >
                      {formatTimeRange(slot.start, slot.end)}
                      {slot.quote && ` · ${moveAmountLabel(slot.quote)}`}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <div className="move-chooser__bar">
        {choice && !moving && (
          <p>
            Uusi aika {formatTimeRange(choice.start, choice.end)}.
            {chosenQuote && ` ${moveAmountSentence(chosenQuote)}.`}
            {chosenQuote &&
              chosenQuote.differenceCents > 0 &&
              " Siirryt maksamaan, ja varaus siirretään, kun maksu on tehty. Siihen asti varauksesi pysyy nykyisellä ajalla."}
          </p>
        )}
        {!choice && !moving && <p className="muted">Valitse aika ja kesto.</p>}
        {choice && props.summary}
        {moving && <p role="status">Siirretään varausta…</p>}
        <div className="button-row">
          <button type="button" className="button" disabled={!props.canConfirm} onClick={props.onConfirm}>
            Siirrä tähän aikaan
          </button>
          <button type="button" className="button button-secondary" disabled={moving} onClick={props.onKeep}>
            Älä siirrä
          </button>
        </div>
      </div>
    </div>
  );
}
