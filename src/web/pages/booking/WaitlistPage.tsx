import { useActorRef, useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { fromPromise } from "xstate";
import { waitlistMachine, type WaitlistJoinOutcome } from "../../../../machines/waitlistMachine";
import { formatTimeRange, helsinkiDate } from "../../../domain/helsinkiClock";
import { useBookingEnvironment } from "./bookingEnvironment";
import { slotIsValid } from "./checkoutRules";

/** /varauskalenteri/jono/:start/:end — joining the line of a taken or held slot. */
export function WaitlistPage() {
  const { start, end } = useParams();
  if (!slotIsValid(start, end))
    return (
      <section className="page waitlist">
        <h1>Ilmoita, jos aika vapautuu</h1>
        <div className="card" role="alert">
          <p className="error-message">Aikaa ei tunnistettu. Valitse aika varauskalenterista.</p>
          <Link className="button button-secondary" to="/varauskalenteri">
            Siirry varauskalenteriin
          </Link>
        </div>
      </section>
    );
  return <WaitlistForm start={start!} end={end!} />;
}

function WaitlistForm({ start, end }: { start: string; end: string }) {
  const env = useBookingEnvironment();
  const actorRef = useActorRef(
    waitlistMachine.provide({
      actors: {
        joinWaitlist: fromPromise<WaitlistJoinOutcome, { start: string; end: string; email: string }>(
          ({ input }) => env.api.waitlistJoin(input.start, input.end, input.email),
        ),
      },
    }),
    { input: { start, end } },
  );
  const phase = useSelector(actorRef, (s) => s.value);
  const email = useSelector(actorRef, (s) => s.context.email);
  const message = useSelector(actorRef, (s) => s.context.message);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: "waitlist.submit", email: "" }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = new FormData(event.currentTarget).get("email");
    actorRef.send({ type: "waitlist.submit", email: typeof address === "string" ? address : "" });
  };
  const calendar = (
    <Link className="button button-secondary" to={`/varauskalenteri/${helsinkiDate(start)}`}>
      Takaisin varauskalenteriin
    </Link>
  );

  return (
    <section className="page waitlist">
      <h1>Ilmoita, jos aika vapautuu</h1>
      <div className="card">
        <p>
          <strong>{formatTimeRange(start, end)}</strong>
        </p>
        {phase === "joined" ? (
          <>
            <p className="notice notice-success" role="status">
              {message}
            </p>
            {calendar}
          </>
        ) : (
          <>
            <p className="muted">
              Aika on nyt varattu. Jos se vapautuu, lähetämme jonossa ensimmäiselle linkin, jolla aika on
              hetken varattuna vain hänelle. Jokaisessa viestissä on linkki, jolla voit poistua jonosta.
            </p>
            <form onSubmit={submit} noValidate>
              <div className="form-field">
                <label htmlFor="waitlist-email">Sähköpostiosoite</label>
                <input
                  id="waitlist-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  defaultValue={email}
                  aria-invalid={errorMessage ? true : undefined}
                  aria-describedby={errorMessage ? "waitlist-email-error" : undefined}
                />
                {phase === "failed" && errorMessage && (
                  <p id="waitlist-email-error" className="error-message" role="alert">
                    {errorMessage}
                  </p>
                )}
              </div>
              <button type="submit" className="button" disabled={!canSubmit}>
                {phase === "sending" ? "Lähetetään…" : "Ilmoita, jos aika vapautuu"}
              </button>
            </form>
            {calendar}
          </>
        )}
      </div>
    </section>
  );
}
