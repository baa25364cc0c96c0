import type { DbOrTx } from "../db/index.js";
import type { Settings } from "../settings/index.js";
import { gateRepository, type GateOutageRow } from "./gateRepository.js";

/**
 * The gate's state as the health job left it (door/gateHealth.ts): an open outage means the
 * last check found the gate not answering. Read by the door page and the admin pages.
 */

export type { GateOutageRow };

/** The outage still going on, if any (at most one: the partial unique index). */
export async function openOutage(db: DbOrTx): Promise<GateOutageRow | null> {
  return gateRepository(db).openOutage();
}

/** What a visitor is told to do when the gate does not answer. */
export function fallbackTextOf(settings: Pick<Settings, "door" | "park">): string {
  return settings.door.fallbackText ?? `Jos portti ei aukea, soita puistoon: ${settings.park.phone}.`;
}

/** The latest checks and outages, newest first (both tables grow: a fixed number is read). */
export async function gateHistory(db: DbOrTx, limit = 20) {
  const repository = gateRepository(db);
  const [checks, outages] = await Promise.all([
    repository.latestChecks(limit),
    repository.latestOutages(limit),
  ]);
  return { checks, outages };
}
