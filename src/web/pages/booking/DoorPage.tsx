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
  const state = useSelector(actorRef, (s) => s);
  const { info, message } = state.context;
  const showButton =
    state.matches("waiting") || state.matches("ready") || state.matches("opening") || state.matches("opened");

  return (
    <section className="page door">
      <h1>Portti</h1>
      {state.matches("loading") && (
        <p role="status" className="muted">
          Ladataan varauksen tietoja…
        </p>
      )}
      {info && !state.matches("notFound") && (
        <dl className="booking-summary card">
          <dt>Alue</dt>
          <dd>{info.areaName}</dd>
          <dt>Varaus</dt>
          <dd>{formatTimeRange(info.start, info.end)}</dd>
        </dl>
      )}
      {state.matches("waiting") && info && (
        <p className="notice" role="status">
          Portin voi avata {formatDateTime(info.opensFrom)} alkaen.
        </p>
      )}
      {showButton && (
        <button
          type="button"
          className="button door__button"
          disabled={!state.can({ type: "door.open" })}
          onClick={() => actorRef.send({ type: "door.open" })}
        >
          {state.matches("opening") ? "Avataan…" : "Avaa portti"}
        </button>
      )}
      {(state.matches("ready") || state.matches("opened")) && info && (
        <p className="muted">Painike toimii varauksen loppuun asti ({formatDateTime(info.opensUntil)}).</p>
      )}
      {state.matches("opened") && (
        <p className="notice notice-success" role="status">
          {message}
        </p>
      )}
      {(state.matches("refused") || state.matches("failed")) && (
        <div className="card" role="alert">
          <p className="error-message">{message}</p>
          <button type="button" className="button" onClick={() => actorRef.send({ type: "door.retry" })}>
            {state.matches("refused") ? "Päivitä tilanne" : "Yritä uudelleen"}
          </button>
        </div>
      )}
      {state.matches("ended") && (
        <p className="notice" role="status">
          Varaus on päättynyt, joten porttia ei voi enää avata tällä linkillä.
        </p>
      )}
      {state.matches("cancelled") && (
        <p className="notice" role="status">
          Varaus on peruttu, joten porttia ei voi avata.
        </p>
      )}
      {state.matches("notFound") && (
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
