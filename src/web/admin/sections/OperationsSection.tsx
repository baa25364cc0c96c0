import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import {
  doorEventListSchema,
  doorReasonText,
  doorReasonValues,
  heatmapSchema,
  isInProgress,
  timelineSchema,
  type DoorEventList,
  type DoorEventQuery,
  type Heatmap,
  type Timeline,
  type TimelineBooking,
} from "../../../domain/admin/operations";
import { formatDate, formatDateTime, formatTime } from "../../../domain/helsinkiClock";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { GatePanel } from "./GatePanel";
import { LogWindowNote, PageNavigation } from "./PageNavigation";
import { LightsPanel } from "./LightsPanel";
import { useAdminSection } from "../useAdminSection";
import "./operations.css";

type OperationsQuery = { date?: string; weeks: number; door: DoorEventQuery };
type OperationsData = { timeline: Timeline; heatmap: Heatmap; door: DoorEventList };

const WEEKDAYS = ["maanantai", "tiistai", "keskiviikko", "torstai", "perjantai", "lauantai", "sunnuntai"];
const WEEKDAYS_SHORT = ["ma", "ti", "ke", "to", "pe", "la", "su"];
const reasonText = (reason: string) => doorReasonText[reason as keyof typeof doorReasonText] ?? reason;
const withoutEmpty = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>;

function BookingLine({ booking, now }: { booking: TimelineBooking; now: string }) {
  const inPark = isInProgress(booking, now);
  return (
    <li data-status={booking.status} data-now={inPark}>
      <strong>
        {formatTime(booking.start)}–{formatTime(booking.end)}
      </strong>{" "}
      {booking.name}, {booking.dogs} {booking.dogs === 1 ? "koira" : "koiraa"}
      {booking.status === "pending" && " (maksu kesken)"}
      {inPark && " – puistossa nyt"}
      {booking.gateOpenedAt && (
        <span className="muted"> · portti avattu {formatTime(booking.gateOpenedAt)}</span>
      )}
    </li>
  );
}

