import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { CancelOutcome, OwnReservationItem } from "../../../../machines/myReservationsMachine";
import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { closedWindowText } from "./cancellationWindow";
import { doorPath, reservationStatusLabels } from "./labels";
import { ReceiptLinks } from "./ReceiptLinks";

type Props = {
  item: OwnReservationItem;
  past: boolean;
  confirming: boolean;
  cancelling: boolean;
  outcome: CancelOutcome | null;
  canCancel: boolean;
  canReload: boolean;
  canMove: boolean;
  /**
   * Whether this card's gate link is the view's primary action: the first booking of today, while
   * no move is open (decision 048); elsewhere the link is a secondary button.
   */
  doorFirst: boolean;
  /** The move's chooser while this booking is being moved (MoveChooser). */
  moveChooser: ReactNode;
  onMove(): void;
  onCancel(): void;
  onReload(): void;
  onConfirm(): void;
  onKeep(): void;
};

/**
 * One kept booking: its time, status and price, the gate link, the move with its chooser and the
 * cancel with its confirmation.
 */
export function ReservationCard(props: Props) {
  const {
    item,
    past,
    confirming,
    cancelling,
    outcome,
    canCancel,
    canReload,
    canMove,
    doorFirst,
    moveChooser,
    ...on
  } = props;
  const r = item.reservation;
  const start = r?.start ?? item.entry.start;
  const end = r?.end ?? item.entry.endTime;
  return (
    <li className={`reservation-card card${past ? " reservation-card--past" : ""}`}>
      <h3>{formatTimeRange(start, end)}</h3>
      {item.problem === "notFound" && <p className="muted">Varausta ei löytynyt. Se on ehkä poistettu.</p>}
      {item.problem === "failed" && (
        <div className="reservation-card__problem">
          <p className="error-message">Varauksen tietoja ei saatu päivitettyä. {item.message}</p>
          {r && <p className="muted">Alla ovat viimeksi haetut tiedot.</p>}
          <button
            type="button"
            className="button button-secondary"
            disabled={!canReload}
            onClick={on.onReload}
          >
            Päivitä tiedot
          </button>
        </div>
      )}
      {r && (
        <dl className="reservation-card__details">
          <dt>Alue</dt>
          <dd>{r.areaName}</dd>
          <dt>Tila</dt>
          <dd className={`reservation-status reservation-status--${r.status}`}>
            {reservationStatusLabels[r.status]}
          </dd>
          <dt>Hinta</dt>
          <dd>{formatEuros(r.priceCents)}</dd>
          {/* What was paid, when it is not simply the price (a move's difference, money back). */}
          {!!r.money?.paidCents && r.money.paidCents !== r.priceCents && (
            <>
              <dt>Maksettu</dt>
              <dd>{formatEuros(r.money.paidCents)}</dd>
            </>
          )}
        </dl>
      )}
      {r?.doorUrl && r.status === "confirmed" && !past && (
        <p>
          <Link className={doorFirst ? "button" : "button button-secondary"} to={doorPath(r.doorUrl)}>
            Avaa portti
          </Link>
        </p>
      )}
      {/* A receipt for what was paid: confirmed, or cancelled after its payment (with the refund). */}
      {r &&
        (r.status === "confirmed" || r.payment?.status === "paid" || r.payment?.status === "refunded") && (
          <ReceiptLinks accessToken={r.accessToken} confirmed={r.status === "confirmed" && !past} />
        )}
      {r?.cancellable && !confirming && !cancelling && !moveChooser && (
        <p className="reservation-actions">
          {r.movable && (
            <>
              <button
                type="button"
                className="button button-secondary"
                disabled={!canMove}
                onClick={on.onMove}
              >
                Siirrä varaus
              </button>{" "}
            </>
          )}
          <button type="button" className="button button-danger" disabled={!canCancel} onClick={on.onCancel}>
            Peru varaus
          </button>{" "}
          <span className="muted">
            {r.movable ? "Siirrettävissä ja peruttavissa" : "Peruttavissa"}{" "}
            {formatDateTime(r.cancellableUntil)} asti.
          </span>
        </p>
      )}
      {moveChooser}
      {r && !r.cancellable && r.status === "confirmed" && !past && (
        <p className="muted">{closedWindowText(r)}</p>
      )}
      {confirming && (
        <div className="notice" role="group" aria-labelledby={`cancel-${item.entry.id}`}>
          <p id={`cancel-${item.entry.id}`}>Haluatko varmasti perua varauksen?</p>
          <div className="button-row">
            <button type="button" className="button button-danger" onClick={on.onConfirm}>
              Kyllä, peru
            </button>
            <button type="button" className="button button-secondary" onClick={on.onKeep}>
              Älä peru
            </button>
          </div>
        </div>
      )}
      {cancelling && <p role="status">Perutaan varausta…</p>}
      {r && !outcome && <RefundNote reservation={r} />}
      {outcome && (
        <p className={outcome.success ? "notice notice-success" : "error-message"} role="status">
          {/* The server's message already says what is refunded and where. */}
          {outcome.message}
        </p>
      )}
    </li>
  );
}

/**
 * A cancelled booking's money, from the API's ledger sums (so it survives a reload): what the
 * provider has returned, what went back to a gift card, and what is still on its way back.
 */
function RefundNote({ reservation: r }: { reservation: NonNullable<OwnReservationItem["reservation"]> }) {
  if (r.status !== "cancelled") return null;
  const m = r.money;
  const pending = m?.refundPendingCents ?? r.payment?.refundPendingCents ?? 0;
  const refunded = m ? m.refundedCents - m.giftCardReturnedCents : (r.payment?.refundedCents ?? 0);
  const toCard = m?.giftCardReturnedCents ?? 0;
  const lines = [
    pending > 0 ? `Palautamme ${formatEuros(pending)} maksutavallesi.` : "",
    refunded > 0 ? `Palautettu maksutavallesi ${formatEuros(refunded)}.` : "",
    toCard > 0 ? `Lahjakortillesi palautettu ${formatEuros(toCard)}.` : "",
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return <p className="notice">{lines.join(" ")}</p>;
}
