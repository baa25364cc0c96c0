import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import {
  priceListSchema,
  type PriceList,
  type PriceRuleInput,
  type PriceRuleView,
} from "../../../domain/admin/prices";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import {
  basisPointsToPercentText,
  centsToEuroText,
  eurosToCents,
  field,
  numberOf,
  percentToBasisPoints,
} from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";

type PricesCommand =
  | { kind: "saveRule"; id: number | null; input: PriceRuleInput }
  | { kind: "deleteRule"; id: number }
  | { kind: "membership"; value: PriceList["membership"] }
  | { kind: "vat"; rateBasisPoints: number };

const WEEKDAY_SHORT = ["ma", "ti", "ke", "to", "pe", "la", "su"];

function ruleFrom(form: FormData): PriceRuleInput {
  const days = WEEKDAY_SHORT.flatMap((_, i) => (form.get(`day-${i + 1}`) ? [i + 1] : []));
  return {
    name: field(form, "name"),
    lengthMinutes: numberOf(form, "lengthMinutes"),
    priceCents: eurosToCents(field(form, "price")),
    weekdays: days.length === 0 || days.length === 7 ? null : days,
    fromTime: field(form, "fromTime") || null,
    toTime: field(form, "toTime") || null,
    priority: numberOf(form, "priority"),
    active: Boolean(form.get("active")),
  };
}

/** /hallinta/hinnasto: single-booking prices, membership tiers and the VAT rate. */
export function PricesSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<null, PriceList, PricesCommand>({
    query: null,
    load: async () => priceListSchema.parse(await http.get("/api/v2/admin/prices")),
    write: async (command) => {
      switch (command.kind) {
        case "saveRule":
          if (command.id === null) await http.post("/api/v2/admin/price-rules", command.input);
          else await http.put(`/api/v2/admin/price-rules/${command.id}`, command.input);
          return "Hinta tallennettu.";
        case "deleteRule":
          return (await http.delete<{ message: string }>(`/api/v2/admin/price-rules/${command.id}`)).message;
        case "membership":
          await http.put("/api/v2/admin/settings/membership", command.value);
          return "Jäsenyyksien hinnat tallennettu.";
        case "vat":
          await http.put("/api/v2/admin/settings/vat", { rateBasisPoints: command.rateBasisPoints });
          return "ALV-kanta tallennettu.";
      }
    },
  });
  const data = useSelector(actor, (s) => s.context.data as PriceList | null);
  const canWrite = useSelector(actor, (s) => s.can({ type: "section.write", command: null }));
  const write = (command: PricesCommand) => actor.send({ type: "section.write", command });

  const saveMembership = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!data) return;
    const f = new FormData(event.currentTarget);
    write({
      kind: "membership",
      value: {
        ...data.membership,
        commitmentDiscountPercent: numberOf(f, "discount"),
        tiers: data.membership.tiers.map((t) => ({
          ...t,
          name: field(f, `tier-name-${t.level}`),
          monthlyPriceCents: eurosToCents(field(f, `tier-price-${t.level}`)),
          hoursQuota: numberOf(f, `tier-hours-${t.level}`),
        })),
      },
    });
  };

  return (
    <section className="admin-section" aria-labelledby="prices-heading">
      <h1 id="prices-heading">Hinnasto</h1>
      <p className="muted">
        Muutos on voimassa heti uusissa varauksissa ja laskuissa; tehdyt varaukset ja laskut pitävät hintansa.
      </p>
      <SectionStatus actor={actor} />
      {data && (
        <div key={JSON.stringify(data)}>
          <section className="card admin-section" aria-labelledby="rules-heading">
            <h2 id="rules-heading">Kertavarausten hinnat</h2>
            <p className="muted">
              Varaukseen käytetään sopivista hinnoista suurimman etusijan hintaa. Ilman päiviä ja kellonaikoja
              hinta on perushinta.
            </p>
            {[...data.priceRules, null].map((rule) => (
              <RuleForm
                key={rule?.id ?? "new"}
                rule={rule}
                lengths={data.lengthsMinutes}
                canWrite={canWrite}
                onWrite={write}
              />
            ))}
          </section>
          <section className="card admin-section" aria-labelledby="tiers-heading">
            <h2 id="tiers-heading">Jäsenyydet</h2>
            <form onSubmit={saveMembership}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>Taso</th>
                    <th>Nimi</th>
                    <th>Hinta €/kk</th>
                    <th>Tunteja/kk</th>
                  </tr>
                </thead>
                <tbody>
                  {data.membership.tiers.map((t) => (
                    <tr key={t.level}>
                      <td>{t.level}</td>
                      <td>
                        <input
                          aria-label={`Tason ${t.level} nimi`}
                          name={`tier-name-${t.level}`}
                          defaultValue={t.name}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`Tason ${t.level} hinta`}
                          name={`tier-price-${t.level}`}
                          defaultValue={centsToEuroText(t.monthlyPriceCents)}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`Tason ${t.level} tunnit`}
                          name={`tier-hours-${t.level}`}
                          type="number"
                          defaultValue={t.hoursQuota}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="form-field">
                <label htmlFor="tiers-discount">12 kuukauden sitoutumisen alennus (%)</label>
                <input
                  id="tiers-discount"
                  name="discount"
                  type="number"
                  defaultValue={data.membership.commitmentDiscountPercent}
                />
              </div>
              <button type="submit" className="button" disabled={!canWrite}>
                Tallenna jäsenyyksien hinnat
              </button>
            </form>
          </section>
          <section className="card admin-section" aria-labelledby="vat-heading">
            <h2 id="vat-heading">Arvonlisävero</h2>
            <form
              className="admin-toolbar"
              onSubmit={(event) => {
                event.preventDefault();
                write({
                  kind: "vat",
                  rateBasisPoints: percentToBasisPoints(field(new FormData(event.currentTarget), "vat")),
                });
              }}
            >
              <div className="form-field">
                <label htmlFor="vat-rate">ALV (%)</label>
                <input
                  id="vat-rate"
                  name="vat"
                  defaultValue={basisPointsToPercentText(data.vat.rateBasisPoints)}
                />
              </div>
              <button type="submit" className="button" disabled={!canWrite}>
                Tallenna ALV
              </button>
            </form>
          </section>
        </div>
      )}
    </section>
  );
}

