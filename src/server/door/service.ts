import type { doorReasonValues } from "../../domain/admin/operations.js";
import type { DoorInfo } from "../../domain/booking.js";
import { formatDateTime, helsinkiDate, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { suspensionMessage } from "../../domain/invoiceStatus.js";
import type { AppContext } from "../context.js";
import { type Tx, LIMIT_LOCK, lockLimits } from "../db/index.js";
import { subscriptionRepository, unpaidStanding } from "../memberships/index.js";
import { pauseDaysText, pauseOn } from "../../domain/membershipPeriods.js";
import { type ReservationRow, findReservation } from "../reservations/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { fallbackTextOf, openOutage } from "./gateOutages.js";
import { handoverUntil } from "./handover.js";
import { doorRepository } from "./repository.js";

/**
 * The gate: a booking's door token opens it from door.opensBeforeMinutes before the start until
 * door.closesAfterMinutes after the end, but not before its start while another customer's booking
 * of the area is running (handover.ts), and not for a member booking while its membership is
 * suspended for an unpaid invoice. Every attempt, allowed or refused, lands in door_events
 * with its reason; the first allowed one marks the booking attended.
 */

/** Why a press was let through or refused (the admin's list names them, doorReasonText). */
export type DoorReason = (typeof doorReasonValues)[number];

/** 10 attempts a minute per link, 30 per IP address (several visitors may share a mobile IP). */
export const DOOR_LIMITS = { perToken: 10, perIp: 30, windowMs: 60_000 };

export function doorWindow(r: Pick<ReservationRow, "startsAt" | "endsAt">, door: Settings["door"]) {
  return {
    opensFrom: new Date(r.startsAt.getTime() - door.opensBeforeMinutes * 60_000),
    opensUntil: new Date(r.endsAt.getTime() + door.closesAfterMinutes * 60_000),
  };
}

function statusOf(r: ReservationRow, now: Date, door: Settings["door"]): DoorInfo["status"] {
  if (r.status !== "confirmed") return "cancelled";
  const { opensFrom, opensUntil } = doorWindow(r, door);
  if (now < opensFrom) return "early";
  if (now >= opensUntil) return "ended";
  return "open";
}

export async function getDoorInfo(ctx: AppContext, doorToken: string): Promise<DoorInfo | null> {
  const r = await findReservation(ctx.db, { doorToken });
  if (!r) return null;
  const settings = await getSettings(ctx.db);
  const { opensFrom, opensUntil } = doorWindow(r, settings.door);
  const now = ctx.now();
  let status = statusOf(r, now, settings.door);
  const handover = status === "open" ? await handoverUntil(ctx.db, r, now) : null;
  // Waiting for the previous visitor: the page says when, and asks again at that moment.
  if (handover) status = "early";
  const live = status === "early" || status === "open";
  const outage = live ? await openOutage(ctx.db) : null;
  // A suspended or paused membership's booking says so before the press it would refuse (decision 054).
  const refusal = live ? await memberRefusal(ctx, r, settings) : null;
  return {
    areaName: r.areaName,
    start: toHelsinkiIso(r.startsAt),
    end: toHelsinkiIso(r.endsAt),
    opensFrom: toHelsinkiIso(handover ?? opensFrom),
    opensUntil: toHelsinkiIso(opensUntil),
    status,
    waitsForPrevious: handover !== null,
    fallbackText: outage ? fallbackTextOf(settings) : null,
    suspended: refusal?.message ?? null,
  };
}

export type DoorAttempt = {
  statusCode: 200 | 403 | 404 | 429 | 502;
  success: boolean;
  message: string;
  /** The device's failure, for the log. */
  error?: unknown;
};

/** Reasons of presses with an unknown or malformed token: junk, counted apart from real links. */
const UNKNOWN_REASONS: DoorReason[] = ["unknown_token", "bad_token_format"];

/**
 * Whether this press is over its limits, counted in the database so every server behind a load
 * balancer sees the same count, under the caller's locks. A press on a real link counts against
 * the link (perToken) and against the IP's presses on real links (perIp); a press with an unknown
 * token only against the IP's unknown presses (perIp too), so junk from a shared mobile IP never
 * uses up a real visitor's allowance. Presses refused for the limit itself are not counted: the
 * allowance comes back a minute after the last counted press, however long someone keeps hammering.
 */
async function overDoorLimits(tx: Tx, reservationId: string | null, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - DOOR_LIMITS.windowMs);
  const presses = doorRepository(tx);
  if (!reservationId)
    return (await presses.recentUnknownPresses(ip, since, UNKNOWN_REASONS)) >= DOOR_LIMITS.perIp;
  const row = await presses.recentLinkPresses(reservationId, ip, since);
  return row.byIp >= DOOR_LIMITS.perIp || row.byToken >= DOOR_LIMITS.perToken;
}

type Verdict = {
  allowed: boolean;
  reason: DoorReason;
  statusCode: DoorAttempt["statusCode"];
  message: string;
};

