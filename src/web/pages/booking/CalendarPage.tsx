import { useActorRef, useSelector } from "@xstate/react";
import { lazy, Suspense, useEffect } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  bookingCalendarMachine,
  dateFromParam,
  type AvailabilityQuery,
  type CalendarDay,
} from "../../../../machines/bookingCalendarMachine";
import { formatDate, helsinkiDate } from "../../../domain/helsinkiClock";
import { useBookingEnvironment } from "./bookingEnvironment";
import { CalendarDogFields } from "./CalendarDogFields";
import { CalendarToolbar } from "./CalendarToolbar";
import { DayGrid, DayStrip } from "./CalendarDayGrid";
import { useWideScreen } from "./useWideScreen";
import { useHydrated } from "../../useHydrated";
import { useOwnCells } from "./useOwnCells";
import { useSiteInfo } from "../../useSiteInfo";
import "./booking.css";

/*
 * The lengths of a chosen start come after a click, so they are not on the first load; a browser
 * fetches them as soon as the page runs, so a click does not wait for them. (The build's prerender
 * never shows them, and must not leave an import running when it is done.)
 */
const loadSlotChooser = () => import("./SlotChooser");
const preloaded = typeof document === "undefined" ? null : loadSlotChooser();
const SlotChooser = lazy(() => (preloaded ?? loadSlotChooser()).then((m) => ({ default: m.SlotChooser })));

/** What the calendar asked about the dogs, carried to checkout in its URL (left out when default). */
export type DogsChoice = { dogs: number; reactiveDog: boolean; inHeat: boolean };

export const checkoutPath = (start: string, end: string, choice?: DogsChoice) => {
  const query = new URLSearchParams();
  if (choice && choice.dogs > 1) query.set("koiria", String(choice.dogs));
  if (choice?.reactiveDog) query.set("reaktiivinen", "1");
  if (choice?.inHeat) query.set("juoksuinen", "1");
  const search = query.toString();
  return `/checkout/${encodeURIComponent(start)}/${encodeURIComponent(end)}${search ? `?${search}` : ""}`;
};

/**
 * `/varauskalenteri/:time?` — day first on every width (decision 031): the dogs as one compact
 * disclosure, the seven days from today with their free hours, then the chosen day's start times
 * and, beside them (below on a phone), the lengths; the day and week steps and the legend after the
 * times, so a phone's first screen shows free times.
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
        loadAvailability: fromPromise<{ days: CalendarDay[] }, AvailabilityQuery>(
          ({ input: { from, to, ...options } }) => env.api.availability(from, to, options),
        ),
      },
      actions: {
        showDateInUrl: (_, { date }) => navigate(`/varauskalenteri/${date}`, { replace: true }),
        goToCheckout: (_, { start, end, ...choice }) => navigate(checkoutPath(start, end, choice)),
      },
    }),
    { input: { time, today: helsinkiDate(env.now()), view: wide ? "week" : "day", fromToday: true } },
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
  const dogs = useSelector(actorRef, (s) => s.context.dogs);
  const reactiveDog = useSelector(actorRef, (s) => s.context.reactiveDog);
  const inHeat = useSelector(actorRef, (s) => s.context.inHeat);

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
  // The price hints count the dogs after the first (decision 036; domain/dogRules.ts's
  // extraDogsCents, not imported: one chunk less on the calendar's first load).
  const extraCents = (dogs - 1) * (site?.dogRules.extraDogPriceCents ?? 0);
  const ownCell = useOwnCells((hold) => checkoutPath(hold.start, hold.end));
  const cellProps = {
    ownCell,
    bookingWindowDays: site?.slotRules.bookingWindowDays,
    extraCents,
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
      <CalendarDogFields
        site={site}
        dogs={dogs}
        reactiveDog={reactiveDog}
        inHeat={inHeat}
        onChange={(change) => actorRef.send({ type: "calendar.setDogs", ...change })}
      />
      <h2 className="booking-calendar__heading" aria-live="polite">
        {heading}
      </h2>
      {/* The strip and the times fill this while they load: the steps and the legend below stay
          where the prerendered page put them (below a phone's first screen), so nothing shifts. */}
      <div className="booking-calendar__body">
        {phase === "loading" && (
          <p role="status" className="muted">
            Ladataan varaustilannetta…
          </p>
        )}
        {phase === "error" && (
          <div className="card" role="alert">
            <p className="error-message">{errorMessage}</p>
            <button
              type="button"
              className="button"
              onClick={() => actorRef.send({ type: "calendar.retry" })}
            >
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
                <Suspense>
                  <SlotChooser
                    slot={selected}
                    extraCents={extraCents}
                    onChoose={(end) => actorRef.send({ type: "calendar.choose", end })}
                    onCancel={() => actorRef.send({ type: "calendar.deselect" })}
                  />
                </Suspense>
              )}
            </div>
          </>
        )}
      </div>
      <CalendarToolbar
        view={view}
        dayButtons
        atStart={date <= today}
        date={hydrated ? date : ""}
        onMove={(event) => actorRef.send(event)}
        onGoto={(date) => actorRef.send({ type: "calendar.goto", date })}
      />
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
    </section>
  );
}
