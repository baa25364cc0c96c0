import type { LightsOverrideBody, LightsOverview } from "../../domain/admin/lights.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { badRequest } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { getSettings } from "../settings/index.js";
import { recordAudit } from "../system/index.js";
import { lightsRepository } from "./repository.js";
import { latestSwitches, switchLights, wantedLights } from "./service.js";

/** The lights on toiminta (decision 035): state, the override in force, the latest switches. */
export async function lightsOverview(ctx: AppContext): Promise<LightsOverview> {
  const now = ctx.now();
  const settings = await getSettings(ctx.db);
  const [{ autoOn, override }, switches] = await Promise.all([
    wantedLights(ctx, settings, now),
    latestSwitches(ctx.db),
  ]);
  const lastOk = switches.find((s) => s.result === "ok");
  return {
    provider: ctx.lights.name,
    target: ctx.lights.target,
    state: lastOk ? (lastOk.on ? "on" : "off") : "unknown",
    automaticOn: autoOn,
    graceMinutes: settings.lights.graceMinutes,
    override: override
      ? { mode: override.mode, until: override.untilAt ? toHelsinkiIso(override.untilAt) : null }
      : null,
    switches: switches.map((s) => ({
      at: toHelsinkiIso(s.createdAt),
      on: s.on,
      reason: s.reason,
      result: s.result,
      error: s.error,
      attempts: s.attempts,
    })),
  };
}

/**
 * The admin's override: on or off until a time or until the automatic state next changes, or
 * back to automatic. Recorded with its audit row in one transaction; the lights are switched
 * after the commit (the job would within a minute).
 */
export async function setLightsOverride(
  ctx: AppContext,
  actor: AdminActor,
  body: LightsOverrideBody,
): Promise<LightsOverview> {
  if (ctx.lights.name === "none") throw badRequest("Puistoon ei ole kytketty ohjattavia valoja.");
  const now = ctx.now();
  const until = body.mode === "auto" || !body.until ? null : new Date(body.until);
  if (until && until <= now) throw badRequest("Käsiohjauksen päättymisajan on oltava tulevaisuudessa.");
  const { autoOn } = await wantedLights(ctx, await getSettings(ctx.db), now);
  await ctx.db.transaction(async (tx) => {
    const overrides = lightsRepository(tx);
    const before = await overrides.latestOverride();
    const row = await overrides.addOverride({
      mode: body.mode,
      untilAt: until,
      autoOn,
      actorEmail: actor.email,
      createdAt: now,
    });
    await recordAudit(tx, actor, {
      action: "lights.override",
      entity: "lights",
      entityId: row.id,
      before: before ? { mode: before.mode, until: before.untilAt } : null,
      after: { mode: body.mode, until },
    });
  });
  await switchLights(ctx);
  return lightsOverview(ctx);
}