/** What a press gets, before the device is asked; null reservation: an unknown token. */
function verdictOf(
  reservation: ReservationRow | null,
  settings: Settings,
  now: Date,
  handover: Date | null,
  refusal: { reason: "paused" | "suspended"; message: string } | null,
): Verdict {
  const refuse = (statusCode: DoorAttempt["statusCode"], reason: DoorReason, message: string) => ({
    allowed: false,
    reason,
    statusCode,
    message,
  });
  if (!reservation) return refuse(404, "unknown_token", "Avauslinkki on virheellinen tai vanhentunut.");
  if (reservation.status === "cancelled")
    return refuse(403, "cancelled", "Varaus on peruttu, joten porttia ei voi avata.");
  if (reservation.status !== "confirmed")
    return refuse(403, "not_confirmed", "Varaus ei ole voimassa, joten porttia ei voi avata.");
  const { opensFrom, opensUntil } = doorWindow(reservation, settings.door);
  if (now < opensFrom)
    return refuse(403, "too_early", `Portin voi avata aikaisintaan ${formatDateTime(opensFrom)}.`);
  if (now >= opensUntil)
    return refuse(403, "ended", "Varauksesi aika on päättynyt, joten porttia ei voi enää avata.");
  if (refusal) return refuse(403, refusal.reason, refusal.message);
  if (handover)
    return refuse(
      403,
      "handover",
      `Edellinen varaus on vielä käynnissä. Portin voi avata ${formatDateTime(handover)}.`,
    );
  return { allowed: true, reason: "opened", statusCode: 200, message: "Portti avattu." };
}

/**
 * Why a member booking's gate link does not open although its time has come (issue 35): the
 * membership is paused on its day (decision 058), or suspended by an invoice unpaid long enough
 * (decision 054). A single booking the same customer paid for still opens. Null: nothing refuses.
 */
async function memberRefusal(
  ctx: AppContext,
  reservation: ReservationRow | null,
  settings: Settings,
): Promise<{ reason: "paused" | "suspended"; message: string } | null> {
  if (reservation?.kind !== "subscriber" || !reservation.customerId) return null;
  const sub = reservation.subscriptionId
    ? await subscriptionRepository(ctx.db).byId(reservation.subscriptionId)
    : undefined;
  const pause = sub ? pauseOn(sub, helsinkiDate(reservation.startsAt)) : null;
  if (pause)
    return {
      reason: "paused",
      message: `Jäsenyys on tauolla ${pauseDaysText(pause)}, joten jäsenvarauksen porttilinkki ei toimi.`,
    };
  const today = helsinkiDate(ctx.now());
  const unpaid = await unpaidStanding(
    ctx.db,
    reservation.customerId,
    today,
    settings.membership.suspendAfterDays,
  );
  return unpaid?.suspended ? { reason: "suspended", message: suspensionMessage(unpaid) } : null;
}

/**
 * One press of "Avaa portti". The limits are checked and the press recorded in one transaction
 * under the locks of what is limited (the link, the IP's real presses or its unknown ones), so
 * exactly the limit gets through under concurrency. The device is asked after the commit, and
 * its failure rewrites the recorded reason.
 */
export async function openDoor(ctx: AppContext, doorToken: string, ip: string): Promise<DoorAttempt> {
  const reservation = (await findReservation(ctx.db, { doorToken })) ?? null;
  const settings = await getSettings(ctx.db);
  const refusal = await memberRefusal(ctx, reservation, settings);
  const { id: eventId, verdict } = await ctx.db.transaction(async (tx) => {
    await lockLimits(
      tx,
      reservation
        ? [
            [LIMIT_LOCK.doorIp, ip],
            [LIMIT_LOCK.doorLink, reservation.id],
          ]
        : [[LIMIT_LOCK.doorUnknownIp, ip]],
    );
    const now = ctx.now();
    const limited = await overDoorLimits(tx, reservation?.id ?? null, ip, now);
    const handover = reservation && !limited ? await handoverUntil(tx, reservation, now) : null;
    const verdict: Verdict = limited
      ? {
          allowed: false,
          reason: "rate_limited",
          statusCode: 429,
          message: "Liian monta yritystä. Odota hetki ja yritä sitten uudelleen.",
        }
      : verdictOf(reservation, settings, now, handover, refusal);
    const id = await doorRepository(tx).recordPress({
      reservationId: reservation?.id ?? null,
      allowed: verdict.allowed,
      reason: verdict.reason,
      provider: ctx.door.name,
      ip,
      createdAt: now,
    });
    // Attendance (decision 029): the first allowed press, also when the device then fails.
    if (verdict.allowed) await doorRepository(tx).markAttended(reservation!.id, now);
    return { id, verdict };
  });
  if (!verdict.allowed) return { statusCode: verdict.statusCode, success: false, message: verdict.message };

  try {
    await ctx.door.open({ reservationId: reservation!.id, seconds: ctx.config.DOOR_OPEN_SECONDS });
  } catch (error) {
    // Permitted, but the device failed: recorded as allowed with the failure as the reason.
    await doorRepository(ctx.db).markProviderError(eventId);
    return {
      statusCode: 502,
      success: false,
      message: settings.door.fallbackText
        ? `Portin avaaminen ei onnistunut. Yritä uudelleen. ${settings.door.fallbackText}`
        : `Portin avaaminen ei onnistunut. Yritä uudelleen tai soita puistoon: ${settings.park.phone}.`,
      error,
    };
  }
  return { statusCode: 200, success: true, message: verdict.message };
}

/** An attempt refused before it reached openDoor (a token no link could have): still recorded. */
export async function recordMalformedAttempt(ctx: AppContext, ip: string): Promise<void> {
  await doorRepository(ctx.db).recordPress({
    reservationId: null,
    allowed: false,
    reason: "bad_token_format",
    provider: ctx.door.name,
    ip,
    createdAt: ctx.now(),
  });
}
