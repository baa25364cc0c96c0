import { and, asc, count, desc, eq, gte, ilike, like, lt, sql, type SQL } from "drizzle-orm";
import type { AuditQuery } from "../../domain/admin/system.js";
import type { DbOrTx } from "../db/index.js";
import { admins, auditLog, healthChecks } from "../schema/index.js";
import type { LogWindow } from "../lists/index.js";

/**
 * The system's queries (decision 037): the database's own answer, the stored health checks
 * (health_checks), the audit log (audit_log) and the admin list (admins). The scheduled jobs' runs
 * are in jobRepository.ts, the retention purge in retentionRepository.ts. Takes the database or
 * the caller's transaction; the service decides where the transaction begins.
 */

export type HealthCheckRow = typeof healthChecks.$inferSelect;
export type NewHealthCheck = typeof healthChecks.$inferInsert;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
export type AdminRow = typeof admins.$inferSelect;

/** A LIKE pattern that matches the text literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit log's filters within its date window (the window through audit_log_created). */
function auditConditions(window: LogWindow, query: AuditQuery): SQL | undefined {
  return and(
    gte(auditLog.createdAt, window.start),
    window.end ? lt(auditLog.createdAt, window.end) : undefined,
    query.actor ? ilike(auditLog.actorEmail, `%${literal(query.actor)}%`) : undefined,
    query.action ? like(auditLog.action, `${literal(query.action)}%`) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
  );
}

export function systemRepository(db: DbOrTx) {
  return {
    /** `select 1`: whether the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /**
     * One component's outcome, upserted: keeps the later of the stored and new success and failure
     * times (two servers may check at the same moment), and the last error when none is new.
     */
    async storeHealthCheck(values: NewHealthCheck): Promise<void> {
      await db
        .insert(healthChecks)
        .values(values)
        .onConflictDoUpdate({
          target: healthChecks.component,
          set: {
            ok: sql`excluded.ok`,
            checkedAt: sql`excluded.checked_at`,
            durationMs: sql`excluded.duration_ms`,
            detail: sql`excluded.detail`,
            lastSuccessAt: sql`greatest(${healthChecks.lastSuccessAt}, excluded.last_success_at)`,
            lastFailureAt: sql`greatest(${healthChecks.lastFailureAt}, excluded.last_failure_at)`,
            lastError: sql`coalesce(excluded.last_error, ${healthChecks.lastError})`,
          },
        });
    },

    /** The stored outcomes by component name. */
    healthChecks: (): Promise<HealthCheckRow[]> =>
      db.select().from(healthChecks).orderBy(asc(healthChecks.component)),

    /** An audit row; its time is the database's clock of the writing transaction (the default). */
    async addAuditEntry(values: NewAuditEntry): Promise<void> {
      await db.insert(auditLog).values(values);
    },

    /** A page of the audit log matching the filters, newest first, with how many match. */
    async auditPage(window: LogWindow, query: AuditQuery, page: { limit: number; offset: number }) {
      const where = auditConditions(window, query);
      const [rows, [matching]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: matching?.n ?? 0 };
    },

    /** The admins table by e-mail. */
    admins: (): Promise<AdminRow[]> => db.select().from(admins).orderBy(admins.email),

    /** Every row of the admins table, locked for the rest of the transaction. */
    lockAdmins: (): Promise<AdminRow[]> => db.select().from(admins).orderBy(admins.email).for("update"),

    /** Whether the e-mail is on the admins table. */
    async isListedAdmin(email: string): Promise<boolean> {
      const rows = await db.select({ email: admins.email }).from(admins).where(eq(admins.email, email));
      return rows.length > 0;
    },

    /** An admin on the list: the row, or undefined when the e-mail is already there. */
    async addAdmin(values: typeof admins.$inferInsert): Promise<AdminRow | undefined> {
      const inserted = await db.insert(admins).values(values).onConflictDoNothing().returning();
      return inserted[0];
    },

    async removeAdmin(email: string): Promise<void> {
      await db.delete(admins).where(eq(admins.email, email));
    },
  };
}
