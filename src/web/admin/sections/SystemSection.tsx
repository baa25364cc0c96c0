import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import {
  adminListSchema,
  auditListSchema,
  healthComponentText,
  healthSchema,
  jobListSchema,
  outboxListSchema,
  type AdminList,
  type AuditList,
  type AuditQuery,
  type Health,
  type JobList,
  type OutboxList,
  type OutboxQuery,
} from "../../../domain/admin/system";
import { formatDateTime } from "../../../domain/helsinkiClock";
import {
  adminSourceLabels,
  labelOf,
  outboxKindLabels,
  outboxStatusLabels,
} from "../../../domain/admin/labels";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { isAsked, useAdminSection, useSectionQuestion } from "../useAdminSection";
import { GatePanel } from "./GatePanel";
import "./operations.css";
import { LogWindowNote, PageNavigation } from "./PageNavigation";
import { SystemAudit } from "./SystemAudit";
import { SystemJobs } from "./SystemJobs";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

type SystemQuery = { outbox: OutboxQuery; audit: AuditQuery };
type SystemData = { health: Health; outbox: OutboxList; jobs: JobList; audit: AuditList; admins: AdminList };
type SystemCommand =
  | { kind: "check" }
  | { kind: "resend"; id: number }
  | { kind: "addAdmin"; email: string }
  | { kind: "removeAdmin"; email: string };

const API = "/api/v2/admin/system";
const withoutEmpty = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : "ei koskaan");

