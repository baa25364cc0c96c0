import type { AuditList, AuditQuery } from "../../domain/admin/system.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { logWindow, pageOf } from "../lists/index.js";
import { systemRepository } from "./repository.js";

/**
 * Järjestelmä: the audit log (the scheduled jobs are jobs/admin.ts, the outbox mail/admin.ts, the
 * admin list system/admins.ts, the health checks system/health.ts).
 */

/**
 * A page of the audit log in a date window (the last RECENT_DAYS days unless asked), newest
 * first, with how many entries match: through audit_log_created.
 */
export async function listAudit(ctx: AppContext, query: AuditQuery): Promise<AuditList> {
  const window = logWindow(ctx.now(), query);
  const page = pageOf(query.page);
  const { rows, total } = await systemRepository(ctx.db).auditPage(window, query, page);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: toHelsinkiIso(r.createdAt),
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      changed: r.changed ?? [],
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
    from: window.from,
    to: window.to,
  };
}
