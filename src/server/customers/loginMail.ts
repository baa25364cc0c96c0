import type { OutgoingMail } from "../mail/index.js";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The Finnish login e-mail. The link stands on a line of its own so that mail clients (and a
 * developer reading the console) can take it whole.
 */
export function loginLinkMail(options: {
  to: string;
  link: string;
  validMinutes: number;
  parkName: string;
}): OutgoingMail {
  const { to, link, validMinutes, parkName } = options;
  const text = [
    "Hei,",
    "",
    "kirjaudu omalle tilillesi avaamalla tämä linkki:",
    "",
    link,
    "",
    `Linkki on voimassa ${validMinutes} minuuttia ja toimii vain kerran.`,
    "Jos et pyytänyt kirjautumislinkkiä, voit jättää tämän viestin huomiotta.",
    "",
    "Terveisin",
    parkName,
  ].join("\n");
  const html = [
    "<p>Hei,</p>",
    "<p>kirjaudu omalle tilillesi avaamalla tämä linkki:</p>",
    `<p><a href="${escapeHtml(link)}">Kirjaudu sisään</a></p>`,
    `<p>Linkki on voimassa ${validMinutes} minuuttia ja toimii vain kerran.<br>`,
    "Jos et pyytänyt kirjautumislinkkiä, voit jättää tämän viestin huomiotta.</p>",
    `<p>Terveisin<br>${escapeHtml(parkName)}</p>`,
  ].join("\n");
  return { to, subject: `Kirjautumislinkki – ${parkName}`, text, html, kind: "login" };
}
