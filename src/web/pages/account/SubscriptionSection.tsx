import { Link } from "react-router-dom";
import { formatDate } from "../../../domain/helsinkiClock";
import { graceMessage, suspensionMessage } from "../../../domain/invoiceStatus";
import type {
  MembershipPauseView,
  PendingTierChange,
  Subscription,
  UnpaidStanding,
} from "../../../domain/membership";
import { addDays, cancellationTerms, daysOfAccessLeft } from "../../../domain/membershipPeriods";
import { formatEuros } from "../../../domain/money";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { RetryAlert } from "../../components/RetryAlert";
import { useMembershipEnvironment } from "../../membershipEnvironment";
import {
  useSubscription,
  useSubscriptionActor,
  type SubscriptionSnapshot,
} from "../../session/SubscriptionProvider";
import {
  carriedText,
  commitmentEndText,
  daysText,
  formatDay,
  statusLabel,
  usageText,
} from "./membershipFormat";
import { PauseSection } from "./PauseSection";
import { TierChangeSection } from "./TierChangeSection";

/** /oma-tili's membership: what it is, how much of the quota is used, and cancelling it. */
export function SubscriptionSection() {
  // A reload keeps the membership on screen; only a first load has nothing to show yet.
  const view = useSubscription((s) =>
    s.matches("idle") || (s.matches("loading") && !s.context.subscription)
      ? "loading"
      : s.matches("error")
        ? "error"
        : s.matches("none")
          ? "none"
          : "shown",
  );
  const subscription = useSubscription((s) => s.context.subscription);
  const reloading = useSubscription((s) => s.matches("loading") && !!s.context.subscription);
  const errorMessage = useSubscription((s) => s.context.errorMessage);
  const { canReload, reload } = useReload();

  return (
    <section className="card account-section" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">Jäsenyys</h2>
      {view === "loading" && (
        <p className="muted" role="status">
          Ladataan jäsenyyttä…
        </p>
      )}
      {view === "error" && <RetryAlert message={errorMessage} canRetry={canReload} onRetry={reload} />}
      {view === "none" && (
        <>
          <p>Sinulla ei ole jäsenyyttä.</p>
          <p>
            Jäsenenä varaat puiston kuukausittaisella tuntikiintiöllä ilman erillistä maksua.{" "}
            <Link to="/jasenyys">Tutustu jäsenyyteen</Link>
          </p>
        </>
      )}
      {reloading && (
        <p className="muted" role="status">
          Päivitetään jäsenyyden tietoja…
        </p>
      )}
      {view === "shown" && subscription && <SubscriptionDetails subscription={subscription} />}
    </section>
  );
}

/** "Plus (16 h/kk) 1.7.2026 alkaen": what the next period brings (decision 022). */
const tierChangeText = (change: PendingTierChange) =>
  `${change.tier_name}${change.hours_quota === null ? "" : ` (${change.hours_quota} h/kk)`} ${formatDay(change.from)} alkaen`;

/** "ke 15.7.2026 – ti 11.8.2026 (4 viikkoa)": the member's pause (decision 058). */
const pauseText = (pause: MembershipPauseView) =>
  `${formatDay(pause.starts_on)} – ${formatDay(pause.last_day)} (${pause.weeks} viikkoa)`;

/**
 * How the membership stands with its invoices: the machine's `active.standing` state for an active
 * one; for the others (a cancelled one with access left, or the one shown while it is read again)
 * what the server last said.
 */
