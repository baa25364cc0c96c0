import { and, gt, ne, sql } from "drizzle-orm";
import type { DoorInfo } from "../../domain/booking.js";
import { formatDateTime, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { doorEvents } from "../db/schema.js";
import { findReservation, type ReservationRow } from "./reservationView.js";
import { getSettings, type Settings } from "./settings.js";

/**
 * The gate: a booking's door token opens it from door.opensBeforeMinutes before the start until
 * door.closesAfterMinutes after the end. Every attempt, allowed or refused, lands in door_events
 * with its reason.
 */

export type DoorReason =
  | "opened"
  | "too_early"
  | "ended"
  | "cancelled"
  | "not_confirmed"
  | "unknown_token"
  | "provider_error"
  | "rate_limited"
  | "bad_token_format";

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
  const { door } = await getSettings(ctx.db);
  const { opensFrom, opensUntil } = doorWindow(r, door);
  return {
    areaName: r.areaName,
    start: toHelsinkiIso(r.startsAt),
    end: toHelsinkiIso(r.endsAt),
    opensFrom: toHelsinkiIso(opensFrom),
    opensUntil: toHelsinkiIso(opensUntil),
    status: statusOf(r, ctx.now(), door),
  };
}

export type DoorAttempt = {
  statusCode: 200 | 403 | 404 | 429 | 502;
  success: boolean;
  message: string;
  /** The device's failure, for the log. */
  error?: unknown;
};

/**
 * Presses counted in the database, so every server behind a load balancer sees the same count.
 * Presses refused for the limit itself are not counted: the allowance comes back a minute after
 * the last counted press, however long someone keeps hammering.
 */
async function overDoorLimits(ctx: AppContext, reservationId: string | null, ip: string): Promise<boolean> {
  const since = new Date(ctx.now().getTime() - DOOR_LIMITS.windowMs);
  const [row] = await ctx.db
    .select({
      byIp: sql<number>`count(*) filter (where ${doorEvents.ip} = ${ip})`.mapWith(Number),
      byToken: reservationId
        ? sql<number>`count(*) filter (where ${doorEvents.reservationId} = ${reservationId})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(doorEvents)
    .where(and(gt(doorEvents.createdAt, since), ne(doorEvents.reason, "rate_limited")));
  return row!.byIp >= DOOR_LIMITS.perIp || row!.byToken >= DOOR_LIMITS.perToken;
}

/** One press of "Avaa portti". */
export async function openDoor(ctx: AppContext, doorToken: string, ip: string): Promise<DoorAttempt> {
  const reservation = await findReservation(ctx.db, { doorToken });
  const record = (allowed: boolean, reason: DoorReason) =>
    ctx.db.insert(doorEvents).values({
      reservationId: reservation?.id ?? null,
      allowed,
      reason,
      provider: ctx.door.name,
      ip,
      createdAt: ctx.now(),
    });
  const refuse = async (statusCode: DoorAttempt["statusCode"], reason: DoorReason, message: string) => {
    await record(false, reason);
    return { statusCode, success: false, message };
  };

  // Hammering one link also uses up the address's allowance: every press counts for both.
  if (await overDoorLimits(ctx, reservation?.id ?? null, ip))
    return refuse(429, "rate_limited", "Liian monta yritystä. Odota hetki ja yritä sitten uudelleen.");
  if (!reservation) return refuse(404, "unknown_token", "Avauslinkki on virheellinen tai vanhentunut.");

  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  if (reservation.status === "cancelled")
    return refuse(403, "cancelled", "Varaus on peruttu, joten porttia ei voi avata.");
  if (reservation.status !== "confirmed")
    return refuse(403, "not_confirmed", "Varaus ei ole voimassa, joten porttia ei voi avata.");
  const { opensFrom, opensUntil } = doorWindow(reservation, settings.door);
  if (now < opensFrom)
    return refuse(403, "too_early", `Portin voi avata aikaisintaan ${formatDateTime(opensFrom)}.`);
  if (now >= opensUntil)
    return refuse(403, "ended", "Varauksesi aika on päättynyt, joten porttia ei voi enää avata.");

  try {
    await ctx.door.open({ reservationId: reservation.id, seconds: ctx.config.DOOR_OPEN_SECONDS });
  } catch (error) {
    // Permitted, but the device failed: recorded as allowed with the failure as the reason.
    await record(true, "provider_error");
    return {
      statusCode: 502,
      success: false,
      message: `Portin avaaminen ei onnistunut. Yritä uudelleen tai soita puistoon: ${settings.park.phone}.`,
      error,
    };
  }
  await record(true, "opened");
  return { statusCode: 200, success: true, message: "Portti avattu." };
}

/** An attempt refused before it reached openDoor (a token no link could have): still recorded. */
export async function recordMalformedAttempt(ctx: AppContext, ip: string): Promise<void> {
  await ctx.db.insert(doorEvents).values({
    reservationId: null,
    allowed: false,
    reason: "bad_token_format",
    provider: ctx.door.name,
    ip,
    createdAt: ctx.now(),
  });
}
