import type { Tx } from "../db/index.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { redactAudit } from "./auditRedaction.js";
import { systemRepository } from "./repository.js";

/**
 * Every admin write leaves a row in audit_log: who, when (the database's clock of the writing
 * transaction), what, and the record before and after without anyone's personal data or link
 * secrets (auditRedaction.ts: an update names the personal fields that changed, not their values).
 * It takes a transaction, not a database: the row commits or rolls back with the change it describes.
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
  const kept = redactAudit(entry.entity, entry.before, entry.after);
  await systemRepository(tx).addAuditEntry({
    actorEmail: actor.email,
    actorUid: actor.uid,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: kept.before,
    after: kept.after,
    changed: kept.changed,
  });
}
