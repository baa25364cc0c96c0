import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import type { AdminReservation, ReservationList } from "../../../domain/admin/reservations";
import { formatTimeRange, helsinkiDate, inHelsinki, wallClock } from "../../../domain/helsinkiTime";
import type { AdminSectionActor } from "../useAdminSection";
import type { ReservationCommand, ReservationQuery } from "./reservationsApi";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

/** What the forms start with when the admin chose an empty hour in a calendar. */
export type SlotDefaults = {
  date: string;
  time: string;
  endDate: string;
  endTime: string;
  areaId: number | null;
};

export function slotDefaults(slot: { startMs: number; endMs: number; areaId: number | null }): SlotDefaults {
  return {
    date: helsinkiDate(slot.startMs),
    time: inHelsinki(slot.startMs).toFormat("HH:mm"),
    endDate: helsinkiDate(slot.endMs),
    endTime: inHelsinki(slot.endMs).toFormat("HH:mm"),
    areaId: slot.areaId,
  };
}

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim();
/** A Helsinki wall-clock date and time as the API takes it (ISO with the offset of that day). */
const instant = (date: string, time: string) => wallClock(date, time).toISO({ suppressMilliseconds: true })!;

/**
 * Adds a block over one area or all. When live bookings are in the way, the server's 409 lists
 * them, and the admin may add the block again cancelling them (refunded in full) in the same step.
 */
