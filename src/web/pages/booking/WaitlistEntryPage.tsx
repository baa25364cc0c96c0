import { useActorRef, useSelector } from "@xstate/react";
import { Link, useParams } from "react-router-dom";
import { fromPromise } from "xstate";
import { waitlistEntryMachine, type WaitlistEntry } from "../../../../machines/waitlistEntryMachine";
import { formatTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { useBookingEnvironment } from "./bookingEnvironment";

const statusTexts: Record<WaitlistEntry["status"], string> = {
  waiting: "Olet jonossa. Jos aika vapautuu, saat sähköpostiisi linkin.",
  offered: "Aika vapautui ja on varattuna sinulle.",
  booked: "Varasit tämän ajan jonosta.",
  missed: "Aika oli varattuna sinulle, mutta varausaika umpeutui. Aika tarjottiin jonossa seuraavalle.",
  left: "Olet poistunut tämän ajan jonosta.",
  ended: "Aika on jo alkanut, joten jono on päättynyt.",
};

/** The checkout with the slot, the offered address and the offer's token (CheckoutPage reads them). */
export const offerCheckoutPath = (token: string, entry: WaitlistEntry) =>
  `/checkout/${encodeURIComponent(entry.start)}/${encodeURIComponent(entry.end)}?jono=${encodeURIComponent(token)}&email=${encodeURIComponent(entry.email)}`;

/** /varauskalenteri/jono/:token — a waitlist entry's own page, linked from each of its e-mails. */
export function WaitlistEntryPage() {
  const { token = "" } = useParams();
  const env = useBookingEnvironment();
  const actorRef = useActorRef(
    waitlistEntryMachine.provide({
      actors: {
        loadEntry: fromPromise<WaitlistEntry, { token: string }>(({ input }) =>
          env.api.waitlistEntry(input.token),
        ),
        leaveEntry: fromPromise<{ message: string }, { token: string }>(({ input }) =>
          env.api.waitlistLeave(input.token),
        ),
      },
    }),
    { input: { token } },
  );
  const phase = useSelector(actorRef, (s) => s.value);
  const entry = useSelector(actorRef, (s) => s.context.entry);
  const message = useSelector(actorRef, (s) => s.context.message);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);
  const canLeave = useSelector(actorRef, (s) => s.can({ type: "entry.leave" }));
  const live = entry?.status === "waiting" || entry?.status === "offered";

  return (
    <section className="page waitlist">
      <h1>Jonopaikka</h1>
      {phase === "loading" && (
        <p role="status" className="muted">
          Haetaan jonopaikkaa…
        </p>
      )}
      {phase === "loadFailed" && (
        <div className="card">
          <p className="error-message" role="alert">
            {errorMessage}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => actorRef.send({ type: "entry.retry" })}
          >
            Yritä uudelleen
          </button>
        </div>
      )}
      {entry && phase !== "loading" && phase !== "loadFailed" && (
        <div className="card">
          <p>
            <strong>{formatTimeRange(entry.start, entry.end)}</strong>
          </p>
          {phase === "left" ? (
            <p className="notice notice-success" role="status">
              {message}
            </p>
          ) : (
            <>
              <p>{statusTexts[entry.status]}</p>
              {entry.status === "offered" && entry.offerExpiresAt && (
                <>
                  <p>{`Varaa ja maksa aika klo ${formatTime(entry.offerExpiresAt)} mennessä.`}</p>
                  <Link className="button" to={offerCheckoutPath(token, entry)}>
                    Varaa aika
                  </Link>
                </>
              )}
              {errorMessage && (
                <p className="error-message" role="alert">
                  {errorMessage}
                </p>
              )}
              {live && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!canLeave}
                  onClick={() => actorRef.send({ type: "entry.leave" })}
                >
                  {phase === "leaving" ? "Poistutaan…" : "Poistu jonosta"}
                </button>
              )}
            </>
          )}
          <Link to="/varauskalenteri">Varauskalenteriin</Link>
        </div>
      )}
    </section>
  );
}
