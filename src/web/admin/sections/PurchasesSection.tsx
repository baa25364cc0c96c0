import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
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
  refundReasonLabels,
  refundStatusLabels,
} from "../../../domain/admin/labels";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { centsToEuroText, eurosToCents } from "../formValues";
import { downloadCsv, FilterActions } from "../CsvDownload";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection, useSectionQuestion } from "../useAdminSection";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";
import { PageNavigation, pagesOf } from "./PageNavigation";
import "./purchases.css";

const statusText: Record<Purchase["status"], string> = paymentStatusLabels;

/**
 * A refund of `amount`, euros as the admin typed them under the question (all that is left, or a
 * part); sent only once it is a sum that can go back.
 */
type PurchaseCommand = { kind: "refund"; id: string; amount: string };

const withoutEmpty = (query: PurchaseQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>;

/**
 * The sum a row shows: what came in (the ledger's, a gift card's share included) once it was paid,
 * what it asked of the provider while it was not (Tila says which). The CSV says the same.
 */
const shownAmountCents = (p: Purchase) => (p.paidCents > 0 ? p.paidCents : p.amountCents);

/** Each refund of a payment, as the ledger has it: how much, where to, how it stands, why, when. */
function RefundsOf({ purchase }: { purchase: Purchase }) {
  if (purchase.refunds.length === 0) return null;
  return (
    <ul className="plain-list" aria-label="Palautukset">
      {purchase.refunds.map((r, i) => (
        <li key={i}>
          {`${formatEuros(r.amountCents)} ${r.to === "gift_card" ? "lahjakortille" : "maksutavalle"} (${labelOf(refundStatusLabels, r.status).toLowerCase()})`}
          <br />
          <span className="muted">
            {[r.reason ? labelOf(refundReasonLabels, r.reason) : null, formatDateTime(r.createdAt)]
              .filter(Boolean)
              .join(", ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Asks before money goes back: all that can still be refunded, or the part the admin types. The
 * question names the amount that will go back; one that cannot (nothing, or more than is left) is
 * not offered.
 */
function RefundConfirm(props: {
  purchase: Purchase;
  amount: string;
  canWrite: boolean;
  onAmount(amount: string): void;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { purchase: p, amount } = props;
  const cents = eurosToCents(amount);
  const valid = Number.isInteger(cents) && cents > 0 && cents <= p.refundableCents;
  const field = `refund-amount-${p.id}`;
  return (
    <div role="group" aria-label="Vahvista palautus" className="admin-toolbar">
      <div className="form-field">
        <label htmlFor={field}>Palautettava summa €</label>
        <input
          id={field}
          inputMode="decimal"
          value={amount}
          onChange={(event) => props.onAmount(event.currentTarget.value)}
        />
      </div>
      <p>
        {valid
          ? `Palautetaanko ${formatEuros(cents)}?`
          : `Anna summa väliltä 0,01–${formatEuros(p.refundableCents)}.`}
      </p>
      <button
        type="button"
        className="button button-danger"
        disabled={!props.canWrite || !valid}
        onClick={props.onConfirm}
      >
        Vahvista palautus
      </button>
      <button type="button" className="button button-secondary" onClick={props.onCancel}>
        Älä palauta
      </button>
    </div>
  );
}

/**
 * /hallinta/ostokset: payments and refunds with filters, a refund, and the CSV. Without dates the
 * server answers the last RECENT_DAYS days (as the logs); the page says which dates it shows, and
 * the CSV asks for those same dates. Every sum is the ledger's (decision 038): a row's money in,
 * each of its refunds and what can still go back, and the totals, which are the rows' added up.
 */
export function PurchasesSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<PurchaseQuery, PurchaseList, PurchaseCommand>({
    query: {},
    load: async (query) =>
      purchaseListSchema.parse(await http.get("/api/v2/admin/purchases", { params: withoutEmpty(query) })),
    write: async (command) =>
      (
        await http.post<{ message: string }>(`/api/v2/admin/purchases/${command.id}/refund`, {
          amountCents: eurosToCents(command.amount),
        })
      ).message,
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  // The row whose refund is being confirmed, with the amount typed: the section machine's question.
  const question = useSectionQuestion(actor);
  const confirming = question.asked;

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
            <option value="tilisiirto">Tilisiirto</option>
            <option value="gift_card">Lahjakortti</option>
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
            <table tabIndex={0} className="admin-table" aria-label="Maksut">
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
                  <th>Palautukset</th>
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
                    <td className="purchase-sum">
                      {formatEuros(shownAmountCents(p))}
                      {p.giftCardCents > 0 && p.method !== "gift_card" && (
                        <>
                          <br />
                          <span className="muted">{`josta lahjakortilla ${formatEuros(p.giftCardCents)}`}</span>
                        </>
                      )}
                    </td>
                    <td className="purchase-refunds">
                      <RefundsOf purchase={p} />
                      {p.refundableCents > 0 &&
                        (confirming?.id === p.id ? (
                          <RefundConfirm
                            purchase={p}
                            amount={confirming.amount}
                            canWrite={canWrite}
                            onAmount={(amount) => question.ask({ kind: "refund", id: p.id, amount })}
                            onConfirm={question.confirm}
                            onCancel={question.keep}
                          />
                        ) : (
                          <button
                            type="button"
                            className="button button-secondary"
                            disabled={!canWrite}
                            onClick={() =>
                              question.ask({
                                kind: "refund",
                                id: p.id,
                                amount: centsToEuroText(p.refundableCents),
                              })
                            }
                          >
                            Palauta
                          </button>
                        ))}
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
