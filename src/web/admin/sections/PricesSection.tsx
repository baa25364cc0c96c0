import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { priceListSchema, type PriceList, type PriceRuleView } from "../../../domain/admin/prices";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { field, numberOf, percentToBasisPoints } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";
import {
  byState,
  EffectiveFromField,
  PastVersions,
  periodText,
  RuleForm,
  ruleFocusKey,
  TierForm,
  tierFocusKey,
  vatText,
  type PricesCommand,
} from "./priceForms";
import { Field } from "./SettingsForm";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

const query = (effectiveFrom: string) => `?effectiveFrom=${encodeURIComponent(effectiveFrom)}`;

/**
 * The form a save is about, to focus once the saved list is drawn (useFocusAfterSave): a rule's or
 * tier's version from the date it was saved from, or when that row is gone, its card's heading.
 */
function focusKeyOf(command: PricesCommand, data: PriceList): string {
  const ruleOf = (id: number) => data.priceRules.find((r) => r.id === id);
  switch (command.kind) {
    case "saveRule": {
      const rule = command.id === null ? undefined : ruleOf(command.id);
      return rule ? ruleFocusKey(rule.ruleId, command.input.effectiveFrom ?? data.today) : "rule/new";
    }
    case "endRule": {
      const rule = ruleOf(command.id);
      return rule ? ruleFocusKey(rule.ruleId, rule.effectiveFrom) : "rule";
    }
    case "saveTier":
      return tierFocusKey(command.level, command.input.effectiveFrom ?? data.today);
    case "endTier":
      return `tier/${command.level}`;
    case "terms":
    case "vat":
      return command.kind;
  }
}

/**
 * /hallinta/hinnasto: single-booking prices, membership tiers and the VAT rate, each with the
 * versions in force today, the scheduled ones and the past ones (decision 013).
 */
