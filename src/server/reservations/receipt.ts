import { createEvent } from "ics";
import { mapUrl } from "../../domain/mapLink.js";
import { formatDateTime, formatTimeRange } from "../../domain/helsinkiClock.js";
import { dogOptionsText } from "../../domain/dogRules.js";
import { formatEuros, formatVatRate } from "../../domain/money.js";
import { balanceOf, chargedVatByRate, paymentsOf, type LedgerEntry } from "../../domain/ledger.js";
import { methodName } from "../receiptLines.js";
import { type OutgoingMail, signature } from "../mail/index.js";
import type { Settings } from "../settings/index.js";

/**
 * The booking e-mails (Finnish): receipt with an .ics invitation, cancellation, late refund, with
 * their money read from the ledger alone (the printable pages' money lines are ../receiptLines.ts).
 */

export type MailReservation = {
  id: string;
  name: string;
  email: string;
  startsAt: Date;
  endsAt: Date;
  dogs: number;
  priceCents: number;
  vatCents: number;
  discountCents?: number;
  /** The dogs' options and what the dogs after the first added to the list price (decision 036). */
  reactiveDog?: boolean;
  inHeat?: boolean;
  extraDogsCents?: number;
  doorToken: string;
  accessToken: string;
  /** The calendar event's SEQUENCE (0 as booked, one more per move and for the cancel); the UID stays the booking's. */
  sequence?: number;
};
type MailContext = {
  reservation: MailReservation;
  areaName: string;
  settings: Pick<Settings, "park" | "door" | "slotRules">;
  publicUrl: string;
};

export const doorUrlOf = (publicUrl: string, doorToken: string) => `${publicUrl}/avaa/${doorToken}`;

const addressOf = (park: Settings["park"]) => `${park.streetAddress}, ${park.postalCode} ${park.city}`;

/** Datetime as [year, month, day, hour, minute] in UTC, the form the ics package takes. */
function utcParts(date: Date): [number, number, number, number, number] {
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  ];
}

/** What a booking's calendar event is made of: the booking, its area, the park and the site's address. */
export type CalendarContext = {
  reservation: Pick<
    MailReservation,
    | "id"
    | "name"
    | "email"
    | "startsAt"
    | "endsAt"
    | "dogs"
    | "reactiveDog"
    | "inHeat"
    | "doorToken"
    | "sequence"
  >;
  areaName: string;
  settings: Pick<Settings, "park">;
  publicUrl: string;
};

/**
 * The calendar event of a booking, one UID for its whole life (`{id}@koirapuisto`): PUBLISH adds
 * it (SEQUENCE 0) and, with a higher SEQUENCE, moves it; CANCEL removes it (the SEQUENCE the cancel
 * gave the booking, above every one sent before). The park is its ORGANIZER, as RFC 5546 asks of
 * both; a cancel names the customer as the ATTENDEE it is removed for. Times in UTC so every
 * calendar shows the right local time.
 */
