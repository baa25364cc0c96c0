import { Link } from "react-router-dom";
import { DEFAULT_MAX_DOGS } from "../../domain/dogRules";
import { MapLink } from "../components/MapLink";
import { ParkPhotos } from "../components/ParkPhotos";
import { gateWindowText } from "../siteTexts";
import { useSiteInfo } from "../useSiteInfo";

export function NewcomersPage() {
  const { site } = useSiteInfo();
  const maxDogs = site?.slotRules.maxDogs ?? DEFAULT_MAX_DOGS;
  const cancellationHours = site?.slotRules.cancellationHours ?? 24;

  return (
    <div className="page prose">
      <h1>Ohjeet tulijoille</h1>
      <p className="lead">
        Varaus on koko aidatulle alueelle: puistossa on kerrallaan vain yksi seurue. Näillä ohjeilla käynti
        sujuu mukavasti sinulta, koiraltasi ja seuraavalta kävijältä.
      </p>
      <ParkPhotos />

      <section>
        <h2>Ennen tuloa</h2>
        <ul>
          <li>
            Varaa aika <Link to="/varauskalenteri">varauskalenterista</Link> ja maksa varaus. Saat
            sähköpostiisi vahvistuksen, jossa on linkki portin avaamiseen.
          </li>
          <li>
            Ota mukaan puhelin, jossa on virtaa ja mobiilidata, sekä kakkapusseja ja juomavettä koiralle.
          </li>
          <li>Yhdellä varauksella puistoon saa tuoda enintään {maxDogs} koiraa.</li>
          <li>Koirien rokotusten on oltava voimassa. Jätä sairas koira kotiin.</li>
        </ul>
      </section>

      <section>
        <h2>Saapuminen ja portti</h2>
        {site && (
          <>
            <p>
              <strong>Osoite:</strong> {site.park.streetAddress}, {site.park.postalCode} {site.park.city}{" "}
              <MapLink park={site.park} />
            </p>
            <p>{site.arrival}</p>
          </>
        )}
        <ul>
          <li>
            Avaa vahvistusviestin porttilinkki tai <Link to="/oma-varaus">Oma varaus</Link> -sivu. Sivulla on
            painike <strong>Avaa portti</strong>.
          </li>
          <li>
            Painike toimii {site ? gateWindowText(site) : "varauksesi aikana"}. Aiemmin tai myöhemmin portti
            ei aukea.
          </li>
          <li>
            Pidä koira kytkettynä, kunnes portti on sulkeutunut takanasi. Varmista, että portti on kiinni.
          </li>
          <li>
            Jos edellinen kävijä on vielä puistossa, odota rauhassa portin ulkopuolella: hänen vuoronsa
            päättyy, kun sinun vuorosi alkaa.
          </li>
        </ul>
      </section>

      <section>
        <h2>Puiston säännöt</h2>
        <ul>
          <li>
            Puistossa on kerrallaan vain yksi seurue. Älä päästä sisään muita kuin omaan varaukseesi kuuluvia.
          </li>
          <li>Aitauksen sisällä koira saa olla vapaana. Aitauksen ulkopuolella koira pidetään kytkettynä.</li>
          <li>Kerää koirasi jätökset ja vie roskat mukanasi. Täytä koiran kaivamat kuopat.</li>
          <li>Pidä koira valvonnassasi koko käynnin ajan. Lapset ovat tervetulleita aikuisen seurassa.</li>
          <li>Älä jätä koiraa puistoon yksin äläkä kiinnitä sitä aitaan.</li>
          <li>
            Lähde ajallaan, jotta seuraava kävijä pääsee sisään. Sulje portti lähtiessäsi ja tarkista, ettei
            puistoon jäänyt tavaroita.
          </li>
          <li>Ilmoita rikkoutuneista aidoista, portista tai muista vioista heti ylläpitäjälle.</li>
        </ul>
      </section>

      <section>
        <h2>Jos portti ei aukea</h2>
        <p>
          Tarkista, että varauksesi on alkamassa viimeistään 5 minuutin kuluttua tai on käynnissä, ja lataa
          sivu uudelleen. Jos portti ei silti aukea, soita meille
          {site ? (
            <>
              {" "}
              numeroon <a href={`tel:${site.park.phone.replace(/[^+\d]/g, "")}`}>{site.park.phone}</a>
            </>
          ) : null}
          .
        </p>
      </section>

      <section>
        <h2>Varauksen peruminen</h2>
        <p>
          Voit perua varauksen viimeistään {cancellationHours} tuntia ennen sen alkua{" "}
          <Link to="/oma-varaus">Oma varaus</Link> -sivulla, jolloin saat maksun kokonaan takaisin. Tarkemmat
          ehdot ovat <Link to="/maksuehdot">maksuehdoissa</Link>.
        </p>
      </section>
    </div>
  );
}
