import { useSelector } from "@xstate/react";
import { DateTime } from "luxon";
import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import type { ReservationList } from "../../../domain/admin/reservations";
import {
  formatDate,
  formatDateTime,
  HELSINKI,
  helsinkiDate,
  isValidDate,
  wallClock,
} from "../../../domain/helsinkiTime";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection, useSectionQuestion, type AdminSectionActor } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";
import { holdsTime } from "./calendarLayout";
import { CalendarDayStrip } from "./CalendarDayStrip";
import { ReservationCalendar, type PickedSlot } from "./ReservationCalendar";
import { ReservationDetailsPanel } from "./ReservationDetailsPanel";
import { BlockList, CancelButtons, ReservationTable } from "./reservationList";
import { PageNavigation } from "./PageNavigation";
import { MoveForm } from "./reservationMoveForm";
import { BlockForm, ManualReservationForm, slotDefaults } from "./reservationForms";
import {
  reservationsApi,
  type ReservationCommand,
  type ReservationQuery,
  type ReservationView,
} from "./reservationsApi";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

/** The Helsinki dates a query shows: one day, or the Monday-to-Sunday week around the date (list too). */
export function rangeOf(query: ReservationQuery): { from: string; to: string } {
  if (query.view === "day") return { from: query.date, to: query.date };
  const monday = DateTime.fromISO(query.date, { zone: HELSINKI }).startOf("week");
  return { from: monday.toISODate()!, to: monday.plus({ days: 6 }).toISODate()! };
}

const shift = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: HELSINKI }).plus({ days }).toISODate()!;

/** The view's name in the address (?nakyma=paiva&paiva=2026-06-16), so a reload stays where it was. */
const viewParam: Record<ReservationView, string> = { day: "paiva", week: "viikko", list: "lista" };
const viewOf = (param: string | null): ReservationView =>
  (Object.keys(viewParam) as ReservationView[]).find((v) => viewParam[v] === param) ?? "week";

