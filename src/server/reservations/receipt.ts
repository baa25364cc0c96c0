import { createEvent } from "ics";
import { mapUrl } from "../../domain/mapLink.js";
import { formatDateTime, formatTimeRange } from "../../domain/helsinkiClock.js";
import { dogOptionsText } from "../../domain/dogRules.js";
import { formatEuros, formatVatRate } from "../../domain/money.js";
import type { OutgoingMail } from "../mail/service.js";
import type { Settings } from "../settings/service.js";

/** The booking e-mails (Finnish): receipt with an .ics invitation, cancellation, late refund. */

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
  /** The calendar event's SEQUENCE (0 as booked, one more per move); the UID stays the booking's. */
  sequence?: number;
};
type MailContext = {
  reservation: MailReservation;
  areaName: string;
  settings: Pick<Settings, "park" | "door" | "slotRules">;
  publicUrl: string;
};

const methodNames = { mobilepay: "MobilePay", card: "Kortti" } as const;

export const doorUrlOf = (publicUrl: string, doorToken: string) => `${publicUrl}/avaa/${doorToken}`;

const addressOf = (park: Settings["park"]) => `${park.streetAddress}, ${park.postalCode} ${park.city}`;

/** The closing lines of every e-mail: the park and the company behind it. */
export function signature(park: Settings["park"]): string[] {
  return [
    "",
    "Ystävällisin terveisin",
    park.name,
    `${park.companyName} (Y-tunnus ${park.businessId})`,
    `${park.email}, ${park.phone}`,
  ];
}

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

/** The calendar event of a booking; times in UTC so every calendar shows the right local time. */
export function bookingIcs({ reservation, areaName, settings, publicUrl }: MailContext): string {
  const doorUrl = doorUrlOf(publicUrl, reservation.doorToken);
  const { error, value } = createEvent({
    uid: `${reservation.id}@koirapuisto`,
    sequence: reservation.sequence ?? 0,
    productId: "koirapuisto/varaus",
    title: `Varaus: ${areaName}`,
    description: [
      `Koirapuistovaraus. Koiria: ${reservation.dogs}.`,
      dogOptionsLine(reservation),
      `Portin avaus: ${doorUrl}`,
    ]
      .filter(Boolean)
      .join(" "),
    location: `${settings.park.name}, ${addressOf(settings.park)}`,
    url: doorUrl,
    start: utcParts(reservation.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcParts(reservation.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("ics produced nothing");
  return value;
}

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

/** What the receipt says was paid: the provider's share and the gift card's, each when not zero. */
function paidLines(payment: ReceiptPayment): string[] {
  const lines: string[] = [];
  if (payment.giftCardCents > 0) lines.push(`Maksettu lahjakortilla: ${formatEuros(payment.giftCardCents)}`);
  if (payment.amountCents > 0 || lines.length === 0)
    lines.push(`Maksettu: ${formatEuros(payment.amountCents)}, ${methodNames[payment.method]}`);
  return lines;
}

type ReceiptPayment = { method: "mobilepay" | "card"; amountCents: number; giftCardCents: number };

/** The receipt; vatRateBasisPoints is the rate in force on the booking's date (prices/service.ts). */
export function receiptMail(
  context: MailContext & { payment: ReceiptPayment; vatRateBasisPoints: number },
): OutgoingMail {
  const { reservation: r, areaName, settings, publicUrl, payment, vatRateBasisPoints } = context;
  const discount = r.discountCents ?? 0;
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
    ...(discount > 0
      ? [`Listahinta: ${formatEuros(r.priceCents + discount)}`, `Alennus: −${formatEuros(discount)}`]
      : []),
    `Hinta: ${formatEuros(r.priceCents)} (sisältää ALV ${formatVatRate(vatRateBasisPoints)} ${formatEuros(r.vatCents)})`,
    ...paidLines(payment),
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
    attachments: [
      {
        filename: "varaus.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: bookingIcs(context),
      },
    ],
  };
}

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
      ...signature(settings.park),
    ].join("\n"),
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
