import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import {
  purchaseListSchema,
  type Purchase,
  type PurchaseList,
  type PurchaseQuery,
} from "../../../domain/admin/purchases";
import { RECENT_DAYS } from "../../../domain/admin/paging";
import { formatDate, formatDateTime } from "../../../domain/helsinkiClock";
import {
  labelOf,
  paymentMethodLabels,
  paymentProviderLabels,
  paymentStatusLabels,
  refundStatusLabels,
} from "../../../domain/admin/labels";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { downloadCsv, FilterActions } from "../CsvDownload";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";
import { PageNavigation, pagesOf } from "./PageNavigation";

const statusText: Record<Purchase["status"], string> = paymentStatusLabels;

type PurchaseCommand = { kind: "refund"; id: string };

const withoutEmpty = (query: PurchaseQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>;

/**
 * /hallinta/ostokset: payments and refunds with filters, a refund, and the CSV. Without dates the
 * server answers the last RECENT_DAYS days (as the logs); the page says which dates it shows, and
 * the CSV asks for those same dates.
 */
export function PurchasesSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<PurchaseQuery, PurchaseList, PurchaseCommand>({
    query: {},
    load: async (query) =>
      purchaseListSchema.parse(await http.get("/api/v2/admin/purchases", { params: withoutEmpty(query) })),
    write: async (command) =>
      (await http.post<{ message: string }>(`/api/v2/admin/purchases/${command.id}/refund`)).message,
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const [confirming, setConfirming] = useState<string | null>(null);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "") || undefined;
    actor.send({
      type: "section.query",
      query: {
        from: value("from"),
        to: value("to"),
        status: value("status") as PurchaseQuery["status"],
        method: value("method") as PurchaseQuery["method"],
        provider: value("provider"),
      },
    });
  };

  return (
    <section className="admin-section" aria-labelledby="purchases-heading">
      <h1 id="purchases-heading">Ostokset</h1>
      <form className="admin-toolbar" onSubmit={filter} aria-label="Suodata ostoksia">
        <div className="form-field">
          <label htmlFor="purchases-from">Alkaen</label>
          <input id="purchases-from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div className="form-field">
          <label htmlFor="purchases-to">Päättyen</label>
          <input id="purchases-to" name="to" type="date" defaultValue={query.to} />
        </div>
        <div className="form-field">
          <label htmlFor="purchases-status">Tila</label>
          <select id="purchases-status" name="status" defaultValue={query.status ?? ""}>
            <option value="">Kaikki</option>
            {Object.entries(statusText).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="purchases-method">Maksutapa</label>
          <select id="purchases-method" name="method" defaultValue={query.method ?? ""}>
            <option value="">Kaikki</option>
            <option value="mobilepay">MobilePay</option>
            <option value="card">Kortti</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="purchases-provider">Maksupalvelu</label>
          <select id="purchases-provider" name="provider" defaultValue={query.provider ?? ""}>
            <option value="">Kaikki</option>
            {data?.providers.map((p) => (
              <option key={p} value={p}>
                {labelOf(paymentProviderLabels, p)}
              </option>
            ))}
          </select>
        </div>
        <FilterActions
          onCsv={() => {
            const from = query.from ?? data?.from;
            const to = query.to ?? data?.to;
            return downloadCsv(
              http,
              "/api/v2/admin/purchases.csv",
              withoutEmpty({ ...query, page: undefined, from, to }),
              from && to ? `ostokset-${from}-${to}.csv` : "ostokset.csv",
            );
          }}
        />
      </form>
      <SectionStatus actor={actor} />
      {data && (
        <>
          <p>
            {`${formatDate(data.from)}–${formatDate(data.to)}: ${data.total} maksua valituilla ehdoilla. `}
            {`Maksettu yhteensä ${formatEuros(data.totals.paidCents)}, palautettu ${formatEuros(data.totals.refundedCents)}.`}
          </p>
          <p className="muted">{`Ilman päivämääriä näytetään viimeiset ${RECENT_DAYS} päivää.`}</p>
          {data.purchases.length === 0 ? (
            <p>Ei maksuja valituilla ehdoilla.</p>
          ) : (
            <table className="admin-table" aria-label="Maksut">
              {pagesOf(data) > 1 && (
                <caption>
                  Sivu {data.page} / {pagesOf(data)}
                </caption>
              )}
              <thead>
                <tr>
                  <th>Aika</th>
                  <th>Mitä</th>
                  <th>Maksaja</th>
                  <th>Tapa</th>
                  <th>Tila</th>
                  <th>Summa</th>
                  <th>Palautus</th>
                </tr>
              </thead>
              <tbody>
                {data.purchases.map((p) => (
                  <tr key={p.id}>
                    <td>{formatDateTime(p.createdAt)}</td>
                    <td>{p.description}</td>
                    <td>
                      {p.payerName}
                      <br />
                      <span className="muted">{p.payerEmail}</span>
                    </td>
                    <td>
                      {labelOf(paymentMethodLabels, p.method)}
                      <br />
                      <span className="muted">{labelOf(paymentProviderLabels, p.provider)}</span>
                    </td>
                    <td>{statusText[p.status]}</td>
                    <td>{formatEuros(p.amountCents)}</td>
                    <td>
                      {p.refund ? (
                        `${formatEuros(p.refund.amountCents)} (${labelOf(refundStatusLabels, p.refund.status).toLowerCase()})`
                      ) : p.status === "paid" && confirming === p.id ? (
                        <span role="group" aria-label="Vahvista palautus">
                          Palautetaanko {formatEuros(p.amountCents - p.refundedCents)}?{" "}
                          <button
                            type="button"
                            className="button button-danger"
                            disabled={!canWrite}
                            onClick={() => {
                              actor.send({ type: "section.write", command: { kind: "refund", id: p.id } });
                              setConfirming(null);
                            }}
                          >
                            Vahvista palautus
                          </button>{" "}
                          <button
                            type="button"
                            className="button button-secondary"
                            onClick={() => setConfirming(null)}
                          >
                            Älä palauta
                          </button>
                        </span>
                      ) : p.status === "paid" ? (
                        <button
                          type="button"
                          className="button button-secondary"
                          disabled={!canWrite}
                          onClick={() => setConfirming(p.id)}
                        >
                          Palauta
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <PageNavigation
            list={data}
            toPage={(page) => actor.send({ type: "section.query", query: { ...query, page } })}
          />
        </>
      )}
    </section>
  );
}