const standingOf = (s: SubscriptionSnapshot): "good" | "paused" | "overdue" | "suspended" => {
  if (s.matches({ active: { standing: "suspended" } })) return "suspended";
  if (s.matches({ active: { standing: "paused" } })) return "paused";
  if (s.matches({ active: { standing: "overdue" } })) return "overdue";
  if (s.matches("active")) return "good";
  const unpaid = s.context.subscription?.unpaid;
  return unpaid?.suspended ? "suspended" : unpaid ? "overdue" : "good";
};

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { now } = useMembershipEnvironment();
  const standing = useSubscription(standingOf);
  const today = now();
  const usage = subscription.usage;
  return (
    <>
      <dl className="details-list">
        <dt>Taso</dt>
        <dd>{subscription.tier_name}</dd>
        {subscription.pending_tier_change?.tier_name && (
          <>
            <dt>Tasomuutos</dt>
            <dd>{tierChangeText(subscription.pending_tier_change)}</dd>
          </>
        )}
        <dt>Tila</dt>
        <dd>
          {standing === "suspended" && subscription.unpaid
            ? `Keskeytetty ${formatDay(subscription.unpaid.suspended_from)} alkaen`
            : standing === "paused" && subscription.pause
              ? `Tauolla ${formatDay(subscription.pause.last_day)} asti`
              : statusLabel[subscription.status]}
        </dd>
        {subscription.pause && (
          <>
            <dt>Tauko</dt>
            <dd>{pauseText(subscription.pause)}</dd>
          </>
        )}
        <dt>Kuukausihinta</dt>
        <dd>{formatEuros(subscription.monthly_price_cents)}/kk</dd>
        <dt>Alkoi</dt>
        <dd>{formatDay(subscription.start_date)}</dd>
        <dt>Sitoumus</dt>
        <dd>
          {subscription.commitment_end_date && subscription.status === "cancelled"
            ? "12 kk"
            : subscription.commitment_end_date
              ? `12 kk, päättyy ${commitmentEndText(subscription.commitment_end_date)}` +
                (subscription.commitment_days_remaining
                  ? ` (${daysText(subscription.commitment_days_remaining)} jäljellä)`
                  : "")
              : "Ei sitoumusta"}
        </dd>
        {subscription.current_period && (
          <>
            <dt>Kuluva jakso</dt>
            <dd>
              {formatDay(subscription.current_period.start)} – {formatDay(subscription.current_period.end)}
            </dd>
          </>
        )}
      </dl>
      {standing !== "good" && subscription.unpaid && <UnpaidNote unpaid={subscription.unpaid} />}
      {subscription.status === "pending" && <PendingNote />}
      {standing === "paused" && subscription.pause && (
        <div className="usage">
          <p className="notice">
            Jäsenyys on tauolla {formatDay(subscription.pause.last_day)} asti: tauon ajalta ei laskuteta eikä
            sille voi varata jäsenenä. Laskutus ja tuntikiintiö jatkuvat{" "}
            {formatDay(addDays(subscription.pause.last_day, 1))}.
          </p>
          <ReloadButton label="Päivitä käyttötiedot" small />
        </div>
      )}
      {subscription.status !== "pending" && standing !== "paused" && (
        <div className="usage">
          <label htmlFor="usage-meter">Tuntikiintiön käyttö tällä jaksolla</label>
          <progress
            id="usage-meter"
            max={usage.hours_quota || 1}
            value={Math.min(usage.hours_used, usage.hours_quota)}
            aria-valuetext={usageText(usage)}
          />
          <p className="usage__text">{usageText(usage)}</p>
          {subscription.carried && <p className="muted">{carriedText(subscription.carried)}</p>}
          <ReloadButton label="Päivitä käyttötiedot" small />
        </div>
      )}
      {subscription.status === "cancelled" && <CancelledNote subscription={subscription} today={today} />}
      {subscription.status === "active" && <TierChangeSection subscription={subscription} />}
      {subscription.status === "active" && (
        <PauseSection pausing={subscription.pausing} pause={subscription.pause} />
      )}
      <CancelControls subscription={subscription} today={today} />
    </>
  );
}

/** Reading the membership again: its usage and status change elsewhere (bookings, payments, tabs). */
function useReload() {
  const actor = useSubscriptionActor();
  const canReload = useSubscription((s) => s.can({ type: "subscription.reload" }));
  return { canReload, reload: () => actor.send({ type: "subscription.reload" }) };
}

function ReloadButton({ label, small = false }: { label: string; small?: boolean }) {
  const { canReload, reload } = useReload();
  return (
    <button
      type="button"
      className={`button button-secondary${small ? " button-small" : ""}`}
      disabled={!canReload}
      onClick={reload}
    >
      {label}
    </button>
  );
}

/** An overdue invoice: the day the membership is suspended, or that it is, and where to pay. */
function UnpaidNote({ unpaid }: { unpaid: UnpaidStanding }) {
  return (
    <div className="notice" role="status">
      <p>{unpaid.suspended ? suspensionMessage(unpaid) : graceMessage(unpaid)}</p>
      <p>
        <a href="#invoices-heading">Siirry laskuihin</a>
      </p>
    </div>
  );
}