function RuleForm(props: {
  rule: PriceRuleView | null;
  lengths: number[];
  canWrite: boolean;
  onWrite(command: PricesCommand): void;
}) {
  const r = props.rule;
  const id = r?.id ?? "new";
  return (
    <form
      className="admin-toolbar"
      aria-label={r ? `Hinta ${r.name}` : "Uusi hinta"}
      onSubmit={(event) => {
        event.preventDefault();
        props.onWrite({
          kind: "saveRule",
          id: r?.id ?? null,
          input: ruleFrom(new FormData(event.currentTarget)),
        });
      }}
    >
      <div className="form-field">
        <label htmlFor={`rule-name-${id}`}>{r ? "Nimi" : "Uusi hinta"}</label>
        <input id={`rule-name-${id}`} name="name" defaultValue={r?.name ?? ""} required />
      </div>
      <div className="form-field">
        <label htmlFor={`rule-length-${id}`}>Pituus</label>
        <select
          id={`rule-length-${id}`}
          name="lengthMinutes"
          defaultValue={r?.lengthMinutes ?? props.lengths[0]}
        >
          {[...new Set([...props.lengths, ...(r ? [r.lengthMinutes] : [])])].map((l) => (
            <option key={l} value={l}>
              {l} min
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`rule-price-${id}`}>Hinta €</label>
        <input
          id={`rule-price-${id}`}
          name="price"
          defaultValue={r ? centsToEuroText(r.priceCents) : ""}
          required
        />
      </div>
      <fieldset className="form-field">
        <legend>Päivät</legend>
        {WEEKDAY_SHORT.map((d, i) => (
          <label key={d}>
            <input
              type="checkbox"
              name={`day-${i + 1}`}
              defaultChecked={!r?.weekdays || r.weekdays.includes(i + 1)}
            />{" "}
            {d}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor={`rule-from-${id}`}>Alkaen klo</label>
        <input id={`rule-from-${id}`} name="fromTime" type="time" defaultValue={r?.fromTime ?? ""} />
      </div>
      <div className="form-field">
        <label htmlFor={`rule-to-${id}`}>ennen klo</label>
        <input id={`rule-to-${id}`} name="toTime" type="time" defaultValue={r?.toTime ?? ""} />
      </div>
      <div className="form-field">
        <label htmlFor={`rule-priority-${id}`}>Etusija</label>
        <input id={`rule-priority-${id}`} name="priority" type="number" defaultValue={r?.priority ?? 0} />
      </div>
      <label>
        <input type="checkbox" name="active" defaultChecked={r?.active ?? true} /> käytössä
      </label>
      <button type="submit" className="button" disabled={!props.canWrite}>
        {r ? "Tallenna" : "Lisää hinta"}
      </button>
      {r && (
        <button
          type="button"
          className="button button-secondary"
          disabled={!props.canWrite}
          onClick={() => props.onWrite({ kind: "deleteRule", id: r.id })}
        >
          Poista
        </button>
      )}
      {r && <span className="muted">{formatEuros(r.priceCents)}</span>}
    </form>
  );
}
