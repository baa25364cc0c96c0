import { formatTime, formatTimeRange } from "../../domain/helsinkiClock.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { type OutgoingMail, signature } from "../mail/index.js";
import type { Settings } from "../settings/index.js";

/** The waitlist's e-mails (Finnish, plain text; decision 033): joined, and the slot offered. Each has the leave link. */

type Entry = { email: string; startsAt: Date; endsAt: Date; accessToken: string };

/** The entry's own page: its state and "Poistu jonosta". */
export const waitlistEntryUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/varauskalenteri/jono/${encodeURIComponent(token)}`;

/** Checkout with the slot, the address and the offer filled in (CheckoutPage reads `jono` and `email`). */
export function waitlistCheckoutUrl(publicUrl: string, entry: Entry): string {
  const start = encodeURIComponent(toHelsinkiIso(entry.startsAt));
  const end = encodeURIComponent(toHelsinkiIso(entry.endsAt));
  const query = `jono=${encodeURIComponent(entry.accessToken)}&email=${encodeURIComponent(entry.email)}`;
  return `${publicUrl}/checkout/${start}/${end}?${query}`;
}

const leaveLines = (publicUrl: string, entry: Entry) => [
  `Et enää tarvitse aikaa? Poistu jonosta: ${waitlistEntryUrl(publicUrl, entry.accessToken)}`,
];

export function waitlistJoinedMail(o: {
  entry: Entry;
  park: Settings["park"];
  publicUrl: string;
}): OutgoingMail {
  const { entry, park, publicUrl } = o;
  const when = formatTimeRange(entry.startsAt, entry.endsAt);
  return {
    kind: "waitlist_joined",
    to: entry.email,
    subject: `Olet jonossa: ${when}`,
    text: [
      "Hei,",
      "",
      `olet jonossa ajalle ${when}. Jos aika vapautuu, lähetämme sinulle linkin, jolla aika on hetken`,
      "varattuna vain sinulle. Jonossa ensimmäisenä oleva saa viestin ensin.",
      "",
      ...leaveLines(publicUrl, entry),
      "",
      "Jos et liittynyt jonoon, voit jättää tämän viestin huomiotta.",
      ...signature(park),
    ].join("\n"),
  };
}

export function waitlistOfferMail(o: {
  entry: Entry;
  offerExpiresAt: Date;
  park: Settings["park"];
  publicUrl: string;
}): OutgoingMail {
  const { entry, park, publicUrl } = o;
  const when = formatTimeRange(entry.startsAt, entry.endsAt);
  return {
    kind: "waitlist_offer",
    to: entry.email,
    subject: `Aika vapautui: ${when}`,
    text: [
      "Hei,",
      "",
      `jonottamasi aika ${when} vapautui. Se on varattuna vain sinulle klo ${formatTime(o.offerExpiresAt)} asti.`,
      "Varaa ja maksa se tästä linkistä (aika ja sähköpostiosoitteesi ovat valmiina):",
      waitlistCheckoutUrl(publicUrl, entry),
      "",
      "Jos et varaa aikaa siihen mennessä, tarjoamme sen jonossa seuraavalle.",
      "",
      ...leaveLines(publicUrl, entry),
      ...signature(park),
    ].join("\n"),
  };
}
