import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  bookingCalendarMachine,
  dateFromParam,
  type CalendarDay,
  type DateRange,
} from "../../../../machines/bookingCalendarMachine";
import { formatDate, helsinkiDate } from "../../../domain/helsinkiClock";
import { useBookingEnvironment } from "./bookingEnvironment";
import { CalendarToolbar } from "./CalendarToolbar";
import { DayGrid, DayStrip } from "./CalendarDayGrid";
import { SlotChooser } from "./SlotChooser";
import { useWideScreen } from "./useWideScreen";
import { useHydrated } from "../../useHydrated";
import { useSiteInfo } from "../../useSiteInfo";
import "./booking.css";

export const checkoutPath = (start: string, end: string) =>
  `/checkout/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;

/**
 * `/varauskalenteri/:time?` — day first on every width (decision 031): the week's days with their
 * free hours, then the chosen day's start times and, beside them (below on a phone), the lengths.
 * The machine's view says how wide the screen is: the time grid's rows are longer on a wide one.
 */
export function CalendarPage() {
  const env = useBookingEnvironment();
  const navigate = useNavigate();
  const { time } = useParams();
  const wide = useWideScreen();

  const actorRef = useActorRef(
    bookingCalendarMachine.provide({
      actors: {
        loadAvailability: fromPromise<{ days: CalendarDay[] }, DateRange>(({ input }) =>
          env.api.availability(input.from, input.to),
        ),
      },
      actions: {
        showDateInUrl: (_, { date }) => navigate(`/varauskalenteri/${date}`, { replace: true }),
        goToCheckout: (_, { start, end }) => navigate(checkoutPath(start, end)),
      },
    }),
    { input: { time, today: helsinkiDate(env.now()), view: wide ? "week" : "day" } },
  );
  // Narrow selections: the page re-renders only when what it shows changes.
  // The machine is flat: its value is the one state it is in.
  const phase = useSelector(actorRef, (s) => s.value);
  const view = useSelector(actorRef, (s) => s.context.view);
  const date = useSelector(actorRef, (s) => s.context.date);
  const today = useSelector(actorRef, (s) => s.context.today);
  const days = useSelector(actorRef, (s) => s.context.days);
  const selected = useSelector(actorRef, (s) => s.context.selected);
  const notice = useSelector(actorRef, (s) => s.context.notice);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);

  useEffect(() => actorRef.send({ type: "calendar.setView", view: wide ? "week" : "day" }), [actorRef, wide]);

  // Back/forward (or a link) changed the date in the URL: show that date. The page's own moves
  // already put the machine's date in the URL, so they send nothing here.
  useEffect(() => {
    const wanted = time === undefined ? actorRef.getSnapshot().context.today : dateFromParam(time);
    if (wanted && wanted !== actorRef.getSnapshot().context.date)
      actorRef.send({ type: "calendar.goto", date: wanted });
  }, [actorRef, time]);

  // The build's date is not the visitor's: a prerendered page shows its date once hydrated, in a
  // line of the same height (decision 030).
  const hydrated = useHydrated();
  const heading = hydrated ? formatDate(date) : "\u00a0";
  const { site } = useSiteInfo();
  const cellProps = {
    bookingWindowDays: site?.slotRules.bookingWindowDays,
    selectedStart: selected?.start ?? null,
    onSelect: (start: string) => actorRef.send({ type: "calendar.select", start }),
  };

  return (
    <section className="page booking-calendar">
      <h1>Varauskalenteri</h1>
      <p className="lead">Valitse vapaa aika ja varauksen kesto. Varaus on koko aitaukselle yksityinen.</p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <CalendarToolbar
        view={view}
        dayButtons
        date={hydrated ? date : ""}
        onMove={(event) => actorRef.send(event)}
        onGoto={(date) => actorRef.send({ type: "calendar.goto", date })}
      />
      <h2 className="booking-calendar__heading" aria-live="polite">
        {heading}
      </h2>
      <ul className="calendar-legend plain-list" aria-label="Selitteet">
        <li>
          <span className="legend-swatch time-cell--free">Vapaa</span> voit varata
        </li>
        <li>
          <span className="legend-swatch time-cell--taken">Varattu</span> jollakulla muulla
        </li>
        <li>
          <span className="legend-swatch time-cell--closed">Suljettu</span> ei varattavissa
        </li>
        <li>
          <span className="legend-swatch time-cell--started">Alkanut</span> ei enää varattavissa
        </li>
      </ul>

      {phase === "loading" && (
        <p role="status" className="muted">
          Ladataan varaustilannetta…
        </p>
      )}
      {phase === "error" && (
        <div className="card" role="alert">
          <p className="error-message">{errorMessage}</p>
          <button type="button" className="button" onClick={() => actorRef.send({ type: "calendar.retry" })}>
            Yritä uudelleen
          </button>
        </div>
      )}
      {phase === "leaving" && <p role="status">Siirrytään varaamaan…</p>}
      {(phase === "browsing" || phase === "selecting") && (
        <>
          <DayStrip
            days={days}
            date={date}
            today={today}
            onChoose={(day) => actorRef.send({ type: "calendar.goto", date: day })}
          />
          <div className="calendar-layout">
            <div className="calendar-layout__times">
              <DayGrid
                day={days.find((d) => d.date === date)}
                now={env.now()}
                columns={view === "week" ? 6 : 4}
                {...cellProps}
              />
            </div>
            {phase === "selecting" && selected && (
              <SlotChooser
                slot={selected}
                onChoose={(end) => actorRef.send({ type: "calendar.choose", end })}
                onCancel={() => actorRef.send({ type: "calendar.deselect" })}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
