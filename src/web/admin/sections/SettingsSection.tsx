import { useSelector } from "@xstate/react";
import { useState } from "react";
import type { AdminSettings } from "../../../domain/admin/settings";
import { parkFactTexts } from "../../../domain/parkFacts";
import { useAdminEnvironment } from "../AdminSession";
import { field } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { BookingRuleForms } from "./BookingRuleForms";
import { DogRulesForm } from "./DogRulesForm";
import { OpeningForms } from "./OpeningForms";
import { Field, SettingsForm } from "./SettingsForm";
import { MinutesSettingForm } from "./MinutesSettingForm";
import { useAdminSection } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";
import { PhotosSection } from "./PhotosSection";
import { saveSetting } from "./settingsFormProps";
import { settingsApi, type SettingsCommand } from "./settingsApi";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

const PARK_FIELDS: Array<[keyof AdminSettings["settings"]["park"] & string, string, string?]> = [
  ["name", "Puiston nimi"],
  ["companyName", "Yrityksen nimi"],
  ["businessId", "Y-tunnus"],
  ["streetAddress", "Katuosoite"],
  ["postalCode", "Postinumero"],
  ["city", "Postitoimipaikka"],
  ["email", "Sähköposti", "email"],
  ["phone", "Puhelin", "tel"],
  ["feedbackUrl", "Palautelomakkeen osoite", "url"],
  ["iban", "Tilinumero (IBAN) laskujen tilisiirtoihin"],
  ["bic", "Pankin BIC"],
  ["latitude", "Leveysaste (kartta ja valaistus)"],
  ["longitude", "Pituusaste (kartta ja valaistus)"],
];
const COORDINATES = new Set(["latitude", "longitude"]);

/** "2 500" → 2500, empty → null; anything else goes as typed, and the server says what is wrong. */
const areaOf = (text: string) => {
  const digits = text.replace(/\s/g, "");
  return digits === "" ? null : /^\d+$/.test(digits) ? Number(digits) : text;
};
/** "61,4978" → 61.4978; an empty or wrong field becomes NaN, which the server names. */
const degrees = (text: string) => (text === "" ? Number.NaN : Number(text.replace(",", ".")));

/** /hallinta/hallintapaneeli: the park's details, hours, exceptions, areas, slot rules, gate and notice. */
export function SettingsSection() {
  const { http } = useAdminEnvironment();
  const [api] = useState(() => settingsApi(http));
  const actor = useAdminSection<null, AdminSettings, SettingsCommand>({
    query: null,
    load: () => api.load(),
    write: (c) => api.write(c),
  });
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  // Every form is drawn afresh with what was saved: focus goes back to the one the save came from.
  const focus = useFocusAfterSave(actor);
  const write = (command: SettingsCommand) => {
    focus.aimAtFocus();
    actor.send({ type: "section.write", command });
  };
  const setting = saveSetting(write);

  return (
    <section className="admin-section" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Hallintapaneeli</h1>
      <SectionStatus actor={actor} />
      {data && (
        <div>
          <SettingsForm
            title="Puiston tiedot"
            id="park"
            canWrite={canWrite}
            shows={data.settings.park}
            onSubmit={(f) =>
              setting(
                "park",
                Object.fromEntries(
                  PARK_FIELDS.map(([name]) => [
                    name,
                    COORDINATES.has(name) ? degrees(field(f, name)) : field(f, name),
                  ]),
                ),
                "Puiston tiedot tallennettu.",
              )
            }
          >
            <p className="muted">Näkyvät sivuston alatunnisteessa ja sähköposteissa.</p>
            {PARK_FIELDS.map(([name, label, type]) => (
              <Field
                key={name}
                id={`park-${name}`}
                label={label}
                name={name}
                type={type}
                defaultValue={data.settings.park[name] ?? ""}
              />
            ))}
          </SettingsForm>

          {data.settings.facts && (
            <SettingsForm
              title="Puisto etusivulla"
              id="facts"
              canWrite={canWrite}
              shows={data.settings.facts}
              onSubmit={(f) =>
                setting(
                  "facts",
                  {
                    areaSquareMeters: areaOf(field(f, "areaSquareMeters")),
                    ...Object.fromEntries(parkFactTexts.map(([name]) => [name, field(f, name) || null])),
                  },
                  "Puiston kuvaus tallennettu.",
                )
              }
            >
              <p className="muted">Näkyvät etusivulla kohdassa ”Puisto”. Tyhjä kenttä jätetään pois.</p>
              <Field
                id="facts-areaSquareMeters"
                label="Koko (m²)"
                name="areaSquareMeters"
                defaultValue={data.settings.facts.areaSquareMeters ?? ""}
              />
              {parkFactTexts.map(([name, label]) => (
                <Field
                  key={name}
                  id={`facts-${name}`}
                  label={label}
                  name={name}
                  defaultValue={data.settings.facts?.[name] ?? ""}
                />
              ))}
            </SettingsForm>
          )}

          <OpeningForms data={data} canWrite={canWrite} write={write} />

          <BookingRuleForms data={data} canWrite={canWrite} write={write} />

          {data.settings.dogRules && (
            <DogRulesForm
              values={data.settings.dogRules}
              canWrite={canWrite}
              onSave={(value) => setting("dogRules", value, "Koirakohtaiset säännöt tallennettu.")}
            />
          )}

          {data.settings.waitlist && (
            <MinutesSettingForm
              id="waitlist"
              title="Jono vapautuville ajoille"
              label="Tarjouksen voimassaoloaika (min)"
              help="Kun varattu aika vapautuu, jonon ensimmäinen saa linkin, jolla aika on näin kauan varattuna vain hänelle."
              value={data.settings.waitlist.offerMinutes}
              canWrite={canWrite}
              onSave={(offerMinutes) => setting("waitlist", { offerMinutes }, "Jonon asetus tallennettu.")}
            />
          )}

          {data.settings.lights && (
            <MinutesSettingForm
              id="lights"
              title="Valaistus"
              label="Valot palavat varauksen jälkeen (min)"
              help="Pimeän aikaan osuvien varausten ajaksi valot syttyvät portin aukeamisesta alkaen ja sammuvat näin monta minuuttia varauksen päättymisen jälkeen."
              value={data.settings.lights.graceMinutes}
              canWrite={canWrite}
              onSave={(graceMinutes) =>
                setting("lights", { graceMinutes }, "Valaistuksen asetus tallennettu.")
              }
            />
          )}

          <SettingsForm
            title="Etusivun tiedote"
            id="notice"
            canWrite={canWrite}
            shows={data.settings.homeNotice}
            onSubmit={(f) =>
              setting("homeNotice", { text: field(f, "text") || null }, "Tiedote tallennettu.")
            }
          >
            <div className="form-field">
              <label htmlFor="notice-text">Tiedote (tyhjä: ei tiedotetta)</label>
              <textarea
                id="notice-text"
                name="text"
                rows={3}
                defaultValue={data.settings.homeNotice.text ?? ""}
              />
            </div>
          </SettingsForm>
        </div>
      )}
      <PhotosSection />
    </section>
  );
}
