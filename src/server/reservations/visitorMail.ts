import { mapUrl } from "../../domain/mapLink.js";
import { formatDateTime, formatTimeRange } from "../../domain/helsinkiClock.js";
import { type OutgoingMail, signature } from "../mail/index.js";
import {
  CANCEL_ICS_LINE,
  dogOptionsLine,
  doorUrlOf,
  icsAttachment,
  type MailReservation,
} from "./receipt.js";
import type { Settings } from "../settings/index.js";

/**
 * The booking e-mails beside the receipt (receipt.ts): the reminder before a booking, the list of
 * one's upcoming bookings ("Lähetä varaukseni sähköpostiini"), a member booking's confirmation
 * and cancellation, and the confirmation of a booking an admin made for the customer. Finnish, plain text; the calendar file is receipt.ts's, so a booking keeps one
 * UID in every message.
 */

type Context = {
  reservation: MailReservation;
  areaName: string;
  settings: Pick<Settings, "park" | "door" | "slotRules" | "reminders">;
  publicUrl: string;
};

/** The booking's own page; opening it keeps the booking in that browser too (MyReservationsPage). */
export const ownReservationUrl = (publicUrl: string, accessToken: string) =>
  `${publicUrl}/oma-varaus?varaus=${encodeURIComponent(accessToken)}`;

function doorWindow(door: Settings["door"]): string {
  const { opensBeforeMinutes, closesAfterMinutes } = door;
  return closesAfterMinutes > 0
    ? `Portin voi avata ${opensBeforeMinutes} minuuttia ennen varauksen alkua ja vielä ${closesAfterMinutes} minuuttia varauksen päätyttyä.`
    : `Portin voi avata ${opensBeforeMinutes} minuuttia ennen varauksen alkua ja varauksen loppuun asti.`;
}

const address = (park: Settings["park"]) =>
  `${park.name}, ${park.streetAddress}, ${park.postalCode} ${park.city}`;

/**
 * What the reminder says can still be done with the booking, as it is when the e-mail is sent: a
 * member booking can be moved and cancelled until it starts, a single one until the cancellation
 * window closes (`changeableUntil`, domain/changeWindow.ts), which with the defaults
 * (24 h, a reminder 3 h before) has closed already.
 */
function changeLines(o: {
  member: boolean;
  own: string;
  now: Date;
  changeableUntil: Date;
  cancellationHours: number;
}): string[] {
  if (o.now.getTime() > o.changeableUntil.getTime())
    return [
      `Siirto ja peruutus olivat mahdollisia viimeistään ${o.cancellationHours} tuntia ennen alkua, joten varausta ei voi enää siirtää eikä perua.`,
      `Oma varaus: ${o.own}`,
    ];
  return [
    o.member
      ? "Jäsenvarauksen voi vielä siirtää tai perua varauksen alkuun asti; perutun varauksen tunnit palaavat kiintiöösi."
      : `Varauksen voi vielä siirtää tai perua viimeistään ${formatDateTime(o.changeableUntil)}.`,
    `Siirrä tai peru varaus: ${o.own}`,
  ];
}

/** A few hours before the start: the way in, the time, the rules and where to park. */
export function reminderMail(
  context: Context & {
    member: boolean;
    /** When the e-mail is queued, and until when its owner may move or cancel the booking. */
    now: Date;
    changeableUntil: Date;
  },
): OutgoingMail {
  const { reservation: r, areaName, settings, publicUrl, member } = context;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  const own = ownReservationUrl(publicUrl, r.accessToken);
  return {
    kind: "reminder",
    to: r.email,
    subject: `Muistutus varauksesta: ${when}`,
    text: [
      `Hei ${r.name},`,
      "",
      `muistutamme varauksestasi: ${when}, ${areaName}.`,
      "",
      `Portin avaus: ${doorUrlOf(publicUrl, r.doorToken)}`,
      doorWindow(settings.door),
      "",
      "Saapuminen ja pysäköinti:",
      settings.reminders.arrival,
      "",
      "Puiston säännöt lyhyesti:",
      settings.reminders.rules,
      "",
      ...changeLines({
        member,
        own,
        now: context.now,
        changeableUntil: context.changeableUntil,
        cancellationHours: settings.slotRules.cancellationHours,
      }),
      "",
      `Osoite: ${address(settings.park)}`,
      `Näytä kartalla: ${mapUrl(settings.park)}`,
      `Et halua muistutuksia? Ne voi ottaa pois päältä Oma tili -sivulla: ${publicUrl}/oma-tili`,
      ...signature(settings.park),
    ].join("\n"),
  };
}