/** The heat map as a table: each cell says its figures in words; the colour only repeats them. */
function HeatmapTable({ heatmap }: { heatmap: Heatmap }) {
  const cell = (weekday: number, hour: number) =>
    heatmap.cells.find((c) => c.weekday === weekday && c.hour === hour);
  const busyHours = heatmap.cells.map((c) => c.hour);
  const first = Math.min(6, ...busyHours);
  const last = Math.max(22, ...busyHours);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <table tabIndex={0} className="ops-heatmap" aria-label="Käyttöaste viikonpäivän ja tunnin mukaan">
      <caption>
        Käyttöaste {formatDate(heatmap.from)}–{formatDate(heatmap.to)} ({heatmap.weeks} vk,{" "}
        {heatmap.areaCount} {heatmap.areaCount === 1 ? "alue" : "aluetta"})
      </caption>
      <thead>
        <tr>
          <th scope="col">Klo</th>
          {WEEKDAYS_SHORT.map((d, i) => (
            <th key={d} scope="col">
              <abbr title={WEEKDAYS[i]}>{d}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hours.map((hour) => (
          <tr key={hour}>
            <th scope="row">{hour}</th>
            {WEEKDAYS.map((day, i) => {
              const c = cell(i + 1, hour);
              const label = c
                ? `${day} klo ${hour}: ${c.percent} %, ${c.bookings} varausta, ${c.bookedMinutes} min`
                : `${day} klo ${hour}: ei varauksia`;
              return (
                <td
                  key={day}
                  title={label}
                  aria-label={label}
                  style={
                    c ? { background: `rgba(47, 125, 59, ${0.1 + (0.8 * c.percent) / 100})` } : undefined
                  }
                >
                  {c ? `${c.percent} %` : "–"}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /hallinta/v2/toiminta: today's park and who is in, the next arrivals, the heat map, gate events. */
export function OperationsSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<OperationsQuery, OperationsData, never>({
    query: { weeks: 4, door: {} },
    load: async (query) => {
      const [timeline, heatmap, door] = await Promise.all([
        http.get("/api/v2/admin/operations/timeline", { params: withoutEmpty({ date: query.date }) }),
        http.get("/api/v2/admin/operations/heatmap", { params: { weeks: query.weeks } }),
        http.get("/api/v2/admin/operations/door-events", { params: withoutEmpty(query.door) }),
      ]);
      return {
        timeline: timelineSchema.parse(timeline),
        heatmap: heatmapSchema.parse(heatmap),
        door: doorEventListSchema.parse(door),
      };
    },
    write: async () => "",
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);

  const submit = (
    event: FormEvent<HTMLFormElement>,
    change: (form: FormData) => Partial<OperationsQuery>,
  ) => {
    event.preventDefault();
    actor.send({ type: "section.query", query: { ...query, ...change(new FormData(event.currentTarget)) } });
  };
  const value = (form: FormData, name: string) => String(form.get(name) ?? "") || undefined;

  return (
    <section className="admin-section" aria-labelledby="operations-heading">
      <h1 id="operations-heading">Toiminta</h1>
      <SectionStatus actor={actor} />
      <GatePanel attendance />
      <LightsPanel />
      {data && (
        <>
          <section aria-labelledby="ops-today">
            <h2 id="ops-today">
              {data.timeline.date === data.timeline.now.slice(0, 10) ? "Tänään" : "Päivä"}{" "}
              {formatDate(data.timeline.date)}
            </h2>
            <form
              className="admin-toolbar"
              aria-label="Valitse päivä"
              onSubmit={(e) => submit(e, (f) => ({ date: value(f, "date") }))}
            >
              <div className="form-field">
                <label htmlFor="ops-date">Päivä</label>
                <input id="ops-date" name="date" type="date" defaultValue={data.timeline.date} />
              </div>
              <button type="submit" className="button button-secondary">
                Näytä päivä
              </button>
            </form>
            <div className="ops-grid">
              <div className="ops-card">
                <h3>Puistossa nyt ({data.timeline.inParkNow.length})</h3>
                {data.timeline.inParkNow.length === 0 ? (
                  <p>Puistossa ei ole nyt ketään.</p>
                ) : (
                  <ul aria-label="Puistossa nyt">
                    {data.timeline.inParkNow.map((b) => (
                      <li key={b.id}>
                        {b.name}, {b.areaName}, {formatTime(b.start)}–{formatTime(b.end)}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="ops-card">
                <h3>Seuraavaksi saapuvat</h3>
                {data.timeline.nextArrivals.length === 0 ? (
                  <p>Ei tulevia varauksia.</p>
                ) : (
                  <ol aria-label="Seuraavaksi saapuvat">
                    {data.timeline.nextArrivals.map((b) => (
                      <li key={b.id}>
                        {formatDateTime(b.start)}: {b.name}, {b.areaName}
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            </div>
            {data.timeline.areas.map((area) => (
              <div key={area.id}>
                <h3 id={`ops-area-${area.id}`}>{area.name}</h3>
                {area.bookings.length === 0 ? (
                  <p>Ei varauksia.</p>
                ) : (
                  <ol className="ops-timeline" aria-labelledby={`ops-area-${area.id}`}>
                    {area.bookings.map((b) => (
                      <BookingLine key={b.id} booking={b} now={data.timeline.now} />
                    ))}
                  </ol>
                )}
              </div>
            ))}
          </section>

          <section aria-labelledby="ops-heatmap">
            <h2 id="ops-heatmap">Käyttöaste</h2>
            <form
              className="admin-toolbar"
              aria-label="Käyttöasteen viikot"
              onSubmit={(e) => submit(e, (f) => ({ weeks: Number(f.get("weeks")) || 4 }))}
            >
              <div className="form-field">
                <label htmlFor="ops-weeks">Viikkoja</label>
                <input
                  id="ops-weeks"
                  name="weeks"
                  type="number"
                  min={1}
                  max={52}
                  defaultValue={query.weeks}
                />
              </div>
              <button type="submit" className="button button-secondary">
                Päivitä
              </button>
            </form>
            <HeatmapTable heatmap={data.heatmap} />
          </section>

          <section aria-labelledby="ops-door">
            <h2 id="ops-door">Portin tapahtumat</h2>
            <form
              className="admin-toolbar"
              aria-label="Suodata portin tapahtumia"
              onSubmit={(e) =>
                submit(e, (f) => ({
                  door: {
                    from: value(f, "from"),
                    to: value(f, "to"),
                    allowed: value(f, "allowed") as DoorEventQuery["allowed"],
                    reason: value(f, "reason") as DoorEventQuery["reason"],
                  },
                }))
              }
            >
              <div className="form-field">
                <label htmlFor="door-from">Alkaen</label>
                <input id="door-from" name="from" type="date" defaultValue={query.door.from} />
              </div>
              <div className="form-field">
                <label htmlFor="door-to">Päättyen</label>
                <input id="door-to" name="to" type="date" defaultValue={query.door.to} />
              </div>
              <div className="form-field">
                <label htmlFor="door-allowed">Tulos</label>
                <select id="door-allowed" name="allowed" defaultValue={query.door.allowed ?? ""}>
                  <option value="">Kaikki</option>
                  <option value="true">Sallittu</option>
                  <option value="false">Estetty</option>
                </select>
              </div>
              <div className="form-field">
                <label htmlFor="door-reason">Syy</label>
                <select id="door-reason" name="reason" defaultValue={query.door.reason ?? ""}>
                  <option value="">Kaikki</option>
                  {doorReasonValues.map((r) => (
                    <option key={r} value={r}>
                      {doorReasonText[r]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button-secondary">
                Suodata
              </button>
            </form>
            <LogWindowNote list={data.door} noun="tapahtumaa" />
            <p>
              {data.door.counts.length === 0
                ? "Ei tapahtumia valituilla ehdoilla."
                : data.door.counts
                    .map((c) => `${reasonText(c.reason)} ${c.count} (${c.allowed ? "sallittu" : "estetty"})`)
                    .join(", ")}
            </p>
            {data.door.events.length > 0 && (
              <table tabIndex={0} className="admin-table" aria-label="Portin tapahtumat">
                <thead>
                  <tr>
                    <th>Aika</th>
                    <th>Tulos</th>
                    <th>Syy</th>
                    <th>Varaus</th>
                    <th>Osoite</th>
                  </tr>
                </thead>
                <tbody>
                  {data.door.events.map((e) => (
                    <tr key={e.id}>
                      <td>{formatDateTime(e.at)}</td>
                      <td>{e.allowed ? "Sallittu" : "Estetty"}</td>
                      <td>{reasonText(e.reason)}</td>
                      <td>{e.name ? `${e.name}${e.areaName ? `, ${e.areaName}` : ""}` : "–"}</td>
                      <td>{e.ip ?? "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <PageNavigation
              list={data.door}
              toPage={(page) =>
                actor.send({ type: "section.query", query: { ...query, door: { ...query.door, page } } })
              }
            />
          </section>
        </>
      )}
    </section>
  );
}
