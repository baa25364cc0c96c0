import { Link } from "react-router-dom";
import { formatVatRate } from "../../domain/money";
import { CompanyDetails } from "../layout/CompanyDetails";
import { useSiteInfo } from "../useSiteInfo";

// Until the settings arrive the page states product.md's defaults, which the settings are seeded with.
export function PaymentTermsPage() {
  const siteInfo = useSiteInfo();
  const rules = siteInfo.site?.slotRules;
  const holdMinutes = rules?.holdMinutes ?? 15;
  const cancellationHours = rules?.cancellationHours ?? 24;
  const invoiceDueDays = siteInfo.site?.invoiceDueDays ?? 14;
  const suspendAfterDays = siteInfo.site?.suspendAfterDays ?? 7;
  const rolloverPercent = siteInfo.site?.rolloverPercent ?? 100;
  const pauseMaxWeeks = siteInfo.site?.pauseMaxWeeks ?? 12;
  const vat = formatVatRate(siteInfo.site?.vatRateBasisPoints ?? 2550);

  return (
    <div className="page prose">
      <h1>Maksuehdot</h1>

      <section>
        <h2>Myyjä</h2>
        <CompanyDetails siteInfo={siteInfo} />
      </section>

      <section>
        <h2>Hinnat</h2>
        <p>
          Hinnat ovat euroja ja sisältävät arvonlisäveron (ALV {vat}). Vuoron hinta näytetään ennen
          maksamista, ja kuitissa ja laskuissa arvonlisävero eritellään.
        </p>
      </section>

      <section>
        <h2>Maksutavat</h2>
        <p>
          Varauksen ja jäsenyyden laskut voi maksaa MobilePaylla tai maksukortilla. Maksut käsittelee
          maksunvälittäjä, eikä korttitietojasi tallenneta meille. Lahjakortilla voi maksaa koko summan tai
          osan siitä; lahjakortille jäävä saldo säilyy myöhempää käyttöä varten. Alennuskoodi vähennetään
          hinnasta ennen maksua.
        </p>
      </section>

      <section>
        <h2>Varauksen vahvistuminen</h2>
        <p>
          Kun siirryt maksamaan, valitsemasi aika pidetään sinulle {holdMinutes} minuuttia, eikä kukaan muu
          voi varata sitä sillä välin. Varaus vahvistuu, kun maksu on onnistunut, ja saat vahvistuksen
          sähköpostiisi. Jos maksu keskeytyy tai sitä ei suoriteta {holdMinutes} minuutin kuluessa, aika
          vapautuu muille eikä maksua veloiteta.
        </p>
      </section>

      <section>
        <h2>Peruutus ja palautus</h2>
        <ul>
          <li>
            Voit perua varauksen viimeistään {cancellationHours} tuntia ennen sen alkua{" "}
            <Link to="/oma-varaus">Oma varaus</Link> -sivulla tai vahvistusviestin linkistä.
          </li>
          <li>
            Peruutetusta varauksesta palautetaan koko maksu sille maksutavalle, jolla se maksettiin.
            Lahjakortilla maksettu osuus palautetaan lahjakortille.
          </li>
          <li>
            Palautus näkyy tililläsi maksunvälittäjän ja pankin käsittelyajan jälkeen, yleensä muutamassa
            pankkipäivässä.
          </li>
          <li>
            Myöhemmin kuin {cancellationHours} tuntia ennen alkua varausta ei voi perua eikä maksua palauteta.
          </li>
          <li>
            Jos joudumme sulkemaan puiston varaamanasi aikana esimerkiksi vaurion tai huollon vuoksi, perumme
            varauksen ja palautamme koko maksun.
          </li>
          <li>
            Tiettynä ajankohtana käytettäviin vapaa-ajan palveluihin ei sovelleta kuluttajansuojalain 14
            päivän peruuttamisoikeutta; varauksen voi perua yllä kuvatulla tavalla.
          </li>
        </ul>
      </section>

      <section>
        <h2>Jäsenyys</h2>
        <ul>
          <li>
            Ensimmäinen kuukausi maksetaan liittymisen yhteydessä, ja jäsenyys alkaa, kun maksu on
            vastaanotettu. Jos maksu jää kesken, jäsenyys ei ala eikä sitä veloiteta.
          </li>
          <li>
            Sen jälkeen jäsenyys laskutetaan kuukausittain. Kuukausijakso alkaa liittymispäivän mukaisena
            päivänä; kuun lopussa aloitetun jakson päivä siirtyy lyhyemmissä kuissa kuun viimeiseen päivään.
            Kunkin jakson lasku luodaan jakson alussa, lähetetään sähköpostiisi viitenumeroineen ja erääntyy
            maksettavaksi {invoiceDueDays} päivän kuluttua. Laskun voi maksaa{" "}
            <Link to="/oma-tili">Oma tili</Link> -sivulla.
          </li>
          <li>
            Jäsenyyteen sisältyy tuntikiintiö kuukaudessa.{" "}
            {rolloverPercent > 0
              ? `Jakson käyttämättömät tunnit siirtyvät seuraavalle jaksolle, enintään ${rolloverPercent === 100 ? "kuukauden kiintiön" : `${rolloverPercent} % kuukauden kiintiön`} verran, ja ovat käytettävissä sen loppuun asti; jakson omat tunnit käytetään ensin.`
              : "Käyttämättömät tunnit eivät siirry seuraavalle kuukaudelle."}{" "}
            Jäsenvarauksen peruminen ennen sen alkua palauttaa tunnit kiintiöön.
          </li>
          <li>
            Jos lasku on erääntynyt maksamatta, saat muistutuksen sähköpostiisi. Jos se on yhä maksamatta{" "}
            {suspendAfterDays} päivää eräpäivän jälkeen, jäsenyys keskeytetään: jäsenvaraukset ja niiden
            porttilinkit eivät toimi, ennen kuin lasku on maksettu. Maksun jälkeen jäsenyys on heti taas
            käytössä.
          </li>
          {pauseMaxWeeks >= 2 && (
            <li>
              Jäsenyyden voi laittaa tauolle 2–{pauseMaxWeeks} viikoksi kerran 12 kuukaudessa, seuraavan
              jakson alusta. Tauon ajalta ei laskuteta eikä sille voi varata jäsenenä; tauon aikaiset
              jäsenvaraukset perutaan. Tauon jälkeen jaksot alkavat tauon päättymispäivästä, ja sitoumus
              jatkuu tauon verran.
            </li>
          )}
          <li>
            12 kuukauden sitoumuksella kuukausihinta on 10 % edullisempi. Sitoumus päättyy 12 kuukauden
            kuluttua jäsenyyden alkamisesta.
          </li>
          <li>
            Jäsenyyden voi irtisanoa <Link to="/oma-tili">Oma tili</Link> -sivulla; sivu näyttää ennen
            vahvistusta, mihin asti jäsenyys on voimassa. Ilman sitoumusta jäsenyys on voimassa maksetun
            kauden loppuun, eikä uusia laskuja enää tule. Sitoumuksen aikana irtisanottu jäsenyys ja sen
            laskutus jatkuvat sitoumuksen loppuun asti.
          </li>
        </ul>
      </section>

      <section>
        <h2>Reklamaatiot</h2>
        <p>
          Ota ongelmatilanteissa yhteyttä meihin sähköpostitse, niin selvitetään asia. Kuluttaja voi viedä
          riidan myös kuluttajariitalautakunnan käsiteltäväksi; ennen sitä on otettava yhteyttä
          kuluttajaneuvontaan.
        </p>
      </section>
    </div>
  );
}