/** Links to every upcoming booking of an address; also sent (saying so) when there are none. */
export function lookupMail(options: {
  to: string;
  bookings: Array<{ startsAt: Date; endsAt: Date; areaName: string; accessToken: string }>;
  park: Settings["park"];
  publicUrl: string;
}): OutgoingMail {
  const { to, bookings, park, publicUrl } = options;
  const lines =
    bookings.length === 0
      ? [
          "tällä sähköpostiosoitteella ei ole tulevia varauksia.",
          "",
          "Jos teit varauksen toisella osoitteella, pyydä varaukset sillä osoitteella.",
          `Uuden ajan voit varata varauskalenterista: ${publicUrl}/varauskalenteri`,
        ]
      : [
          "tässä ovat tulevat varauksesi. Linkki avaa varauksen portin avauslinkkeineen, ja varaus",
          "tallentuu selaimeen, jolla avaat sen.",
          "",
          ...bookings.flatMap((b) => [
            `${formatTimeRange(b.startsAt, b.endsAt)}, ${b.areaName}`,
            ownReservationUrl(publicUrl, b.accessToken),
            "",
          ]),
        ];
  return {
    kind: "lookup",
    to,
    subject: `Varauksesi – ${park.name}`,
    text: [
      "Hei,",
      "",
      ...lines,
      "",
      "Jos et pyytänyt tätä viestiä, voit jättää sen huomiotta.",
      ...signature(park),
    ].join("\n"),
  };
}

/** A member booking needs no payment, so its confirmation is the receipt without money. */
export function memberConfirmationMail(context: Context & { hoursLeft: number }): OutgoingMail {
  const { reservation: r, areaName, settings, publicUrl } = context;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  return {
    kind: "member_booking",
    to: r.email,
    subject: `Jäsenvaraus vahvistettu: ${when}`,
    text: [
      `Hei ${r.name},`,
      "",
      "jäsenvarauksesi on vahvistettu.",
      "",
      `Aika: ${when}`,
      `Alue: ${areaName}`,
      `Koiria: ${r.dogs}`,
      ...[dogOptionsLine(r)].filter(Boolean),
      `Tuntikiintiötä jäljellä jaksolla: ${formatHours(context.hoursLeft)}`,
      "",
      `Portin avaus: ${doorUrlOf(publicUrl, r.doorToken)}`,
      doorWindow(settings.door),
      "",
      `Oma varaus ja peruutus: ${ownReservationUrl(publicUrl, r.accessToken)}`,
      `Jäsenvaraukset näet myös Oma tili -sivulla: ${publicUrl}/oma-tili`,
      "Jäsenvarauksen voi perua varauksen alkuun asti; tunnit palaavat kiintiöösi.",
      "",
      `Osoite: ${address(settings.park)}`,
      `Näytä kartalla: ${mapUrl(settings.park)}`,
      ...signature(settings.park),
    ].join("\n"),
    attachments: [icsAttachment(context)],
  };
}

/** A member booking cancelled by its member; `reservation` is the cancelled row (its SEQUENCE raised). */
export function memberCancellationMail(
  context: Omit<Context, "settings"> & {
    settings: Pick<Settings, "park">;
  },
): OutgoingMail {
  const { reservation: r, areaName, settings } = context;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  const hours = (r.endsAt.getTime() - r.startsAt.getTime()) / 3_600_000;
  return {
    kind: "cancellation",
    to: r.email,
    subject: `Varaus peruttu: ${when}`,
    text: [
      `Hei ${r.name},`,
      "",
      `jäsenvarauksesi on peruttu: ${when}, ${areaName}.`,
      `${formatHours(hours)} palautui tuntikiintiöösi.`,
      "",
      "Portin avauslinkki ei ole enää voimassa.",
      CANCEL_ICS_LINE,
      ...signature(settings.park),
    ].join("\n"),
    attachments: [icsAttachment(context, "CANCEL")],
  };
}

const formatHours = (hours: number) => `${String(Math.round(hours * 10) / 10).replace(".", ",")} h`;

/**
 * A booking an admin made for the customer (a phone call, a guest): confirmed without payment, so
 * its confirmation is the receipt without money, with the door link, its own page and the .ics.
 */
export function adminBookingMail(context: Context): OutgoingMail {
  const { reservation: r, areaName, settings, publicUrl } = context;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  return {
    kind: "admin_booking",
    to: r.email,
    subject: `Varaus vahvistettu: ${when}`,
    text: [
      `Hei ${r.name},`,
      "",
      `${settings.park.name} on tehnyt sinulle varauksen, ja se on vahvistettu.`,
      "",
      `Aika: ${when}`,
      `Alue: ${areaName}`,
      `Koiria: ${r.dogs}`,
      ...[dogOptionsLine(r)].filter(Boolean),
      "",
      `Portin avaus: ${doorUrlOf(publicUrl, r.doorToken)}`,
      doorWindow(settings.door),
      "",
      `Oma varaus ja peruutus: ${ownReservationUrl(publicUrl, r.accessToken)}`,
      `Varauksen voi perua viimeistään ${settings.slotRules.cancellationHours} tuntia ennen alkua.`,
      "",
      `Osoite: ${address(settings.park)}`,
      `Näytä kartalla: ${mapUrl(settings.park)}`,
      ...signature(settings.park),
    ].join("\n"),
    attachments: [icsAttachment(context)],
  };
}
