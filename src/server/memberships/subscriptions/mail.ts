import { formatDay, formatTimeRange } from "../../../domain/helsinkiClock.js";
import { suspendsFrom } from "../../../domain/invoiceStatus.js";
import { formatReferenceNumber } from "../../../domain/membership.js";
import { formatRfReference, type InvoiceBankTransfer } from "../../../domain/bankTransfer.js";
import {
  addDays,
  commitmentLastDay,
  pauseDaysText,
  type MembershipPause,
} from "../../../domain/membershipPeriods.js";
import { formatEuros, formatVatRate } from "../../../domain/money.js";
import { type OutgoingMail, signature } from "../../mail/index.js";
import type { Settings } from "../../settings/index.js";
import type { SubscriptionRow } from "./repository.js";
import type { InvoiceRow } from "../invoices/repository.js";

/** The membership e-mails (Finnish): welcome, new invoice, overdue reminder, cancellation, tier change, pause. */

type Context = { settings: Pick<Settings, "park">; publicUrl: string };

const greeting = (name: string | null) => (name ? `Hei ${name},` : "Hei,");

function invoiceLines(invoice: InvoiceRow): string[] {
  return [
    `Lasku nro: ${invoice.number}`,
    `Viitenumero: ${formatReferenceNumber(invoice.referenceNumber)}`,
    `Jakso: ${formatDay(invoice.periodStart)}–${formatDay(addDays(invoice.periodEnd, -1))}`,
    `Summa: ${formatEuros(invoice.amountCents)} (sisältää ALV ${formatVatRate(invoice.vatRateBasisPoints)} ${formatEuros(invoice.vatCents)})`,
    `Eräpäivä: ${formatDay(invoice.dueDate)}`,
  ];
}

