import { useSelector } from "@xstate/react";
import { useState } from "react";
import type { AdminSettings } from "../../../domain/admin/settings";
import { useAdminEnvironment } from "../AdminSession";
import { field, numberList, numberOf } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { DogRulesForm } from "./DogRulesForm";
import { Field, SettingsForm } from "./SettingsForm";
import { MinutesSettingForm } from "./MinutesSettingForm";
import { useAdminSection } from "../useAdminSection";
import { PhotosSection } from "./PhotosSection";
import { settingsApi, type SettingsCommand } from "./settingsApi";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

const WEEKDAYS = ["Maanantai", "Tiistai", "Keskiviikko", "Torstai", "Perjantai", "Lauantai", "Sunnuntai"];
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
  ["latitude", "Leveysaste (kartta ja valaistus)"],
  ["longitude", "Pituusaste (kartta ja valaistus)"],
];
const COORDINATES = new Set(["latitude", "longitude"]);
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
  const write = (command: SettingsCommand) => actor.send({ type: "section.write", command });
  const setting = (key: Extract<SettingsCommand, { kind: "setting" }>["key"], value: unknown, done: string) =>
    write({ kind: "setting", key, value, done });

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

          <SettingsForm
            title="Aukioloajat"
            id="hours"
            canWrite={canWrite}
            shows={data.settings.openingHours}
            onSubmit={(f) =>
              setting(
                "openingHours",
                {
                  weekly: WEEKDAYS.map((_, i) =>
                    f.get(`open-${i}`)
                      ? { opens: field(f, `opens-${i}`), closes: field(f, `closes-${i}`) }
                      : null,
                  ),
                },
                "Aukioloajat tallennettu.",
              )
            }
          >
            <table className="admin-table admin-hours">
              <tbody>
                {WEEKDAYS.map((day, i) => {
                  const hours = data.settings.openingHours.weekly[i];
                  return (
                    <tr key={day}>
                      <th scope="row">{day}</th>
                      <td>
                        <label>
                          <input type="checkbox" name={`open-${i}`} defaultChecked={hours !== null} /> auki
                        </label>
                      </td>
                      <td>
                        <input
                          aria-label={`${day} avautuu`}
                          type="time"
                          name={`opens-${i}`}
                          defaultValue={hours?.opens ?? "06:00"}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`${day} sulkeutuu`}
                          name={`closes-${i}`}
                          defaultValue={hours?.closes ?? "22:00"}
                          pattern="\d\d:\d\d"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </SettingsForm>

          <SettingsForm
            title="Poikkeavat aukioloajat"
            id="exceptions"
            canWrite={canWrite}
            shows={data.exceptions}
            onSubmit={(f) => {
              const closed = Boolean(f.get("closed"));
              write({
                kind: "exception",
                date: field(f, "date"),
                opensAt: closed ? null : field(f, "opensAt"),
                closesAt: closed ? null : field(f, "closesAt"),
                note: field(f, "note") || null,
              });
            }}
          >
            <ul className="plain-list">
              {data.exceptions.map((e) => (
                <li key={e.date}>
                  {e.date}: {e.opensAt ? `${e.opensAt}–${e.closesAt}` : "suljettu"}{" "}
                  {e.note ? `(${e.note})` : ""}{" "}
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={!canWrite}
                    onClick={() => write({ kind: "deleteException", date: e.date })}
                  >
                    Poista {e.date}
                  </button>
                </li>
              ))}
            </ul>
            <div className="admin-toolbar">
              <Field id="exception-date" label="Päivä" name="date" type="date" defaultValue="" />
              <div className="form-field">
                <label>
                  <input type="checkbox" name="closed" /> Suljettu koko päivän
                </label>
              </div>
              <Field id="exception-opens" label="Avautuu" name="opensAt" type="time" defaultValue="10:00" />
              <Field
                id="exception-closes"
                label="Sulkeutuu"
                name="closesAt"
                type="time"
                defaultValue="18:00"
              />
              <Field id="exception-note" label="Huomautus" name="note" defaultValue="" />
            </div>
          </SettingsForm>

          <section className="card admin-section" aria-labelledby="areas-heading">
            <h2 id="areas-heading">Alueet</h2>
            {[...data.areas, null].map((area) => (
              <form
                key={area ? JSON.stringify(area) : `new-${data.areas.length}`}
                className="admin-toolbar"
                onSubmit={(event) => {
                  event.preventDefault();
                  const f = new FormData(event.currentTarget);
                  write({
                    kind: "area",
                    id: area?.id ?? null,
                    input: {
                      name: field(f, "name"),
                      active: Boolean(f.get("active")),
                      sortOrder: numberOf(f, "sortOrder"),
                    },
                  });
                }}
              >
                <Field
                  id={`area-name-${area?.id ?? "new"}`}
                  label={area ? "Alueen nimi" : "Uusi alue"}
                  name="name"
                  defaultValue={area?.name ?? ""}
                />
                <Field
                  id={`area-order-${area?.id ?? "new"}`}
                  label="Järjestys"
                  name="sortOrder"
                  type="number"
                  defaultValue={area?.sortOrder ?? data.areas.length}
                />
                <label>
                  <input type="checkbox" name="active" defaultChecked={area?.active ?? true} /> käytössä
                </label>
                <button type="submit" className="button" disabled={!canWrite}>
                  {area ? "Tallenna alue" : "Lisää alue"}
                </button>
              </form>
            ))}
          </section>

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
              Portin ohjaus:{" "}
              <strong>
                {
                  { log: "vain kirjaus (ei laitetta)", shelly: "Shelly", mqtt: "MQTT" }[
                    data.doorProvider.name
                  ]
                }
              </strong>
              {data.doorProvider.target ? ` (${data.doorProvider.target})` : ""}. Vaihdetaan palvelimen
              asetuksista (DOOR_PROVIDER).
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
