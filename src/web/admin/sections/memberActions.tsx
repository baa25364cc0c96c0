import type { ReactNode } from "react";
import type { AdminInvoice } from "../../../domain/admin/memberships";
import { formatDateTime } from "../../../domain/helsinkiClock";
import { ABANDONED_SIGNUP } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";
import { formatDay, invoiceStatusLabel } from "../../pages/account/membershipFormat";
import { isAsked, type SectionQuestion } from "../useAdminSection";

/*
 * What an admin does on a member's page (MemberView), each asked first: the commands, the button
 * that asks, and the invoices' table with its actions.
 */

/** What an admin does on a member's behalf (decision 022); each is asked and confirmed first. */
export type MembershipCommand =
  | { kind: "cancel"; subscriptionId: string }
  | { kind: "tierChange"; subscriptionId: string; tierLevel: number }
  | { kind: "cancelTierChange"; subscriptionId: string }
  | { kind: "void" | "credit" | "resend"; invoiceId: string }
  | { kind: "endStanding"; standingId: string; from: string };

/** A button that asks first: while its command is the one asked, the question and its answers replace it. */
export function Confirmed(props: {
  label: string;
  /** Names the button for a screen reader when the label alone is ambiguous (one per invoice). */
  name?: string;
  question: ReactNode;
  confirm: string;
  disabled: boolean;
  command: MembershipCommand;
  asking: SectionQuestion<MembershipCommand>;
  danger?: boolean;
}) {
  const { asking } = props;
  if (!isAsked(asking, props.command))
    return (
      <button
        type="button"
        className="button button-secondary"
        disabled={props.disabled}
        aria-label={props.name}
        onClick={() => asking.ask(props.command)}
      >
        {props.label}
      </button>
    );
  return (
    <div role="group" aria-label={`Vahvista: ${props.name ?? props.label}`} className="card">
      <p>{props.question}</p>
      <div className="admin-toolbar">
        <button
          type="button"
          className={props.danger ? "button button-danger" : "button"}
          disabled={props.disabled}
          onClick={asking.confirm}
        >
          {props.confirm}
        </button>
        <button type="button" className="button button-secondary" onClick={asking.keep}>
          Peruuta
        </button>
      </div>
    </div>
  );
}

const invoiceState = (i: AdminInvoice, abandoned: Set<string>) =>
  i.credited_at
    ? "Hyvitetty"
    : i.status === "void" && abandoned.has(i.subscription_id)
      ? ABANDONED_SIGNUP
      : invoiceStatusLabel(i);

export function InvoiceTable({
  invoices,
  abandoned,
  canWrite,
  question,
}: {
  invoices: AdminInvoice[];
  /** Memberships that never started: their void first invoice is a signup left unpaid. */
  abandoned: Set<string>;
  canWrite: boolean;
  question: SectionQuestion<MembershipCommand>;
}) {
  if (invoices.length === 0) return <p>Ei laskuja.</p>;
  return (
    <table tabIndex={0} className="admin-table">
      <caption>Laskut</caption>
      <thead>
        <tr>
          <th scope="col">Nro</th>
          <th scope="col">Kuvaus</th>
          <th scope="col">Summa</th>
          <th scope="col">Eräpäivä</th>
          <th scope="col">Tila</th>
          <th scope="col">Toiminnot</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((i) => (
          <tr key={i.id} tabIndex={-1} data-focus-key={`invoice/${i.id}`}>
            <th scope="row">{i.number}</th>
            <td>{i.description}</td>
            <td>{formatEuros(i.amount_cents)}</td>
            <td>{formatDay(i.due_date)}</td>
            <td>
              {invoiceState(i, abandoned)}
              {i.paid_at && <div className="muted">maksettu {formatDateTime(i.paid_at)}</div>}
              {i.credited_at && i.credited_cents !== null && (
                <div className="muted">
                  {formatEuros(i.credited_cents)} palautettu {formatDateTime(i.credited_at)}
                </div>
              )}
            </td>
            <td className="admin-toolbar">
              {i.status === "open" && (
                <Confirmed
                  label="Mitätöi"
                  name={`Mitätöi lasku ${i.number}`}
                  question={`Mitätöidäänkö lasku ${i.number} (${formatEuros(i.amount_cents)})? Sitä ei tarvitse enää maksaa.`}
                  confirm="Vahvista mitätöinti"
                  danger
                  disabled={!canWrite}
                  command={{ kind: "void", invoiceId: i.id }}
                  asking={question}
                />
              )}
              {i.status === "paid" && (
                <Confirmed
                  label="Hyvitä"
                  name={`Hyvitä lasku ${i.number}`}
                  question={`Hyvitetäänkö lasku ${i.number}? Maksettu ${formatEuros(i.amount_cents)} palautetaan maksutavalle (lahjakortin osuus kortille), ja lasku mitätöidään. Jäsenelle lähetetään tieto sähköpostilla.`}
                  confirm="Vahvista hyvitys"
                  danger
                  disabled={!canWrite}
                  command={{ kind: "credit", invoiceId: i.id }}
                  asking={question}
                />
              )}
              {i.status !== "void" && (
                <Confirmed
                  label="Lähetä uudelleen"
                  name={`Lähetä lasku ${i.number} uudelleen`}
                  question={`Lähetetäänkö lasku ${i.number} uudelleen osoitteeseen ${i.email}?${i.status === "paid" ? " Maksetusta laskusta lähtee kuitti." : i.is_overdue ? " Erääntyneestä laskusta lähtee maksumuistutus." : ""}`}
                  confirm="Vahvista lähetys"
                  disabled={!canWrite}
                  command={{ kind: "resend", invoiceId: i.id }}
                  asking={question}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
