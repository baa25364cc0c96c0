import {
  editableSettings,
  type AdminSettings,
  type EditableSettingKey,
} from "../../domain/admin/settings.js";
import type { AppContext } from "../context.js";
import { conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { settingsRepository } from "./repository.js";
import { getSetting, getSettings, putSetting, type SettingValue } from "./service.js";

/**
 * Hallintapaneeli: the park's details, opening hours and their exceptions, areas, slot rules, the
 * gate window and the home-page notice. The site reads settings on every request, so a change is
 * in force for the next visitor at once.
 */

export async function adminSettings(ctx: AppContext): Promise<AdminSettings> {
  const s = await getSettings(ctx.db);
  const repository = settingsRepository(ctx.db);
  const exceptionRows = await repository.exceptions();
  const areaRows = await repository.areas();
  const c = ctx.config;
  return {
    settings: {
      park: s.park,
      openingHours: s.openingHours,
      slotRules: s.slotRules,
      door: s.door,
      homeNotice: s.homeNotice,
      reminders: s.reminders,
      waitlist: s.waitlist,
      dogRules: s.dogRules,
      lights: s.lights,
      facts: s.facts,
    },
    exceptions: exceptionRows,
    areas: areaRows.map((a) => ({ id: a.id, name: a.name, active: a.active, sortOrder: a.sortOrder })),
    doorProvider: {
      name: c.DOOR_PROVIDER,
      target:
        c.DOOR_PROVIDER === "shelly"
          ? (c.SHELLY_URL ?? null)
          : c.DOOR_PROVIDER === "mqtt"
            ? `${c.MQTT_URL} ${c.MQTT_TOPIC}`
            : null,
    },
  };
}

/** A text left empty (the notice, a fact of the park) is stored as null: there is nothing to show. */
function blanksAsNull<T>(value: T): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, v === "" ? null : v])) as T;
}

/** Replaces one setting; the value was checked by the route (domain/admin/settings.ts). */
export async function updateSetting<K extends EditableSettingKey>(
  ctx: AppContext,
  actor: AdminActor,
  key: K,
  value: unknown,
) {
  const parsed = editableSettings[key].parse(value) as SettingValue<K>;
  const normalised = blanksAsNull(parsed);
  await ctx.db.transaction(async (tx) => {
    // The row lock makes two admins' saves of one setting take turns, so the audit's "before" is true.
    await settingsRepository(tx).lock(key);
    const before = await getSetting(tx, key);
    await putSetting(tx, key, normalised as SettingValue<K>);
    await recordAudit(tx, actor, {
      action: "settings.update",
      entity: "settings",
      entityId: key,
      before,
      after: normalised,
    });
  });
  return getSetting(ctx.db, key);
}

export async function putOpeningException(
  ctx: AppContext,
  actor: AdminActor,
  input: { date: string; opensAt: string | null; closesAt: string | null; note: string | null },
) {
  await ctx.db.transaction(async (tx) => {
    const repository = settingsRepository(tx);
    const before = await repository.lockException(input.date);
    await repository.putException(input);
    await recordAudit(tx, actor, {
      action: "opening_exception.put",
      entity: "opening_exception",
      entityId: input.date,
      before: before ?? null,
      after: input,
    });
  });
}

export async function deleteOpeningException(ctx: AppContext, actor: AdminActor, date: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await settingsRepository(tx).deleteException(date);
    if (!row) throw notFound("Poikkeusta ei löytynyt.");
    await recordAudit(tx, actor, {
      action: "opening_exception.delete",
      entity: "opening_exception",
      entityId: date,
      before: row,
    });
  });
}

export async function createArea(
  ctx: AppContext,
  actor: AdminActor,
  input: { name: string; active: boolean; sortOrder: number },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await settingsRepository(tx).insertArea(input);
    await recordAudit(tx, actor, { action: "area.create", entity: "area", entityId: row.id, after: row });
    return row;
  });
}

/** Renames, reorders or (de)activates an area; the last active area cannot be deactivated. */
export async function updateArea(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  input: { name: string; active: boolean; sortOrder: number },
) {
  return ctx.db.transaction(async (tx) => {
    // Every area locked in id order, as blocks lock them: "the last active one" stays true meanwhile.
    const repository = settingsRepository(tx);
    const all = await repository.lockAreas();
    const before = all.find((a) => a.id === id);
    if (!before) throw notFound("Aluetta ei löytynyt.");
    if (!input.active && before.active && all.filter((a) => a.active).length === 1)
      throw conflict("Vähintään yhden alueen on oltava käytössä.");
    const after = await repository.updateArea(id, input);
    await recordAudit(tx, actor, { action: "area.update", entity: "area", entityId: id, before, after });
    return after!;
  });
}
