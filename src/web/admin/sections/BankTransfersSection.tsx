import { useSelector } from "@xstate/react";
import type { ChangeEvent, FormEvent } from "react";
import { Link } from "react-router-dom";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";
import { failureStatus, serverMessageOr } from "../../../../machines/remoteFailure";
import {
  bankTransferListSchema,
  resolutionsFor,
  statementPreviewSchema,
  transferProblemLabels,
  transferResolutionLabels,
  type BankTransfer,
  type BankTransferList,
  type StatementEntry,
  type StatementPreview,
  type TransferResolution,
} from "../../../domain/admin/bankTransfers";
import { formatEuros } from "../../../domain/money";
import { formatDay } from "../../pages/account/membershipFormat";
import { useAdminEnvironment } from "../AdminSession";
import { field } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";

/**
 * /hallinta/v2/jasenydet/tilisiirrot (issue 36, decision 050): the owner reads the bank's camt.054
 * or camt.053 file, sees what each credit would do, and applies it; transfers that did not pay an
 * invoice exactly wait in the queue below until the owner decides each.
 */

/** The file's text while it is previewed (null: none chosen). */
type TransfersQuery = { statement: string | null; fileName: string | null };
type TransfersData = {
  list: BankTransferList;
  preview: StatementPreview | null;
  previewError: string | null;
};
type TransfersCommand =
  | { kind: "apply"; statement: string }
  | { kind: "resolve"; id: string; resolution: TransferResolution; note: string };

const API = "/api/v2/admin";
const NO_FILE: TransfersQuery = { statement: null, fileName: null };

const outcomeText = (outcome: StatementEntry["outcome"]) =>
  outcome === "pay"
    ? "Merkitään maksetuksi"
    : outcome === "recorded"
      ? "Luettu jo aiemmin"
      : `Jonoon: ${transferProblemLabels[outcome].toLowerCase()}`;

export function BankTransfersSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<TransfersQuery, TransfersData, TransfersCommand>({
    query: NO_FILE,
    load: async ({ statement }) => {
      const list = bankTransferListSchema.parse(await http.get(`${API}/bank-transfers`));
      if (!statement) return { list, preview: null, previewError: null };
      try {
        const preview = statementPreviewSchema.parse(
          await http.post(`${API}/bank-statements/preview`, { statement }),
        );
        return { list, preview, previewError: null };
      } catch (error) {
        // A file that is no statement is the file's fault: said beside the form, the queue stays.
        if (failureStatus(error) !== 400) throw error;
        return { list, preview: null, previewError: serverMessageOr(error, "Tiedostoa ei voitu lukea.") };
      }
    },
    write: async (command) =>
      command.kind === "apply"
        ? (await http.post<{ message: string }>(`${API}/bank-statements`, { statement: command.statement }))
            .message
        : (
            await http.post<{ message: string }>(`${API}/bank-transfers/${command.id}/resolve`, {
              resolution: command.resolution,
              ...(command.note ? { note: command.note } : {}),
            })
          ).message,
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const focus = useFocusAfterSave(actor);

  // Choosing the file previews it: nothing is written until the owner applies it.
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    actor.send({ type: "section.query", query: { statement: await file.text(), fileName: file.name } });
  };
  const preview = query.statement ? (data?.preview ?? null) : null;
  const toApply = preview?.entries.filter((e) => e.outcome !== "recorded").length ?? 0;

  return (
    <section className="admin-section" aria-labelledby="transfers-heading">
      <p>
        <Link to="/hallinta/v2/jasenydet">← Jäsenyydet</Link>
      </p>
      <h1 id="transfers-heading">Tilisiirrot</h1>
      <SectionStatus actor={actor} />
      <p>
        Lataa verkkopankista viitemaksujen XML-aineisto (camt.054) tai tiliote (camt.053) ja valitse se tähän.
        Esikatselu näyttää, mitä kukin maksu tekee; mitään ei kirjata ennen kuin hyväksyt sen. Saman tiedoston
        voi ladata uudelleen: jo luettuja maksuja ei kirjata toista kertaa.
      </p>
      <div className="form-field">
        <label htmlFor="statement-file">Tiliotetiedosto (XML)</label>
        <input
          // Emptied when the preview closes, so the same file can be chosen again.
          key={query.fileName ?? "none"}
          id="statement-file"
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-describedby="statement-help"
          onChange={(event) => void choose(event)}
        />
        <p id="statement-help" className="muted">
          Esikatselu aukeaa, kun valitset tiedoston.
        </p>
      </div>
      {query.statement && data?.previewError && (
        <p className="error-message" role="alert">
          {data.previewError}
        </p>
      )}
      {preview && (
        <div className="card transfer-preview">
          <h2 tabIndex={-1} data-focus-key="preview">
            {query.fileName ?? "Tiliote"}: {preview.entries.length} tilisiirtoa
          </h2>
          {preview.skipped > 0 && (
            <p className="muted">
              {preview.skipped} veloitusta tai keskeneräistä kirjausta ohitettiin: vain saapuneet maksut
              luetaan.
            </p>
          )}
          <TransferTable
            caption="Tiliotteen tilisiirrot"
            rows={preview.entries.map((e) => ({
              key: e.archive_ref,
              transfer: e,
              what: outcomeText(e.outcome),
            }))}
          />
          <div className="button-row">
            {toApply > 0 && (
              <button
                type="button"
                className="button"
                disabled={!canWrite}
                onClick={() => {
                  focus.aim("queue");
                  actor.send({
                    type: "section.write",
                    command: { kind: "apply", statement: query.statement! },
                  });
                }}
              >
                Kirjaa {toApply} {toApply === 1 ? "maksu" : "maksua"}
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: "section.query", query: NO_FILE })}
            >
              {toApply > 0 ? "Peru" : "Sulje esikatselu"}
            </button>
          </div>
        </div>
      )}
      {data && (
        <>
          <h2 tabIndex={-1} data-focus-key="queue">
            Odottaa päätöstä ({data.list.queued.length})
          </h2>
          {data.list.queued.length === 0 ? (
            <p>Ei odottavia tilisiirtoja. Tarkat viitemaksut merkitsevät laskunsa maksetuiksi itsestään.</p>
          ) : (
            <ul className="plain-list transfer-queue">
              {data.list.queued.map((q) => (
                <QueuedTransfer
                  key={q.id}
                  transfer={q}
                  canWrite={canWrite}
                  decide={(resolution, note) => {
                    focus.aim("queue");
                    actor.send({
                      type: "section.write",
                      command: { kind: "resolve", id: q.id, resolution, note },
                    });
                  }}
                />
              ))}
            </ul>
          )}
          <h2>Viimeksi kirjatut</h2>
          {data.list.recent.length === 0 ? (
            <p>Ei vielä maksettuja tai käsiteltyjä tilisiirtoja.</p>
          ) : (
            <TransferTable
              caption="Viimeksi kirjatut tilisiirrot"
              rows={data.list.recent.map((r) => ({ key: r.id, transfer: r, what: recentText(r) }))}
            />
          )}
        </>
      )}
    </section>
  );
}

