import { createEvent } from "ics";
import { addDays, formatDay, formatTimeRange } from "../../domain/helsinkiClock.js";
import { standingSummary } from "../../domain/standingSlot.js";
import { type OutgoingMail, signature } from "../mail/index.js";
import type { Settings } from "../settings/index.js";
import { doorUrlOf } from "./receipt.js";
import type { StandingSlotRow, StandingWeekWithBooking } from "./standingRepository.js";

/**
 * The e-mails of a standing slot (decision 056): made, weeks added that could not be had, ended.
 * Each carries the series' one calendar event: a weekly RRULE at the series' Helsinki wall-clock
 * time (TZID, so it stays 17.00 across daylight saving), with an EXDATE for every week not held at
 * that time (not had, cancelled, or moved alone: a moved week is its own booking's event). The UID
 * is the series', its SEQUENCE one more with each message, so every calendar replaces the event.
 */

type Recipient = { name: string; email: string };
type SeriesMail = {
  series: StandingSlotRow;
  weeks: StandingWeekWithBooking[];
  to: Recipient;
  settings: Pick<Settings, "park">;
  publicUrl: string;
};

const HELSINKI_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Helsinki",
  "BEGIN:STANDARD",
  "DTSTART:19701025T040000",
  "TZOFFSETFROM:+0300",
  "TZOFFSETTO:+0200",
  "TZNAME:EET",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19700329T030000",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0300",
  "TZNAME:EEST",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

type Parts = [number, number, number, number, number];
const wallParts = (date: string, time: string): Parts => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return [y, m, d, h, min];
};
const stamp = (date: string, time: string) => `${date.replaceAll("-", "")}T${time.replace(":", "")}00`;

/** The weeks the series' event has: every week up to its last (null: open-ended), as a count. */
export function eventWeekCount(series: StandingSlotRow): number | null {
  const byEnd =
    series.endedFrom === null
      ? null
      : Math.max(0, Math.round((Date.parse(series.endedFrom) - Date.parse(series.firstDate)) / 604_800_000));
  if (series.weeks === null) return byEnd;
  return byEnd === null ? series.weeks : Math.min(series.weeks, byEnd);
}

/** Whether a made week is held at the series' own time (its booking live and not moved). */
export function heldAtSeriesTime(series: StandingSlotRow, week: StandingWeekWithBooking): boolean {
  if (week.reservationId === null || week.status !== "confirmed" || !week.startsAt) return false;
  return stamp(week.date, series.startTime) === helsinkiStamp(week.startsAt);
}

function helsinkiStamp(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Helsinki",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}${get("month")}${get("day")}T${get("hour")}${get("minute")}00`;
}

/** RFC 5545 folds lines longer than 75 octets: a CRLF and a space before the rest. */
const fold = (line: string) => line.match(/.{1,73}/g)!.join("\r\n ");

/** The series' calendar file: PUBLISH with its weeks, or CANCEL when it has none left. */
export function standingIcs({ series, weeks, to, settings, publicUrl }: SeriesMail): {
  method: "PUBLISH" | "CANCEL";
  content: string;
} {
  const count = eventWeekCount(series);
  const cancel = count === 0;
  const endTime = (() => {
    const [h, m] = series.startTime.split(":").map(Number) as [number, number];
    const total = h * 60 + m + series.minutes;
    return {
      days: Math.floor(total / 1440),
      time: `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`,
    };
  })();
  const endDate = addDays(series.firstDate, endTime.days);
  const { error, value } = createEvent({
    method: cancel ? "CANCEL" : "PUBLISH",
    uid: `standing-${series.id}@koirapuisto`,
    sequence: series.sequence,
    productId: "koirapuisto/vakiovuoro",
    title: `${cancel ? "Peruttu vakiovuoro" : "Vakiovuoro"}: ${settings.park.name}`,
    description: cancel
      ? "Vakiovuoro on päättynyt."
      : `${standingSummary(series.weekday, series.startTime, series.minutes)}. Jokaisen viikon portin avauslinkki on Oma tili -sivulla: ${publicUrl}/oma-tili`,
    location: settings.park.name,
    organizer: { name: settings.park.name, email: settings.park.email },
    ...(cancel ? { attendees: [{ name: to.name, email: to.email, rsvp: false }] } : {}),
    start: wallParts(series.firstDate, series.startTime),
    startInputType: "local",
    startOutputType: "local",
    end: wallParts(endDate, endTime.time),
    endInputType: "local",
    endOutputType: "local",
    ...(cancel ? {} : { recurrenceRule: count === null ? "FREQ=WEEKLY" : `FREQ=WEEKLY;COUNT=${count}` }),
    status: cancel ? "CANCELLED" : "CONFIRMED",
    busyStatus: cancel ? "FREE" : "BUSY",
  });
  if (error || !value) throw error ?? new Error("ics produced nothing");
  const skipped = weeks
    .filter((w) => !heldAtSeriesTime(series, w))
    .map((w) => stamp(w.date, series.startTime));
  const lines = value.split(/\r?\n/).filter((line) => line !== "");
  const out: string[] = [];
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") out.push(...HELSINKI_VTIMEZONE);
    if (line.startsWith("DTSTART:") || line.startsWith("DTEND:"))
      out.push(line.replace(":", ";TZID=Europe/Helsinki:"));
    else out.push(line);
    if (line.startsWith("RRULE:") && skipped.length > 0 && !cancel)
      out.push(fold(`EXDATE;TZID=Europe/Helsinki:${skipped.join(",")}`));
  }
  return { method: cancel ? "CANCEL" : "PUBLISH", content: `${out.join("\r\n")}\r\n` };
}

