import { formatTimeRange } from "../../domain/helsinkiClock.js";
import { formatEuros } from "../../domain/money.js";
import { type OutgoingMail, signature } from "../mail/index.js";
import { doorUrlOf, icsAttachment, type MailReservation } from "./receipt.js";
import type { Settings } from "../settings/index.js";

/**
 * The e-mail of a moved booking: the new time, what came back, the same door link, and the
 * calendar event again with the booking's UID and its new SEQUENCE, so a calendar app moves the
 * event it has instead of adding a second one.
 */
export function moveMail(o: {
  reservation: MailReservation & { sequence: number };
  from: { startsAt: Date; endsAt: Date };
  areaName: string;
  settings: Pick<Settings, "park" | "door" | "slotRules">;
  publicUrl: string;
  refundedCents: number;
  giftCardReturnedCents: number;
  /** A dearer time's difference, paid before the move. */
  paidCents?: number;
  byAdmin: boolean;
}): OutgoingMail {
  const r = o.reservation;
  const when = formatTimeRange(r.startsAt, r.endsAt);
  const text = [
    `Hei ${r.name},`,
    "",
    o.byAdmin ? "puiston ylläpito on siirtänyt varauksesi uuteen aikaan." : "varauksesi on siirretty.",
    "",
    `Uusi aika: ${when}`,
    `Aiempi aika: ${formatTimeRange(o.from.startsAt, o.from.endsAt)}`,
    `Alue: ${o.areaName}`,
    ...(o.paidCents ? [`Uusi aika on kalliimpi: lisämaksu ${formatEuros(o.paidCents)} on maksettu.`] : []),
    ...(o.refundedCents > 0
      ? [
          `Uusi aika on edullisempi: palautamme ${formatEuros(o.refundedCents)} maksutavallesi. Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.`,
        ]
      : []),
    ...(o.giftCardReturnedCents > 0
      ? [`Lahjakortillesi palautettiin ${formatEuros(o.giftCardReturnedCents)}.`]
      : []),
    "",
    `Portin avaus (sama linkki, uusi aika): ${doorUrlOf(o.publicUrl, r.doorToken)}`,
    `Oma varaus, siirto ja peruutus: ${o.publicUrl}/oma-varaus?varaus=${encodeURIComponent(r.accessToken)}`,
    "",
    "Liitteenä oleva kalenteritiedosto päivittää tapahtuman kalenterissasi uuteen aikaan.",
    ...signature(o.settings.park),
  ].join("\n");
  return {
    kind: "reservation_move",
    to: r.email,
    subject: `Varaus siirretty: ${when}`,
    text,
    attachments: [
      icsAttachment({ reservation: r, areaName: o.areaName, settings: o.settings, publicUrl: o.publicUrl }),
    ],
  };
}

/**
 * A dearer move's difference paid too late (the hold had ended and the time was taken, the visitor
 * chose another time meanwhile, or the booking changed): the money goes back and the booking
 * stays where it is.
 */
export function moveRefundMail(o: {
  booking: MailReservation & { accessToken: string };
  wanted: { startsAt: Date; endsAt: Date };
  amountCents: number;
  settings: Pick<Settings, "park">;
  publicUrl: string;
}): OutgoingMail {
  const r = o.booking;
  return {
    kind: "refund",
    to: r.email,
    subject: `Varausta ei siirretty: ${formatTimeRange(o.wanted.startsAt, o.wanted.endsAt)}`,
    text: [
      `Hei ${r.name},`,
      "",
      `lisämaksusi ${formatEuros(o.amountCents)} siirrosta aikaan ${formatTimeRange(o.wanted.startsAt, o.wanted.endsAt)} saapui, kun aikaa ei enää pidetty sinulle, joten varausta ei siirretty.`,
      `Palautamme ${formatEuros(o.amountCents)} maksutavallesi. Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.`,
      "",
      `Varauksesi on edelleen ajalla ${formatTimeRange(r.startsAt, r.endsAt)}.`,
      `Oma varaus: ${o.publicUrl}/oma-varaus?varaus=${encodeURIComponent(r.accessToken)}`,
      ...signature(o.settings.park),
    ].join("\n"),
  };
}
