import { useActorRef, useSelector } from "@xstate/react";
import { fromPromise } from "xstate";
import { reminderPreferenceMachine } from "../../../../machines/reminderPreferenceMachine";
import { RetryAlert } from "../../components/RetryAlert";
import { useMembershipEnvironment } from "../../membershipEnvironment";

/**
 * /oma-tili's "Muistutukset": the reminder e-mail before each booking made with the customer's
 * address (single and member bookings alike), on unless turned off here.
 */
export function RemindersSection() {
  const env = useMembershipEnvironment();
  const actor = useActorRef(
    reminderPreferenceMachine.provide({
      actors: {
        loadPreference: fromPromise(() => env.api.reminders()),
        savePreference: fromPromise<{ enabled: boolean; message?: string }, { enabled: boolean }>(
          ({ input }) => env.api.setReminders(input.enabled),
        ),
      },
    }),
  );
  const phase = useSelector(actor, (s) => s.value);
  const enabled = useSelector(actor, (s) => s.context.enabled);
  const message = useSelector(actor, (s) => s.context.message);
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const canToggle = useSelector(actor, (s) => s.can({ type: "reminders.toggle" }));
  const canRetry = useSelector(actor, (s) => s.can({ type: "reminders.retry" }));

  return (
    <section className="card account-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">Muistutukset</h2>
      {phase === "loading" && <p className="muted">Ladataan…</p>}
      {phase === "loadFailed" && (
        <RetryAlert
          message={errorMessage}
          canRetry={canRetry}
          onRetry={() => actor.send({ type: "reminders.retry" })}
        />
      )}
      {enabled !== null && phase !== "loadFailed" && (
        <>
          <label className="reminder-choice">
            <input
              type="checkbox"
              checked={enabled}
              disabled={!canToggle}
              onChange={() => actor.send({ type: "reminders.toggle" })}
            />
            <span>Lähetä muistutus sähköpostiini ennen jokaista varaustani</span>
          </label>
          <p className="muted">
            Muistutuksessa on portin avauslinkki, puiston säännöt lyhyesti ja ohjeet saapumiseen ja
            pysäköintiin.
          </p>
          {phase === "saving" && <p role="status">Tallennetaan…</p>}
          {phase === "showing" && message && <p role="status">{message}</p>}
          {phase === "showing" && errorMessage && (
            <p className="error-message" role="alert">
              {errorMessage}
            </p>
          )}
        </>
      )}
    </section>
  );
}
