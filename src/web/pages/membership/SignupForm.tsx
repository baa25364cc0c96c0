import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { Link } from "react-router-dom";
import type { ActorRefFrom } from "xstate";
import type { membershipSignupMachine } from "../../../../machines/membershipSignupMachine";
import type { Commitment, Tier, TiersResponse } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";
import { PaymentStartError } from "../../components/PaymentStartError";
import { useCustomerSession } from "../../session/CustomerSessionProvider";
import { PaymentChoice } from "./PaymentChoice";

type SignupActor = ActorRefFrom<typeof membershipSignupMachine>;

const priceOf = (tier: Tier, commitment: Commitment) =>
  commitment === "12m" ? tier.commitment_monthly_price_cents : tier.monthly_price_cents;

/** Joining: (the tier is picked on its card, TierPicker) commitment, payment method and gift card, then the payment (or the login first). */
export function SignupForm({ actor, catalog }: { actor: SignupActor; catalog: TiersResponse }) {
  const sessionKnown = useCustomerSession((s) => !s.matches("restoring"));
  const signedIn = useCustomerSession((s) => s.matches("authenticated"));
  const step = useSelector(actor, (s) =>
    s.matches("creatingPayment")
      ? "creating"
      : s.matches("redirecting")
        ? "redirecting"
        : s.matches("loginRequired")
          ? "login"
          : s.matches("alreadyMember")
            ? "member"
            : "choosing",
  );
  const tierLevel = useSelector(actor, (s) => s.context.tierLevel);
  const commitment = useSelector(actor, (s) => s.context.commitment);
  const paymentMethod = useSelector(actor, (s) => s.context.paymentMethod);
  const giftCardCode = useSelector(actor, (s) => s.context.giftCardCode);
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const paymentFailure = useSelector(actor, (s) => s.context.paymentFailure);
  const giftCardError = useSelector(actor, (s) => s.context.giftCardError);
  const canChoose = useSelector(actor, (s) => s.can({ type: "signup.chooseTier", tierLevel: 0 }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: "signup.submit", signedIn }));
  const tier = catalog.tiers.find((t) => t.tier_level === tierLevel) ?? null;
  const submitLabel = signedIn ? "Siirry maksamaan" : "Kirjaudu ja jatka";
  const months = catalog.commitment_months;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "signup.submit", signedIn });
  };

  return (
    <section className="card" aria-labelledby="signup-heading">
      <h2 id="signup-heading">Liity jäseneksi</h2>
      <form className="signup-form" onSubmit={submit}>
        <fieldset className="choice-group" disabled={!canChoose}>
          <legend>Sitoumus</legend>
          {(
            [
              ["none", "Ei sitoumusta"],
              ["12m", `${months} kuukauden sitoumus`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="commitment"
                value={value}
                checked={commitment === value}
                onChange={() => actor.send({ type: "signup.chooseCommitment", commitment: value })}
              />
              {label}
              {tier && ` – ${formatEuros(priceOf(tier, value))}/kk`}
            </label>
          ))}
        </fieldset>
        <PaymentChoice
          idPrefix="signup"
          paymentMethod={paymentMethod}
          giftCardCode={giftCardCode}
          giftCardError={giftCardError}
          disabled={!canChoose}
          onPaymentMethod={(method) =>
            actor.send({ type: "signup.choosePaymentMethod", paymentMethod: method })
          }
          onGiftCardCode={(code) => actor.send({ type: "signup.editGiftCard", code })}
        />
        {tier ? (
          <p className="signup-summary">
            Valintasi: <strong>{tier.name}</strong>,{" "}
            {commitment === "12m" ? `${months} kuukauden sitoumus` : "ei sitoumusta"}. Ensimmäinen kuukausi{" "}
            <strong>{formatEuros(priceOf(tier, commitment))}</strong>.
          </p>
        ) : (
          <p className="muted">Valitse jäsenyystaso.</p>
        )}
        {sessionKnown && !signedIn && (
          <p className="muted">
            Liittyminen vaatii kirjautumisen. Valintasi säilyy, ja palaat tähän kirjautumisen jälkeen.
          </p>
        )}
        <p className="muted">
          Maksamalla hyväksyt <Link to="/maksuehdot">maksuehdot</Link>.
        </p>
        {step === "creating" && (
          <p className="muted" role="status">
            Luodaan maksua…
          </p>
        )}
        {step === "redirecting" && (
          <p className="muted" role="status">
            Siirrytään maksamaan…
          </p>
        )}
        {step === "login" && (
          <p className="muted" role="status">
            Siirrytään kirjautumaan…
          </p>
        )}
        {step === "member" && (
          <div role="alert">
            <p className="error-message">{errorMessage}</p>
            <Link className="button" to="/oma-tili">
              Siirry omalle tilille
            </Link>
          </div>
        )}
        {step === "choosing" && paymentFailure && (
          <PaymentStartError id="signup-payment-error" failure={paymentFailure} buttonLabel={submitLabel} />
        )}
        {step === "choosing" && (
          <button
            type="submit"
            className="button"
            disabled={!sessionKnown || !canSubmit}
            aria-describedby={paymentFailure ? "signup-payment-error" : undefined}
          >
            {submitLabel}
          </button>
        )}
      </form>
    </section>
  );
}
