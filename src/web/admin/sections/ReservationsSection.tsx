import { useSelector } from "@xstate/react";
import { DateTime } from "luxon";
import { useState, type FormEvent } from "react";
import type { AdminReservation, ReservationList } from "../../../domain/admin/reservations";
import { formatDate, formatTimeRange, HELSINKI, wallClock } from "../../../domain/helsinkiTime";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection, type AdminSectionActor } from "../useAdminSection";
import { ReservationDetailsPanel } from "./ReservationDetailsPanel";
import { BlockForm, ManualReservationForm } from "./reservationForms";
import { reservationsApi, type ReservationCommand, type ReservationQuery } from "./reservationsApi";

export const statusText: Record<AdminReservation["status"], string> = {
  pending: "Odottaa maksua",
  confirmed: "Vahvistettu",
  cancelled: "Peruttu",
  expired: "Vanhentunut",
};
const kindText: Record<AdminReservation["kind"], string> = {
  single: "Kertavaraus",
  subscriber: "Jäsen",
  admin: "Ylläpito",
};

/** The Helsinki dates a query shows: one day, or the Monday-to-Sunday week around the date. */
export function rangeOf(query: ReservationQuery): { from: string; to: string } {
  if (query.view === "day") return { from: query.date, to: query.date };
  const monday = DateTime.fromISO(query.date, { zone: HELSINKI }).startOf("week");
  return { from: monday.toISODate()!, to: monday.plus({ days: 6 }).toISODate()! };
}

const today = () => DateTime.now().setZone(HELSINKI).toISODate()!;
const shift = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: HELSINKI }).plus({ days }).toISODate()!;

/** /hallinta/varaukset: bookings by day or week, the search, details, manual booking, cancel, blocks. */
export function ReservationsSection() {
  const { http } = useAdminEnvironment();
  const [api] = useState(() => reservationsApi(http));
  const actor = useAdminSection<ReservationQuery, ReservationList, ReservationCommand>({
    query: { view: "week", date: today(), q: "" },
    load: (query) => api.list(query.q ? { q: query.q } : rangeOf(query)),
    write: (command) => api.write(command),
  });
  const query = useSelector(actor, (s) => s.context.query as ReservationQuery);
  const data = useSelector(actor, (s) => s.context.data as ReservationList | null);
  const canWrite = useSelector(actor, (s) => s.can({ type: "section.write", command: null }));
  const [openId, setOpenId] = useState<string | null>(null);
  const setQuery = (change: Partial<ReservationQuery>) =>
    actor.send({ type: "section.query", query: { ...query, ...change } });
  const write = (command: ReservationCommand) => actor.send({ type: "section.write", command });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery({ q: String(new FormData(event.currentTarget).get("q") ?? "").trim() });
  };
  const { from, to } = rangeOf(query);

  return (
    <section className="admin-section" aria-labelledby="reservations-heading">
      <h1 id="reservations-heading">Varaukset</h1>
      <div className="admin-toolbar">
        <div className="form-field">
          <label htmlFor="reservations-view">Näkymä</label>
          <select
            id="reservations-view"
            value={query.view}
            onChange={(e) => setQuery({ view: e.target.value as "day" | "week", q: "" })}
          >
            <option value="day">Päivä</option>
            <option value="week">Viikko</option>
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
          onClick={() => setQuery({ date: shift(query.date, query.view === "day" ? -1 : -7), q: "" })}
        >
          Edellinen
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setQuery({ date: shift(query.date, query.view === "day" ? 1 : 7), q: "" })}
        >
          Seuraava
        </button>
        <form role="search" onSubmit={search} className="admin-toolbar">
          <div className="form-field">
            <label htmlFor="reservations-search">Hae nimellä tai sähköpostilla</label>
            <input id="reservations-search" name="q" type="search" defaultValue={query.q} />
          </div>
          <button type="submit" className="button">
            Hae
          </button>
        </form>
      </div>
      <p className="muted">
        {query.q
          ? `Haku: ”${query.q}”`
          : from === to
            ? formatDate(wallClock(from, "12:00"))
            : `${formatDate(wallClock(from, "12:00"))} – ${formatDate(wallClock(to, "12:00"))}`}
      </p>
      <SectionStatus actor={actor} />
      {data && (
        <>
          <ReservationTable
            reservations={data.reservations}
            canWrite={canWrite}
            onOpen={setOpenId}
            onWrite={write}
          />
          {!query.q && <BlockList blocks={data.blocks} canWrite={canWrite} onWrite={write} />}
          {openId && <ReservationDetailsPanel id={openId} onClose={() => setOpenId(null)} />}
          <BlockForm actor={actor} areas={data.areas} date={query.date} onWrite={write} />
          <ManualReservationForm areas={data.areas} date={query.date} canWrite={canWrite} onWrite={write} />
        </>
      )}
    </section>
  );
}

