import { formatDay } from "../../pages/account/membershipFormat";
import { field, numberOf } from "../formValues";
import { Field, SettingsForm } from "./SettingsForm";
import { saveSetting, type SettingsFormProps } from "./settingsFormProps";
import { finnishTime } from "../../layout/openingHours";

const WEEKDAYS = ["Maanantai", "Tiistai", "Keskiviikko", "Torstai", "Perjantai", "Lauantai", "Sunnuntai"];

/** Hallintapaneeli's calendar: the weekly hours, the exceptions to them and the areas. */
export function OpeningForms({ data, canWrite, write }: SettingsFormProps) {
  const setting = saveSetting(write);
  return (
    <>
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
              {formatDay(e.date)}:{" "}
              {e.opensAt && e.closesAt ? `${finnishTime(e.opensAt)}–${finnishTime(e.closesAt)}` : "suljettu"}{" "}
              {e.note ? `(${e.note})` : ""}{" "}
              <button
                type="button"
                className="button button-danger"
                disabled={!canWrite}
                onClick={() => write({ kind: "deleteException", date: e.date })}
              >
                Poista {formatDay(e.date)}
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
          <Field id="exception-closes" label="Sulkeutuu" name="closesAt" type="time" defaultValue="18:00" />
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
            <button type="submit" className="button button-secondary" disabled={!canWrite}>
              {area ? "Tallenna alue" : "Lisää alue"}
            </button>
          </form>
        ))}
      </section>
    </>
  );
}
