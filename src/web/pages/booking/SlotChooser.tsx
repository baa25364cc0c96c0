import { useEffect } from "react";
import type { CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import { formatDateTime, formatTime } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { formatLength } from "./labels";

type Props = {
  slot: CalendarSlot;
  /** What the extra dogs add to each length's price (decision 036). */
  extraCents?: number;
  onChoose(end: string): void;
  onCancel(): void;
};

/**
 * The lengths that fit from the chosen start, each with its end time and price. Escape (anywhere on
 * the page) or 'Peruuta valinta' closes it and gives the focus back to the time that opened it.
 */
export function SlotChooser({ slot, extraCents = 0, onChoose, onCancel }: Props) {
  const close = () => {
    const time = document.querySelector<HTMLElement>(
      ".time-cell[aria-pressed=true], .slot[aria-pressed=true]",
    );
    onCancel();
    time?.focus();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
  return (
    <section className="slot-chooser card" aria-labelledby="slot-chooser-title">
      <h2 id="slot-chooser-title">Valitse kesto</h2>
      <p>Alkaa {formatDateTime(slot.start)}</p>
      <div className="button-row">
        {slot.options.map((option) => (
          <button
            key={option.end}
            type="button"
            className="button button-secondary slot-chooser__option"
            onClick={() => onChoose(option.end)}
          >
            {formatLength(option.lengthMinutes)} · {formatEuros(option.priceCents + extraCents)}
            <span className="slot-chooser__until">
              {" "}
              (klo {formatTime(slot.start)}–{formatTime(option.end)})
            </span>
          </button>
        ))}
        <button type="button" className="button button-quiet" onClick={close}>
          Peruuta valinta
        </button>
      </div>
    </section>
  );
}
