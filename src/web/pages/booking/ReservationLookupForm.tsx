import { useActorRef, useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { fromPromise } from "xstate";
import { reservationLookupMachine, type LookupOutcome } from "../../../../machines/reservationLookupMachine";
import { useBookingEnvironment } from "./bookingEnvironment";

/**
 * "Lähetä varaukseni sähköpostiini" on /oma-varaus: links to every upcoming booking made with an
 * address, for a device that did not make them. Each e-mailed link opens /oma-varaus?varaus=…,
 * which keeps the booking in that browser (MyReservationsPage).
 */
export function ReservationLookupForm() {
  const env = useBookingEnvironment();
  const actorRef = useActorRef(
    reservationLookupMachine.provide({
      actors: {
        sendLookup: fromPromise<LookupOutcome, { email: string }>(({ input }) => env.api.lookup(input.email)),
      },
    }),
  );
  const phase = useSelector(actorRef, (s) => s.value);
  const email = useSelector(actorRef, (s) => s.context.email);
  const message = useSelector(actorRef, (s) => s.context.message);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: "lookup.submit", email: "" }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = new FormData(event.currentTarget).get("email");
    actorRef.send({ type: "lookup.submit", email: typeof address === "string" ? address : "" });
  };

  return (
    <section aria-labelledby="lookup-title" className="card reservation-lookup">
      <h2 id="lookup-title">Varaus toisella laitteella?</h2>
      {phase === "sent" ? (
        <>
          <p className="notice notice-success" role="status">
            {message}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => actorRef.send({ type: "lookup.again" })}
          >
            Lähetä uudelleen
          </button>
        </>
      ) : (
        <>
          <p className="muted">
            Lähetämme linkit tuleviin varauksiisi sähköpostiosoitteeseen, jolla varasit. Avaa linkki tällä
            laitteella, niin varaus tallentuu tähän selaimeen.
          </p>
          <form onSubmit={submit} noValidate>
            <div className="form-field">
              <label htmlFor="lookup-email">Sähköpostiosoite</label>
              <input
                id="lookup-email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={email}
                aria-invalid={errorMessage ? true : undefined}
                aria-describedby={errorMessage ? "lookup-email-error" : undefined}
              />
              {phase === "failed" && errorMessage && (
                <p id="lookup-email-error" className="error-message" role="alert">
                  {errorMessage}
                </p>
              )}
            </div>
            <button type="submit" className="button button-secondary" disabled={!canSubmit}>
              {phase === "sending" ? "Lähetetään…" : "Lähetä varaukseni sähköpostiini"}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
