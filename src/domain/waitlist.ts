import * as z from "zod/mini";
import { isoDateTime, requestDateTime } from "./formats.js";

/**
 * The waitlist of a taken slot ("Ilmoita, jos aika vapautuu", decision 033): POST /api/v2/waitlist,
 * GET /api/v2/waitlist/{token} and POST /api/v2/waitlist/{token}/leave. Shared by the routes and the SPA.
 */

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
