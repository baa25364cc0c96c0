import { doorProviderLabels, labelOf } from "../../../domain/admin/labels";
import { field, numberList, numberOf } from "../formValues";
import { Field, SettingsForm } from "./SettingsForm";
import { saveSetting, type SettingsFormProps } from "./settingsFormProps";

/** Hallintapaneeli's booking rules: slots, the gate, reminders. */
export function BookingRuleForms({ data, canWrite, write }: SettingsFormProps) {
  const setting = saveSetting(write);
  return (
    <>
      <SettingsForm
        title="Varaussäännöt"
        id="slot-rules"
        canWrite={canWrite}
        shows={data.settings.slotRules}
        onSubmit={(f) =>
          setting(
            "slotRules",
            {
              gridMinutes: numberOf(f, "gridMinutes"),
              lengthsMinutes: numberList(field(f, "lengthsMinutes")),
              changeoverMinutes: numberOf(f, "changeoverMinutes"),
              bookingWindowDays: numberOf(f, "bookingWindowDays"),
              holdMinutes: numberOf(f, "holdMinutes"),
              cancellationHours: numberOf(f, "cancellationHours"),
              maxDogs: numberOf(f, "maxDogs"),
            },
            "Varaussäännöt tallennettu.",
          )
        }
      >
        <div className="admin-toolbar">
          <Field
            id="rules-grid"
            label="Aikaruudukko (min)"
            name="gridMinutes"
            type="number"
            defaultValue={data.settings.slotRules.gridMinutes}
          />
          <Field
            id="rules-lengths"
            label="Varauksen pituudet (min)"
            name="lengthsMinutes"
            defaultValue={data.settings.slotRules.lengthsMinutes.join(", ")}
          />
          <Field
            id="rules-changeover"
            label="Vaihtoaika (min)"
            name="changeoverMinutes"
            type="number"
            defaultValue={data.settings.slotRules.changeoverMinutes}
          />
          <Field
            id="rules-window"
            label="Varattavissa päivää eteenpäin"
            name="bookingWindowDays"
            type="number"
            defaultValue={data.settings.slotRules.bookingWindowDays}
          />
          <Field
            id="rules-hold"
            label="Maksun pito-aika (min)"
            name="holdMinutes"
            type="number"
            defaultValue={data.settings.slotRules.holdMinutes}
          />
          <Field
            id="rules-cancel"
            label="Peruttavissa tuntia ennen"
            name="cancellationHours"
            type="number"
            defaultValue={data.settings.slotRules.cancellationHours}
          />
          <Field
            id="rules-dogs"
            label="Koiria enintään"
            name="maxDogs"
            type="number"
            defaultValue={data.settings.slotRules.maxDogs}
          />
        </div>
      </SettingsForm>

      <SettingsForm
        title="Portti"
        id="door"
        canWrite={canWrite}
        shows={[data.settings.door, data.doorProvider]}
        onSubmit={(f) =>
          setting(
            "door",
            {
              opensBeforeMinutes: numberOf(f, "opensBeforeMinutes"),
              closesAfterMinutes: numberOf(f, "closesAfterMinutes"),
              healthCheckMinutesBefore: numberOf(f, "healthCheckMinutesBefore"),
              fallbackText: field(f, "fallbackText") || null,
            },
            "Portin asetukset tallennettu.",
          )
        }
      >
        <p>
          Portin ohjaus: <strong>{labelOf(doorProviderLabels, data.doorProvider.name)}</strong>
          {data.doorProvider.target ? ` (${data.doorProvider.target})` : ""}.{" "}
          <span className="muted" title={`DOOR_PROVIDER=${data.doorProvider.name}`}>
            Laite vaihdetaan palvelimen asetuksista.
          </span>
        </p>
        <div className="admin-toolbar">
          <Field
            id="door-before"
            label="Aukeaa minuuttia ennen alkua"
            name="opensBeforeMinutes"
            type="number"
            defaultValue={data.settings.door.opensBeforeMinutes}
          />
          <Field
            id="door-after"
            label="Aukeaa vielä minuuttia lopun jälkeen"
            name="closesAfterMinutes"
            type="number"
            defaultValue={data.settings.door.closesAfterMinutes}
          />
          <Field
            id="door-health"
            label="Portin tarkistus minuuttia ennen varausta"
            name="healthCheckMinutesBefore"
            type="number"
            defaultValue={data.settings.door.healthCheckMinutesBefore}
          />
        </div>
        <div className="form-field">
          <label htmlFor="door-fallback">
            Varaohje, jos portti ei vastaa (puhelinnumero, avainlaatikon koodi; tyhjä: puiston puhelin)
          </label>
          <textarea
            id="door-fallback"
            name="fallbackText"
            rows={3}
            defaultValue={data.settings.door.fallbackText ?? ""}
          />
        </div>
      </SettingsForm>

      {data.settings.reminders && (
        <SettingsForm
          title="Muistutukset"
          id="reminders"
          canWrite={canWrite}
          shows={data.settings.reminders}
          onSubmit={(f) =>
            setting(
              "reminders",
              {
                hoursBefore: numberOf(f, "hoursBefore"),
                rules: field(f, "rules"),
                arrival: field(f, "arrival"),
              },
              "Muistutusten asetukset tallennettu.",
            )
          }
        >
          <Field
            id="reminders-hours"
            label="Muistutus tuntia ennen varausta (0: ei muistutuksia)"
            name="hoursBefore"
            type="number"
            defaultValue={data.settings.reminders.hoursBefore}
          />
          <div className="form-field">
            <label htmlFor="reminders-rules">Puiston säännöt lyhyesti</label>
            <textarea
              id="reminders-rules"
              name="rules"
              rows={3}
              defaultValue={data.settings.reminders.rules}
            />
          </div>
          <div className="form-field">
            <label htmlFor="reminders-arrival">Saapuminen ja pysäköinti (myös tulijoiden ohjeissa)</label>
            <textarea
              id="reminders-arrival"
              name="arrival"
              rows={3}
              defaultValue={data.settings.reminders.arrival}
            />
          </div>
        </SettingsForm>
      )}
    </>
  );
}
