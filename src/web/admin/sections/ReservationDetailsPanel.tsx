import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { ReservationDetails } from "../../../domain/admin/reservations";
import { formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { reservationsApi } from "./reservationsApi";
import { doorReasonText } from "../../../domain/admin/operations";
import {
  labelOf,
  paymentMethodLabels,
  paymentProviderLabels,
  paymentStatusLabels,
} from "../../../domain/admin/labels";
import { DogOptionsTerm } from "./DogOptionsTerm";

/**
 * One booking's details: who, when, its door link, its payments and every gate event; `children` are the actions
 * the section offers for it (cancel). Focus moves to the panel when it opens.
 */
export function ReservationDetailsPanel({
  id,
  onClose,
  children,
}: {
  id: string;
  onClose(): void;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { http } = useAdminEnvironment();
  const [api] = useState(() => reservationsApi(http));
  const actor = useAdminSection<string, ReservationDetails, never>({
    query: id,
    load: (reservationId) => api.details(reservationId),
    write: async () => "",
  });
  const data = useSelector(actor, (s) => s.context.data);
  return (
    <section className="card admin-section" aria-labelledby="details-heading">
      <h2 id="details-heading" tabIndex={-1} ref={heading} data-focus-key="details">
        Varauksen tiedot
      </h2>
      <SectionStatus actor={actor} />
      {data && (
        <>
          <dl>
            <dt>Aika</dt>
            <dd>
              {formatTimeRange(data.reservation.start, data.reservation.end)}, {data.reservation.areaName}
            </dd>
            <dt>Varaaja</dt>
            <dd>
              {data.reservation.name}, {data.reservation.email}
              {data.reservation.phone ? `, ${data.reservation.phone}` : ""}, koiria {data.reservation.dogs}
            </dd>
            <DogOptionsTerm options={data.reservation} />
            <dt>Varattu</dt>
            <dd>{formatDateTime(data.reservation.createdAt)}</dd>
            {data.doorUrl ? (
              <>
                <dt>Portin avauslinkki</dt>
                <dd>
                  <a href={data.doorUrl}>{data.doorUrl}</a>
                </dd>
              </>
            ) : null}
            {data.standing ? (
              <>
                <dt>Vakiovuoro</dt>
                <dd>
                  {data.standing.summary}
                  {data.standing.customerId && (
                    <>
                      {" "}
                      <Link
                        to={`/hallinta/v2/jasenydet?jasen=${encodeURIComponent(data.standing.customerId)}`}
                      >
                        Jäsenen sivulle
                      </Link>
                    </>
                  )}
                </dd>
              </>
            ) : null}
            {data.waitingInLine ? (
              <>
                <dt>Jonossa</dt>
                <dd>{`${data.waitingInLine} odottaa ajan vapautumista`}</dd>
              </>
            ) : null}
          </dl>
          <h3>Maksut</h3>
          {data.payments.length ? (
            <ul className="plain-list">
              {data.payments.map((p) => (
                <li key={p.id}>
                  {formatDateTime(p.createdAt)} · {formatEuros(p.amountCents)} ·{" "}
                  {labelOf(paymentMethodLabels, p.method)} ({labelOf(paymentProviderLabels, p.provider)}) ·{" "}
                  {labelOf(paymentStatusLabels, p.status)}
                  {p.refundedCents > 0 ? ` · palautettu ${formatEuros(p.refundedCents)}` : ""}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Ei maksuja.</p>
          )}
          {data.money && (data.money.paidCents > 0 || data.money.dueCents !== 0) && (
            <p>
              {[
                `Maksettu ${formatEuros(data.money.paidCents)}`,
                data.money.refundedCents > 0 ? `palautettu ${formatEuros(data.money.refundedCents)}` : "",
                data.money.refundPendingCents > 0
                  ? `palautus kesken ${formatEuros(data.money.refundPendingCents)}`
                  : "",
                data.money.dueCents > 0 ? `maksamatta ${formatEuros(data.money.dueCents)}` : "",
                data.money.dueCents < 0 ? `palauttamatta ${formatEuros(-data.money.dueCents)}` : "",
              ]
                .filter(Boolean)
                .join(" · ")}
              .
            </p>
          )}
          <h3>Porttitapahtumat</h3>
          {data.doorEvents.length ? (
            <ul className="plain-list">
              {data.doorEvents.map((e, i) => (
                <li key={i}>
                  {formatDateTime(e.at)} · {e.allowed ? "avattu" : "ei avattu"} (
                  {labelOf(doorReasonText, e.reason).toLowerCase()})
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Porttia ei ole avattu.</p>
          )}
          <p>
            {data.attendance.attendedAt
              ? `Saapui (portti avattu ${formatDateTime(data.attendance.attendedAt)}).`
              : data.attendance.noShow
                ? "Ei saapunut: porttia ei avattu varauksen aikana."
                : "Porttia ei ole vielä avattu."}{" "}
            Asiakkaan poisjäännit: {data.attendance.customerNoShows} / {data.attendance.customerEndedBookings}{" "}
            päättynyttä varausta.
          </p>
        </>
      )}
      {children}
      <button type="button" className="button button-secondary" onClick={onClose}>
        Sulje tiedot
      </button>
    </section>
  );
}