/** /hallinta/varaukset: the day and week calendars, the list and search, details, manual booking, cancel, blocks. */
export function ReservationsSection() {
  const { http, now } = useAdminEnvironment();
  const [api] = useState(() => reservationsApi(http));
  const [params, setParams] = useSearchParams();
  const today = () => helsinkiDate(now());
  const actor = useAdminSection<ReservationQuery, ReservationList, ReservationCommand>({
    query: {
      view: viewOf(params.get("nakyma")),
      date: isValidDate(params.get("paiva") ?? "") ? params.get("paiva")! : today(),
      q: "",
    },
    load: (query) => api.list(query.q ? { q: query.q, page: query.page } : rangeOf(query)),
    write: (command) => api.write(command),
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const [openId, setOpenId] = useState<string | null>(null);
  const [areaId, setAreaId] = useState<number | null>(null);
  const [picked, setPicked] = useState<PickedSlot | null>(null);
  // A write went through (the booking or block made there): the chosen hour and the filled forms go.
  useEffect(() => {
    const subscription = actor.subscribe((s) => {
      if (s.matches("loading") && s.context.notice) setPicked(null);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const setQuery = (change: Partial<ReservationQuery>) => {
    // Any change but a page's starts the search (or the calendar) from its first page.
    const next = { ...query, page: undefined, ...change };
    setParams({ nakyma: viewParam[next.view], paiva: next.date }, { replace: true });
    actor.send({ type: "section.query", query: next });
  };
  const focus = useFocusAfterSave(actor);
  /**
   * A write sent from a place that its answer redraws: once the section has reloaded, focus goes to
   * that place again (the booking's row, the details' heading, the form's button, the blocks' list).
   */
  const writeFrom = (focusKey: (command: ReservationCommand) => string) => (command: ReservationCommand) => {
    focus.aim(focusKey(command));
    actor.send({ type: "section.write", command });
  };
  // A cancel is asked first; once confirmed, focus goes to the details if they show that booking.
  const question = useSectionQuestion(actor, (c) =>
    focus.aim(c.kind === "cancel" && c.id !== openId ? `reservation/${c.id}` : "details"),
  );
  const write = {
    details: writeFrom(() => "details"),
    block: writeFrom((c) => (c.kind === "deleteBlock" ? `block/${c.id}` : "block")),
    blockForm: writeFrom(() => "block-form"),
    manual: writeFrom(() => "manual-form"),
  };
  const step = query.view === "day" ? 1 : 7;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery({ view: "list", q: String(new FormData(event.currentTarget).get("q") ?? "").trim() });
  };
  const { from, to } = rangeOf(query);
  const open = data?.reservations.find((r) => r.id === openId) ?? null;
  // A calendar needs the answer to a calendar query (a search's answer has no dates).
  const calendarView = query.view !== "list" && !query.q ? query.view : null;
  const showCalendar = calendarView !== null && data !== null && data.days.length > 0;

  return (
    <section className="admin-section" aria-labelledby="reservations-heading">
      <h1 id="reservations-heading">Varaukset</h1>
      <div className="admin-toolbar">
        <div className="form-field">
          <label htmlFor="reservations-view">Näkymä</label>
          <select
            id="reservations-view"
            value={query.view}
            onChange={(e) => setQuery({ view: e.target.value as ReservationView, q: "" })}
          >
            <option value="day">Päivä</option>
            <option value="week">Viikko</option>
            <option value="list">Lista</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="reservations-date">Päivä</label>
          <input
            id="reservations-date"
            type="date"
            value={query.date}
            onChange={(e) => e.target.value && setQuery({ date: e.target.value, q: "" })}
          />
        </div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setQuery({ date: shift(query.date, -step), q: "" })}
        >
          {query.view === "day" ? "Edellinen päivä" : "Edellinen viikko"}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setQuery({ date: today(), q: "" })}
        >
          Tänään
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setQuery({ date: shift(query.date, step), q: "" })}
        >
          {query.view === "day" ? "Seuraava päivä" : "Seuraava viikko"}
        </button>
        {query.view !== "list" && data && (
          <div className="form-field">
            <label htmlFor="reservations-area">Näytettävä alue</label>
            <select
              id="reservations-area"
              value={areaId ?? "all"}
              onChange={(e) => setAreaId(e.target.value === "all" ? null : Number(e.target.value))}
            >
              <option value="all">Kaikki alueet</option>
              {data.areas.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <form role="search" onSubmit={search} className="admin-toolbar">
          <div className="form-field">
            <label htmlFor="reservations-search">Hae nimellä tai sähköpostilla</label>
            <input id="reservations-search" name="q" type="search" defaultValue={query.q} />
          </div>
          <button type="submit" className="button button-secondary">
            Hae
          </button>
        </form>
      </div>
      <p className="muted">
        {query.q
          ? `Haku: ”${query.q}”, uusimmat ensin${data?.search && data.search.page > 1 ? `, sivu ${data.search.page}` : ""}`
          : from === to
            ? formatDate(wallClock(from, "12:00"))
            : `${formatDate(wallClock(from, "12:00"))} – ${formatDate(wallClock(to, "12:00"))}`}
      </p>
      <SectionStatus actor={actor} />
      {data && (
        <>
          {calendarView && showCalendar ? (
            <>
              {calendarView === "week" && (
                <CalendarDayStrip
                  date={query.date}
                  days={data.days.map((d) => d.date)}
                  onDate={(date) => setQuery({ date, q: "" })}
                />
              )}
              <ReservationCalendar
                view={calendarView}
                date={query.date}
                list={data}
                areaId={areaId}
                onOpen={(id) => {
                  setPicked(null);
                  setOpenId(id);
                }}
                onPick={(slot) => {
                  setOpenId(null);
                  setPicked(slot);
                }}
              />
              <p className="muted">Perutut varaukset näkyvät listassa.</p>
            </>
          ) : (
            <>
              <ReservationTable
                reservations={data.reservations}
                canWrite={canWrite}
                onOpen={setOpenId}
                question={question}
              />
              {data.search && <PageNavigation list={data.search} toPage={(page) => setQuery({ page })} />}
            </>
          )}
          {picked && (
            <PickedSlotPanel
              slot={picked}
              onBook={() => document.getElementById("manual-name")?.focus()}
              onBlock={() => document.getElementById("block-reason")?.focus()}
              onClose={() => setPicked(null)}
            />
          )}
          {openId && (
            <ReservationDetailsPanel
              // A cancel or a move changes the booking: the panel loads it again.
              key={`${openId}-${open?.status ?? ""}-${open?.start ?? ""}`}
              id={openId}
              onClose={() => setOpenId(null)}
            >
              {open && holdsTime(open) && (
                <p className="button-row">
                  <CancelButtons reservation={open} canWrite={canWrite} question={question} />
                </p>
              )}
              {open?.status === "confirmed" && (
                <MoveForm
                  // A move changes the times: the form starts again from the new ones.
                  key={`${open.start}/${open.end}`}
                  reservation={open}
                  canWrite={canWrite}
                  onWrite={write.details}
                />
              )}
            </ReservationDetailsPanel>
          )}
          {!query.q && <BlockList blocks={data.blocks} canWrite={canWrite} onWrite={write.block} />}
          <BlockForm
            key={`block-${picked?.startMs ?? query.date}`}
            actor={actor}
            areas={data.areas}
            date={query.date}
            defaults={picked ? slotDefaults(picked) : undefined}
            onWrite={write.blockForm}
          />
          <ManualReservationForm
            key={`manual-${picked?.startMs ?? query.date}`}
            areas={data.areas}
            date={query.date}
            defaults={picked ? slotDefaults(picked) : undefined}
            canWrite={canWrite}
            onWrite={write.manual}
          />
        </>
      )}
    </section>
  );
}

/** The empty hour the admin chose in a calendar: book it or block it with the forms below. */
function PickedSlotPanel(props: { slot: PickedSlot; onBook(): void; onBlock(): void; onClose(): void }) {
  return (
    <div className="notice" role="region" aria-label="Valittu aika">
      <p>
        Valittu aika: {formatDateTime(props.slot.startMs)}
        {props.slot.areaName ? `, ${props.slot.areaName}` : ""}. Lomakkeet alla on täytetty tälle ajalle.
      </p>
      <p className="button-row">
        <button type="button" className="button button-secondary" onClick={props.onBook}>
          Varaa tämä aika
        </button>
        <button type="button" className="button button-secondary" onClick={props.onBlock}>
          Sulje tämä aika
        </button>
        <button type="button" className="button button-secondary" onClick={props.onClose}>
          Poista valinta
        </button>
      </p>
    </div>
  );
}

export type { AdminSectionActor };
