import type { AdminReservation, ReservationList } from "../../../domain/admin/reservations";
import { formatTimeRange } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { isAsked, type SectionQuestion } from "../useAdminSection";
import type { ReservationCommand } from "./reservationsApi";

/** Varaukset's list view (a week, or a search's results), the cancel actions and the blocks. */

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
  waitlist: "Jonotarjous",
};

export function ReservationTable(props: {
  reservations: AdminReservation[];
  canWrite: boolean;
  onOpen(id: string): void;
  question: SectionQuestion<ReservationCommand>;
}) {
  const shown = props.reservations.filter((r) => r.status !== "expired");
  if (!shown.length) return <p>Ei varauksia.</p>;
  return (
    <table tabIndex={0} className="admin-table" aria-label="Varaukset">
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
            <tr key={r.id} tabIndex={-1} data-focus-key={`reservation/${r.id}`}>
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
                {live && (
                  <CancelButtons reservation={r} canWrite={props.canWrite} question={props.question} />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Cancelling asks once more (the section machine's question), naming what happens to the money. */
export function CancelButtons(props: {
  reservation: AdminReservation;
  canWrite: boolean;
  question: SectionQuestion<ReservationCommand>;
}) {
  const { reservation: r, question } = props;
  const paid = r.paymentStatus === "paid";
  const withRefund = { kind: "cancel", id: r.id, refund: true } as const;
  const withoutRefund = { kind: "cancel", id: r.id, refund: false } as const;
  const asked = isAsked(question, withRefund) || isAsked(question, withoutRefund);
  if (asked)
    return (
      <span role="group" aria-label="Vahvista peruminen">
        <span>
          {isAsked(question, withRefund)
            ? `Perutaanko ja palautetaan ${formatEuros(r.priceCents)}?`
            : "Perutaanko ilman palautusta?"}
        </span>{" "}
        <button
          type="button"
          className="button button-danger"
          disabled={!props.canWrite}
          onClick={question.confirm}
        >
          Vahvista peruminen
        </button>{" "}
        <button type="button" className="button button-secondary" onClick={question.keep}>
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
          onClick={() => question.ask(withRefund)}
        >
          Peru ja palauta
        </button>
      )}
      <button
        type="button"
        className="button button-danger"
        disabled={!props.canWrite}
        onClick={() => question.ask(withoutRefund)}
      >
        {paid ? "Peru ilman palautusta" : "Peru"}
      </button>
    </>
  );
}

export function BlockList(props: {
  blocks: ReservationList["blocks"];
  canWrite: boolean;
  onWrite(command: ReservationCommand): void;
}) {
  return (
    <section className="admin-section" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading" tabIndex={-1} data-focus-key="block">
        Sulut
      </h2>
      {!props.blocks.length && <p className="muted">Ei sulkuja näinä päivinä.</p>}
      {props.blocks.length > 0 && (
        <ul className="plain-list">
          {props.blocks.map((b) => (
            <li key={b.id} tabIndex={-1} data-focus-key={`block/${b.id}`}>
              {formatTimeRange(b.start, b.end)} · {b.areaName ?? "Kaikki alueet"} · {b.reason}{" "}
              <button
                type="button"
                className="button button-danger"
                disabled={!props.canWrite}
                onClick={() => props.onWrite({ kind: "deleteBlock", id: b.id })}
              >
                Poista sulku
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
