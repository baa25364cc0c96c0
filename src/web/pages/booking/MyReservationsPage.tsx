import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  myReservationsMachine,
  type CancelOutcome,
  type OwnReservationItem,
} from "../../../../machines/myReservationsMachine";
import { failureStatus, serverMessageOr } from "../../../../machines/remoteFailure";
import {
  appendStoredReservation,
  readStoredReservations,
  toStoredReservation,
  updateStoredReservation,
} from "../../../client/reservations";
import { subscribeToReservations } from "../../../client/storage";
import { RetryAlert } from "../../components/RetryAlert";
import { useBookingEnvironment, type BookingEnvironment } from "./bookingEnvironment";
import { groupOwnReservations } from "./ownReservationGroups";
import { ReservationCard } from "./ReservationCard";
import "./booking.css";

/**
 * The receipt e-mail links to `/oma-varaus?varaus={accessToken}`, so the booking can be opened on a
 * device that did not make it: a linked booking the server knows is kept in this browser too.
 */
async function adoptLinkedReservation(env: BookingEnvironment, accessToken: string | null) {
  if (!accessToken || readStoredReservations().some((e) => e.accessToken === accessToken)) return;
  try {
    appendStoredReservation(toStoredReservation(await env.api.byToken(accessToken)));
  } catch {
    // An unknown or mistyped link adds nothing; the stored bookings are still listed.
  }
}

/** Reads the kept bookings and refreshes each from the API; one that fails does not hide the others. */
async function loadOwnReservations(env: BookingEnvironment, linkedToken: string | null) {
  await adoptLinkedReservation(env, linkedToken);
  const items = await Promise.all(
    readStoredReservations().map(async (entry): Promise<OwnReservationItem> => {
      try {
        const reservation = await env.api.byToken(entry.accessToken);
        // Keep the header's "Omat varaukset" rule (spec §1) on the server's times.
        if (reservation.end !== entry.endTime || reservation.start !== entry.start) {
          updateStoredReservation(entry.id, { start: reservation.start, endTime: reservation.end });
        }
        return { entry, reservation, problem: null };
      } catch (error) {
        if (failureStatus(error) === 404) return { entry, reservation: null, problem: "notFound" };
        return { entry, reservation: null, problem: "failed", message: serverMessageOr(error, "") };
      }
    }),
  );
  return { items, now: env.now().toISOString() };
}

/** `/oma-varaus` — the bookings made in this browser, with the gate link and cancelling. */
export function MyReservationsPage() {
  const env = useBookingEnvironment();
  const [searchParams] = useSearchParams();
  const linkedToken = searchParams.get("varaus");
  const actorRef = useActorRef(
    myReservationsMachine.provide({
      actors: {
        loadReservations: fromPromise(() => loadOwnReservations(env, linkedToken)),
        cancelReservation: fromPromise<CancelOutcome, { accessToken: string }>(({ input }) =>
          env.api.cancel(input.accessToken),
        ),
      },
    }),
  );
  const state = useSelector(actorRef, (s) => s);
  const { context } = state;

  // A booking confirmed in another tab (or this one) appears without a reload.
  useEffect(() => subscribeToReservations(() => actorRef.send({ type: "reservations.reload" })), [actorRef]);

  const groups = groupOwnReservations(context.items, context.loadedAt);
  const canReload = state.can({ type: "reservations.reload" });
  const card = (item: OwnReservationItem) => (
    <ReservationCard
      key={item.entry.id}
      item={item}
      past={groups.pastOrCancelled.includes(item)}
      confirming={state.matches("confirmingCancel") && context.cancelToken === item.entry.accessToken}
      cancelling={state.matches("cancelling") && context.cancelToken === item.entry.accessToken}
      outcome={context.cancelToken === item.entry.accessToken ? context.outcome : null}
      canCancel={state.can({ type: "reservations.cancel", accessToken: item.entry.accessToken })}
      canReload={canReload}
      onCancel={() => actorRef.send({ type: "reservations.cancel", accessToken: item.entry.accessToken })}
      onConfirm={() => actorRef.send({ type: "reservations.confirmCancel" })}
      onKeep={() => actorRef.send({ type: "reservations.keep" })}
      onReload={() => actorRef.send({ type: "reservations.reload" })}
    />
  );
  const group = (id: string, title: string, items: OwnReservationItem[], className = "") =>
    items.length > 0 && (
      <section aria-labelledby={id} className={className || undefined}>
        <h2 id={id}>{title}</h2>
        <ul className="plain-list reservation-list">{items.map(card)}</ul>
      </section>
    );

  const loading = state.matches("loading");
  const loadFailed = state.matches("loadFailed");

  return (
    <section className="page my-reservations">
      <h1>Oma varaus</h1>
      {loading && (
        <p role="status" className="muted">
          Ladataan varauksia…
        </p>
      )}
      {loadFailed && (
        <RetryAlert
          message={context.errorMessage}
          canRetry={state.can({ type: "reservations.reload" })}
          onRetry={() => actorRef.send({ type: "reservations.reload" })}
        />
      )}
      {/* Nothing read after a failed load is not nothing stored: there only the error speaks. */}
      {state.matches("showing") && context.items.length === 0 && (
        <div className="card">
          <p>Tässä selaimessa ei ole tallennettuja varauksia.</p>
          <p className="muted">
            Teitkö varauksen toisella laitteella? Vahvistusviestissä on linkki, joka avaa varauksen ja portin
            millä tahansa laitteella.
          </p>
          <Link className="button" to="/varauskalenteri">
            Varaa aika
          </Link>
        </div>
      )}
      {/* While a refresh runs, the bookings read before (and their gate links) stay on the page. */}
      {context.items.length > 0 && (
        <>
          <p className="muted">Varaukset, jotka on tehty tällä selaimella.</p>
          {group("today-title", "Nyt ja tänään", groups.today)}
          {group("upcoming-title", "Tulevat varaukset", groups.upcoming)}
          {group(
            "past-title",
            "Menneet ja perutut varaukset",
            groups.pastOrCancelled,
            "reservation-list--past",
          )}
          <p>
            <Link to="/varauskalenteri">Varaa uusi aika</Link>
          </p>
        </>
      )}
    </section>
  );
}