function calendarEvent(
  { reservation, areaName, settings, publicUrl }: CalendarContext,
  method: "PUBLISH" | "CANCEL",
): string {
  const doorUrl = doorUrlOf(publicUrl, reservation.doorToken);
  const cancel = method === "CANCEL";
  const { error, value } = createEvent({
    method,
    uid: `${reservation.id}@koirapuisto`,
    sequence: reservation.sequence ?? 0,
    productId: "koirapuisto/varaus",
    title: cancel ? `Peruttu: ${areaName}` : `Varaus: ${areaName}`,
    description: cancel
      ? "Koirapuistovaraus on peruttu."
      : [
          `Koirapuistovaraus. Koiria: ${reservation.dogs}.`,
          dogOptionsLine(reservation),
          `Portin avaus: ${doorUrl}`,
        ]
          .filter(Boolean)
          .join(" "),
    location: `${settings.park.name}, ${addressOf(settings.park)}`,
    ...(cancel ? {} : { url: doorUrl }),
    organizer: { name: settings.park.name, email: settings.park.email },
    ...(cancel ? { attendees: [{ name: reservation.name, email: reservation.email, rsvp: false }] } : {}),
    start: utcParts(reservation.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcParts(reservation.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    status: cancel ? "CANCELLED" : "CONFIRMED",
    busyStatus: cancel ? "FREE" : "BUSY",
  });
  if (error || !value) throw error ?? new Error("ics produced nothing");
  return value;
}

/** The booking's calendar event, to add or (a move, a higher SEQUENCE) update. */
export const bookingIcs = (context: CalendarContext): string => calendarEvent(context, "PUBLISH");

/** The calendar file of an e-mail: the booking's event, added or updated (PUBLISH) or removed (CANCEL). */
export function icsAttachment(context: CalendarContext, method: "PUBLISH" | "CANCEL" = "PUBLISH") {
  return {
    filename: "varaus.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarEvent(context, method),
  };
}

/** Said in every cancellation e-mail beside its calendar file. */
export const CANCEL_ICS_LINE = "Liitteenä oleva kalenteritiedosto poistaa varauksen kalenteristasi.";

/** The dogs' options as one line ("Huomioitavaa: reaktiivinen koira."), or "" without any. */
export function dogOptionsLine(r: Pick<MailReservation, "reactiveDog" | "inHeat">): string {
  const text = dogOptionsText(r);
  return text ? `Huomioitavaa: ${text.toLowerCase()}.` : "";
}

/** The extra dogs' share of the list price, when there is one. */
function extraDogsLines(r: MailReservation): string[] {
  const extra = r.extraDogsCents ?? 0;
  if (extra <= 0 || r.dogs < 2) return [];
  return [`Lisäkoirat (${r.dogs - 1} × ${formatEuros(extra / (r.dogs - 1))}): ${formatEuros(extra)}`];
}

/**
 * The e-mail's price: the list price and the discount when there is one, and what is charged with
 * the VAT it contains (per rate), from the booking's charges in the ledger.
 */
function priceLines(entries: LedgerEntry[]): string[] {
  const sumOf = (kind: LedgerEntry["kind"]) =>
    entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountCents, 0);
  const discount = -sumOf("discount");
  const vat = chargedVatByRate(entries)
    .map((v) => `ALV ${formatVatRate(v.rateBasisPoints)} ${formatEuros(v.vatCents)}`)
    .join(", ");
  return [
    ...(discount > 0
      ? [`Listahinta: ${formatEuros(sumOf("price"))}`, `Alennus: −${formatEuros(discount)}`]
      : []),
    `Hinta: ${formatEuros(balanceOf(entries).chargedCents)}${vat ? ` (sisältää ${vat})` : ""}`,
  ];
}

/**
 * What the e-mail says was paid, per payment from the ledger: the gift card's share and the
 * provider's, each when not zero, and anything already on its way back (paid twice).
 */
function paidLines(entries: LedgerEntry[]): string[] {
  const lines: string[] = [];
  for (const p of paymentsOf(entries)) {
    if (p.giftCardCents > 0) lines.push(`Maksettu lahjakortilla: ${formatEuros(p.giftCardCents)}`);
    if (p.paidCents > 0) lines.push(`Maksettu: ${formatEuros(p.paidCents)}, ${methodName(p.method)}`);
  }
  const b = balanceOf(entries);
  const back = b.refundedCents + b.refundPendingCents;
  if (back > 0) lines.push(`Palautetaan: ${formatEuros(back)}`);
  return lines;
}

/** The receipt, with the booking's money as its ledger has it when it is confirmed. */
export function receiptMail(context: MailContext & { entries: LedgerEntry[] }): OutgoingMail {
  const { reservation: r, areaName, settings, publicUrl, entries } = context;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  const { opensBeforeMinutes, closesAfterMinutes } = settings.door;
  const text = [
    `Hei ${r.name},`,
    "",
    "kiitos varauksestasi! Maksu on vastaanotettu ja varauksesi on vahvistettu.",
    "",
    `Aika: ${when}`,
    `Alue: ${areaName}`,
    `Koiria: ${r.dogs}`,
    ...[dogOptionsLine(r)].filter(Boolean),
    ...extraDogsLines(r),
    ...priceLines(entries),
    ...paidLines(entries),
    "",
    `Portin avaus: ${doorUrlOf(publicUrl, r.doorToken)}`,
    closesAfterMinutes > 0
      ? `Portin voi avata ${opensBeforeMinutes} minuuttia ennen varauksen alkua ja vielä ${closesAfterMinutes} minuuttia varauksen päätyttyä.`
      : `Portin voi avata ${opensBeforeMinutes} minuuttia ennen varauksen alkua ja varauksen loppuun asti.`,
    "",
    `Oma varaus ja peruutus: ${publicUrl}/oma-varaus?varaus=${encodeURIComponent(r.accessToken)}`,
    `Varauksen voi perua viimeistään ${settings.slotRules.cancellationHours} tuntia ennen alkua; maksu palautetaan.`,
    "",
    `Osoite: ${settings.park.name}, ${addressOf(settings.park)}`,
    `Näytä kartalla: ${mapUrl(settings.park)}`,
    ...signature(settings.park),
  ].join("\n");
  return {
    kind: "receipt",
    to: r.email,
    subject: `Varausvahvistus: ${when}`,
    text,
    attachments: [icsAttachment(context)],
  };
}

/**
 * The visitor's own cancel. `reservation` is the cancelled booking, whose SEQUENCE the cancel raised
 * (repository.ts), so its calendar file removes the event every earlier e-mail added or moved.
 */
export function cancellationMail(
  context: MailContext & { refundedCents: number; giftCardReturnedCents?: number },
): OutgoingMail {
  const { reservation: r, areaName, settings, refundedCents } = context;
  const giftCardReturned = context.giftCardReturnedCents ?? 0;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  return {
    kind: "cancellation",
    to: r.email,
    subject: `Varaus peruttu: ${when}`,
    text: [
      `Hei ${r.name},`,
      "",
      `varauksesi on peruttu: ${when}, ${areaName}.`,
      ...(refundedCents > 0
        ? [
            `Palautamme ${formatEuros(refundedCents)} maksutavallesi. Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.`,
          ]
        : giftCardReturned > 0
          ? []
          : ["Varauksesta ei ollut veloitettu maksua."]),
      ...(giftCardReturned > 0 ? [`Lahjakortillesi palautettiin ${formatEuros(giftCardReturned)}.`] : []),
      "",
      "Portin avauslinkki ei ole enää voimassa.",
      CANCEL_ICS_LINE,
      ...signature(settings.park),
    ].join("\n"),
    attachments: [icsAttachment(context, "CANCEL")],
  };
}

/** The payment arrived after the hold ended and someone else had taken the time meanwhile. */
export function lateRefundMail(
  context: MailContext & { amountCents: number; holdExpiredAt: Date },
): OutgoingMail {
  const { reservation: r, settings, amountCents, holdExpiredAt } = context;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  return {
    kind: "refund",
    to: r.email,
    subject: `Varaus ei toteutunut: ${when}`,
    text: [
      `Hei ${r.name},`,
      "",
      `maksusi saapui vasta, kun varauksen pitoaika oli päättynyt (${formatDateTime(holdExpiredAt)}), ja aika ${when} oli ehditty varata toiselle.`,
      `Palautamme ${formatEuros(amountCents)} maksutavallesi. Voit tehdä uuden varauksen varauskalenterissa.`,
      ...signature(settings.park),
    ].join("\n"),
  };
}