/** The series' calendar file as an e-mail attachment. */
export function seriesAttachment(mail: SeriesMail) {
  const { method, content } = standingIcs(mail);
  return {
    filename: "vakiovuoro.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content,
  };
}

const weekLine = (w: StandingWeekWithBooking, publicUrl: string, doorTokens: Map<string, string>) => {
  if (w.reservationId && w.startsAt && w.endsAt) {
    const token = doorTokens.get(w.reservationId);
    return `- ${formatTimeRange(w.startsAt, w.endsAt)}${token ? `, portin avaus: ${doorUrlOf(publicUrl, token)}` : ""}`;
  }
  return `- ${formatDay(w.date)}: ei saatu. ${w.reason ?? ""}`.trimEnd();
};

/** A series was made: the weeks booked now (with their gate links), those not had, and what follows. */
export function standingCreatedMail(mail: SeriesMail & { doorTokens: Map<string, string> }): OutgoingMail {
  const { series, weeks, publicUrl } = mail;
  const summary = standingSummary(series.weekday, series.startTime, series.minutes);
  const booked = weeks.filter((w) => w.reservationId);
  const missed = weeks.filter((w) => !w.reservationId);
  return {
    kind: "standing_slot",
    to: mail.to.email,
    subject: `Vakiovuoro vahvistettu: ${summary.replace("Joka viikko ", "")}`,
    text: [
      `Hei ${mail.to.name},`,
      "",
      `vakiovuorosi on vahvistettu: ${summary}, ${series.weeks === null ? "toistaiseksi" : `${series.weeks} viikkoa`} ${formatDay(series.firstDate)} alkaen.`,
      "",
      "Varatut viikot:",
      ...booked.map((w) => weekLine(w, publicUrl, mail.doorTokens)),
      ...(missed.length > 0
        ? [
            "",
            "Näitä viikkoja ei saatu, eikä niitä varattu:",
            ...missed.map((w) => weekLine(w, publicUrl, mail.doorTokens)),
          ]
        : []),
      "",
      "Myöhemmät viikot varataan sitä mukaa kuin varausikkuna etenee. Jos jokin viikko ei onnistu, saat siitä sähköpostin.",
      "Jokainen viikko on tavallinen jäsenvaraus: sen tunnit lasketaan sen jakson kiintiöön, ja sen voi siirtää tai perua Oma tili -sivulla.",
      `Oma tili: ${publicUrl}/oma-tili`,
      "",
      "Liitteenä oleva kalenteritiedosto lisää vakiovuoron kalenteriisi toistuvana tapahtumana.",
      ...signature(mail.settings.park),
    ].join("\n"),
    attachments: [seriesAttachment(mail)],
  };
}

/** The job added weeks, and some could not be had: which, and why. */
export function standingWeeksMissedMail(
  mail: SeriesMail & { missed: StandingWeekWithBooking[] },
): OutgoingMail {
  const { series } = mail;
  const summary = standingSummary(series.weekday, series.startTime, series.minutes);
  return {
    kind: "standing_slot",
    to: mail.to.email,
    subject: `Vakiovuoro: ${mail.missed.length === 1 ? "viikkoa" : "viikkoja"} ei saatu`,
    text: [
      `Hei ${mail.to.name},`,
      "",
      `vakiovuorostasi (${summary}) näitä viikkoja ei saatu, eikä niitä varattu:`,
      ...mail.missed.map((w) => weekLine(w, mail.publicUrl, new Map())),
      "",
      "Muut viikot ovat voimassa. Voit varata toisen ajan Oma tili -sivulla.",
      `Oma tili: ${mail.publicUrl}/oma-tili`,
      "",
      "Liitteenä oleva kalenteritiedosto päivittää vakiovuoron kalenterissasi.",
      ...signature(mail.settings.park),
    ].join("\n"),
    attachments: [seriesAttachment(mail)],
  };
}

/** The series was ended from a week on (by its member, an admin, or the membership's end). */
export function standingEndedMail(mail: SeriesMail & { cancelled: number }): OutgoingMail {
  const { series } = mail;
  const summary = standingSummary(series.weekday, series.startTime, series.minutes);
  const by =
    series.endedBy === "admin"
      ? "Puiston ylläpito on päättänyt vakiovuorosi"
      : series.endedBy === "membership"
        ? "Jäsenyytesi päättyy, joten vakiovuorosi päättyy"
        : "Vakiovuorosi on päätetty";
  return {
    kind: "standing_slot",
    to: mail.to.email,
    subject: `Vakiovuoro päättyy: ${summary.replace("Joka viikko ", "")}`,
    text: [
      `Hei ${mail.to.name},`,
      "",
      `${by} (${summary}) ${formatDay(series.endedFrom!)} alkaen.`,
      mail.cancelled > 0
        ? `${mail.cancelled === 1 ? "Sen varaus" : `Sen ${mail.cancelled} varausta`} siitä eteenpäin on peruttu, ja tunnit palautuivat kiintiöösi.`
        : "Sillä ei ollut varauksia siitä eteenpäin.",
      "",
      "Liitteenä oleva kalenteritiedosto päivittää vakiovuoron kalenterissasi.",
      ...signature(mail.settings.park),
    ].join("\n"),
    attachments: [seriesAttachment(mail)],
  };
}
