import { formatDate, formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import type { CustomerData } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";
import { reservationStatusLabels } from "../booking/labels";
import { commitmentEndText, formatDay, invoiceStatusLabel, statusLabel } from "./membershipFormat";

/*
 * The customer's own data (the privacy policy's right of access) as a person reads it: their
 * details, membership, invoices, bookings and the e-mails sent to them, in Finnish, and how many
 * rows of each kind are stored about them. The file ("Tallenna tiedostona") keeps the
 * machine-readable export with every row as stored. Its parts are headed divs, not named
 * sections: a region named "Jäsenyys" here would be a second landmark of the page's own.
 */

/** The export's tables (src/server/customers/exportRepository.ts's EXPORTED) in Finnish. */
const TABLE_NAMES: Record<string, string> = {
  customers: "Asiakastiedot",
  customer_sessions: "Kirjautumiset",
  magic_link_tokens: "Kirjautumislinkit",
  subscriptions: "Jäsenyydet",
  invoices: "Laskut",
  reservations: "Varaukset",
  payments: "Maksut",
  refunds: "Palautukset",
  ledger_entries: "Kirjanpidon rivit",
  gift_card_transactions: "Lahjakorttitapahtumat",
  discount_code_uses: "Alennuskoodien käytöt",
  door_events: "Portin avaukset",
  reservation_moves: "Varausten siirrot",
  gate_fallback_notices: "Porttihäiriöiden ilmoitukset",
  reservation_lookups: "Varausten hakupyynnöt",
  waitlist_entries: "Jonopaikat",
  email_outbox: "Lähetetyt sähköpostit",
  audit_log: "Ylläpidon toimet",
};

const kindLabels = { subscriber: "Jäsenvaraus", single: "Kertavaraus" } as const;
const rowsText = (n: number) => (n === 1 ? "1 rivi" : `${n} riviä`);

export function OwnDataView({ data }: { data: CustomerData }) {
  const { customer, subscription: sub, invoices, reservations, emails, records } = data;
  const tables = Object.entries(records).filter(([, rows]) => rows.length > 0);
  return (
    <div className="own-data" role="group" aria-labelledby="own-data-view-heading">
      <h3 id="own-data-view-heading">Sinusta tallennetut tiedot</h3>
      <p className="muted">Haettu {formatDateTime(data.exported_at)}.</p>

      <div className="own-data__part">
        <h4>Perustiedot</h4>
        <dl className="details-list">
          <dt>Sähköposti</dt>
          <dd>{customer.email}</dd>
          <dt>Nimi</dt>
          <dd>{customer.name ?? "–"}</dd>
          <dt>Puhelin</dt>
          <dd>{customer.phone ?? "–"}</dd>
          <dt>Tili luotu</dt>
          <dd>{formatDate(customer.createdAt)}</dd>
        </dl>
      </div>

      <div className="own-data__part">
        <h4>Jäsenyys</h4>
        {sub ? (
          <dl className="details-list">
            <dt>Taso</dt>
            <dd>{sub.tier_name}</dd>
            <dt>Tila</dt>
            <dd>{statusLabel[sub.status]}</dd>
            <dt>Kuukausihinta</dt>
            <dd>{formatEuros(sub.monthly_price_cents)}/kk</dd>
            <dt>Alkoi</dt>
            <dd>{formatDay(sub.start_date)}</dd>
            <dt>Sitoumus</dt>
            <dd>
              {sub.commitment_end_date
                ? `12 kk, ${commitmentEndText(sub.commitment_end_date)} asti`
                : "Ei sitoumusta"}
            </dd>
            {sub.cancelled_at && (
              <>
                <dt>Irtisanottu</dt>
                <dd>{formatDate(sub.cancelled_at)}</dd>
              </>
            )}
            {sub.access_ends_on && (
              <>
                <dt>Käyttöoikeus</dt>
                <dd>{formatDay(sub.access_ends_on)} asti</dd>
              </>
            )}
          </dl>
        ) : (
          <p>Ei jäsenyyttä.</p>
        )}
      </div>

      <div className="own-data__part">
        <h4>Laskut ({invoices.length})</h4>
        {invoices.length === 0 ? (
          <p>Ei laskuja.</p>
        ) : (
          <ul className="own-data__list">
            {invoices.map((i) => (
              <li key={i.id}>
                <strong>Lasku {i.number}</strong>: {i.description}, {formatEuros(i.amount_cents)},{" "}
                {invoiceStatusLabel(i).toLowerCase()}
                {i.paid_at ? ` ${formatDate(i.paid_at)}` : `, eräpäivä ${formatDay(i.due_date)}`}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="own-data__part">
        <h4>Varaukset ({reservations.length})</h4>
        {reservations.length === 0 ? (
          <p>Ei varauksia.</p>
        ) : (
          <ul className="own-data__list">
            {reservations.map((r) => (
              <li key={r.id}>
                <strong>{formatTimeRange(r.start, r.end)}</strong>: {kindLabels[r.kind]}, {r.areaName},{" "}
                {reservationStatusLabels[r.status].toLowerCase()}
                {r.kind === "single" && `, ${formatEuros(r.priceCents)}`}
              </li>
            ))}
          </ul>
        )}
      </div>

      <details className="own-data__more">
        <summary>Lähetetyt sähköpostit ({emails.length})</summary>
        {emails.length === 0 ? (
          <p>Ei sähköposteja.</p>
        ) : (
          <ul className="own-data__list">
            {emails.map((m, index) => (
              <li key={index}>
                {formatDateTime(m.sent_at)}: {m.subject}
              </li>
            ))}
          </ul>
        )}
      </details>

      <details className="own-data__more">
        <summary>Kaikki tallennetut tiedot</summary>
        <p>
          Tiedostossa (Tallenna tiedostona) on jokainen alla luetelluista riveistä sellaisenaan,
          koneluettavassa muodossa (JSON).
        </p>
        <ul className="own-data__list">
          {tables.map(([table, rows]) => (
            <li key={table}>
              {TABLE_NAMES[table] ?? table}: {rowsText(rows.length)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
