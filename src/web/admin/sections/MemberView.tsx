import type { FormEvent } from "react";
import type { AdminSubscription, MemberPage } from "../../../domain/admin/memberships";
import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { ABANDONED_SIGNUP, isAbandonedSignup } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";
import { commitmentLastDay } from "../../../domain/membershipPeriods";
import {
  daysText,
  formatDay,
  formatHours,
  statusLabel,
  usageText,
} from "../../pages/account/membershipFormat";
import { field } from "../formValues";
import type { SectionQuestion } from "../useAdminSection";
import { Confirmed, InvoiceTable, type MembershipCommand } from "./memberActions";
import { statusText as reservationStatusText } from "./reservationList";
import { StandingTable } from "./memberStanding";

type Props = { member: MemberPage; canWrite: boolean; question: SectionQuestion<MembershipCommand> };

/**
 * A member's page: details, memberships with their actions, invoices, usage per period, bookings.
 * Which question is open is the section machine's (`ready.asking`); this view only shows it.
 */
export function MemberView({ member, canWrite, question }: Props) {
  const { customer } = member;
  return (
    <article aria-labelledby="member-heading">
      <h2 id="member-heading">{customer.name ?? customer.email}</h2>
      <dl className="admin-details">
        <dt>Sähköposti</dt>
        <dd>{customer.email}</dd>
        <dt>Puhelin</dt>
        <dd>{customer.phone ?? "–"}</dd>
        <dt>Asiakkaana</dt>
        <dd>{formatDateTime(customer.created_at)} alkaen</dd>
        <dt>Kirjautui viimeksi</dt>
        <dd>{customer.last_login_at ? formatDateTime(customer.last_login_at) : "ei koskaan"}</dd>
      </dl>
      {member.subscriptions.length === 0 && <p>Asiakkaalla ei ole jäsenyyttä.</p>}
      {member.subscriptions.map((sub) => (
        <SubscriptionPanel
          key={sub.id}
          sub={sub}
          tiers={member.tiers}
          canWrite={canWrite}
          question={question}
        />
      ))}
      <InvoiceTable
        invoices={member.invoices}
        abandoned={new Set(member.subscriptions.filter(isAbandonedSignup).map((s) => s.id))}
        canWrite={canWrite}
        question={question}
      />
      <UsageTable member={member} />
      <StandingTable member={member} canWrite={canWrite} question={question} />
      <ReservationTable member={member} />
    </article>
  );
}

