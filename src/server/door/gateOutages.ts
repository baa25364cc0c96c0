import { desc, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { gateChecks, gateOutages } from "../db/schema.js";
import type { Settings } from "../settings/service.js";

/**
 * The gate's state as the health job left it (door/gateHealth.ts): an open outage means the
 * last check found the gate not answering. Read by the door page and the admin pages.
 */

export type GateOutageRow = typeof gateOutages.$inferSelect;

/** The outage still going on, if any (at most one: the partial unique index). */
export async function openOutage(db: DbOrTx): Promise<GateOutageRow | null> {
  const [row] = await db.select().from(gateOutages).where(isNull(gateOutages.endedAt)).limit(1);
  return row ?? null;
}

/** What a visitor is told to do when the gate does not answer. */
export function fallbackTextOf(settings: Pick<Settings, "door" | "park">): string {
  return settings.door.fallbackText ?? `Jos portti ei aukea, soita puistoon: ${settings.park.phone}.`;
}

/** The latest checks and outages, newest first (both tables grow: a fixed number is read). */
export async function gateHistory(db: DbOrTx, limit = 20) {
  const [checks, outages] = await Promise.all([
    db.select().from(gateChecks).orderBy(desc(gateChecks.windowStart)).limit(limit),
    db.select().from(gateOutages).orderBy(desc(gateOutages.startedAt)).limit(limit),
  ]);
  return { checks, outages };
}