export function PricesSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<null, PriceList, PricesCommand>({
    query: null,
    load: async () => priceListSchema.parse(await http.get("/api/v2/admin/prices")),
    write: async (command) => {
      switch (command.kind) {
        case "saveRule":
          if (command.id === null) {
            const { priceRule } = await http.post<{ priceRule: PriceRuleView }>(
              "/api/v2/admin/price-rules",
              command.input,
            );
            // The new rule's row, once it is drawn.
            focus.aim(ruleFocusKey(priceRule.ruleId, priceRule.effectiveFrom));
          } else await http.put(`/api/v2/admin/price-rules/${command.id}`, command.input);
          return "Hinta tallennettu.";
        case "endRule":
          return (
            await http.delete<{ message: string }>(
              `/api/v2/admin/price-rules/${command.id}${query(command.effectiveFrom)}`,
            )
          ).message;
        case "saveTier":
          await http.put(`/api/v2/admin/membership-tiers/${command.level}`, command.input);
          return "Jäsenyystaso tallennettu.";
        case "endTier":
          return (
            await http.delete<{ message: string }>(
              `/api/v2/admin/membership-tiers/${command.level}${query(command.effectiveFrom)}`,
            )
          ).message;
        case "terms": {
          const { kind: _kind, ...terms } = command;
          await http.put("/api/v2/admin/settings/membership", terms);
          return "Jäsenyyden ehdot tallennettu.";
        }
        case "vat":
          await http.put("/api/v2/admin/vat-rate", {
            rateBasisPoints: command.rateBasisPoints,
            effectiveFrom: command.effectiveFrom,
          });
          return "ALV-kanta tallennettu.";
      }
    },
  });
  const focus = useFocusAfterSave(actor);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const write = (command: PricesCommand) => {
    if (data) focus.aim(focusKeyOf(command, data));
    actor.send({ type: "section.write", command });
  };

  const saveTerms = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!data) return;
    const form = new FormData(event.currentTarget);
    write({
      kind: "terms",
      ...data.membership,
      commitmentDiscountPercent: numberOf(form, "discount"),
      suspendAfterDays: numberOf(form, "suspendAfterDays"),
      rolloverPercent: numberOf(form, "rolloverPercent"),
      pauseMaxWeeks: numberOf(form, "pauseMaxWeeks"),
    });
  };

  if (!data)
    return (
      <section className="admin-section" aria-labelledby="prices-heading">
        <h1 id="prices-heading">Hinnasto</h1>
        <SectionStatus actor={actor} />
      </section>
    );

  const { today } = data;
  const rules = byState(data.priceRules, today);
  const tiers = byState(data.membershipTiers, today);
  const rates = byState(data.vatRates, today);
  const currentVat = rates.open.find((v) => v.effectiveFrom <= today);
  const nextLevel = Math.max(0, ...data.membershipTiers.map((t) => t.level)) + 1;

  return (
    <section className="admin-section" aria-labelledby="prices-heading">
      <h1 id="prices-heading">Hinnasto</h1>
      <p className="muted">
        Jokainen muutos on voimassa valitsemastasi päivästä alkaen (oletuksena tänään). Tehdyt varaukset ja
        laskut pitävät hintansa; varaus hinnoitellaan sen päivän hinnoilla, jolle se tehdään.
      </p>
      <SectionStatus actor={actor} />
      <div key={JSON.stringify(data)}>
        <section className="card admin-section" aria-labelledby="rules-heading">
          <h2 id="rules-heading" tabIndex={-1} data-focus-key="rule">
            Kertavarausten hinnat
          </h2>
          <p className="muted">
            Varaukseen käytetään sen päivänä voimassa olevista sopivista hinnoista suurimman etusijan hintaa.
            Ilman päiviä ja kellonaikoja hinta on perushinta.
          </p>
          {[...rules.open, null].map((rule) => (
            <RuleForm
              key={rule?.id ?? "new"}
              rule={rule}
              today={today}
              lengths={data.lengthsMinutes}
              canWrite={canWrite}
              onWrite={write}
            />
          ))}
          <PastVersions
            title="Päättyneet hinnat"
            versions={rules.past}
            columns={[
              ["Nimi", (r) => r.name],
              ["Pituus", (r) => `${r.lengthMinutes} min`],
              ["Hinta", (r) => formatEuros(r.priceCents)],
            ]}
          />
        </section>
        <section className="card admin-section" aria-labelledby="tiers-heading">
          <h2 id="tiers-heading" tabIndex={-1} data-focus-key="tier">
            Jäsenyydet
          </h2>
          <p className="muted">
            Uusi jäsenyys ja jokainen uusi lasku käyttävät jakson alkupäivänä voimassa olevaa hintaa; 12
            kuukauden sitoutumisen aikana jäsen maksaa liittymishintaa.
            {currentVat && ` Hinnat sisältävät ALV:n ${vatText(currentVat)}.`} Maksamaton lasku keskeyttää
            jäsenyyden annetun määrän päiviä eräpäivän jälkeen, kunnes se on maksettu; jakson käyttämättömät
            tunnit siirtyvät seuraavalle jaksolle enintään annetun osuuden kiintiöstä. Jäsen voi pitää tauon
            kerran 12 kuukaudessa, 2 viikosta enintään annettuun määrään (0: ei taukoja).
          </p>
          {[...tiers.open, null].map((tier) => (
            <TierForm
              key={tier?.id ?? "new"}
              tier={tier}
              nextLevel={nextLevel}
              today={today}
              canWrite={canWrite}
              onWrite={write}
            />
          ))}
          <PastVersions
            title="Päättyneet tasot"
            versions={tiers.past}
            columns={[
              ["Taso", (t) => t.level],
              ["Nimi", (t) => t.name],
              ["Hinta €/kk", (t) => formatEuros(t.monthlyPriceCents)],
              ["Tunteja/kk", (t) => t.hoursQuota],
            ]}
          />
          <form
            className="admin-toolbar"
            aria-label="Jäsenyyden ehdot"
            data-focus-key="terms"
            onSubmit={saveTerms}
          >
            <Field
              id="tiers-discount"
              label="Sitoumusalennus (%)"
              name="discount"
              type="number"
              defaultValue={data.membership.commitmentDiscountPercent}
            />
            <Field
              id="terms-suspend"
              label="Keskeytys eräpäivästä (pv)"
              name="suspendAfterDays"
              type="number"
              min={1}
              max={90}
              defaultValue={data.membership.suspendAfterDays}
            />
            <Field
              id="terms-rollover"
              label="Siirtyvät tunnit (% kiintiöstä)"
              name="rolloverPercent"
              type="number"
              min={0}
              max={100}
              defaultValue={data.membership.rolloverPercent}
            />
            <Field
              id="terms-pause"
              label="Tauko enintään (vk)"
              name="pauseMaxWeeks"
              type="number"
              min={0}
              max={12}
              defaultValue={data.membership.pauseMaxWeeks}
            />
            <button type="submit" className="button button-secondary" disabled={!canWrite}>
              Tallenna ehdot
            </button>
          </form>
        </section>
        <section className="card admin-section" aria-labelledby="vat-heading">
          <h2 id="vat-heading">Arvonlisävero</h2>
          <ul>
            {rates.open.map((v) => (
              <li key={v.id}>
                {vatText(v)} {periodText(v)}
              </li>
            ))}
          </ul>
          <form
            className="admin-toolbar"
            aria-label="ALV-kanta"
            data-focus-key="vat"
            onSubmit={(event) => {
              event.preventDefault();
              const f = new FormData(event.currentTarget);
              write({
                kind: "vat",
                rateBasisPoints: percentToBasisPoints(field(f, "vat")),
                effectiveFrom: field(f, "effectiveFrom") || today,
              });
            }}
          >
            <div className="form-field">
              <label htmlFor="vat-rate">ALV (%)</label>
              <input
                id="vat-rate"
                name="vat"
                defaultValue={currentVat ? vatText(currentVat).slice(0, -2) : ""}
              />
            </div>
            <EffectiveFromField id="vat-effective" today={today} defaultValue={today} />
            <button type="submit" className="button button-secondary" disabled={!canWrite}>
              Tallenna ALV
            </button>
          </form>
          <PastVersions
            title="Päättyneet ALV-kannat"
            versions={rates.past}
            columns={[["ALV", (v) => vatText(v)]]}
          />
        </section>
      </div>
    </section>
  );
}
