import { useActorRef, useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import { waitlistMachine, type WaitlistJoinOutcome } from "../../../../machines/waitlistMachine";
import { formatTimeRange, helsinkiDate } from "../../../domain/helsinkiClock";
import { waitlistLengthParam, waitlistRangeEnd } from "../../../domain/waitlist";
import { WAITLIST_LENGTH_PARAM } from "./waitlistPath";
import { useSiteInfo } from "../../useSiteInfo";
import { useBookingEnvironment } from "./bookingEnvironment";
import { slotIsValid } from "./checkoutRules";
import { formatLength } from "./labels";

/**
 * /varauskalenteri/jono/:start/:end[?kesto=<minutes>] — joining the line of a taken or held range.
 * With `kesto` the range is start + kesto (the length the visitor wants), else the path's own end.
 */
export function WaitlistPage() {
  const { start, end: pathEnd } = useParams();
  const [search] = useSearchParams();
  const minutes = waitlistLengthParam(search.get(WAITLIST_LENGTH_PARAM));
  const end = minutes !== null && slotIsValid(start, pathEnd) ? waitlistRangeEnd(start!, minutes) : pathEnd;
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

/** The park's lengths as radio buttons; the one of the range asked for is checked. */
function LengthChoice(props: {
  start: string;
  end: string;
  lengths: number[];
  disabled: boolean;
  onChoose(end: string, minutes: number): void;
}) {
  const { start, end, lengths, disabled, onChoose } = props;
  if (lengths.length < 2) return null;
  const chosen = Date.parse(end);
  return (
    <fieldset className="waitlist-lengths" disabled={disabled}>
      <legend>Kesto</legend>
      {lengths.map((minutes) => {
        const until = waitlistRangeEnd(start, minutes);
        return (
          <label key={minutes} className="waitlist-lengths__choice">
            <input
              type="radio"
              name="length"
              value={minutes}
              checked={Date.parse(until) === chosen}
              onChange={() => onChoose(until, minutes)}
            />
            {`${formatLength(minutes)} (${formatTimeRange(start, until)})`}
          </label>
        );
      })}
    </fieldset>
  );
}

function WaitlistForm({ start, end: initialEnd }: { start: string; end: string }) {
  const env = useBookingEnvironment();
  const [, setSearch] = useSearchParams();
  const { site } = useSiteInfo();
  const actorRef = useActorRef(
    waitlistMachine.provide({
      actors: {
        joinWaitlist: fromPromise<WaitlistJoinOutcome, { start: string; end: string; email: string }>(
          ({ input }) => env.api.waitlistJoin(input.start, input.end, input.email),
        ),
      },
    }),
    { input: { start, end: initialEnd } },
  );
  const phase = useSelector(actorRef, (s) => s.value);
  const end = useSelector(actorRef, (s) => s.context.end);
  const email = useSelector(actorRef, (s) => s.context.email);
  const message = useSelector(actorRef, (s) => s.context.message);
  const errorMessage = useSelector(actorRef, (s) => s.context.errorMessage);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: "waitlist.submit", email: "" }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = new FormData(event.currentTarget).get("email");
    actorRef.send({ type: "waitlist.submit", email: typeof address === "string" ? address : "" });
  };
  const chooseLength = (until: string, minutes: number) => {
    actorRef.send({ type: "waitlist.chooseLength", end: until });
    // The address bar says the range too, so a reload or a shared link asks for the same.
    setSearch({ [WAITLIST_LENGTH_PARAM]: String(minutes) }, { replace: true });
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
              Aika on nyt varattu. Kun koko valitsemasi aika vapautuu, lähetämme jonossa ensimmäiselle linkin,
              jolla aika on hetken varattuna vain hänelle. Jokaisessa viestissä on linkki, jolla voit poistua
              jonosta.
            </p>
            <form onSubmit={submit} noValidate>
              <LengthChoice
                start={start}
                end={end}
                lengths={site?.slotRules.lengthsMinutes ?? []}
                disabled={phase === "sending"}
                onChoose={chooseLength}
              />
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
