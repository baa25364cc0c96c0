import { getTimes } from "suncalc";
import type { AppContext } from "../context.js";
import { type DbOrTx, LIMIT_LOCK, lockLimits } from "../db/index.js";
import { loggableError } from "../errors.js";
import { getSettings, type Settings } from "../settings/index.js";
import { lightsRepository, type LightOverrideRow } from "./repository.js";

/**
 * The park's lights (issue 23 item 2, decision 035). The job runs every minute and works out the
 * wanted state: on from the gate's opening window (door.opensBeforeMinutes) before a confirmed
 * booking that falls in the dark (sunset to sunrise at park.latitude/longitude, suncalc) until its
 * end plus lights.graceMinutes; off otherwise; an admin's override in force wins. It switches only
 * on a change: under an advisory lock it compares with the last light_switches row and inserts a
 * new one (or claims a failed one again), commits, and only then calls the device, writing the
 * result back. Two servers running it at once make one row and one call per change.
 */

/** A try still pending after this long was lost (a server stopped mid-call) and is made again. */
export const LOST_TRY_MS = 2 * 60_000;
/** A booking is in the dark when the sun is down at any of these steps through it (and at its end). */
const SAMPLE_MS = 5 * 60_000;

/** Between sunset and sunrise at the place (suncalc's: the sun's upper limb below the horizon). */
export function isDark(at: Date, latitude: number, longitude: number): boolean {
  const times = getTimes(at, latitude, longitude);
  if (times.alwaysDown) return true;
  if (times.alwaysUp) return false;
  return (times.sunrise !== null && at < times.sunrise) || (times.sunset !== null && at >= times.sunset);
}

/** Whether the sun is down at any time of [start, end). */
export function fallsInDark(start: Date, end: Date, latitude: number, longitude: number): boolean {
  for (let t = start.getTime(); t < end.getTime(); t += SAMPLE_MS)
    if (isDark(new Date(t), latitude, longitude)) return true;
  return isDark(new Date(end.getTime() - 1), latitude, longitude);
}

/** Whether a confirmed booking in the dark wants the lights on now. */
export async function automaticallyOn(db: DbOrTx, settings: Settings, now: Date): Promise<boolean> {
  const rows = await lightsRepository(db).bookingsInWindow(
    now,
    settings.door.opensBeforeMinutes * 60_000,
    settings.lights.graceMinutes * 60_000,
  );
  const { latitude, longitude } = settings.park;
  return rows.some((r) => fallsInDark(r.startsAt, r.endsAt, latitude, longitude));
}

export type LightsOverride = LightOverrideRow & { mode: "on" | "off" };

/** The admin's override still in force: before its time, or while the automatic state is as it was. */
export async function overrideInForce(
  db: DbOrTx,
  now: Date,
  autoOn: boolean,
): Promise<LightsOverride | null> {
  const latest = await lightsRepository(db).latestOverride();
  if (!latest || latest.mode === "auto") return null;
  const ended = latest.untilAt ? now >= latest.untilAt : autoOn !== latest.autoOn;
  return ended ? null : (latest as LightsOverride);
}

export type Wanted = { on: boolean; reason: "booking" | "schedule" | "manual" };

export async function wantedLights(ctx: AppContext, settings: Settings, now: Date) {
  const autoOn = await automaticallyOn(ctx.db, settings, now);
  const override = await overrideInForce(ctx.db, now, autoOn);
  const wanted: Wanted = override
    ? { on: override.mode === "on", reason: "manual" }
    : { on: autoOn, reason: autoOn ? "booking" : "schedule" };
  return { autoOn, override, wanted };
}

export type LightsOutcome = "no-lights" | "unchanged" | "in-flight" | "on" | "off" | "failed";

export async function switchLights(ctx: AppContext): Promise<LightsOutcome> {
  if (ctx.lights.name === "none") return "no-lights";
  const now = ctx.now();
  const { wanted } = await wantedLights(ctx, await getSettings(ctx.db), now);

  const claim = await ctx.db.transaction(async (tx) => {
    await lockLimits(tx, [[LIMIT_LOCK.lights, "lights"]]);
    const switches = lightsRepository(tx);
    const last = await switches.lastSwitch();
    if (last?.result === "pending" && now.getTime() - last.triedAt.getTime() < LOST_TRY_MS)
      return "in-flight" as const;
    if (last && last.on === wanted.on) {
      if (last.result === "ok") return null;
      // A failed (or lost) switch to the state still wanted: tried again.
      return switches.retrySwitch(last.id, now);
    }
    // Never switched: the lights are taken to be off.
    if (!last && !wanted.on) return null;
    return switches.addSwitch({
      on: wanted.on,
      reason: wanted.reason,
      provider: ctx.lights.name,
      triedAt: now,
      createdAt: now,
    });
  });
  if (claim === null) return "unchanged";
  if (claim === "in-flight") return "in-flight";

  // The device is called with no transaction open.
  let error: string | null = null;
  try {
    await ctx.lights.switch(claim.on);
  } catch (e) {
    error = loggableError(e).message.slice(0, 300);
  }
  await lightsRepository(ctx.db).finishSwitch(claim.id, {
    result: error ? "failed" : "ok",
    error,
    finishedAt: ctx.now(),
  });
  return error ? "failed" : claim.on ? "on" : "off";
}

/** The latest switches, newest first (the table grows: a fixed number is read). */
export async function latestSwitches(db: DbOrTx, limit = 10) {
  return lightsRepository(db).latestSwitches(limit);
}
