import type { FormEvent } from "react";
import { auditActionLabels, auditEntityLabels } from "../../../domain/admin/labels";
import type { AuditList, AuditQuery } from "../../../domain/admin/system";
import { formatDateTime } from "../../../domain/helsinkiClock";
import { auditText } from "./auditText";
import { LogWindowNote, PageNavigation } from "./PageNavigation";

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim() || undefined;

/**
 * Järjestelmä's Muutoshistoria: who did what to what, in words (auditText), with the changed
 * fields before and after side by side. The action and the subject are picked from Finnish lists
 * (their codes are the server's filter values, and stay in the cells' tooltips).
 */
export function SystemAudit(props: {
  audit: AuditList;
  query: AuditQuery;
  onFilter(query: AuditQuery): void;
}) {
  const { query } = props;
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    props.onFilter({
      from: field(f, "from"),
      to: field(f, "to"),
      actor: field(f, "actor"),
      action: field(f, "action"),
      entity: field(f, "entity"),
    });
  };
  return (
    <section aria-labelledby="system-audit">
      <h2 id="system-audit">Muutoshistoria</h2>
      <form className="admin-toolbar" aria-label="Suodata muutoshistoriaa" onSubmit={filter}>
        <div className="form-field">
          <label htmlFor="audit-from">Alkaen</label>
          <input id="audit-from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div className="form-field">
          <label htmlFor="audit-to">Päättyen</label>
          <input id="audit-to" name="to" type="date" defaultValue={query.to} />
        </div>
        <div className="form-field">
          <label htmlFor="audit-actor">Tekijä</label>
          <input id="audit-actor" name="actor" defaultValue={query.actor} />
        </div>
        <div className="form-field">
          <label htmlFor="audit-action">Toiminto</label>
          <select id="audit-action" name="action" defaultValue={query.action ?? ""}>
            <option value="">Kaikki</option>
            {Object.entries(auditActionLabels).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="audit-entity">Kohde</label>
          <select id="audit-entity" name="entity" defaultValue={query.entity ?? ""}>
            <option value="">Kaikki</option>
            {Object.entries(auditEntityLabels).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          Suodata
        </button>
      </form>
      <LogWindowNote list={props.audit} noun="muutosta valituilla ehdoilla" />
      {props.audit.entries.length === 0 ? (
        <p>Ei muutoksia valituilla ehdoilla.</p>
      ) : (
        // On a phone each entry stands as a block of its own (admin.css, .audit-log): the explicit
        // roles keep it a table for assistive technology, which a block's display would not.
        <table tabIndex={0} role="table" className="admin-table audit-log" aria-label="Muutoshistoria">
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader">Aika</th>
              <th role="columnheader">Toiminto</th>
              <th role="columnheader">Kohde</th>
              <th role="columnheader">Tekijä</th>
              <th role="columnheader">Muutos</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {props.audit.entries.map((a) => {
              const text = auditText(a);
              return (
                <tr key={a.id} role="row">
                  <td role="cell">{formatDateTime(a.at)}</td>
                  <td role="cell" title={a.action}>
                    {text.action}
                  </td>
                  <td role="cell" title={`${a.entity}${a.entityId ? ` ${a.entityId}` : ""}`}>
                    {text.subject}
                  </td>
                  <td role="cell" className="audit-log__actor">
                    {a.actorEmail}
                  </td>
                  <td role="cell">
                    {text.changes.length === 0 ? (
                      "–"
                    ) : (
                      <table className="audit-changes" aria-label={`Muutokset: ${text.action}`}>
                        <thead>
                          <tr>
                            <th scope="col">Kohta</th>
                            <th scope="col">Ennen</th>
                            <th scope="col">Jälkeen</th>
                          </tr>
                        </thead>
                        <tbody>
                          {text.changes.map((c) => (
                            <tr key={c.field}>
                              <th scope="row">{c.field}</th>
                              <td>{c.before}</td>
                              <td>{c.after}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <PageNavigation list={props.audit} toPage={(page) => props.onFilter({ ...query, page })} />
    </section>
  );
}
