import type { FormEvent } from "react";
import type { AdminReservation } from "../../../domain/admin/reservations";
import { helsinkiDate, inHelsinki, wallClock } from "../../../domain/helsinkiTime";
import type { ReservationCommand } from "./reservationsApi";

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim();

/**
 * Moves a confirmed booking from its panel (decision 026): a day, a start and a length, filled in
 * with the booking's own. No cancellation deadline and no booking window; every other slot rule
 * holds on the server, which says in Finnish why a time is refused.
 */
export function MoveForm(props: {
  reservation: AdminReservation;
  canWrite: boolean;
  onWrite(command: ReservationCommand): void;
}) {
  const r = props.reservation;
  const start = inHelsinki(Date.parse(r.start));
  const minutes = Math.round((Date.parse(r.end) - Date.parse(r.start)) / 60_000);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = wallClock(text(data, "date"), text(data, "time"));
    const to = from.plus({ minutes: Number(text(data, "length")) });
    props.onWrite({
      kind: "move",
      id: r.id,
      start: from.toISO({ suppressMilliseconds: true })!,
      end: to.toISO({ suppressMilliseconds: true })!,
    });
  };
  return (
    <form onSubmit={submit} aria-label="Siirrä varaus">
      <div className="admin-toolbar">
        <div className="form-field">
          <label htmlFor="move-date">Uusi päivä</label>
          <input
            id="move-date"
            name="date"
            type="date"
            required
            defaultValue={helsinkiDate(Date.parse(r.start))}
          />
        </div>
        <div className="form-field">
          <label htmlFor="move-time">Alkaa klo</label>
          <input
            id="move-time"
            name="time"
            type="time"
            step={1800}
            required
            defaultValue={start.toFormat("HH:mm")}
          />
        </div>
        <div className="form-field">
          <label htmlFor="move-length">Kesto (min)</label>
          <input
            id="move-length"
            name="length"
            type="number"
            min={30}
            step={30}
            required
            defaultValue={minutes}
          />
        </div>
        <button type="submit" className="button button-secondary" disabled={!props.canWrite}>
          Siirrä varaus
        </button>
      </div>
      <p className="muted">
        Asiakas saa viestin uudesta ajasta ja kalenteritiedoston. Edullisempaan aikaan siirretyn varauksen
        erotus palautetaan; kalliimpaan siirretty pitää maksetun hinnan.
      </p>
    </form>
  );
}
