import type { FormEvent } from "react";
import type { DogRules } from "../../../domain/dogRules";
import { centsToEuroText, eurosToCents, field, numberOf } from "../formValues";

/** Hallintapaneeli's rules per dog (decision 036): the extra dog's price, the two gaps; 0 is off. */
export function DogRulesForm(props: { values: DogRules; canWrite: boolean; onSave(value: DogRules): void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    props.onSave({
      extraDogPriceCents: eurosToCents(field(f, "extraDogPrice") || "0"),
      reactiveDogBufferMinutes: numberOf(f, "reactiveDogBufferMinutes"),
      inHeatGapMinutes: numberOf(f, "inHeatGapMinutes"),
    });
  };
  const v = props.values;
  return (
    <section className="card admin-section" aria-labelledby="dogs-heading">
      <h2 id="dogs-heading">Koirakohtaiset säännöt</h2>
      <form onSubmit={submit}>
        <p className="muted">0 tarkoittaa, ettei sääntöä käytetä.</p>
        <div className="form-field">
          <label htmlFor="dogs-extra">Lisäkoiran hinta (€, jokainen koira ensimmäisen jälkeen)</label>
          <input
            id="dogs-extra"
            name="extraDogPrice"
            inputMode="decimal"
            defaultValue={centsToEuroText(v.extraDogPriceCents)}
          />
        </div>
        <div className="form-field">
          <label htmlFor="dogs-reactive">Reaktiivisen koiran puskuri ennen ja jälkeen (min)</label>
          <input
            id="dogs-reactive"
            name="reactiveDogBufferMinutes"
            type="number"
            defaultValue={v.reactiveDogBufferMinutes}
          />
        </div>
        <div className="form-field">
          <label htmlFor="dogs-heat">Juoksuisen nartun siivousväli jälkeen (min)</label>
          <input id="dogs-heat" name="inHeatGapMinutes" type="number" defaultValue={v.inHeatGapMinutes} />
        </div>
        <button type="submit" className="button" disabled={!props.canWrite}>
          Tallenna
        </button>
      </form>
    </section>
  );
}