function SubscriptionPanel({
  sub,
  tiers,
  canWrite,
  question,
}: {
  sub: AdminSubscription;
  tiers: MemberPage["tiers"];
  canWrite: boolean;
  question: Props["question"];
}) {
  const asked = question.asked;
  const chosen =
    asked?.kind === "tierChange" && asked.subscriptionId === sub.id
      ? tiers.find((t) => t.level === asked.tierLevel)
      : undefined;
  const pending = sub.pending_tier_change;
  const inCommitment = (sub.commitment_days_remaining ?? 0) > 0;
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tierLevel = Number(field(new FormData(event.currentTarget), "tier"));
    if (tierLevel) question.ask({ kind: "tierChange", subscriptionId: sub.id, tierLevel });
  };
  return (
    <section className="card admin-section" aria-labelledby={`sub-${sub.id}`}>
      <h3 id={`sub-${sub.id}`} tabIndex={-1} data-focus-key={`subscription/${sub.id}`}>
        Jäsenyys {sub.tier_name}: {isAbandonedSignup(sub) ? ABANDONED_SIGNUP : statusLabel[sub.status]}
      </h3>
      <dl className="admin-details">
        <dt>Kuukausihinta</dt>
        <dd>{formatEuros(sub.monthly_price_cents)}</dd>
        <dt>Alkanut</dt>
        <dd>{formatDay(sub.start_date)}</dd>
        <dt>Sitoumus</dt>
        <dd>
          {sub.commitment_end_date
            ? `12 kk, ${formatDay(commitmentLastDay(sub.commitment_end_date))} asti${inCommitment ? ` (${daysText(sub.commitment_days_remaining!)} jäljellä)` : ""}`
            : "Ei sitoumusta"}
        </dd>
        {sub.pause && (
          <>
            <dt>{sub.pause.current ? "Tauolla" : "Tauko"}</dt>
            <dd>
              {formatDay(sub.pause.starts_on)}–{formatDay(sub.pause.last_day)} ({sub.pause.weeks} viikkoa)
            </dd>
          </>
        )}
        {sub.cancelled_at && (
          <>
            <dt>Irtisanottu</dt>
            <dd>{formatDateTime(sub.cancelled_at)}</dd>
          </>
        )}
        {sub.access_ends_on && (
          <>
            <dt>Käytössä</dt>
            <dd>{formatDay(sub.access_ends_on)} asti</dd>
          </>
        )}
        {sub.current_period && (
          <>
            <dt>Kuluva jakso</dt>
            <dd>
              {formatDay(sub.current_period.start)}–{formatDay(sub.current_period.end)}, käytetty{" "}
              {usageText(sub.usage)}
            </dd>
          </>
        )}
        {sub.unpaid && (
          <>
            <dt>Maksamaton lasku</dt>
            <dd>
              Nro {sub.unpaid.invoice_number}, eräpäivä {formatDay(sub.unpaid.due_date)}:{" "}
              {sub.unpaid.suspended
                ? `jäsenyys keskeytetty ${formatDay(sub.unpaid.suspended_from)} alkaen`
                : `jäsenyys keskeytyy ${formatDay(sub.unpaid.suspended_from)}, jos laskua ei ole maksettu`}
            </dd>
          </>
        )}
        {pending && (
          <>
            <dt>Tasomuutos</dt>
            <dd>
              {pending.tier_name ?? `Taso ${pending.tier_level} (ei enää tarjolla)`} {formatDay(pending.from)}{" "}
              alkavasta jaksosta
              {pending.hours_quota !== null && `, ${pending.hours_quota} h/kk`}
            </dd>
          </>
        )}
      </dl>
      {sub.status === "active" && (
        <div className="admin-toolbar">
          <Confirmed
            label="Irtisano jäsenen puolesta"
            question={
              inCommitment
                ? `Jäsenyydellä on sitoumus ${formatDay(commitmentLastDay(sub.commitment_end_date!))} asti: jäsenyys ja laskutus jatkuvat siihen asti. Jäsenelle lähetetään vahvistus sähköpostilla.`
                : `Jäsenyys on käytössä kuluvan jakson loppuun${sub.current_period ? `, ${formatDay(sub.current_period.end)} asti` : ""}, eikä uusia laskuja tule. Jäsenelle lähetetään vahvistus sähköpostilla.`
            }
            confirm="Vahvista irtisanominen"
            danger
            disabled={!canWrite}
            command={{ kind: "cancel", subscriptionId: sub.id }}
            asking={question}
          />
          {pending && (
            <Confirmed
              label="Peru tasomuutos"
              question={`Jäsenyys jatkuu tasolla ${sub.tier_name}. Jäsenelle lähetetään tieto sähköpostilla.`}
              confirm="Vahvista tasomuutoksen peruminen"
              disabled={!canWrite}
              command={{ kind: "cancelTierChange", subscriptionId: sub.id }}
              asking={question}
            />
          )}
        </div>
      )}
      {sub.status === "active" && sub.next_period_start && (
        <form className="admin-toolbar" aria-label="Vaihda taso" onSubmit={choose}>
          <div className="form-field">
            <label htmlFor={`tier-${sub.id}`}>Uusi taso {formatDay(sub.next_period_start)} alkaen</label>
            <select id={`tier-${sub.id}`} name="tier" defaultValue="">
              <option value="" disabled>
                Valitse taso
              </option>
              {tiers
                .filter((t) => t.level !== sub.tier_level)
                .map((t) => (
                  <option key={t.level} value={t.level}>
                    {t.name}: {t.hours_quota} h/kk, listahinta {formatEuros(t.monthly_price_cents)}/kk
                  </option>
                ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary" disabled={!canWrite}>
            Vaihda taso
          </button>
        </form>
      )}
      {chosen && (
        <div role="group" aria-label="Vahvista tasomuutos" className="card">
          <p>
            Vaihdetaanko taso {chosen.name}-tasoon {formatDay(sub.next_period_start!)} alkavasta jaksosta?
            Jakson lasku tehdään uuden tason hinnalla
            {sub.commitment === "12m" ? " (sitoumusalennus vähennetään)" : ""}, ja kiintiö on{" "}
            {chosen.hours_quota} h. Jäsenelle lähetetään tieto sähköpostilla.
          </p>
          <div className="admin-toolbar">
            <button type="button" className="button" disabled={!canWrite} onClick={question.confirm}>
              Vahvista tasomuutos
            </button>
            <button type="button" className="button button-secondary" onClick={question.keep}>
              Peruuta
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function UsageTable({ member }: { member: MemberPage }) {
  if (member.usage.length === 0) return null;
  const several = member.subscriptions.filter((s) => s.status !== "expired").length > 1;
  const tierOf = (id: string) => member.subscriptions.find((s) => s.id === id)?.tier_name ?? "";
  return (
    <table tabIndex={0} className="admin-table">
      <caption>Käyttö jaksoittain</caption>
      <thead>
        <tr>
          <th scope="col">Jakso</th>
          <th scope="col">Varattu</th>
          <th scope="col">Kiintiö</th>
          <th scope="col">Käyttöaste</th>
        </tr>
      </thead>
      <tbody>
        {member.usage.map((u) => (
          <tr key={`${u.subscription_id}-${u.start}`}>
            <th scope="row">
              {formatDay(u.start)}–{formatDay(u.end)}
              {u.current && " (kuluva)"}
              {several && <div className="muted">{tierOf(u.subscription_id)}</div>}
            </th>
            <td>{formatHours(u.hours_used)} h</td>
            <td>
              {u.hours_quota} h
              {u.hours_carried > 0 && (
                <div className="muted">+ {formatHours(u.hours_carried)} h siirtynyt</div>
              )}
            </td>
            <td>{u.percent} %</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReservationTable({ member }: { member: MemberPage }) {
  if (member.reservations.length === 0) return <p>Ei varauksia.</p>;
  return (
    <table tabIndex={0} className="admin-table">
      <caption>Varaukset</caption>
      <thead>
        <tr>
          <th scope="col">Aika</th>
          <th scope="col">Alue</th>
          <th scope="col">Laji</th>
          <th scope="col">Tila</th>
          <th scope="col">Tunnit tai hinta</th>
        </tr>
      </thead>
      <tbody>
        {member.reservations.map((r) => (
          <tr key={r.id}>
            <th scope="row">{formatTimeRange(r.start, r.end)}</th>
            <td>{r.areaName}</td>
            <td>{r.kind === "subscriber" ? "Jäsenvaraus" : "Kertavaraus"}</td>
            <td>{reservationStatusText[r.status]}</td>
            <td>{r.kind === "subscriber" ? `${formatHours(r.hours)} h` : formatEuros(r.priceCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
