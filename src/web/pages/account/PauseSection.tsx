import { useActorRef, useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { fromPromise, type ActorRefFrom } from "xstate";
import { pauseMachine } from "../../../../machines/pauseMachine";
import { formatTimeRange } from "../../../domain/helsinkiClock";
import type {
  MembershipPauseView,
  MembershipPausing,
  PauseQuote,
  PauseResponse,
} from "../../../domain/membership";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { useMembershipEnvironment } from "../../membershipEnvironment";
import { useSubscriptionActor } from "../../session/SubscriptionProvider";
import { reloadMembership } from "./MemberBookingsSection";
import { formatDay } from "./membershipFormat";
import { useFocusWhenLost, type FocusTarget } from "./useFocusWhenLost";
import "./account.css";

type PauseActor = ActorRefFrom<typeof pauseMachine>;
type Offer = NonNullable<MembershipPausing["offer"]>;

const weeksText = (weeks: number) => `${weeks} viikkoa`;

/**
 * "Pidä taukoa" under an active membership the server offers a pause to (decision 058): a length,
 * what the pause means as the server words it, and the pause once confirmed; "Peru tauko" takes a
 * pause that has not begun back, through a question. After either the membership and the bookings
 * are read again. Its buttons are secondary: /oma-tili's one primary action is "Varaa jäsenaika"
 * (decision 048).
 */
export function PauseSection({
  pausing,
  pause,
}: {
  pausing: MembershipPausing;
  pause: MembershipPauseView | null;
}) {
  const env = useMembershipEnvironment();
  const subscriptionActor = useSubscriptionActor();
  const actor = useActorRef(
    pauseMachine.provide({
      actors: {
        quotePause: fromPromise<PauseQuote, { weeks: number }>(({ input }) =>
          env.api.pauseQuote(input.weeks),
        ),
        pause: fromPromise<PauseResponse, { weeks: number }>(({ input }) =>
          env.api.pauseMembership(input.weeks),
        ),
        withdrawPause: fromPromise<PauseResponse>(() => env.api.withdrawPause()),
      },
      actions: { membershipChanged: () => reloadMembership(subscriptionActor) },
    }),
    { input: { coming: pause !== null && !pause.current } },
  );
  const phase = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);
  const canOpen = useSelector(actor, (s) => s.can({ type: "pause.open" }));
  const canWithdraw = useSelector(actor, (s) => s.can({ type: "pause.withdraw" }));
  const focusTarget = useFocusWhenLost(phase);
  const { offer, note } = pausing;

  if (phase === "closed") {
    if (!offer && !note && !message && !canWithdraw) return null;
    return (
      <div className="tier-change">
        {message && (
          <p role="status" className="notice notice-success">
            {message}
          </p>
        )}
        {note && <p className="muted">{note}</p>}
        {canWithdraw && (
          <button
            ref={focusTarget}
            type="button"
            className="button button-secondary"
            onClick={() => actor.send({ type: "pause.withdraw" })}
          >
            Peru tauko
          </button>
        )}
        {offer && canOpen && (
          <>
            <p className="muted">
              Voit pitää jäsenyydessä {offer.min_weeks}–{offer.max_weeks} viikon tauon{" "}
              {formatDay(offer.starts_on)} alkaen. Tauon ajalta ei laskuteta.
            </p>
            <button
              ref={focusTarget}
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: "pause.open" })}
            >
              Pidä taukoa
            </button>
          </>
        )}
      </div>
    );
  }
  if (phase === "confirmingWithdraw" || phase === "withdrawing")
    return <WithdrawQuestion actor={actor} focusTarget={focusTarget} />;
  return (
    <section className="tier-change tier-change--open" aria-labelledby="pause-heading">
      <h3 id="pause-heading">Jäsenyyden tauko</h3>
      {(phase === "choosing" || phase === "quoting") && offer && (
        <PauseChoice actor={actor} offer={offer} focusTarget={focusTarget} />
      )}
      {(phase === "confirming" || phase === "pausing") && (
        <PauseQuoteView actor={actor} focusTarget={focusTarget} />
      )}
    </section>
  );
}

