import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "react-router-dom";
import { fromPromise } from "xstate";
import type { MembershipApi } from "../../client/membership";
import { MapLink } from "../components/MapLink";
import { ParkFacts } from "../components/ParkFacts";
import { ParkPhotos } from "../components/ParkPhotos";
import { PaymentMarks } from "../components/PaymentMarks";
import { formatEuros } from "../../domain/money";
import { ParkIllustration } from "../components/ParkIllustration";
import { openingHoursLines } from "../layout/openingHours";
import { useMembershipEnvironment } from "../membershipEnvironment";
import { gateWindowText, lengthsText } from "../siteTexts";
import { useSiteInfo } from "../useSiteInfo";

// One load of the tiers (the same call as /jasenyys). Declared once so the actor is not remade on
// every render; the API comes in as input.
const tiersLogic = fromPromise(({ input }: { input: MembershipApi }) => input.tiers());

/** The membership tiers the park sells, from the server. */
function useTiers() {
  const { api } = useMembershipEnvironment();
  const actor = useActorRef(tiersLogic, { input: api });
  const catalog = useSelector(actor, (s) => (s.status === "done" ? s.output : null));
  const failed = useSelector(actor, (s) => s.status === "error");
  return { catalog, failed };
}

export function HomePage() {
  const { site, status } = useSiteInfo();
  const tiers = useTiers();
  const parkName = site?.park.name ?? "Koirapuisto";

  return (
    <div className="page home">
      <section className="hero">
        <div className="hero__text">
          <h1>{parkName} – aidattu puisto vain sinun koirillesi</h1>
          <p className="lead">
            Varaa koko aidattu koirapuisto omalle porukallesi puoleksi tunniksi tai pidemmäksi aikaa. Kun
            vuorosi alkaa, avaat portin puhelimellasi – ei avaimia eikä vieraita koiria.
          </p>
          <div className="button-row">
            <Link to="/varauskalenteri" className="button">
              Katso vapaat ajat
            </Link>
            <Link to="/jasenyys" className="button button-secondary">
              Tutustu jäsenyyteen
            </Link>
          </div>
          <PaymentMarks />
        </div>
        <div className="hero__media">
          {/* The owner's photos once uploaded (decision 032), the drawn park until then. */}
          <ParkPhotos priority fallback={<ParkIllustration />} />
        </div>
      </section>

      {site?.notice && (
        <aside className="notice" aria-label="Tiedote">
          <p>{site.notice}</p>
        </aside>
      )}

      <div className="grid-2">
        <section className="card">
          <h2>Näin varaat</h2>
          <ol className="steps">
            <li>
              Valitse vapaa aika <Link to="/varauskalenteri">varauskalenterista</Link>. Vuoron voi aloittaa
              tasalta tai puolelta.
            </li>
            <li>Anna nimesi ja sähköpostiosoitteesi ja maksa MobilePaylla tai kortilla.</li>
            <li>Saat sähköpostiisi vahvistuksen ja linkin, jolla portti avataan.</li>
            <li>Avaa portti linkistä{site ? <>: painike toimii {gateWindowText(site)}</> : null}.</li>
          </ol>
          <p>
            Ensimmäistä kertaa tulossa? Lue <Link to="/ohjeet-tulijoille">ohjeet tulijoille</Link>.
          </p>
        </section>

        <section className="card">
          <h2>Aukioloajat</h2>
          {site ? (
            <ul className="plain-list">
              {openingHoursLines(site.openingHours.weekly).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">
              {status === "failed" ? "Aukioloaikoja ei saatu ladattua." : "Ladataan aukioloaikoja…"}
            </p>
          )}
          <p className="muted">Poikkeukset ja huoltokatkot näkyvät varauskalenterissa.</p>
          {site && (
            <p>
              <strong>Osoite:</strong> {site.park.streetAddress}, {site.park.postalCode} {site.park.city}{" "}
              <MapLink park={site.park} />
            </p>
          )}
        </section>
      </div>

      {/* Below the first screen, so the card that comes with the settings moves nothing in view. */}
      {site && <ParkFacts facts={site.facts} />}

      <section className="card">
        <h2>Hinnat</h2>
        <div className="grid-2">
          <div>
            <h3>Kertavaraus</h3>
            <table className="price-table">
              <caption className="visually-hidden">Kertavarauksen hinnat</caption>
              <tbody>
                {(site?.prices ?? []).map((row) => (
                  <tr key={row.lengthMinutes}>
                    <th scope="row">{row.lengthMinutes} min</th>
                    <td>{formatEuros(row.priceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* The lengths are said here, with the prices that load with them, rather than in the
                first step: text growing there moved the steps below it on a phone's first screen. */}
            <p className="muted">
              {site
                ? `Vuoron pituus on ${lengthsText(site)}.`
                : status === "failed"
                  ? "Hintoja ei saatu ladattua."
                  : "Ladataan hintoja…"}
            </p>
          </div>
          <div>
            <h3>Jäsenyys</h3>
            <table className="price-table">
              <caption className="visually-hidden">Jäsenyyksien hinnat</caption>
              <tbody>
                {(tiers.catalog?.tiers ?? []).map((tier) => (
                  <tr key={tier.tier_level}>
                    <th scope="row">{tier.name}</th>
                    <td>{tier.hours_quota} h/kk</td>
                    <td>{formatEuros(tier.monthly_price_cents)}/kk</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {tiers.catalog ? (
              <p className="muted">
                {tiers.catalog.commitment_months} kuukauden sitoumuksella kuukausihinta on edullisempi.
              </p>
            ) : (
              <p className="muted">
                {tiers.failed ? "Jäsenyyksien hintoja ei saatu ladattua." : "Ladataan jäsenyyksien hintoja…"}
              </p>
            )}
          </div>
        </div>
        <p className="muted">
          Hinnat sisältävät arvonlisäveron. Valitsemasi vuoron lopullinen hinta näytetään aina ennen
          maksamista. <Link to="/maksuehdot">Maksuehdot</Link>
        </p>
        <div className="button-row">
          <Link to="/varauskalenteri" className="button button-secondary">
            Varauskalenteri
          </Link>
          <Link to="/jasenyys" className="button button-secondary">
            Jäsenyys
          </Link>
        </div>
      </section>
    </div>
  );
}
