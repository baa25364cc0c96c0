import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";
import {
  lightSwitchReasonText,
  lightsOverviewSchema,
  lightsStateText,
  type LightsOverrideBody,
  type LightsOverview,
} from "../../../domain/admin/lights";
import { labelOf, lightsProviderLabels } from "../../../domain/admin/labels";
import { formatDateTime, wallClock } from "../../../domain/helsinkiTime";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";

const resultText = { pending: "kesken", ok: "onnistui", failed: "epäonnistui" } as const;

/**
 * The park's lights on toiminta (decision 035): their state, the override in force, the latest
 * switches, and the manual override. Its own small section: GET /api/v2/admin/operations/lights.
 */
export function LightsPanel() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<Record<string, never>, LightsOverview, LightsOverrideBody>({
    query: {},
    load: async () => lightsOverviewSchema.parse(await http.get("/api/v2/admin/operations/lights")),
    write: async (command) => {
      await http.post("/api/v2/admin/operations/lights/override", command);
      return command.mode === "auto" ? "Valot ohjautuvat taas varausten mukaan." : "Käsiohjaus asetettu.";
    },
  });
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const mode = String(form.get("mode")) as LightsOverrideBody["mode"];
    const until = String(form.get("until") ?? "");
    const [date, time] = until.split("T");
    actor.send({
      type: "section.write",
      command: { mode, until: mode !== "auto" && date && time ? wallClock(date, time).toISO()! : null },
    });
  };

  return (
    <section aria-labelledby="lights-heading" className="lights-panel">
      <h2 id="lights-heading">Valot</h2>
      <SectionStatus actor={actor} />
      {data && data.provider === "none" && (
        <p className="muted" title="LIGHTS_PROVIDER=none">
          Puistoon ei ole kytketty ohjattavia valoja. Valot otetaan käyttöön palvelimen asetuksista.
        </p>
      )}
      {data && data.provider !== "none" && (
        <>
          <p role="status" data-state={data.state}>
            <strong>{lightsStateText[data.state]}</strong>{" "}
            <span title={`LIGHTS_PROVIDER=${data.provider}`}>
              ({labelOf(lightsProviderLabels, data.provider)})
            </span>
            .{" "}
            {data.override
              ? `Käsiohjaus: ${data.override.mode === "on" ? "päällä" : "pois"} ${
                  data.override.until
                    ? `${formatDateTime(data.override.until)} asti`
                    : "seuraavaan muutokseen asti"
                }.`
              : `Varausten mukaan: ${data.automaticOn ? "päällä" : "pois"}.`}{" "}
            Pimeällä valot palavat portin avautumisesta varauksen loppuun ja {data.graceMinutes} min sen
            jälkeen.
          </p>
          <form onSubmit={submit} className="inline-form">
            <label>
              Ohjaus{" "}
              <select name="mode" defaultValue="on">
                <option value="on">Päälle</option>
                <option value="off">Pois</option>
                <option value="auto">Varausten mukaan</option>
              </select>
            </label>{" "}
            <label>
              Asti (tyhjä: seuraavaan muutokseen) <input type="datetime-local" name="until" />
            </label>{" "}
            <button type="submit" className="button button-secondary" disabled={!canWrite}>
              Aseta
            </button>
          </form>
          <h3>Viimeisimmät kytkennät</h3>
          {data.switches.length === 0 ? (
            <p className="muted">Ei kytkentöjä.</p>
          ) : (
            <ul className="plain-list">
              {data.switches.map((s) => (
                <li key={`${s.at}-${s.on}-${s.attempts}`}>
                  {formatDateTime(s.at)} · {s.on ? "päälle" : "pois"} · {lightSwitchReasonText[s.reason]} ·{" "}
                  {resultText[s.result]}
                  {s.attempts > 1 ? ` (${s.attempts}. yritys)` : ""}
                  {s.error ? ` · ${s.error}` : ""}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
