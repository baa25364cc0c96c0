import { useEffect, useRef, type ReactNode } from "react";
import { formatTimeRange } from "../../../domain/helsinkiClock";
import {
  moveAmountLabel,
  moveAmountSentence,
  type MoveQuote,
  type MoveSlot,
} from "../../../domain/moveSlots";

type Props = {
  id: string;
  date: string;
  /** The first date that may be chosen (today in Helsinki), and the last (the booking window's end). */
  minDate: string;
  maxDate?: string;
  /** What the move may do, said first (the visitor's price rule, the member's quota). */
  intro: string;
  /** What the chosen time does (a member's hours), under the times. */
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
 * 'Siirrä varaus' on /oma-varaus and /oma-tili: a day, its free times (on /oma-varaus each with what
 * moving there pays or gives back, as the server quotes it), and the confirmation, which repeats the
 * chosen time and its exact amount; nothing is sent before 'Siirrä tähän aikaan'. A dearer choice
 * goes to the payment page first; the booking moves when the difference is paid. It takes the focus
 * when it opens, so a keyboard or screen reader user lands in it.
 */
export function MoveChooser(props: Props) {
  const { id, date, phase, slots, choice, error, chosenQuote } = props;
  const moving = phase === "moving";
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.focus(), []);
  return (
    <div
      className="notice move-chooser"
      role="group"
      aria-labelledby={`move-${id}`}
      tabIndex={-1}
      ref={group}
    >
      <p id={`move-${id}`}>{props.intro}</p>
      <label>
        Päivä{" "}
        <input
          type="date"
          value={date}
          min={props.minDate}
          max={props.maxDate}
          disabled={moving}
          onChange={(e) => e.target.value && props.onDate(e.target.value)}
        />
      </label>
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
        <ul className="plain-list move-chooser__slots" aria-label="Vapaat ajat">
          {slots.map((slot) => {
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
      {choice && props.summary}
      {choice && chosenQuote && !moving && (
        <p>
          Uusi aika {formatTimeRange(choice.start, choice.end)}. {moveAmountSentence(chosenQuote)}.
          {chosenQuote.differenceCents > 0 &&
            " Siirryt maksamaan, ja varaus siirretään, kun maksu on tehty. Siihen asti varauksesi pysyy nykyisellä ajalla."}
        </p>
      )}
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
  );
}
