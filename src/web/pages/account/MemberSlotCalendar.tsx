import { useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { weekOf, type CalendarDay } from "../../../../machines/bookingCalendarMachine";
import type { memberSlotCalendar } from "../../../../machines/memberBookingMachine";
import { formatLength } from "../../../domain/duration";
import { formatDate, formatDateTime, formatTime } from "../../../domain/helsinkiClock";
import { CalendarToolbar } from "../booking/CalendarToolbar";
import { DayList, WeekTable } from "../booking/CalendarViews";
import { useWideScreen } from "../booking/useWideScreen";
import { useMemberBookingEnvironment } from "./memberBookingEnvironment";
import { useSiteInfo } from "../../useSiteInfo";
import "../booking/booking.css";

export type SlotCalendarRef = ActorRefFrom<typeof memberSlotCalendar>;

/**
 * Members do not pay for a slot, so the grid gets the days without their lengths: the cells then
 * show "Vapaa" without the single-booking price hint. The lengths stay in the machine.
 */
const withoutPrices = (days: CalendarDay[]): CalendarDay[] =>
  days.map((day) => ({ ...day, slots: day.slots.map((slot) => ({ ...slot, options: [] })) }));

/** The booking calendar in member mode: the same week, moves and free slots, lengths in hours. */
export function MemberSlotCalendar({ calendarRef }: { calendarRef: SlotCalendarRef }) {
  const env = useMemberBookingEnvironment();
  const wide = useWideScreen();
  const step = useSelector(calendarRef, (s) =>
    s.matches("loading") ? "loading" : s.matches("error") ? "error" : "shown",
  );
  const view = useSelector(calendarRef, (s) => s.context.view);
  const date = useSelector(calendarRef, (s) => s.context.date);
  const today = useSelector(calendarRef, (s) => s.context.today);
  const days = useSelector(calendarRef, (s) => s.context.days);
  const selected = useSelector(calendarRef, (s) => s.context.selected);
  const errorMessage = useSelector(calendarRef, (s) => s.context.errorMessage);
  const shownDays = useMemo(() => withoutPrices(days), [days]);

  useEffect(
    () => calendarRef.send({ type: "calendar.setView", view: wide ? "week" : "day" }),
    [calendarRef, wide],
  );

  const week = weekOf(date);
  const { site } = useSiteInfo();
  const cellProps = {
    bookingWindowDays: site?.slotRules.bookingWindowDays,
    selectedStart: selected?.start ?? null,
    onSelect: (start: string) => calendarRef.send({ type: "calendar.select", start }),
  };
  return (
    <div className="member-calendar">
      <CalendarToolbar
        view={view}
        date={date}
        onMove={(event) => calendarRef.send(event)}
        onGoto={(goto) => calendarRef.send({ type: "calendar.goto", date: goto })}
      />
      <h4 className="member-calendar__heading" aria-live="polite">
        {view === "week" ? `${formatDate(week.from)} – ${formatDate(week.to)}` : formatDate(date)}
      </h4>
      {step === "loading" && (
        <p role="status" className="muted">
          Ladataan varaustilannetta…
        </p>
      )}
      {step === "error" && (
        <div role="alert">
          <p className="error-message">{errorMessage}</p>
          <button
            type="button"
            className="button"
            onClick={() => calendarRef.send({ type: "calendar.retry" })}
          >
            Yritä uudelleen
          </button>
        </div>
      )}
      {step === "shown" &&
        (view === "week" ? (
          <WeekTable days={shownDays} today={today} {...cellProps} />
        ) : (
          <DayList day={shownDays.find((d) => d.date === date)} now={env.now()} {...cellProps} />
        ))}
      {step === "shown" && selected && (
        <section className="slot-chooser card" aria-labelledby="member-length-title">
          <h4 id="member-length-title">Valitse kesto</h4>
          <p>Alkaa {formatDateTime(selected.start)}</p>
          <div className="button-row">
            {selected.options.map((option) => (
              <button
                key={option.end}
                type="button"
                className="button slot-chooser__option"
                onClick={() => calendarRef.send({ type: "calendar.choose", end: option.end })}
              >
                {formatLength(option.lengthMinutes)}
                <span className="slot-chooser__until">
                  {" "}
                  (klo {formatTime(selected.start)}–{formatTime(option.end)})
                </span>
              </button>
            ))}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => calendarRef.send({ type: "calendar.deselect" })}
            >
              Peruuta valinta
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
