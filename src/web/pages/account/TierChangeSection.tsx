import { useActorRef, useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { fromPromise, type ActorRefFrom } from "xstate";
import { tierChangeMachine } from "../../../../machines/tierChangeMachine";
import type { Subscription, Tier, TierChangeQuote, TierChangeResponse } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { useMembershipEnvironment } from "../../membershipEnvironment";
import { useSubscriptionActor } from "../../session/SubscriptionProvider";
import { reloadMembership } from "./MemberBookingsSection";
import { useFocusWhenLost, type FocusTarget } from "./useFocusWhenLost";
import { daysText, formatDay } from "./membershipFormat";
import "./account.css";

type TierChangeActor = ActorRefFrom<typeof tierChangeMachine>;

/** "Premium – 40 h/kk, 89,00 €/kk": a tier at the price the member would pay (a commitment's, with one). */
const tierOptionText = (tier: Tier, commitment: Subscription["commitment"]) =>
  `${tier.name} – ${tier.hours_quota} h/kk, ${formatEuros(
    commitment === "12m" ? tier.commitment_monthly_price_cents : tier.monthly_price_cents,
  )}/kk`;

/**
 * "Vaihda tasoa" under an active membership (decision 057): the other tiers, what changing to one
 * means as the server words it, and the change once confirmed; then the membership is read again.
 * Its buttons are secondary: /oma-tili's one primary action is "Varaa jäsenaika" (decision 048).
 */
export function TierChangeSection({ subscription }: { subscription: Subscription }) {
  const env = useMembershipEnvironment();
  const subscriptionActor = useSubscriptionActor();
  const actor = useActorRef(
    tierChangeMachine.provide({
      actors: {
        loadTiers: fromPromise(async () => (await env.api.tiers()).tiers),
        quoteTierChange: fromPromise<TierChangeQuote, { tierLevel: number }>(({ input }) =>
          env.api.tierChangeQuote(input.tierLevel),
        ),
        changeTier: fromPromise<TierChangeResponse, { tierLevel: number }>(({ input }) =>
          env.api.changeTier(input.tierLevel),
        ),
      },
      actions: { membershipChanged: () => reloadMembership(subscriptionActor) },
    }),
  );
  const phase = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);
  const canOpen = useSelector(actor, (s) => s.can({ type: "tierChange.open" }));
  const focusTarget = useFocusWhenLost(phase);

  if (phase === "closed") {
    return (
      <div className="tier-change">
        {message && (
          <p role="status" className="notice notice-success">
            {message}
          </p>
        )}
        <button
          ref={focusTarget}
          type="button"
          className="button button-secondary"
          disabled={!canOpen}
          onClick={() => actor.send({ type: "tierChange.open" })}
        >
          Vaihda tasoa
        </button>
      </div>
    );
  }
  return (
    <section className="tier-change tier-change--open" aria-labelledby="tier-change-heading">
      <h3 id="tier-change-heading">Tason vaihto</h3>
      {phase === "loadingTiers" && (
        <p role="status" className="muted">
          Ladataan tasoja…
        </p>
      )}
      {phase === "loadFailed" && <TiersFailed actor={actor} focusTarget={focusTarget} />}
      {(phase === "choosing" || phase === "quoting") && (
        <TierChoice actor={actor} subscription={subscription} focusTarget={focusTarget} />
      )}
      {(phase === "confirming" || phase === "changing") && (
        <TierQuote actor={actor} focusTarget={focusTarget} />
      )}
    </section>
  );
}

function TiersFailed({ actor, focusTarget }: { actor: TierChangeActor; focusTarget: FocusTarget }) {
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const canRetry = useSelector(actor, (s) => s.can({ type: "tierChange.retry" }));
  const canClose = useSelector(actor, (s) => s.can({ type: "tierChange.close" }));
  return (
    <div role="alert">
      <p className="error-message">{errorMessage}</p>
      <div className="button-row">
        <button
          ref={focusTarget}
          type="button"
          className="button button-secondary"
          disabled={!canRetry}
          onClick={() => actor.send({ type: "tierChange.retry" })}
        >
          Yritä uudelleen
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!canClose}
          onClick={() => actor.send({ type: "tierChange.close" })}
        >
          Peruuta
        </button>
      </div>
    </div>
  );
}

