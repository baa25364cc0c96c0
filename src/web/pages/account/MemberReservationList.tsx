import { useSelector } from "@xstate/react";
import { Link } from "react-router-dom";
import { formatHours } from "../../../../machines/memberQuota";
import { splitMemberReservations, type MemberReservation } from "../../../domain/membership";
import { formatDateTime, formatTimeRange, helsinkiDate } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { doorPath, reservationStatusLabels } from "../booking/labels";
import type { MemberBookingRef } from "./MemberBookingFlow";
import { MemberMoveChooser, MovedNotice } from "./MemberMoveChooser";

const kindLabels = { subscriber: "Jäsenvaraus", single: "Kertavaraus" } as const;

/** The member's subscriber and single bookings, with the gate link, moving and cancelling. */
export function MemberReservationList({ actorRef }: { actorRef: MemberBookingRef }) {
  const reservations = useSelector(actorRef, (s) => s.context.reservations);
  const now = useSelector(actorRef, (s) => s.context.now);
  // Read again after a booking, a move or a cancel; the changed booking is already in the list meanwhile.
  const refreshing = useSelector(actorRef, (s) =>
    (["booked", "moved", "cancelled"] as const).some((done) =>
      s.matches({ showing: { [done]: "refreshing" } }),
    ),
  );
  const refreshFailed = useSelector(actorRef, (s) => s.context.refreshFailed);
  const { upcoming, cancelled, past } = splitMemberReservations(reservations, now);
  const noShows = past.filter((r) => r.noShow).length;
  const today = helsinkiDate(now);
  const doorToday = upcoming.find(
    (r) => r.doorUrl && r.status === "confirmed" && helsinkiDate(r.start) === today,
  );
  return (
    <div className="member-reservation-lists" aria-busy={refreshing}>
      {refreshFailed && <p className="muted">Varauslistaa ei saatu päivitettyä. Lataa sivu uudelleen.</p>}
      {reservations.length === 0 && <p className="muted">Sinulla ei ole varauksia.</p>}
      {upcoming.length > 0 && (
        <section aria-labelledby="member-upcoming-title">
          <h3 id="member-upcoming-title">Tulevat varaukset</h3>
          <ul className="plain-list member-reservations">
            {upcoming.map((r) => (
              <MemberReservationCard
                key={r.id}
                reservation={r}
                past={false}
                doorFirst={r === doorToday}
                actorRef={actorRef}
              />
            ))}
          </ul>
        </section>
      )}
      {cancelled.length > 0 && (
        <section aria-labelledby="member-cancelled-title">
          <h3 id="member-cancelled-title">Perutut varaukset</h3>
          <ul className="plain-list member-reservations member-reservations--past">
            {cancelled.map((r) => (
              <MemberReservationCard key={r.id} reservation={r} past={false} actorRef={actorRef} />
            ))}
          </ul>
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="member-past-title">
          <h3 id="member-past-title">Menneet varaukset</h3>
          {noShows > 0 && (
            <p className="muted">Varauksia, joihin et saapunut (porttia ei avattu): {noShows}</p>
          )}
          <ul className="plain-list member-reservations member-reservations--past">
            {past.map((r) => (
              <MemberReservationCard key={r.id} reservation={r} past actorRef={actorRef} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type CardProps = {
  reservation: MemberReservation;
  past: boolean;
  /** Today's first booking: its gate link is the view's primary action (decision 048). */
  doorFirst?: boolean;
  actorRef: MemberBookingRef;
};

function MemberReservationCard({ reservation: r, past, doorFirst = false, actorRef }: CardProps) {
  // What this card shows of the cancel: nothing, the question, the wait, or the answer.
  const cancelStep = useSelector(actorRef, (s) => {
    if (s.context.cancelId !== r.id) return null;
    if (s.matches("confirmingCancel")) return "confirming";
    if (s.matches("cancelling")) return "cancelling";
    if (s.matches({ showing: "cancelled" })) return "cancelled";
    if (s.matches({ showing: "cancelFailed" })) return "failed";
    return null;
  });
  // The move: its chooser on this card, or its answer.
  const moveStep = useSelector(actorRef, (s) => {
    if (s.context.moveId !== r.id) return null;
    if (s.matches("movePicking") || s.matches("moving")) return "choosing";
    if (s.matches({ showing: "moved" })) return "moved";
    return null;
  });
  const message = useSelector(actorRef, (s) =>
    s.context.cancelId === r.id || s.context.moveId === r.id ? s.context.message : null,
  );
  const canCancel = useSelector(actorRef, (s) => s.can({ type: "reservation.cancel", id: r.id }));
  const canMove = useSelector(actorRef, (s) => s.can({ type: "move.start", id: r.id }));
  const subscriber = r.kind === "subscriber";
  // A member booking moves here; a single booking on its own page (its price decides what it may move to).
  const movable = subscriber && !!r.movable && r.status === "confirmed";
  const busy = cancelStep === "confirming" || cancelStep === "cancelling" || moveStep === "choosing";
  const titleId = `member-reservation-${r.id}`;

  return (
    <li
      className={`member-reservation card${past ? " member-reservation--past" : ""}`}
      aria-labelledby={titleId}
    >
      <h4 id={titleId}>{formatTimeRange(r.start, r.end)}</h4>
      <p className={`member-reservation__kind member-reservation__kind--${r.kind}`}>{kindLabels[r.kind]}</p>
      <dl className="member-reservation__details">
        <dt>Alue</dt>
        <dd>{r.areaName}</dd>
        <dt>Tila</dt>
        <dd className={`reservation-status reservation-status--${r.status}`}>
          {reservationStatusLabels[r.status]}
        </dd>
        <dt>Koiria</dt>
        <dd>{r.dogs}</dd>
        {r.noShow && (
          <>
            <dt>Saapuminen</dt>
            <dd>Ei saapunut (porttia ei avattu)</dd>
          </>
        )}
        <dt>{subscriber ? "Kiintiöstä" : "Hinta"}</dt>
        <dd>{subscriber ? formatHours(r.hours) : formatEuros(r.priceCents)}</dd>
      </dl>
      <div className="button-row">
        {r.doorUrl && r.status === "confirmed" && !past && (
          <Link className={doorFirst ? "button" : "button button-secondary"} to={doorPath(r.doorUrl)}>
            Avaa portti
          </Link>
        )}
        {!subscriber && (
          <Link
            className="button button-secondary"
            to={`/oma-varaus?varaus=${encodeURIComponent(r.accessToken)}`}
          >
            Kertavarauksen sivu
          </Link>
        )}
      </div>
      {(r.cancellable || movable) && !past && !busy && (
        <p className="reservation-actions">
          {movable && (
            <>
              <button
                type="button"
                className="button button-secondary"
                disabled={!canMove}
                onClick={() => actorRef.send({ type: "move.start", id: r.id })}
              >
                Siirrä varaus
              </button>{" "}
            </>
          )}
          {r.cancellable && (
            <>
              <button
                type="button"
                className="button button-danger"
                disabled={!canCancel}
                onClick={() => actorRef.send({ type: "reservation.cancel", id: r.id })}
              >
                Peru varaus
              </button>{" "}
            </>
          )}
          <span className="muted">
            {movable && r.cancellable
              ? "Siirrettävissä ja peruttavissa"
              : movable
                ? "Siirrettävissä"
                : "Peruttavissa"}{" "}
            {formatDateTime(r.cancellableUntil)} asti.
          </span>
        </p>
      )}
      {subscriber && !movable && !past && r.status === "confirmed" && (
        <p className="muted">Siirto- ja peruutusaika päättyi {formatDateTime(r.cancellableUntil)}.</p>
      )}
      {moveStep === "choosing" && <MemberMoveChooser actorRef={actorRef} reservation={r} />}
      {moveStep === "moved" && <MovedNotice message={message} />}
      {cancelStep === "confirming" && (
        <div className="notice" role="group" aria-labelledby={`${titleId}-cancel`}>
          <p id={`${titleId}-cancel`}>
            Haluatko varmasti perua varauksen?
            {subscriber && r.hours > 0 && ` ${formatHours(r.hours)} palautuu kiintiöösi.`}
          </p>
          <ConfirmButtons
            action={{
              label: "Kyllä, peru",
              onClick: () => actorRef.send({ type: "reservation.confirmCancel" }),
            }}
            back={{ label: "Älä peru", onClick: () => actorRef.send({ type: "reservation.keep" }) }}
          />
        </div>
      )}
      {cancelStep === "cancelling" && <p role="status">Perutaan varausta…</p>}
      {cancelStep === "cancelled" && (
        <p className="notice notice-success" role="status">
          {message}
        </p>
      )}
      {cancelStep === "failed" && (
        <p className="error-message" role="alert">
          {message}
        </p>
      )}
    </li>
  );
}
