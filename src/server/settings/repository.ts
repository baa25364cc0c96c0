import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { areas, openingExceptions, settings } from "../schema/index.js";

/**
 * The settings' queries: the only place that reads or writes the settings rows, and, for the
 * admin's Hallintapaneeli, the opening exceptions and the areas (decision 037). Values are stored
 * as JSON; the service parses them with their schemas.
 */

export type SettingRow = typeof settings.$inferSelect;
export type OpeningExceptionRow = typeof openingExceptions.$inferSelect;
export type AreaRow = typeof areas.$inferSelect;
export type AreaValues = { name: string; active: boolean; sortOrder: number };
export type OpeningExceptionValues = {
  date: string;
  opensAt: string | null;
  closesAt: string | null;
  note: string | null;
};

export function settingsRepository(db: DbOrTx) {
  return {
    all(): Promise<SettingRow[]> {
      return db.select().from(settings);
    },

    async byKey(key: SettingRow["key"]): Promise<SettingRow | undefined> {
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      return row;
    },

    /** Locks the setting's row (if stored) for the rest of the transaction: two saves take turns. */
    async lock(key: SettingRow["key"]): Promise<void> {
      await db.select().from(settings).where(eq(settings.key, key)).for("update");
    },

    async put(key: SettingRow["key"], value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },

    exceptions(): Promise<OpeningExceptionRow[]> {
      return db.select().from(openingExceptions).orderBy(asc(openingExceptions.date));
    },

    async lockException(date: string): Promise<OpeningExceptionRow | undefined> {
      const [row] = await db
        .select()
        .from(openingExceptions)
        .where(eq(openingExceptions.date, date))
        .for("update");
      return row;
    },

    async putException(values: OpeningExceptionValues): Promise<void> {
      await db
        .insert(openingExceptions)
        .values(values)
        .onConflictDoUpdate({
          target: openingExceptions.date,
          set: { opensAt: values.opensAt, closesAt: values.closesAt, note: values.note },
        });
    },

    async deleteException(date: string): Promise<OpeningExceptionRow | undefined> {
      const [row] = await db.delete(openingExceptions).where(eq(openingExceptions.date, date)).returning();
      return row;
    },

    areas(): Promise<AreaRow[]> {
      return db.select().from(areas).orderBy(asc(areas.sortOrder), asc(areas.id));
    },

    /** Every area, locked in id order (as blocks lock them). */
    lockAreas(): Promise<AreaRow[]> {
      return db.select().from(areas).orderBy(asc(areas.id)).for("update");
    },

    async insertArea(values: AreaValues): Promise<AreaRow> {
      const [row] = await db.insert(areas).values(values).returning();
      return row!;
    },

    async updateArea(id: number, values: AreaValues): Promise<AreaRow | undefined> {
      const [row] = await db.update(areas).set(values).where(eq(areas.id, id)).returning();
      return row;
    },
  };
}