/** The lengths offered; “Näytä tauko” asks what the pause would mean and changes nothing. */
function PauseChoice({
  actor,
  offer,
  focusTarget,
}: {
  actor: PauseActor;
  offer: Offer;
  focusTarget: FocusTarget;
}) {
  const asked = useSelector(actor, (s) => s.context.weeks);
  const quoting = useSelector(actor, (s) => s.matches("quoting"));
  const errorMessage = useSelector(actor, (s) => (s.matches("choosing") ? s.context.errorMessage : null));
  const canClose = useSelector(actor, (s) => s.can({ type: "pause.close" }));
  const lengths = Array.from(
    { length: offer.max_weeks - offer.min_weeks + 1 },
    (_, i) => offer.min_weeks + i,
  );
  const [chosen, setChosen] = useState(() => String(asked ?? offer.min_weeks));
  const canQuote = useSelector(actor, (s) => s.can({ type: "pause.quote", weeks: Number(chosen) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: "pause.quote", weeks: Number(chosen) });
  };
  return (
    <form className="tier-change__form" onSubmit={submit}>
      <p className="muted">
        Tauko alkaa {formatDay(offer.starts_on)}, seuraavan jakson alusta. Tauon ajalta ei laskuteta eikä
        sille voi varata jäsenenä; sen aikaiset varauksesi perutaan. Taukoa voi pitää kerran 12 kuukaudessa.
      </p>
      <div className="form-field">
        <label htmlFor="pause-weeks">Tauon pituus</label>
        <select
          ref={focusTarget}
          id="pause-weeks"
          value={chosen}
          disabled={quoting}
          onChange={(e) => setChosen(e.target.value)}
        >
          {lengths.map((weeks) => (
            <option key={weeks} value={String(weeks)}>
              {weeksText(weeks)}
            </option>
          ))}
        </select>
      </div>
      {quoting && <p role="status">Lasketaan taukoa…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button-secondary" disabled={!canQuote}>
          Näytä tauko
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!canClose}
          onClick={() => actor.send({ type: "pause.close" })}
        >
          Peruuta
        </button>
      </div>
    </form>
  );
}

/** What the pause means, in the server's words and dates; nothing changes before “Vahvista tauko”. */
function PauseQuoteView({ actor, focusTarget }: { actor: PauseActor; focusTarget: FocusTarget }) {
  const quote = useSelector(actor, (s) => s.context.quote);
  const pausing = useSelector(actor, (s) => s.matches("pausing"));
  const errorMessage = useSelector(actor, (s) => (s.matches("confirming") ? s.context.errorMessage : null));
  const canConfirm = useSelector(actor, (s) => s.can({ type: "pause.confirm" }));
  const canBack = useSelector(actor, (s) => s.can({ type: "pause.back" }));
  if (!quote) return null;
  const cancelled = quote.cancelled_bookings;
  return (
    <div className="notice tier-change__quote" role="group" aria-labelledby="pause-quote-heading">
      <h4 id="pause-quote-heading" ref={focusTarget} tabIndex={-1}>
        Tauko {formatDay(quote.starts_on)}–{formatDay(quote.last_day)} ({weeksText(quote.weeks)})
      </h4>
      <p>{quote.summary}</p>
      {quote.commitment_last_day && (
        <p>Sitoumus siirtyy tauon verran: se on voimassa {formatDay(quote.commitment_last_day)} asti.</p>
      )}
      {cancelled.length === 0 ? (
        <p>Tauon ajalla ei ole varauksiasi.</p>
      ) : (
        <>
          <p>Nämä tauon aikaiset varauksesi perutaan:</p>
          <ul>
            {cancelled.map((b) => (
              <li key={b.start}>
                {formatTimeRange(b.start, b.end)}
                {b.standing && " (vakiovuoro)"}
              </li>
            ))}
          </ul>
        </>
      )}
      {pausing && <p role="status">Vahvistetaan taukoa…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <ConfirmButtons
        secondary
        action={{
          label: "Vahvista tauko",
          disabled: !canConfirm,
          onClick: () => actor.send({ type: "pause.confirm" }),
        }}
        back={{
          label: "Takaisin",
          disabled: !canBack,
          onClick: () => actor.send({ type: "pause.back" }),
        }}
      />
    </div>
  );
}

/** Taking back the coming pause: what it means, before anything is sent. */
function WithdrawQuestion({ actor, focusTarget }: { actor: PauseActor; focusTarget: FocusTarget }) {
  const withdrawing = useSelector(actor, (s) => s.matches("withdrawing"));
  const errorMessage = useSelector(actor, (s) =>
    s.matches("confirmingWithdraw") ? s.context.errorMessage : null,
  );
  const canConfirm = useSelector(actor, (s) => s.can({ type: "pause.confirmWithdraw" }));
  const canKeep = useSelector(actor, (s) => s.can({ type: "pause.keep" }));
  return (
    <section className="notice tier-change tier-change__quote" aria-labelledby="pause-withdraw-heading">
      <h3 id="pause-withdraw-heading" ref={focusTarget} tabIndex={-1}>
        Perutaanko tauko?
      </h3>
      <p>
        Jäsenyys jatkuu ja laskutetaan kuten ilman taukoa. Tauon vuoksi perutut varaukset eivät palaa; voit
        varata ajat uudelleen.
      </p>
      {withdrawing && <p role="status">Perutaan taukoa…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <ConfirmButtons
        secondary
        action={{
          label: "Kyllä, peru tauko",
          disabled: !canConfirm,
          onClick: () => actor.send({ type: "pause.confirmWithdraw" }),
        }}
        back={{
          label: "Ei, pidä tauko",
          disabled: !canKeep,
          onClick: () => actor.send({ type: "pause.keep" }),
        }}
      />
    </section>
  );
}