/** /hallinta/v2/jarjestelma: health, the e-mail outbox, jobs, the audit log and the admin list. */
export function SystemSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<SystemQuery, SystemData, SystemCommand>({
    query: { outbox: {}, audit: {} },
    load: async (query) => {
      const [health, outbox, jobs, audit, admins] = await Promise.all([
        http.get(`${API}/health`),
        http.get(`${API}/outbox`, { params: withoutEmpty(query.outbox) }),
        http.get(`${API}/jobs`),
        http.get(`${API}/audit`, { params: withoutEmpty(query.audit) }),
        http.get(`${API}/admins`),
      ]);
      return {
        health: healthSchema.parse(health),
        outbox: outboxListSchema.parse(outbox),
        jobs: jobListSchema.parse(jobs),
        audit: auditListSchema.parse(audit),
        admins: adminListSchema.parse(admins),
      };
    },
    write: async (command) => {
      const post = (path: string, body?: unknown) => http.post<{ message: string }>(`${API}${path}`, body);
      switch (command.kind) {
        case "check":
          return (await post("/health/check")).message;
        case "resend":
          return (await post(`/outbox/${command.id}/resend`)).message;
        case "addAdmin":
          return (await post("/admins", { email: command.email })).message;
        case "removeAdmin":
          return (
            await http.delete<{ message: string }>(`${API}/admins/${encodeURIComponent(command.email)}`)
          ).message;
      }
    },
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const question = useSectionQuestion(actor);
  const write = (command: SystemCommand) => actor.send({ type: "section.write", command });
  const value = (form: FormData, name: string) => String(form.get(name) ?? "").trim() || undefined;

  const filterOutbox = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const outbox = {
      status: value(f, "status") as OutboxQuery["status"],
      kind: value(f, "kind"),
      to: value(f, "to"),
      from: value(f, "from"),
      until: value(f, "until"),
    };
    actor.send({ type: "section.query", query: { ...query, outbox } });
  };
  const addAdmin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = value(new FormData(event.currentTarget), "email");
    if (email) write({ kind: "addAdmin", email });
    event.currentTarget.reset();
  };

  return (
    <section className="admin-section" aria-labelledby="system-heading">
      <h1 id="system-heading">Järjestelmä</h1>
      <SectionStatus actor={actor} />
      <GatePanel />
      {data && (
        <>
          <section aria-labelledby="system-health">
            <h2 id="system-health">Tila</h2>
            <div className="ops-grid">
              {data.health.checks.map((c) => (
                <div key={c.component} className="ops-card ops-health" data-ok={c.ok}>
                  <h3>
                    {healthComponentText[c.component]}: {c.ok ? "toimii" : "vika"}
                  </h3>
                  <dl className="admin-details">
                    <dt>{c.ok ? "Vastaus" : "Virhe"}</dt>
                    <dd>{(c.ok ? c.detail : c.lastError) ?? "–"}</dd>
                    <dt>Kesto</dt>
                    <dd>{c.durationMs} ms</dd>
                    <dt>Tarkistettu</dt>
                    <dd>{formatDateTime(c.checkedAt)}</dd>
                    <dt>Viimeksi onnistui</dt>
                    <dd>{when(c.lastSuccessAt)}</dd>
                    <dt>Viimeksi epäonnistui</dt>
                    <dd>{when(c.lastFailureAt)}</dd>
                  </dl>
                </div>
              ))}
            </div>
            <button
              type="button"
              className="button button-secondary"
              disabled={!canWrite}
              onClick={() => write({ kind: "check" })}
            >
              Tarkista nyt
            </button>
          </section>

          <section aria-labelledby="system-outbox">
            <h2 id="system-outbox">Sähköpostit</h2>
            <LogWindowNote list={data.outbox} noun="viestiä valituilla ehdoilla" />
            <p>
              {data.outbox.counts.map((c) => `${outboxStatusLabels[c.status]} ${c.count}`).join(", ") ||
                "Ei viestejä näinä päivinä."}
            </p>
            <form className="admin-toolbar" aria-label="Suodata sähköposteja" onSubmit={filterOutbox}>
              <div className="form-field">
                <label htmlFor="outbox-status">Tila</label>
                <select id="outbox-status" name="status" defaultValue={query.outbox.status ?? ""}>
                  <option value="">Kaikki</option>
                  {Object.entries(outboxStatusLabels).map(([v, label]) => (
                    <option key={v} value={v}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor="outbox-kind">Laji</label>
                <select id="outbox-kind" name="kind" defaultValue={query.outbox.kind ?? ""}>
                  <option value="">Kaikki</option>
                  {Object.entries(outboxKindLabels).map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor="outbox-to">Vastaanottaja</label>
                <input id="outbox-to" name="to" defaultValue={query.outbox.to} />
              </div>
              <div className="form-field">
                <label htmlFor="outbox-from">Alkaen</label>
                <input id="outbox-from" name="from" type="date" defaultValue={query.outbox.from} />
              </div>
              <div className="form-field">
                <label htmlFor="outbox-until">Päättyen</label>
                <input id="outbox-until" name="until" type="date" defaultValue={query.outbox.until} />
              </div>
              <button type="submit" className="button button-secondary">
                Suodata
              </button>
            </form>
            {data.outbox.messages.length > 0 && (
              <table tabIndex={0} className="admin-table" aria-label="Sähköpostit">
                <thead>
                  <tr>
                    <th>Luotu</th>
                    <th>Vastaanottaja</th>
                    <th>Aihe</th>
                    <th>Laji</th>
                    <th>Tila</th>
                    <th>Yrityksiä</th>
                    <th>Toiminto</th>
                  </tr>
                </thead>
                <tbody>
                  {data.outbox.messages.map((m) => (
                    <tr key={m.id}>
                      <td>{formatDateTime(m.createdAt)}</td>
                      <td>{m.to}</td>
                      <td>{m.subject}</td>
                      <td title={m.kind}>{labelOf(outboxKindLabels, m.kind)}</td>
                      <td>
                        {outboxStatusLabels[m.status]}
                        {m.sentAt && <span className="muted"> {formatDateTime(m.sentAt)}</span>}
                        {m.status === "failed" && m.lastError && <div className="muted">{m.lastError}</div>}
                      </td>
                      <td>{m.attempts}</td>
                      <td>
                        {m.status === "failed" && (
                          <button
                            type="button"
                            className="button button-secondary"
                            disabled={!canWrite}
                            aria-label={`Lähetä uudelleen: ${m.subject}, ${m.to}`}
                            onClick={() => write({ kind: "resend", id: m.id })}
                          >
                            Lähetä uudelleen
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <PageNavigation
              list={data.outbox}
              toPage={(page) =>
                actor.send({ type: "section.query", query: { ...query, outbox: { ...query.outbox, page } } })
              }
            />
          </section>

          <SystemJobs jobs={data.jobs} />

          <SystemAudit
            audit={data.audit}
            query={query.audit}
            onFilter={(audit) => actor.send({ type: "section.query", query: { ...query, audit } })}
          />

          <section aria-labelledby="system-admins">
            <h2 id="system-admins">Ylläpitäjät</h2>
            <ul aria-label="Ylläpitäjät">
              {data.admins.admins.map((a) => (
                <li key={a.email}>
                  {a.email}
                  {a.email === data.admins.you && " (sinä)"}
                  <span className="muted" title={a.source}>
                    {" "}
                    · {labelOf(adminSourceLabels, a.source)}
                    {a.source === "list" &&
                      `, lisännyt ${a.addedBy ?? "–"}${a.addedAt ? ` ${formatDateTime(a.addedAt)}` : ""}`}
                  </span>{" "}
                  {a.source === "list" &&
                    (isAsked(question, { kind: "removeAdmin", email: a.email }) ? (
                      <span role="group" aria-label="Vahvista poisto">
                        Poistetaanko {a.email}?{" "}
                        <button
                          type="button"
                          className="button button-danger"
                          disabled={!canWrite}
                          onClick={question.confirm}
                        >
                          Vahvista poisto
                        </button>{" "}
                        <button type="button" className="button button-secondary" onClick={question.keep}>
                          Älä poista
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button-danger"
                        disabled={!canWrite}
                        aria-label={`Poista ylläpitäjä ${a.email}`}
                        onClick={() => question.ask({ kind: "removeAdmin", email: a.email })}
                      >
                        Poista
                      </button>
                    ))}
                </li>
              ))}
            </ul>
            <form className="admin-toolbar" aria-label="Lisää ylläpitäjä" onSubmit={addAdmin}>
              <div className="form-field">
                <label htmlFor="admin-email">Sähköpostiosoite</label>
                <input id="admin-email" name="email" type="email" required />
              </div>
              <button type="submit" className="button" disabled={!canWrite}>
                Lisää ylläpitäjä
              </button>
            </form>
          </section>
        </>
      )}
    </section>
  );
}
