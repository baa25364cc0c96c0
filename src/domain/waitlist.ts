import * as z from "zod/mini";
import { isoDateTime, requestDateTime } from "./formats.js";
import { helsinkiOffset, isoAtOffset } from "./helsinkiClock.js";

/**
 * The waitlist of a taken slot ("Ilmoita, jos aika vapautuu", decision 033): POST /api/v2/waitlist,
 * GET /api/v2/waitlist/{token} and POST /api/v2/waitlist/{token}/leave. Shared by the routes and the SPA.
 */

/*
 * An entry waits for a whole range, start to end (a 1 h booking is one entry, offered when all of
 * the hour is free). The page /varauskalenteri/jono/:start/:end takes the length wanted as
 * `?kesto=<minutes>` (WAITLIST_LENGTH_PARAM, web/pages/booking/waitlistPath.ts: the calendar's taken
 * cell links its own start and end; with the parameter the range is start + kesto), and lets the
 * visitor choose another of the park's lengths.
 */

/** The minutes a `kesto` parameter asks for: a whole number from 1 to 24 h, else null (ignored). */
export function waitlistLengthParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const minutes = Number(value);
  return minutes >= 1 && minutes <= 24 * 60 ? minutes : null;
}

/** `minutes` real minutes after `start` as a Helsinki ISO time (a booking's length is real minutes, across DST too). */
export function waitlistRangeEnd(start: string, minutes: number): string {
  const ms = Date.parse(start) + minutes * 60_000;
  return isoAtOffset(ms, helsinkiOffset(ms));
}

// The address only has to be a string here; the route checks its format with one plain message.
export const waitlistJoinSchema = z.object({
  start: requestDateTime,
  end: requestDateTime,
  email: z.string().check(z.maxLength(200)),
});
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinSchema>;

export const waitlistJoinResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

export const waitlistEntryStatuses = ["waiting", "offered", "booked", "missed", "left", "ended"] as const;

/** An entry as its owner sees it through the link of its e-mail. */
export const waitlistEntryViewSchema = z.object({
  status: z.enum(waitlistEntryStatuses),
  start: isoDateTime,
  end: isoDateTime,
  email: z.string(),
  /** While offered: until when the slot is held for this address. */
  offerExpiresAt: z.nullable(isoDateTime),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;

export const waitlistLeaveResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const WAITLIST_MESSAGES = {
  joined:
    "Olet jonossa. Jos aika vapautuu, lähetämme sähköpostiisi linkin, jolla aika on hetken varattuna vain sinulle.",
  alreadyIn: "Olet jo tämän ajan jonossa. Ilmoitamme sähköpostitse, jos aika vapautuu.",
  free: "Aika on vapaa juuri nyt: varaa se varauskalenterista.",
  notFound: "Jonopaikkaa ei löytynyt. Tarkista linkki.",
  left: "Poistuit jonosta. Emme lähetä tästä ajasta enää viestejä.",
  alreadyEnded: "Jonopaikka on jo päättynyt.",
  tooManyForEmail:
    "Tällä osoitteella on liitytty jonoon liian monta kertaa tunnin sisällä. Yritä myöhemmin uudelleen.",
  tooManyFromIp: (minutes: number) =>
    `Jonoon on liitytty liian monta kertaa. Yritä uudelleen ${minutes} minuutin kuluttua.`,
  offerInvalid:
    "Jonotarjous ei ole enää voimassa tälle ajalle ja osoitteelle. Valitse toinen aika varauskalenterista.",
} as const;
