import { useActorRef, useSelector } from "@xstate/react";
import { Link, useParams } from "react-router-dom";
import { fromPromise } from "xstate";
import { doorMachine, waitUntil, type DoorInfo, type DoorOpenResult } from "../../../../machines/doorMachine";
import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { useBookingEnvironment } from "./bookingEnvironment";
import "./booking.css";

/**
 * `/avaa/:token` (no header). Loading the page only reads the booking; the gate opens on the
 * button press alone, so a link preview or scanner that loads the page cannot open it.
 */
export function DoorPage() {
  const env = useBookingEnvironment();
  const { token = "" } = useParams();
  const actorRef = useActorRef(
    doorMachine.provide({
      actors: {
        loadDoor: fromPromise<DoorInfo, { token: string }>(({ input }) => env.api.door(input.token)),
        openDoor: fromPromise<DoorOpenResult, { token: string }>(({ input }) =>
          env.api.openDoor(input.token),
        ),
      },
      delays: {
        untilOpen: ({ context }) => waitUntil(context.info?.opensFrom, env.now().getTime()),
        untilClose: ({ context }) => waitUntil(context.info?.opensUntil, env.now().getTime()),
      },
    }),
    { input: { token } },
  );
  // Narrow selections: the page re-renders only when what it shows changes.
  // The machine is flat: its value is the one state it is in.
  const phase = useSelector(actorRef, (s) => s.value);
  const info = useSelector(actorRef, (s) => s.context.info);
  const message = useSelector(actorRef, (s) => s.context.message);
  const canOpen = useSelector(actorRef, (s) => s.can({ type: "door.open" }));
  const showButton = phase === "waiting" || phase === "ready" || phase === "opening" || phase === "opened";

  return (
    <section className="page door">
      <h1>Portti</h1>
      {phase === "loading" && (
        <p role="status" className="muted">
          Ladataan varauksen tietoja…
        </p>
      )}
      {info && phase !== "notFound" && (
        <dl className="booking-summary card">
          <dt>Alue</dt>
          <dd>{info.areaName}</dd>
          <dt>Varaus</dt>
          <dd>{formatTimeRange(info.start, info.end)}</dd>
        </dl>
      )}
      {phase === "waiting" && info && (
        <p className="notice" role="status">
          {info.waitsForPrevious ? "Edellinen varaus on vielä käynnissä. " : ""}Portin voi avata{" "}
          {formatDateTime(info.opensFrom)} alkaen.
        </p>
      )}
      {info?.fallbackText && phase !== "notFound" && (
        <div className="card" role="alert">
          <p>
            <strong>Portti ei juuri nyt vastaa.</strong> {info.fallbackText}
          </p>
        </div>
      )}
      {info?.suspended && phase !== "notFound" && (
        <div className="card" role="alert">
          <p>
            <strong>Porttia ei voi avata tällä linkillä.</strong> {info.suspended}
          </p>
        </div>
      )}
      {showButton && (
        <button
          type="button"
          className="button door__button"
          disabled={!canOpen}
          onClick={() => actorRef.send({ type: "door.open" })}
        >
          {phase === "opening" ? "Avataan…" : "Avaa portti"}
        </button>
      )}
      {(phase === "ready" || phase === "opened") && info && (
        <p className="muted">Painike toimii varauksen loppuun asti ({formatDateTime(info.opensUntil)}).</p>
      )}
      {phase === "opened" && (
        <p className="notice notice-success" role="status">
          {message}
        </p>
      )}
      {(phase === "refused" || phase === "failed") && (
        <div className="card" role="alert">
          <p className="error-message">{message}</p>
          <button type="button" className="button" onClick={() => actorRef.send({ type: "door.retry" })}>
            {phase === "refused" ? "Päivitä tilanne" : "Yritä uudelleen"}
          </button>
        </div>
      )}
      {phase === "ended" && (
        <p className="notice" role="status">
          Varaus on päättynyt, joten porttia ei voi enää avata tällä linkillä.
        </p>
      )}
      {phase === "cancelled" && (
        <p className="notice" role="status">
          Varaus on peruttu, joten porttia ei voi avata.
        </p>
      )}
      {phase === "notFound" && (
        <div className="card" role="alert">
          <p className="error-message">
            Linkkiä ei tunnistettu. Tarkista, että avasit koko linkin varausvahvistuksesta.
          </p>
        </div>
      )}
      <p>
        <Link to="/oma-varaus">Oma varaus</Link> · <Link to="/">Etusivu</Link>
      </p>
    </section>
  );
}