const recentText = (r: BankTransfer) =>
  r.status === "applied"
    ? "Lasku maksettu"
    : `${transferProblemLabels[r.problem!]}: ${transferResolutionLabels[r.resolution!].toLowerCase()}${r.note ? ` (${r.note})` : ""}`;

type Row = { key: string; transfer: StatementEntry | BankTransfer; what: string };

function InvoiceCell({ transfer }: { transfer: StatementEntry | BankTransfer }) {
  const invoice = transfer.invoice;
  if (!invoice) return <>–</>;
  const text = `Lasku ${invoice.number}`;
  return invoice.customer_id ? (
    <Link to={{ pathname: "/hallinta/v2/jasenydet", search: `?jasen=${invoice.customer_id}` }}>{text}</Link>
  ) : (
    <>{text}</>
  );
}

function TransferTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <table tabIndex={0} className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Summa</th>
          <th scope="col">Mitä tapahtuu</th>
          <th scope="col">Lasku</th>
          <th scope="col">Maksaja</th>
          <th scope="col">Viite</th>
          <th scope="col">Kirjattu</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, transfer, what }) => (
          <tr key={key}>
            <td>{formatEuros(transfer.amount_cents)}</td>
            <td>{what}</td>
            <td>
              <InvoiceCell transfer={transfer} />
            </td>
            <td>{transfer.payer_name ?? "–"}</td>
            <td>{transfer.reference ?? "–"}</td>
            <td>
              {formatDay(transfer.booked_on)}
              <div className="muted">{transfer.archive_ref}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One waiting transfer: what it is, why it waits, and the owner's decision with a note. */
function QueuedTransfer({
  transfer,
  canWrite,
  decide,
}: {
  transfer: BankTransfer;
  canWrite: boolean;
  decide: (resolution: TransferResolution, note: string) => void;
}) {
  const allowed = resolutionsFor[transfer.problem!];
  const invoice = transfer.invoice;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    decide(field(form, "resolution") as TransferResolution, field(form, "note"));
  };
  const id = `transfer-${transfer.id}`;
  return (
    <li className="card">
      <h3>
        {formatEuros(transfer.amount_cents)} · {transferProblemLabels[transfer.problem!]}
      </h3>
      <p>
        {formatDay(transfer.booked_on)} · {transfer.payer_name ?? "Maksaja ei tiedossa"} · viite{" "}
        {transfer.reference ?? "puuttuu"} · arkistointitunnus {transfer.archive_ref}
      </p>
      {invoice && (
        <p>
          <InvoiceCell transfer={transfer} />:{" "}
          {invoice.status === "open"
            ? `avoinna, maksamatta ${formatEuros(invoice.due_cents)}`
            : invoice.status === "paid"
              ? "maksettu jo"
              : "mitätöity"}
        </p>
      )}
      <form className="admin-toolbar" aria-label={`Päätös: ${transfer.archive_ref}`} onSubmit={submit}>
        <div className="form-field">
          <label htmlFor={`${id}-resolution`}>Päätös</label>
          <select id={`${id}-resolution`} name="resolution" defaultValue={allowed[0]}>
            {allowed.map((r) => (
              <option key={r} value={r}>
                {transferResolutionLabels[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-note`}>Muistiinpano</label>
          <input id={`${id}-note`} name="note" maxLength={500} />
        </div>
        <button type="submit" className="button button-secondary" disabled={!canWrite}>
          Tallenna päätös
        </button>
      </form>
    </li>
  );
}
