import { asc, eq } from "drizzle-orm";
import {
  editableSettings,
  type AdminSettings,
  type EditableSettingKey,
} from "../../../domain/admin/settings.js";
import type { AppContext } from "../../context.js";
import { areas, openingExceptions, settings as settingsTable } from "../../db/schema.js";
import { conflict, notFound } from "../../errors.js";
import type { AdminActor } from "../../plugins/adminAuth.js";
import { recordAudit } from "../audit.js";
import { getSetting, getSettings, putSetting, type SettingValue } from "../settings.js";

/**
 * Hallintapaneeli: the park's details, opening hours and their exceptions, areas, slot rules, the
 * gate window and the home-page notice. The site reads settings on every request, so a change is
 * in force for the next visitor at once.
 */

export async function adminSettings(ctx: AppContext): Promise<AdminSettings> {
  const s = await getSettings(ctx.db);
  const exceptionRows = await ctx.db.select().from(openingExceptions).orderBy(asc(openingExceptions.date));
  const areaRows = await ctx.db.select().from(areas).orderBy(asc(areas.sortOrder), asc(areas.id));
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

/** Replaces one setting; the value was checked by the route (domain/admin/settings.ts). */
export async function updateSetting<K extends EditableSettingKey>(
  ctx: AppContext,
  actor: AdminActor,
  key: K,
  value: unknown,
) {
  const parsed = editableSettings[key].parse(value) as SettingValue<K>;
  const normalised =
    key === "homeNotice" && !(parsed as { text: string | null }).text ? { text: null } : parsed;
  await ctx.db.transaction(async (tx) => {
    // The row lock makes two admins' saves of one setting take turns, so the audit's "before" is true.
    await tx.select().from(settingsTable).where(eq(settingsTable.key, key)).for("update");
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
    const [before] = await tx
      .select()
      .from(openingExceptions)
      .where(eq(openingExceptions.date, input.date))
      .for("update");
    await tx
      .insert(openingExceptions)
      .values(input)
      .onConflictDoUpdate({
        target: openingExceptions.date,
        set: { opensAt: input.opensAt, closesAt: input.closesAt, note: input.note },
      });
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
    const [row] = await tx.delete(openingExceptions).where(eq(openingExceptions.date, date)).returning();
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
    const [row] = await tx.insert(areas).values(input).returning();
    await recordAudit(tx, actor, { action: "area.create", entity: "area", entityId: row!.id, after: row });
    return row!;
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
    const all = await tx.select().from(areas).orderBy(asc(areas.id)).for("update");
    const before = all.find((a) => a.id === id);
    if (!before) throw notFound("Aluetta ei löytynyt.");
    if (!input.active && before.active && all.filter((a) => a.active).length === 1)
      throw conflict("Vähintään yhden alueen on oltava käytössä.");
    const [after] = await tx.update(areas).set(input).where(eq(areas.id, id)).returning();
    await recordAudit(tx, actor, { action: "area.update", entity: "area", entityId: id, before, after });
    return after!;
  });
}
