import type { DogRules } from "../../../domain/dogRules";
import { centsToEuroText, eurosToCents, field, numberOf } from "../formValues";
import { Field, SettingsForm } from "./SettingsForm";

/** Hallintapaneeli's rules per dog (decision 036): the extra dog's price, the two gaps; 0 is off. */
export function DogRulesForm(props: { values: DogRules; canWrite: boolean; onSave(value: DogRules): void }) {
  const v = props.values;
  return (
    <SettingsForm
      title="Koirakohtaiset säännöt"
      id="dogs"
      canWrite={props.canWrite}
      shows={v}
      onSubmit={(f) =>
        props.onSave({
          extraDogPriceCents: eurosToCents(field(f, "extraDogPrice") || "0"),
          reactiveDogBufferMinutes: numberOf(f, "reactiveDogBufferMinutes"),
          inHeatGapMinutes: numberOf(f, "inHeatGapMinutes"),
        })
      }
    >
      <p className="muted">0 tarkoittaa, ettei sääntöä käytetä.</p>
      <Field
        id="dogs-extra"
        label="Lisäkoiran hinta (€, jokainen koira ensimmäisen jälkeen)"
        name="extraDogPrice"
        inputMode="decimal"
        defaultValue={centsToEuroText(v.extraDogPriceCents)}
      />
      <Field
        id="dogs-reactive"
        label="Reaktiivisen koiran puskuri ennen ja jälkeen (min)"
        name="reactiveDogBufferMinutes"
        type="number"
        defaultValue={v.reactiveDogBufferMinutes}
      />
      <Field
        id="dogs-heat"
        label="Juoksuisen nartun siivousväli jälkeen (min)"
        name="inHeatGapMinutes"
        type="number"
        defaultValue={v.inHeatGapMinutes}
      />
    </SettingsForm>
  );
}