function PendingNote() {
  return (
    <div className="notice">
      <p>Jäsenyys alkaa, kun ensimmäinen lasku on maksettu. Löydät laskun alta kohdasta Laskut.</p>
      <ReloadButton label="Päivitä tila" />
    </div>
  );
}

function CancelledNote({ subscription, today }: { subscription: Subscription; today: Date }) {
  const message = useSubscription((s) => s.context.cancelMessage);
  return (
    <div className="notice" role="status">
      {/* The cancel's answer says when access ends; after a reload the membership says it. Once. */}
      {message ? (
        <p>{message}</p>
      ) : (
        <p>
          {subscription.cancelled_at && <>Irtisanottu {formatDate(subscription.cancelled_at)}. </>}
          {subscription.access_ends_on && subscription.has_access
            ? `Käyttöoikeus on voimassa ${formatDay(subscription.access_ends_on)} asti (${daysText(
                daysOfAccessLeft(subscription.access_ends_on, today),
              )} jäljellä).`
            : "Käyttöoikeus on päättynyt."}
        </p>
      )}
    </div>
  );
}

/** Cancelling, only through the confirmation that says when the membership really ends. */
function CancelControls({ subscription, today }: { subscription: Subscription; today: Date }) {
  const actor = useSubscriptionActor();
  const step = useSubscription((s) =>
    s.matches({ active: { cancel: "confirmingCancel" } })
      ? "confirming"
      : s.matches({ active: { cancel: "cancelling" } })
        ? "cancelling"
        : s.matches({ active: { cancel: "cancelFailed" } })
          ? "failed"
          : null,
  );
  const canCancel = useSubscription((s) => s.can({ type: "subscription.cancel" }));
  const canConfirm = useSubscription((s) => s.can({ type: "subscription.confirmCancel" }));
  const canKeep = useSubscription((s) => s.can({ type: "subscription.keep" }));
  const { canReload, reload } = useReload();
  const cancelError = useSubscription((s) => s.context.cancelError);
  const terms = cancellationTerms(subscription, today);
  const keep = () => actor.send({ type: "subscription.keep" });

  if (step === null) {
    return canCancel ? (
      <button
        type="button"
        className="button button-secondary"
        onClick={() => actor.send({ type: "subscription.cancel" })}
      >
        Irtisano jäsenyys
      </button>
    ) : null;
  }
  if (step === "failed") {
    return (
      <div role="alert">
        <p className="error-message">{cancelError}</p>
        <ConfirmButtons
          danger={false}
          action={{ label: "Päivitä tiedot", onClick: reload, disabled: !canReload }}
          back={{ label: "Sulje", onClick: keep, disabled: !canKeep }}
        />
      </div>
    );
  }
  return (
    <section className="confirm-box" aria-labelledby="cancel-confirm-heading">
      <h3 id="cancel-confirm-heading">Irtisanotaanko jäsenyys?</h3>
      {terms?.kind === "commitment" && (
        <p>
          Jäsenyydelläsi on sitoumus, joka päättyy {formatDay(terms.endsOn)} ({daysText(terms.daysLeft)}{" "}
          jäljellä). Irtisanominen tulee voimaan vasta sitoumuksen päättyessä: jäsenyys ja kuukausilaskutus
          jatkuvat siihen asti.
        </p>
      )}
      {terms?.kind === "pause" && (
        <p>
          Jäsenyys päättyy tauon lopussa, {formatDay(terms.endsOn)} ({daysText(terms.daysLeft)} jäljellä).
          Uusia laskuja ei tule.
        </p>
      )}
      {terms?.kind === "period" && (
        <p>
          Jäsenyys on voimassa maksetun jakson loppuun, {formatDay(terms.endsOn)} asti (
          {daysText(terms.daysLeft)} jäljellä). Uusia laskuja ei sen jälkeen tule.
        </p>
      )}
      {step === "cancelling" && (
        <p className="muted" role="status">
          Irtisanotaan…
        </p>
      )}
      <ConfirmButtons
        action={{
          label: "Kyllä, irtisano",
          onClick: () => actor.send({ type: "subscription.confirmCancel" }),
          disabled: !canConfirm,
        }}
        back={{ label: "Ei, pidä jäsenyys", onClick: keep, disabled: !canKeep }}
      />
    </section>
  );
}