/** The other tiers offered; “Näytä muutos” asks what the change would mean and changes nothing. */
function TierChoice({
  actor,
  subscription,
  focusTarget,
}: {
  actor: TierChangeActor;
  subscription: Subscription;
  focusTarget: FocusTarget;
}) {
  const tiers = useSelector(actor, (s) => s.context.tiers);
  const asked = useSelector(actor, (s) => s.context.tierLevel);
  const quoting = useSelector(actor, (s) => s.matches("quoting"));
  const errorMessage = useSelector(actor, (s) => (s.matches("choosing") ? s.context.errorMessage : null));
  const canClose = useSelector(actor, (s) => s.can({ type: "tierChange.close" }));
  const offered = tiers.filter((tier) => tier.tier_level !== subscription.tier_level);
  const [chosen, setChosen] = useState(() => String(asked ?? offered[0]?.tier_level ?? ""));
  const value = offered.some((tier) => String(tier.tier_level) === chosen)
    ? chosen
    : String(offered[0]?.tier_level ?? "");
  const canQuote = useSelector(actor, (s) => s.can({ type: "tierChange.quote", tierLevel: Number(value) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: "tierChange.quote", tierLevel: Number(value) });
  };

  if (offered.length === 0) {
    return (
      <>
        <p>Muita tasoja ei ole nyt tarjolla.</p>
        <button
          ref={focusTarget}
          type="button"
          className="button button-secondary"
          disabled={!canClose}
          onClick={() => actor.send({ type: "tierChange.close" })}
        >
          Peruuta
        </button>
      </>
    );
  }
  return (
    <form className="tier-change__form" onSubmit={submit}>
      <p className="muted">
        Nykyinen tasosi on {subscription.tier_name}. Korkeampi taso tulee voimaan heti, matalampi seuraavan
        jakson alusta.
      </p>
      <div className="form-field">
        <label htmlFor="tier-change-tier">Uusi taso</label>
        <select
          ref={focusTarget}
          id="tier-change-tier"
          value={value}
          disabled={quoting}
          onChange={(e) => setChosen(e.target.value)}
        >
          {offered.map((tier) => (
            <option key={tier.tier_level} value={String(tier.tier_level)}>
              {tierOptionText(tier, subscription.commitment)}
            </option>
          ))}
        </select>
      </div>
      {quoting && <p role="status">Lasketaan muutosta…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button-secondary" disabled={!canQuote}>
          Näytä muutos
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!canClose}
          onClick={() => actor.send({ type: "tierChange.close" })}
        >
          Peruuta
        </button>
      </div>
    </form>
  );
}

/** What the change means, in the server's words and numbers; nothing changes before “Vahvista”. */
function TierQuote({ actor, focusTarget }: { actor: TierChangeActor; focusTarget: FocusTarget }) {
  const quote = useSelector(actor, (s) => s.context.quote);
  const changing = useSelector(actor, (s) => s.matches("changing"));
  const errorMessage = useSelector(actor, (s) => (s.matches("confirming") ? s.context.errorMessage : null));
  const canConfirm = useSelector(actor, (s) => s.can({ type: "tierChange.confirm" }));
  const canBack = useSelector(actor, (s) => s.can({ type: "tierChange.back" }));
  if (!quote) return null;
  return (
    <div className="notice tier-change__quote" role="group" aria-labelledby="tier-change-quote-heading">
      <h4 id="tier-change-quote-heading" ref={focusTarget} tabIndex={-1}>
        Vaihto tasolle {quote.tier_name}
      </h4>
      <p>{quote.summary}</p>
      {quote.direction === "up" ? (
        <p>
          Erotus {formatEuros(quote.difference_cents)} ({daysText(quote.difference_days)}) lisätään seuraavaan
          laskuun.
        </p>
      ) : (
        <p>Muutos tulee voimaan {formatDay(quote.from)}.</p>
      )}
      <p>
        Uusi kuukausihinta {formatEuros(quote.monthly_price_cents)}/kk, tuntikiintiö {quote.hours_quota} h/kk.
      </p>
      {changing && <p role="status">Vaihdetaan tasoa…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <ConfirmButtons
        secondary
        action={{
          label: "Vahvista tasomuutos",
          disabled: !canConfirm,
          onClick: () => actor.send({ type: "tierChange.confirm" }),
        }}
        back={{
          label: "Takaisin",
          disabled: !canBack,
          onClick: () => actor.send({ type: "tierChange.back" }),
        }}
      />
    </div>
  );
}
