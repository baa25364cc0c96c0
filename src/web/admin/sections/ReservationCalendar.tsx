import type { AdminReservation, ReservationList } from "../../../domain/admin/reservations";
import { formatDate, formatDateTime, formatTime, wallClock } from "../../../domain/helsinkiTime";
import {
  calendarGrid,
  type CalendarColumn,
  type CalendarItem,
  type HourCell,
  type Placement,
} from "./calendarLayout";

/** An empty hour the admin chose, to book or block from. */
export type PickedSlot = { startMs: number; endMs: number; areaId: number | null; areaName: string | null };

/** How a booking in the grid says whether and how it is paid. */
export function paymentNote(r: AdminReservation): string {
  if (r.kind === "admin") return "ilman maksua";
  if (r.kind === "subscriber") return "jäsen";
  if (r.paymentStatus === "paid") return "maksettu";
  return r.status === "pending" ? "odottaa maksua" : "ei maksettu";
}
const statusNote = (r: AdminReservation) => (r.status === "pending" ? "Odottaa" : "Vahvistettu");

/**
 * Varaukset's day view (areas as columns) and week view (dates as columns): a table with a header
 * for every column and hour. A booking is a button that opens its details; an empty hour is a
 * button that starts a manual booking or a block at that time.
 *
 * On a phone the week view shows only the chosen date's column (the other dates' cells carry
 * `calendar-other-day`, which admin.css hides on a narrow screen) and CalendarDayStrip moves
 * between the dates.
 */
export function ReservationCalendar(props: {
  view: "day" | "week";
  date: string;
  list: ReservationList;
  areaId: number | null;
  onOpen(id: string): void;
  onPick(slot: PickedSlot): void;
}) {
  const { columns, rows } = calendarGrid(props);
  const areaName = (id: number | null) => props.list.areas.find((a) => a.id === id)?.name ?? null;
  const first = props.list.days[0];
  const last = props.list.days.at(-1);
  if (!columns.length || !first || !last) return <p>Ei näytettäviä alueita.</p>;
  const dateText = (date: string) => formatDate(wallClock(date, "12:00"));
  const otherDay = (c: CalendarColumn) =>
    props.view === "week" && c.date !== props.date ? "calendar-other-day" : "";
  const caption =
    props.view === "day"
      ? `Päivä ${dateText(props.date)}`
      : `Viikko ${dateText(first.date)} – ${dateText(last.date)}`;

  return (
    <div className="admin-calendar-scroll">
      <table className={`admin-calendar admin-calendar-${props.view}`}>
        <caption>
          {caption}
          {props.areaId !== null && props.view === "week" ? `, ${areaName(props.areaId)}` : ""}
        </caption>
        <thead>
          <tr>
            <th scope="col">Klo</th>
            {columns.map((c) => (
              <th
                scope="col"
                key={c.key}
                className={otherDay(c) || undefined}
                data-day={props.view === "week" ? c.date : undefined}
              >
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.label}
                {row.occurrence > 1 && <span className="muted"> (talviaika)</span>}
              </th>
              {row.cells.map((index, i) => {
                const column = columns[i]!;
                if (index === null)
                  return (
                    <td key={column.key} className={`calendar-missing ${otherDay(column)}`.trim()}>
                      <span className="visually-hidden">Tätä tuntia ei ole (kesäaikaan siirtyminen).</span>
                    </td>
                  );
                return (
                  <CalendarCell
                    key={column.key}
                    column={column}
                    cell={column.cells[index]!}
                    placement={column.placements[index]!}
                    otherDay={otherDay(column)}
                    showArea={props.view === "week" && props.areaId === null}
                    onOpen={props.onOpen}
                    onPick={() => {
                      const cell = column.cells[index]!;
                      props.onPick({
                        startMs: cell.startMs,
                        endMs: cell.endMs,
                        areaId: column.areaId,
                        areaName: areaName(column.areaId),
                      });
                    }}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CalendarCell(props: {
  column: CalendarColumn;
  cell: HourCell;
  placement: Placement<CalendarItem>;
  otherDay: string;
  showArea: boolean;
  onOpen(id: string): void;
  onPick(): void;
}) {
  const { cell, placement } = props;
  const blocked = [...placement.starts, ...placement.continues].some((i) => i.type === "block");
  const className = [
    cell.open ? "calendar-open" : "calendar-closed",
    blocked ? "calendar-blocked" : "",
    placement.continues.some((i) => i.type === "reservation") ? "calendar-busy" : "",
    props.otherDay,
  ]
    .filter(Boolean)
    .join(" ");
  const empty = !placement.starts.length && !placement.continues.length;
  const where = props.column.areaId !== null ? `, ${props.column.heading}` : "";

  return (
    <td className={className}>
      {placement.starts.map((item) =>
        item.type === "block" ? (
          <div key={`b${item.block.id}`} className="calendar-item calendar-block-item">
            Sulku {formatTime(item.start)}–{formatTime(item.end)}: {item.block.reason}
            {item.block.areaId === null && <span className="muted"> (kaikki alueet)</span>}
          </div>
        ) : (
          <button
            key={item.reservation.id}
            type="button"
            className={`calendar-item calendar-booking calendar-${item.reservation.status}`}
            onClick={() => props.onOpen(item.reservation.id)}
          >
            <span className="calendar-time">
              {formatTime(item.start)}–{formatTime(item.end)}
            </span>{" "}
            <strong>{item.reservation.name}</strong>
            <span className="calendar-note">
              {statusNote(item.reservation)}, {paymentNote(item.reservation)}
              {props.showArea ? ` · ${item.reservation.areaName}` : ""}
            </span>
          </button>
        ),
      )}
      {placement.continues.map((item) => (
        <span
          key={item.type === "block" ? `b${item.block.id}` : item.reservation.id}
          className="calendar-continues muted"
        >
          jatkuu: {item.type === "block" ? `sulku (${item.block.reason})` : item.reservation.name}
        </span>
      ))}
      {empty && (
        <button
          type="button"
          className="calendar-pick"
          aria-label={`${cell.open ? "Vapaa" : "Aukioloajan ulkopuolella"} ${formatDateTime(cell.startMs)}${where}: lisää varaus tai sulku`}
          onClick={props.onPick}
        >
          <span aria-hidden="true">+</span>
        </button>
      )}
    </td>
  );
}
