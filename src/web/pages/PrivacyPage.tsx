import { Link } from "react-router-dom";
import { CompanyDetails } from "../layout/CompanyDetails";
import { useSiteInfo } from "../useSiteInfo";

/** GDPR articles 13 and 14: who processes what, why, on what basis, for how long, and the rights. */
export function PrivacyPage() {
  const siteInfo = useSiteInfo();
  const email = siteInfo.site?.park.email;

  return (
    <div className="page prose">
      <h1>Tietosuojaseloste</h1>
      <p className="lead">
        Tässä selosteessa kerrotaan, mitä henkilötietoja koirapuiston verkkosivusto käsittelee, miksi ja
        kuinka kauan, sekä mitkä oikeudet sinulla on EU:n yleisen tietosuoja-asetuksen mukaan.
      </p>

      <section>
        <h2>Rekisterinpitäjä ja yhteystiedot</h2>
        <CompanyDetails siteInfo={siteInfo} />
        <p>Tietosuojaa koskevat kysymykset ja pyynnöt voit lähettää yllä olevaan sähköpostiosoitteeseen.</p>
      </section>

      <section>
        <h2>Mitä tietoja käsittelemme</h2>
        <ul>
          <li>Yhteystiedot: nimi, sähköpostiosoite ja puhelinnumero (jos annat sen).</li>
          <li>Varaukset: varattu aika ja alue, koirien määrä, varauksen tila ja peruutukset.</li>
          <li>
            Maksut: summa, maksutapa, maksun tila, palautukset, käytetyt alennuskoodit ja lahjakortit.
            Korttitiedot käsittelee maksunvälittäjä, emmekä näe tai tallenna niitä.
          </li>
          <li>Jäsenyys: taso, voimassaolo, sitoumus, laskut ja tuntien käyttö.</li>
          <li>Porttitapahtumat: milloin portin avausta on yritetty millä varauksella ja onnistuiko se.</li>
          <li>Sähköpostiloki: mitä viestejä sinulle on lähetetty ja onko lähetys onnistunut.</li>
          <li>Kirjautuminen: kertakäyttöisten kirjautumislinkkien tiivisteet ja istuntojen voimassaolo.</li>
          <li>
            IP-osoite: mistä osoitteesta maksu aloitettiin, porttia yritettiin avata, varauksia pyydettiin
            sähköpostiin, jonoon liityttiin tai kirjautumislinkkiä pyydettiin. Sitä käytetään vain
            väärinkäytösten rajoittamiseen.
          </li>
          <li>
            Ylläpidon muutosloki: kuka ylläpitäjä muutti varausta, laskua tai jäsenyyttä ja mitä kohtia
            muutettiin. Lokiin ei tallenneta nimeäsi, sähköpostiosoitettasi, puhelinnumeroasi, IP-osoitettasi
            eikä varauksesi linkkejä.
          </li>
        </ul>
        <p>
          Selaimesi paikalliseen tallennustilaan tallennetaan tekemäsi varaukset ja kirjautumisistunto, jotta
          löydät ne uudelleen. Kesken olevan maksun tiedot (varattu aika ja lomakkeen tiedot) pidetään
          selaimen välilehden omassa muistissa, jotta voit palata maksuun tai yrittää uudelleen; ne poistuvat,
          kun suljet välilehden. Emme käytä seurantaevästeitä emmekä mainosseurantaa.
        </p>
      </section>

      <section>
        <h2>Käsittelyn tarkoitukset ja oikeusperusteet</h2>
        <ul>
          <li>
            Varausten, jäsenyyksien, maksujen ja portin avaamisen toteuttaminen sekä niihin liittyvä viestintä
            ja asiakaspalvelu: <strong>sopimus</strong> (tietosuoja-asetuksen 6 artiklan 1 kohdan b alakohta).
          </li>
          <li>
            Kirjanpito ja veroviranomaisille säilytettävät tositteet: <strong>lakisääteinen velvoite</strong>{" "}
            (6 artiklan 1 kohdan c alakohta).
          </li>
          <li>
            Puiston ja palvelun turvallisuus, väärinkäytösten selvittäminen ja porttitapahtumien kirjaaminen:{" "}
            <strong>oikeutettu etu</strong> (6 artiklan 1 kohdan f alakohta).
          </li>
        </ul>
        <p>Emme tee sinua koskevia automaattisia päätöksiä emmekä profiloi sinua.</p>
      </section>

      <section>
        <h2>Säilytysajat</h2>
        <ul>
          <li>Asiakas- ja jäsenyystiedot säilytetään asiakassuhteen ajan tai kunnes poistat ne.</li>
          <li>
            Varaukset, maksut ja laskut säilytetään kirjanpitolain mukaisesti kuusi vuotta sen vuoden lopusta,
            jona tilikausi päättyi.
          </li>
          <li>Porttitapahtumat ja sähköpostiloki säilytetään 12 kuukautta.</li>
          <li>
            IP-osoite poistetaan varauksesta, porttitapahtumasta, jonopaikasta ja kirjautumislinkistä
            vuorokauden kuluttua, sillä väärinkäytösten rajoitukset koskevat enintään tunnin jaksoja. Pyyntö
            lähettää varaukset sähköpostiin poistetaan kokonaan vuorokauden kuluttua.
          </li>
          <li>Jonopaikka vapautuvalle ajalle poistetaan 30 päivää sen päättymisen jälkeen.</li>
          <li>Kirjautumislinkki vanhenee 15 minuutissa ja toimii vain kerran.</li>
        </ul>
      </section>

      <section>
        <h2>Tietojen vastaanottajat</h2>
        <ul>
          <li>Maksunvälittäjä, joka käsittelee kortti- ja MobilePay-maksut sekä palautukset.</li>
          <li>
            Sähköpostipalvelun tarjoaja, jonka kautta vahvistukset, laskut ja kirjautumislinkit lähetetään.
          </li>
          <li>Palvelimen ja tietokannan ylläpitäjä, joka käsittelee tietoja lukuumme.</li>
        </ul>
        <p>
          Emme myy tai luovuta tietoja markkinointiin. Jos tietoja siirretään EU:n tai ETA-alueen
          ulkopuolelle, siirto perustuu Euroopan komission hyväksymiin vakiosopimuslausekkeisiin tai muuhun
          tietosuoja-asetuksen mukaiseen siirtoperusteeseen.
        </p>
      </section>

      <section>
        <h2>Sinun oikeutesi</h2>
        <ul>
          <li>Oikeus tarkastaa omat tietosi ja saada niistä kopio.</li>
          <li>Oikeus pyytää virheellisten tietojen korjaamista.</li>
          <li>
            Oikeus poistaa tietosi. Lakisääteisesti säilytettävät kirjanpitotiedot säilytetään kuitenkin
            säilytysajan loppuun.
          </li>
          <li>Oikeus rajoittaa käsittelyä ja vastustaa oikeutettuun etuun perustuvaa käsittelyä.</li>
          <li>Oikeus siirtää antamasi tiedot koneluettavassa muodossa toiseen palveluun.</li>
        </ul>
        <p>
          Kirjautunut asiakas näkee ja voi ladata omat tietonsa ja poistaa tilinsä{" "}
          <Link to="/oma-tili">Oma tili</Link> -sivulla. Tilin voi poistaa, kun avoimia laskuja tai voimassa
          olevaa jäsenyyttä ei ole; kirjanpitoon kuuluvista laskuista ja varauksista poistetaan silloin
          nimesi, sähköpostiosoitteesi, puhelinnumerosi ja IP-osoitteesi. Muita pyyntöjä voit lähettää
          sähköpostitse
          {email ? (
            <>
              {" "}
              osoitteeseen <a href={`mailto:${email}`}>{email}</a>
            </>
          ) : null}
          .
        </p>
        <p>
          Jos katsot, että tietojesi käsittely rikkoo tietosuojalainsäädäntöä, voit tehdä valituksen
          valvovalle viranomaiselle: Tietosuojavaltuutetun toimisto,{" "}
          <a href="https://tietosuoja.fi" rel="noopener noreferrer">
            tietosuoja.fi
          </a>
          .
        </p>
      </section>
    </div>
  );
}
