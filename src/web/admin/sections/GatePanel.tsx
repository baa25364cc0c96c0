import { useSelector } from "@xstate/react";
import { gateOverviewSchema, gateStateText, type GateOverview } from "../../../domain/admin/gate";
import { doorProviderLabels, labelOf } from "../../../domain/admin/labels";
import { formatDateTime, formatTime } from "../../../domain/helsinkiClock";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";

const HISTORY_ROWS = 10;

/**
 * The gate's health (state, latest checks, outages) and, on toiminta, today's attendance from the
 * gate (decision 029). Its own small section: GET /api/v2/admin/operations/gate.
 */
export function GatePanel({ attendance = false }: { attendance?: boolean }) {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<Record<string, never>, GateOverview, never>({
    query: {},
    load: async () => gateOverviewSchema.parse(await http.get("/api/v2/admin/operations/gate")),
    write: async () => "",
  });
  const data = useSelector(actor, (s) => s.context.data);
  return (
    <section aria-labelledby="gate-heading" className="gate-panel">
      <h2 id="gate-heading">Portti</h2>
      <SectionStatus actor={actor} />
      {data && (
        <>
          <p role="status" data-state={data.state}>
            <strong>{gateStateText[data.state]}</strong>.{" "}
            <span title={`DOOR_PROVIDER=${data.provider}`}>
              Portin ohjaus: {labelOf(doorProviderLabels, data.provider)}.
            </span>{" "}
            Tarkistetaan {data.healthCheckMinutesBefore} min ennen varauksia ja varausten aikana.
          </p>
          {attendance && (
            <div>
              <h3>Saapuminen tänään</h3>
              <p>
                Saapuneet: {data.attendance.attended} · Ei saapunut: {data.attendance.noShows} · Tulossa:{" "}
                {data.attendance.pending}
              </p>
              {data.attendance.noShowList.length > 0 && (
                <ul className="plain-list">
                  {data.attendance.noShowList.map((r) => (
                    <li key={r.id}>
                      {formatTime(r.start)}–{formatTime(r.end)} {r.name} ({r.areaName})
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <h3>Katkot</h3>
          {data.outages.length === 0 ? (
            <p className="muted">Ei katkoja.</p>
          ) : (
            <ul className="plain-list">
              {data.outages.slice(0, HISTORY_ROWS).map((o) => (
                <li key={o.startedAt}>
                  {formatDateTime(o.startedAt)} – {o.endedAt ? formatDateTime(o.endedAt) : "jatkuu"} ·{" "}
                  {o.detail ?? ""} · varaohje {o.visitorsNotified} asiakkaalle
                </li>
              ))}
            </ul>
          )}
          <h3>Viimeisimmät tarkistukset</h3>
          {data.checks.length === 0 ? (
            <p className="muted">Ei tarkistuksia.</p>
          ) : (
            <ul className="plain-list">
              {data.checks.slice(0, HISTORY_ROWS).map((c) => (
                <li key={c.windowStart}>
                  {formatDateTime(c.checkedAt ?? c.windowStart)} ·{" "}
                  {c.ok === null ? "kesken" : c.ok ? "vastasi" : "ei vastannut"}
                  {c.detail ? ` · ${c.detail}` : ""}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