function ReservationTable(props: {
  reservations: AdminReservation[];
  canWrite: boolean;
  onOpen(id: string): void;
  onWrite(command: ReservationCommand): void;
}) {
  const shown = props.reservations.filter((r) => r.status !== "expired");
  if (!shown.length) return <p>Ei varauksia.</p>;
  return (
    <table className="admin-table" aria-label="Varaukset">
      <thead>
        <tr>
          <th>Aika</th>
          <th>Varaaja</th>
          <th>Tila</th>
          <th>Hinta</th>
          <th>Toiminnot</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => {
          const live = r.status === "confirmed" || r.status === "pending";
          return (
            <tr key={r.id}>
              <td>
                {formatTimeRange(r.start, r.end)}
                <br />
                <span className="muted">{r.areaName}</span>
              </td>
              <td>
                {r.name}
                <br />
                <span className="muted">{r.email}</span>
              </td>
              <td>
                {statusText[r.status]}
                <br />
                <span className="muted">{kindText[r.kind]}</span>
              </td>
              <td>{formatEuros(r.priceCents)}</td>
              <td className="button-row">
                <button type="button" className="button button-secondary" onClick={() => props.onOpen(r.id)}>
                  Tiedot
                </button>
                {live && <CancelButtons reservation={r} canWrite={props.canWrite} onWrite={props.onWrite} />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Cancelling asks once more, naming what happens to the money. */
function CancelButtons(props: {
  reservation: AdminReservation;
  canWrite: boolean;
  onWrite(command: ReservationCommand): void;
}) {
  const r = props.reservation;
  const paid = r.paymentStatus === "paid";
  const [confirming, setConfirming] = useState<null | { refund: boolean }>(null);
  if (confirming)
    return (
      <span role="group" aria-label="Vahvista peruminen">
        <span>
          {confirming.refund
            ? `Perutaanko ja palautetaan ${formatEuros(r.priceCents)}?`
            : "Perutaanko ilman palautusta?"}
        </span>{" "}
        <button
          type="button"
          className="button button-danger"
          disabled={!props.canWrite}
          onClick={() => {
            props.onWrite({ kind: "cancel", id: r.id, refund: confirming.refund });
            setConfirming(null);
          }}
        >
          Vahvista peruminen
        </button>{" "}
        <button type="button" className="button button-secondary" onClick={() => setConfirming(null)}>
          Älä peru
        </button>
      </span>
    );
  return (
    <>
      {paid && (
        <button
          type="button"
          className="button button-danger"
          disabled={!props.canWrite}
          onClick={() => setConfirming({ refund: true })}
        >
          Peru ja palauta
        </button>
      )}
      <button
        type="button"
        className="button button-danger"
        disabled={!props.canWrite}
        onClick={() => setConfirming({ refund: false })}
      >
        {paid ? "Peru ilman palautusta" : "Peru"}
      </button>
    </>
  );
}

function BlockList(props: {
  blocks: ReservationList["blocks"];
  canWrite: boolean;
  onWrite(command: ReservationCommand): void;
}) {
  if (!props.blocks.length) return null;
  return (
    <section className="admin-section" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">Sulut</h2>
      <ul className="plain-list">
        {props.blocks.map((b) => (
          <li key={b.id}>
            {formatTimeRange(b.start, b.end)} · {b.areaName ?? "Kaikki alueet"} · {b.reason}{" "}
            <button
              type="button"
              className="button button-secondary"
              disabled={!props.canWrite}
              onClick={() => props.onWrite({ kind: "deleteBlock", id: b.id })}
            >
              Poista sulku
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export type { AdminSectionActor };
