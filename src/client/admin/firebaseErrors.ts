/** Firebase Auth's error codes as the admin reads them: in Finnish, saying what to do next. */
const messages: Record<string, string> = {
  "auth/invalid-credential": "Sähköpostiosoite tai salasana on väärin.",
  "auth/invalid-login-credentials": "Sähköpostiosoite tai salasana on väärin.",
  "auth/wrong-password": "Sähköpostiosoite tai salasana on väärin.",
  "auth/user-not-found": "Sähköpostiosoite tai salasana on väärin.",
  "auth/invalid-email": "Anna kelvollinen sähköpostiosoite, esimerkiksi nimi@example.com.",
  "auth/missing-email": "Anna sähköpostiosoite.",
  "auth/missing-password": "Anna salasana.",
  "auth/user-disabled": "Tämä tunnus on poistettu käytöstä. Ota yhteyttä puiston omistajaan.",
  "auth/too-many-requests":
    "Liian monta yritystä. Odota hetki ja yritä uudelleen, tai vaihda salasana Unohtuiko salasana? -linkillä.",
  "auth/network-request-failed":
    "Kirjautumispalveluun ei saatu yhteyttä. Tarkista verkkoyhteys ja yritä uudelleen.",
  "auth/unauthorized-domain": "Tästä osoitteesta ei voi kirjautua ylläpitoon.",
  "auth/operation-not-allowed": "Kirjautuminen salasanalla ei ole käytössä. Ota yhteyttä puiston omistajaan.",
  "auth/password-does-not-meet-requirements": "Salasana ei täytä ylläpidon salasanavaatimuksia.",
  "auth/user-token-expired": "Kirjautumisesi on päättynyt. Kirjaudu uudelleen.",
  "auth/invalid-user-token": "Kirjautumisesi on päättynyt. Kirjaudu uudelleen.",
  "auth/expired-action-code": "Linkki on vanhentunut. Pyydä uusi linkki Unohtuiko salasana? -toiminnolla.",
  "auth/invalid-action-code": "Linkki on jo käytetty tai virheellinen. Pyydä uusi linkki.",
  "auth/weak-password": "Salasana on liian heikko.",
  "auth/invalid-api-key": "Ylläpidon kirjautumisen asetukset ovat virheelliset. Ota yhteyttä ylläpitäjään.",
};

export const UNKNOWN_AUTH_ERROR = "Kirjautuminen epäonnistui. Yritä hetken kuluttua uudelleen.";

export const RESET_SENT_MESSAGE =
  "Jos osoitteella on ylläpidon tunnus, saat hetken kuluttua sähköpostiisi linkin salasanan vaihtamiseen.";

export function firebaseErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === "string" && messages[code]) || UNKNOWN_AUTH_ERROR;
}