export function welcomeMail(
  { settings, publicUrl }: Context,
  sub: SubscriptionRow,
  to: { email: string; name: string | null },
): OutgoingMail {
  return {
    kind: "membership_welcome",
    to: to.email,
    subject: `Tervetuloa jäseneksi: ${sub.tierName}`,
    text: [
      greeting(to.name),
      "",
      `tervetuloa ${settings.park.name}n jäseneksi! Jäsenyytesi ${sub.tierName} on nyt voimassa.`,
      "",
      `Tunteja kuukaudessa: ${sub.hoursQuota} h`,
      `Kuukausihinta: ${formatEuros(sub.monthlyPriceCents)}`,
      sub.commitmentEndDate
        ? `Sitoumus: 12 kuukautta, ${formatDay(commitmentLastDay(sub.commitmentEndDate))} asti.`
        : "Ei sitoumusta: voit irtisanoa jäsenyyden milloin tahansa jakson loppuun.",
      "",
      "Laskutamme jäsenyyden kuukausittain jakson alussa. Varaa jäsenaikasi ja katso laskusi Oma tili -sivulta:",
      `${publicUrl}/oma-tili`,
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** How to pay an open invoice from one's own bank (issue 36): the lines an invoice's e-mail carries. */
function bankTransferLines(transfer: InvoiceBankTransfer | null): string[] {
  if (!transfer) return [];
  return [
    "",
    "Maksu tilisiirrolla:",
    `Saaja: ${transfer.recipient}`,
    `Tilinumero (IBAN): ${transfer.iban}`,
    `BIC: ${transfer.bic}`,
    `Viitenumero: ${formatReferenceNumber(transfer.reference)} (RF-muodossa ${formatRfReference(transfer.referenceRf)})`,
    `Maksettava: ${formatEuros(transfer.amountCents)}, eräpäivä ${formatDay(transfer.dueDate)}`,
    `Virtuaaliviivakoodi: ${transfer.virtualBarcode}`,
    "Käytä maksaessasi viitenumeroa, niin maksu kohdistuu laskulle.",
  ];
}

export function newInvoiceMail(
  { settings, publicUrl }: Context,
  invoice: InvoiceRow,
  transfer: InvoiceBankTransfer | null,
): OutgoingMail {
  return {
    kind: "invoice",
    to: invoice.email,
    subject: `Uusi lasku ${invoice.number}: ${formatEuros(invoice.amountCents)}`,
    text: [
      greeting(invoice.name),
      "",
      `jäsenyytesi uusi lasku on valmis: ${invoice.description}.`,
      "",
      ...invoiceLines(invoice),
      "",
      `Maksa lasku Oma tili -sivulla (MobilePay tai kortti): ${publicUrl}/oma-tili`,
      ...bankTransferLines(transfer),
      ...signature(settings.park),
    ].join("\n"),
  };
}

export function overdueMail(
  { settings, publicUrl }: { settings: Pick<Settings, "park" | "membership">; publicUrl: string },
  invoice: InvoiceRow,
  transfer: InvoiceBankTransfer | null,
): OutgoingMail {
  const suspendedFrom = suspendsFrom(invoice.dueDate, settings.membership.suspendAfterDays);
  return {
    kind: "invoice_overdue",
    to: invoice.email,
    subject: `Maksumuistutus: lasku ${invoice.number} on erääntynyt`,
    text: [
      greeting(invoice.name),
      "",
      "laskusi on erääntynyt, emmekä ole vielä saaneet maksua.",
      `Jos laskua ei ole maksettu, jäsenyytesi keskeytetään ${formatDay(suspendedFrom)} alkaen: jäsenvaraukset ja niiden porttilinkit eivät silloin toimi. Kun lasku on maksettu, jäsenyys on heti taas käytössä.`,
      "",
      ...invoiceLines(invoice),
      "",
      `Maksa lasku Oma tili -sivulla: ${publicUrl}/oma-tili`,
      ...bankTransferLines(transfer),
      "",
      "Jos olet jo maksanut, tämä viesti on aiheeton.",
      ...signature(settings.park),
    ].join("\n"),
  };
}

export function invoicePaidMail({ settings }: Context, invoice: InvoiceRow): OutgoingMail {
  return {
    kind: "invoice_paid",
    to: invoice.email,
    subject: `Kuitti: lasku ${invoice.number} maksettu`,
    text: [
      greeting(invoice.name),
      "",
      `kiitos! Laskusi ${invoice.number} on maksettu.`,
      "",
      ...invoiceLines(invoice),
      ...signature(settings.park),
    ].join("\n"),
  };
}

export function subscriptionCancelledMail(
  { settings }: Context,
  sub: SubscriptionRow,
  to: { email: string; name: string | null },
  lastDay: string,
  withinCommitment: boolean,
): OutgoingMail {
  return {
    kind: "membership_cancelled",
    to: to.email,
    subject: `Jäsenyys irtisanottu: ${sub.tierName}`,
    text: [
      greeting(to.name),
      "",
      `olemme vastaanottaneet jäsenyytesi ${sub.tierName} irtisanomisen.`,
      withinCommitment
        ? `Jäsenyytesi on 12 kuukauden sitoumuksessa, joten jäsenyys ja laskutus jatkuvat sitoumuksen loppuun. Viimeinen jäsenpäiväsi on ${formatDay(lastDay)}.`
        : `Voit käyttää jäsenyyttäsi maksetun jakson loppuun, ${formatDay(lastDay)} asti. Uusia laskuja ei tule.`,
      "",
      "Kiitos, että olit jäsenenämme. Olet aina tervetullut takaisin!",
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** An admin changed the member's tier from the next period (decision 022). */
export function tierChangeMail(
  { settings }: Context,
  change: { tierName: string; hoursQuota: number; monthlyPriceCents: number; from: string },
  to: { email: string; name: string | null },
): OutgoingMail {
  return {
    kind: "membership_tier_change",
    to: to.email,
    subject: `Jäsenyytesi taso vaihtuu: ${change.tierName}`,
    text: [
      greeting(to.name),
      "",
      `jäsenyytesi taso vaihtuu ${formatDay(change.from)} alkavasta jaksosta tasoon ${change.tierName}.`,
      "",
      `Tunteja kuukaudessa: ${change.hoursQuota} h`,
      `Kuukausihinta: ${formatEuros(change.monthlyPriceCents)}`,
      "",
      "Nykyinen jaksosi jatkuu ennallaan. Jos et tilannut muutosta, vastaa tähän viestiin.",
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** The member raised the tier (decision 057): in force now, the difference on the next invoice. */
export function tierRaisedMail(
  { settings }: Context,
  change: {
    tierName: string;
    hoursQuota: number;
    monthlyPriceCents: number;
    differenceCents: number;
    periodEnd: string;
  },
  to: { email: string; name: string | null },
): OutgoingMail {
  return {
    kind: "membership_tier_change",
    to: to.email,
    subject: `Jäsenyytesi taso vaihtui: ${change.tierName}`,
    text: [
      greeting(to.name),
      "",
      `jäsenyytesi taso on nyt ${change.tierName}, ja sen tuntikiintiö on käytössäsi jo tällä jaksolla.`,
      "",
      `Tunteja kuukaudessa: ${change.hoursQuota} h`,
      `Kuukausihinta seuraavasta jaksosta: ${formatEuros(change.monthlyPriceCents)}`,
      ...(change.differenceCents > 0
        ? [
            `Hinnan erotus tämän jakson loppuun (${formatDay(change.periodEnd)} asti): ${formatEuros(change.differenceCents)}. Se lisätään seuraavaan laskuusi.`,
          ]
        : []),
      "",
      "Jos et tehnyt muutosta itse, vastaa tähän viestiin.",
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** The tier change scheduled earlier will not happen after all. */
export function tierChangeCancelledMail(
  { settings }: Context,
  sub: SubscriptionRow,
  to: { email: string; name: string | null },
): OutgoingMail {
  return {
    kind: "membership_tier_change",
    to: to.email,
    subject: `Tasomuutos peruttu: jäsenyytesi pysyy tasolla ${sub.tierName}`,
    text: [
      greeting(to.name),
      "",
      `jäsenyytesi aiemmin ilmoitettu tasomuutos on peruttu. Jäsenyytesi jatkuu tasolla ${sub.tierName} (${sub.hoursQuota} h kuukaudessa, ${formatEuros(sub.monthlyPriceCents)}/kk).`,
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** An admin credited a paid invoice: what was paid goes back. */
export function invoiceCreditMail(
  { settings }: Context,
  invoice: InvoiceRow,
  returned: { refundCents: number; giftCardCents: number },
): OutgoingMail {
  return {
    kind: "invoice_credit",
    to: invoice.email,
    subject: `Hyvitys: lasku ${invoice.number}`,
    text: [
      greeting(invoice.name),
      "",
      `olemme hyvittäneet laskusi ${invoice.number} (${invoice.description}). Laskua ei tarvitse maksaa.`,
      "",
      ...(returned.refundCents > 0
        ? [
            `Palautamme ${formatEuros(returned.refundCents)} maksutavallesi. Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.`,
          ]
        : []),
      ...(returned.giftCardCents > 0
        ? [`Lahjakortillesi palautettiin ${formatEuros(returned.giftCardCents)}.`]
        : []),
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** The member paused the membership (decision 058): its days, what moves, and the bookings cancelled. */
export function membershipPausedMail(
  { settings }: Context,
  paused: {
    pause: MembershipPause;
    commitmentEndDate: string | null;
    cancelled: ReadonlyArray<{ startsAt: Date; endsAt: Date }>;
  },
  to: { email: string; name: string | null },
): OutgoingMail {
  const { pause } = paused;
  const days = pauseDaysText(pause);
  return {
    kind: "membership_paused",
    to: to.email,
    subject: `Jäsenyytesi tauko ${days}`,
    text: [
      greeting(to.name),
      "",
      `jäsenyytesi on tauolla ${days} (${pause.weeks} viikkoa). Tauon ajalta ei laskuteta eikä sille voi varata jäsenenä, eivätkä jäsenvarausten porttilinkit toimi.`,
      `Laskutus ja tuntikiintiö jatkuvat ${formatDay(pause.endsOn)}, ja jaksot alkavat siitä lähtien kuukausittain.`,
      ...(paused.commitmentEndDate
        ? [
            `Sitoumuksesi siirtyy tauon verran: se on voimassa ${formatDay(commitmentLastDay(paused.commitmentEndDate))} asti.`,
          ]
        : []),
      ...(paused.cancelled.length > 0
        ? [
            "",
            "Nämä tauon aikaiset varauksesi peruttiin:",
            ...paused.cancelled.map((b) => `- ${formatTimeRange(b.startsAt, b.endsAt)}`),
          ]
        : []),
      "",
      "Jos et pyytänyt taukoa, vastaa tähän viestiin.",
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** The member took back a pause that had not begun (decision 058). */
export function pauseWithdrawnMail(
  { settings }: Context,
  withdrawn: { pause: MembershipPause; commitmentEndDate: string | null },
  to: { email: string; name: string | null },
): OutgoingMail {
  const { pause } = withdrawn;
  const days = pauseDaysText(pause);
  return {
    kind: "membership_paused",
    to: to.email,
    subject: `Jäsenyytesi tauko ${days} peruttu`,
    text: [
      greeting(to.name),
      "",
      `perumasi tauko ${days} ei tule voimaan: jäsenyytesi jatkuu, laskutetaan ja on varattavissa kuten ennenkin.`,
      ...(withdrawn.commitmentEndDate
        ? [`Sitoumuksesi on voimassa ${formatDay(commitmentLastDay(withdrawn.commitmentEndDate))} asti.`]
        : []),
      "Tauon vuoksi perutut varaukset eivät palaa; voit varata ajat uudelleen Oma tili -sivulla.",
      ...signature(settings.park),
    ].join("\n"),
  };
}