export function BlockForm(props: {
  actor: AdminSectionActor<ReservationQuery, ReservationList, ReservationCommand>;
  areas: ReservationList["areas"];
  date: string;
  defaults?: SlotDefaults;
  onWrite(command: ReservationCommand): void;
}) {
  const d = props.defaults;
  const canWrite = useSelector(props.actor, acceptsWrite);
  const failure = useSelector(props.actor, (s) =>
    s.matches({ ready: "writeFailed" }) ? s.context.failure : null,
  );
  const conflicts = ((failure?.data as { conflicts?: AdminReservation[] } | null)?.conflicts ??
    []) as AdminReservation[];

  const command = (data: FormData, cancelReservationIds: string[]): ReservationCommand => {
    const area = text(data, "area");
    return {
      kind: "block",
      input: {
        areaId: area === "all" ? null : Number(area),
        start: instant(text(data, "date"), text(data, "from")),
        end: instant(text(data, "endDate") || text(data, "date"), text(data, "to")),
        reason: text(data, "reason"),
        cancelReservationIds,
      },
    };
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onWrite(command(new FormData(event.currentTarget), []));
  };
  const cancelAndBlock = () => {
    const form = document.getElementById("block-form") as HTMLFormElement | null;
    // The form still holds what was sent: the same block, now with the bookings to cancel.
    if (form)
      props.onWrite(
        command(
          new FormData(form),
          conflicts.map((c) => c.id),
        ),
      );
  };

  return (
    <section className="card admin-section" aria-labelledby="block-heading">
      <h2 id="block-heading">Lisää sulku</h2>
      <p className="muted">Huolto, yksityistilaisuus tai muu syy: aika ei ole varattavissa.</p>
      <form id="block-form" onSubmit={submit} data-focus-key="block-form">
        <div className="admin-toolbar">
          <div className="form-field">
            <label htmlFor="block-area">Alue</label>
            <select id="block-area" name="area" defaultValue={d?.areaId ?? "all"}>
              <option value="all">Kaikki alueet</option>
              {props.areas.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor="block-date">Alkaa päivänä</label>
            <input id="block-date" name="date" type="date" required defaultValue={d?.date ?? props.date} />
          </div>
          <div className="form-field">
            <label htmlFor="block-from">klo</label>
            <input id="block-from" name="from" type="time" required defaultValue={d?.time ?? "08:00"} />
          </div>
          <div className="form-field">
            <label htmlFor="block-end-date">Päättyy päivänä</label>
            <input id="block-end-date" name="endDate" type="date" defaultValue={d?.endDate ?? props.date} />
          </div>
          <div className="form-field">
            <label htmlFor="block-to">klo</label>
            <input id="block-to" name="to" type="time" required defaultValue={d?.endTime ?? "10:00"} />
          </div>
          <div className="form-field">
            <label htmlFor="block-reason">Syy</label>
            <input id="block-reason" name="reason" required placeholder="Aidan huolto" />
          </div>
          <button type="submit" className="button button-secondary" disabled={!canWrite}>
            Lisää sulku
          </button>
        </div>
      </form>
      {conflicts.length > 0 && (
        <div className="notice" role="region" aria-label="Sulun alle jäävät varaukset">
          <p>Sulun alle jäävät varaukset:</p>
          <ul className="plain-list">
            {conflicts.map((c) => (
              <li key={c.id}>
                {formatTimeRange(c.start, c.end)} · {c.name} ({c.email})
              </li>
            ))}
          </ul>
          <button type="button" className="button button-danger" onClick={cancelAndBlock}>
            Peru nämä varaukset (täysi palautus) ja lisää sulku
          </button>
        </div>
      )}
    </section>
  );
}

/** A booking the admin makes for someone, confirmed without payment. */
export function ManualReservationForm(props: {
  areas: ReservationList["areas"];
  date: string;
  defaults?: SlotDefaults;
  canWrite: boolean;
  onWrite(command: ReservationCommand): void;
}) {
  const d = props.defaults;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const start = wallClock(text(data, "date"), text(data, "time"));
    const end = start.plus({ minutes: Number(text(data, "length")) });
    const area = text(data, "area");
    props.onWrite({
      kind: "manual",
      input: {
        areaId: area ? Number(area) : undefined,
        start: start.toISO({ suppressMilliseconds: true })!,
        end: end.toISO({ suppressMilliseconds: true })!,
        name: text(data, "name"),
        email: text(data, "email"),
        phone: text(data, "phone") || undefined,
        dogs: Number(text(data, "dogs") || "1"),
      },
    });
  };
  return (
    <section className="card admin-section" aria-labelledby="manual-heading">
      <h2 id="manual-heading">Lisää varaus ilman maksua</h2>
      <form onSubmit={submit} data-focus-key="manual-form">
        <div className="admin-toolbar">
          <div className="form-field">
            <label htmlFor="manual-area">Alue</label>
            <select id="manual-area" name="area" defaultValue={d?.areaId ?? undefined}>
              {props.areas
                .filter((a) => a.active)
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor="manual-date">Päivä</label>
            <input id="manual-date" name="date" type="date" required defaultValue={d?.date ?? props.date} />
          </div>
          <div className="form-field">
            <label htmlFor="manual-time">Alkaa klo</label>
            <input
              id="manual-time"
              name="time"
              type="time"
              step={1800}
              required
              defaultValue={d?.time ?? "12:00"}
            />
          </div>
          <div className="form-field">
            <label htmlFor="manual-length">Kesto (min)</label>
            <input
              id="manual-length"
              name="length"
              type="number"
              min={30}
              step={30}
              required
              defaultValue={60}
            />
          </div>
          <div className="form-field">
            <label htmlFor="manual-name">Nimi</label>
            <input id="manual-name" name="name" required />
          </div>
          <div className="form-field">
            <label htmlFor="manual-email">Sähköposti</label>
            <input id="manual-email" name="email" type="email" required />
          </div>
          <div className="form-field">
            <label htmlFor="manual-phone">Puhelin</label>
            <input id="manual-phone" name="phone" type="tel" />
          </div>
          <div className="form-field">
            <label htmlFor="manual-dogs">Koiria</label>
            <input id="manual-dogs" name="dogs" type="number" min={1} max={20} defaultValue={1} />
          </div>
          <button type="submit" className="button" disabled={!props.canWrite}>
            Lisää varaus
          </button>
        </div>
      </form>
    </section>
  );
}
