import type { Tx } from "../db/index.js";
import type { AdminActor } from "../plugins/adminAuth.js";
import { systemRepository } from "./repository.js";

/**
 * Every admin write leaves a row in audit_log: who, when (the database's clock of the writing
 * transaction), what, and the record before and after. It takes a transaction, not a database:
 * the row commits or rolls back with the change it describes.
 */
export async function recordAudit(
  tx: Tx,
  actor: AdminActor,
  entry: {
    action: string;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await systemRepository(tx).addAuditEntry({
    actorEmail: actor.email,
    actorUid: actor.uid,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** Dates become ISO strings, undefined becomes null: what jsonb can hold and a reader expects. */
const toJson = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v)));
