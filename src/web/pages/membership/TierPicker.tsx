import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { membershipSignupMachine } from "../../../../machines/membershipSignupMachine";
import type { TiersResponse } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";

type SignupActor = ActorRefFrom<typeof membershipSignupMachine>;

/**
 * The tier cards ARE the picker (decision 031): each card holds a native radio (arrow keys move
 * between them, Space chooses) whose label covers the whole card, so a click anywhere on it chooses.
 */
export function TierPicker({ actor, catalog }: { actor: SignupActor; catalog: TiersResponse }) {
  const tierLevel = useSelector(actor, (s) => s.context.tierLevel);
  const canChoose = useSelector(actor, (s) => s.can({ type: "signup.chooseTier", tierLevel: 0 }));
  return (
    <section aria-labelledby="tiers-heading">
      <h2 id="tiers-heading">Jäsenyystasot</h2>
      <fieldset className="tier-picker" disabled={!canChoose}>
        <legend className="visually-hidden">Jäsenyystaso</legend>
        <ul className="tier-grid">
          {catalog.tiers.map((tier) => {
            const checked = tierLevel === tier.tier_level;
            return (
              <li key={tier.tier_level} className={`card tier-card${checked ? " tier-card--chosen" : ""}`}>
                <h3>{tier.name}</h3>
                <p className="tier-card__hours">{tier.hours_quota} h kuukaudessa</p>
                <p className="tier-card__price">{formatEuros(tier.monthly_price_cents)}/kk</p>
                <p className="muted">
                  {catalog.commitment_months} kk sitoumuksella{" "}
                  {formatEuros(tier.commitment_monthly_price_cents)}/kk
                </p>
                <label className="tier-card__pick">
                  <input
                    type="radio"
                    name="tier"
                    value={tier.tier_level}
                    checked={checked}
                    onChange={() => actor.send({ type: "signup.chooseTier", tierLevel: tier.tier_level })}
                  />
                  <span className="visually-hidden">
                    {tier.name} – {tier.hours_quota} h/kk
                  </span>
                  <span className="tier-card__state" aria-hidden="true">
                    {checked ? "Valittu" : "Valitse"}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </section>
  );
}
