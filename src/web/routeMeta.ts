/**
 * Per-route metadata (spec §1: each route can hide the header or footer). `title` is the page's
 * own part of the tab title ("Varauskalenteri – <park name>"; the home page has none and shows the
 * park's name) and `description` is its meta description for search results and shared links.
 */
export type RouteMeta = { hideHeader?: boolean; hideFooter?: boolean; title?: string; description?: string };

/** The description of a page that has none of its own (also in index.html, for the first load). */
export const DEFAULT_DESCRIPTION = "Aidattu koirapuisto: varaa oma vuoro ja avaa portti puhelimella.";

/** What the tab says: "Varauskalenteri – Koirapuisto", or the park's name with a tagline at home. */
export function documentTitle(meta: RouteMeta, parkName: string): string {
  return meta.title ? `${meta.title} – ${parkName}` : `${parkName} – aidattu koirapuisto omalle porukalle`;
}

/** Each public and customer route's title and description, by path as in the route table. */
export const pageMeta = {
  home: {
    description:
      "Varaa koko aidattu koirapuisto omalle porukallesi puoleksi tunniksi tai pidemmäksi aikaa. Portti aukeaa puhelimella.",
  },
  calendar: {
    title: "Varauskalenteri",
    description: "Puiston vapaat ajat viikoittain: valitse alkuaika ja kesto ja varaa vuoro heti.",
  },
  waitlist: {
    title: "Ilmoita, jos aika vapautuu",
    description:
      "Jonota varattua aikaa: jos se vapautuu, saat sähköpostiisi linkin, jolla aika on hetken vain sinun.",
  },
  waitlistEntry: { title: "Jonopaikka" },
  checkout: {
    title: "Varaus ja maksu",
    description: "Anna varauksen tiedot ja maksa vuoro MobilePaylla tai kortilla.",
  },
  newcomers: {
    title: "Ohjeet tulijoille",
    description: "Näin käynti sujuu: ennen tuloa, saapuminen ja portti, puiston säännöt ja lähteminen.",
  },
  membership: {
    title: "Jäsenyys",
    description: "Jäsenenä varaat puistoa kuukausittaisesta tuntikiintiöstä. Jäsenyystasot ja hinnat.",
  },
  subscriptionSuccess: { title: "Jäsenyyden aloitus" },
  subscriptionCancelled: { title: "Maksu peruttu" },
  paymentTerms: {
    title: "Maksuehdot",
    description: "Varausten ja jäsenyyksien hinnat, maksutavat, peruutukset ja palautukset.",
  },
  privacy: {
    title: "Tietosuojaseloste",
    description: "Mitä henkilötietoja varauksista ja jäsenyyksistä käsitellään, miksi ja kuinka kauan.",
  },
  door: { title: "Portti", description: "Avaa puiston portti varauksesi aikana." },
  myReservation: {
    title: "Oma varaus",
    description: "Varauksesi tiedot, portin avaus ja varauksen peruminen.",
  },
  feedback: { title: "Palaute" },
  login: {
    title: "Kirjaudu sisään",
    description: "Kirjaudu omalle tilillesi sähköpostiin lähetettävällä linkillä. Salasanaa ei tarvita.",
  },
  authCallback: { title: "Kirjautuminen" },
  account: { title: "Oma tili", description: "Jäsenyytesi, laskusi ja jäsenvarauksesi." },
  notFound: { title: "Sivua ei löytynyt" },
} satisfies Record<string, RouteMeta>;
