import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import { and, count, desc, eq, gte, ilike, like, lt, sql, type SQL } from "drizzle-orm";
import type {
  AdminList,
  AuditList,
  AuditQuery,
  JobList,
  OutboxList,
  OutboxQuery,
} from "../../../domain/admin/system.js";
import { toHelsinkiIso } from "../../../domain/helsinkiTime.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/index.js";
import { admins, auditLog, emailOutbox, jobRuns } from "../../db/schema.js";
import { conflict, loggableError, notFound } from "../../errors.js";
import { jobs } from "../../jobs/index.js";
import type { AdminActor } from "../../plugins/adminAuth.js";
import { recordAudit } from "../audit.js";
import { MAGIC_LINK_TTL_MINUTES } from "../../customers/customerAuth.js";
import { logWindow, pageOf, type LogWindow } from "./paging.js";

/** Järjestelmä: the e-mail outbox and its resend, the jobs, the audit log and the admin list. */

const iso = (d: Date | null) => (d ? toHelsinkiIso(d) : null);
/** A LIKE pattern that matches the text literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The outbox's filters within its date window (the window through email_outbox_created). */
export function outboxConditions(window: LogWindow, query: OutboxQuery = {}) {
  return and(
    gte(emailOutbox.createdAt, window.start),
    window.end ? lt(emailOutbox.createdAt, window.end) : undefined,
    query.status ? eq(emailOutbox.status, query.status) : undefined,
    query.kind ? eq(emailOutbox.kind, query.kind) : undefined,
    query.to ? ilike(emailOutbox.to, `%${literal(query.to)}%`) : undefined,
  );
}

/** How many messages of the window are in each status. Exported for the query-plan test. */
export const outboxCountsQuery = (db: Db, window: LogWindow) =>
  db
    .select({ status: emailOutbox.status, count: count() })
    .from(emailOutbox)
    .where(outboxConditions(window))
    .groupBy(emailOutbox.status)
    .orderBy(emailOutbox.status);

/** One page of the outbox, newest first. Exported for the query-plan test. */
export const outboxPageQuery = (db: Db, where: SQL | undefined, page: { limit: number; offset: number }) =>
  db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);

/**
 * A page of the e-mails of a date window (the last RECENT_DAYS days unless asked), the window's
 * counts by status and how many match the filters: each read through email_outbox_created, so
 * they cost the same however many years of e-mail the table holds.
 */
export async function listOutbox(ctx: AppContext, query: OutboxQuery): Promise<OutboxList> {
  const window = logWindow(ctx.now(), { from: query.from, to: query.until });
  const page = pageOf(query.page);
  const where = outboxConditions(window, query);
  const [rows, counts, [matching]] = await Promise.all([
    outboxPageQuery(ctx.db, where, page),
    outboxCountsQuery(ctx.db, window),
    ctx.db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return {
    messages: rows.map((r) => ({
      ...r,
      createdAt: toHelsinkiIso(r.createdAt),
      sentAt: iso(r.sentAt),
      nextAttemptAt: toHelsinkiIso(r.nextAttemptAt),
    })),
    total: matching?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
    from: window.from,
    to: window.to,
    counts,
  };
}

/**
 * Sends a failed message again at once. The request is recorded (audit row, the message made due
 * now) and committed first; the mail server is called after that, outside any transaction, and
 * its outcome is recorded in the outbox and in a second audit row.
 */
export async function resendMail(ctx: AppContext, actor: AdminActor, id: number) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for("update");
    if (!row) throw notFound("Viestiä ei löytynyt.");
    if (row.status !== "failed") throw conflict("Vain epäonnistuneen viestin voi lähettää uudelleen.");
    if (row.kind === "login" && now.getTime() - row.createdAt.getTime() > MAGIC_LINK_TTL_MINUTES * 60_000)
      throw conflict("Kirjautumislinkki on jo vanhentunut, joten viestiä ei lähetetä uudelleen.");
    await tx.update(emailOutbox).set({ nextAttemptAt: now }).where(eq(emailOutbox.id, id));
    await recordAudit(tx, actor, {
      action: "mail.resend",
      entity: "email",
      entityId: id,
      before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
      after: { requested: true },
    });
  });
  const outcome = await deliverAudited(ctx, actor, id, {
    action: "mail.resend.result",
    entity: "email",
    entityId: id,
  });
  return {
    message: outcome.sent
      ? "Viesti lähetetty uudelleen."
      : `Viestin lähetys epäonnistui taas: ${outcome.error ?? "tuntematon virhe"}`,
  };
}

/**
 * Delivers an outbox message an admin asked for, after the request's own transaction committed,
 * and records what the mail server said in an audit row of its own.
 */
export async function deliverAudited(
  ctx: AppContext,
  actor: AdminActor,
  mailId: number,
  entry: { action: string; entity: string; entityId: string | number },
) {
  const outcome = await ctx.mail.deliver(ctx.db, mailId);
  await ctx.db.transaction((tx) =>
    recordAudit(tx, actor, {
      ...entry,
      after: outcome.sent ? { sent: true } : { sent: false, error: outcome.error ?? null },
    }),
  );
  return outcome;
}

type JobRunRow = typeof jobRuns.$inferSelect;

/**
 * Each named job's latest run (or latest failure): one probe per job into the primary key
 * (name, due_at) read backwards, or into the failed runs' partial index job_runs_failed, so the
 * answer costs the same with years of runs. (DISTINCT ON (name) ORDER BY name, due_at DESC
 * cannot walk the key in that mixed order and sorted the whole table.) Exported for the
 * query-plan test.
 */
export function latestJobRunsQuery(names: string[], failedOnly: boolean): SQL {
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  return sql`
    SELECT r.name, r.due_at, r.started_at, r.finished_at, r.status, r.result, r.runner
    FROM unnest(array[${list}]::text[]) AS j(name)
    CROSS JOIN LATERAL (
      SELECT * FROM ${jobRuns} jr
      WHERE jr.name = j.name ${failedOnly ? sql`AND jr.status = 'failed'` : sql``}
      ORDER BY jr.due_at DESC LIMIT 1
    ) r`;
}

async function latestJobRuns(ctx: AppContext, failedOnly: boolean): Promise<JobRunRow[]> {
  if (!jobs.length) return [];
  const result = await ctx.db.execute(
    latestJobRunsQuery(
      jobs.map((j) => j.name),
      failedOnly,
    ),
  );
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
  return rows.map((r) => ({
    name: String(r.name),
    dueAt: date(r.due_at)!,
    startedAt: date(r.started_at)!,
    finishedAt: date(r.finished_at),
    status: r.status as JobRunRow["status"],
    result: (r.result as string | null) ?? null,
    runner: String(r.runner),
  }));
}

/** Each job with its last run, its last failure and its next due time from the cron pattern. */
export async function listJobs(ctx: AppContext): Promise<JobList> {
  const [last, failures] = await Promise.all([latestJobRuns(ctx, false), latestJobRuns(ctx, true)]);
  const run = (r: typeof jobRuns.$inferSelect | undefined) =>
    r
      ? {
          dueAt: toHelsinkiIso(r.dueAt),
          startedAt: toHelsinkiIso(r.startedAt),
          finishedAt: iso(r.finishedAt),
          status: r.status,
          result: r.result,
          runner: r.runner,
        }
      : null;
  const now = ctx.now();
  return {
    jobs: jobs.map((job) => {
      // Without a callback croner schedules nothing: it only answers when the pattern comes next.
      const next = new Cron(job.schedule, { timezone: "Europe/Helsinki" }).nextRun(now);
      return {
        name: job.name,
        schedule: job.schedule,
        lastRun: run(last.find((r) => r.name === job.name)),
        lastFailure: run(failures.find((r) => r.name === job.name)),
        nextRunAt: iso(next),
      };
    }),
  };
}

/**
 * A page of the audit log in a date window (the last RECENT_DAYS days unless asked), newest
 * first, with how many entries match: through audit_log_created.
 */
export async function listAudit(ctx: AppContext, query: AuditQuery): Promise<AuditList> {
  const window = logWindow(ctx.now(), query);
  const page = pageOf(query.page);
  const where: SQL | undefined = and(
    gte(auditLog.createdAt, window.start),
    window.end ? lt(auditLog.createdAt, window.end) : undefined,
    query.actor ? ilike(auditLog.actorEmail, `%${literal(query.actor)}%`) : undefined,
    query.action ? like(auditLog.action, `${literal(query.action)}%`) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
  );
  const [rows, [matching]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
  ]);
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
    })),
    total: matching?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
    from: window.from,
    to: window.to,
  };
}

/**
 * The admin list: ADMIN_EMAILS from configuration, then the admins table, then whoever else is
 * an admin by the Firebase claim alone. The provider's list is best-effort (logged, not thrown):
 * without it the signed-in admin still shows, as they can only be here by one of the three.
 */
export async function listAdmins(
  ctx: AppContext,
  actor: AdminActor,
  log?: FastifyBaseLogger,
): Promise<AdminList> {
  const configured = ctx.config.adminAuth.adminEmails;
  const rows = await ctx.db.select().from(admins).orderBy(admins.email);
  const listed = new Set([...configured, ...rows.map((r) => r.email)]);
  let claimed: string[] = [actor.email];
  try {
    claimed = [...new Set([...(await ctx.adminIdentity.listClaimAdmins()), actor.email])].sort();
  } catch (error) {
    log?.warn({ err: loggableError(error) }, "admins by claim could not be listed");
  }
  return {
    you: actor.email,
    admins: [
      ...configured.map((email) => ({ email, source: "config" as const, addedBy: null, addedAt: null })),
      ...rows
        .filter((r) => !configured.includes(r.email))
        .map((r) => ({
          email: r.email,
          source: "list" as const,
          addedBy: r.addedBy,
          addedAt: iso(r.createdAt),
        })),
      ...claimed
        .filter((email) => !listed.has(email))
        .map((email) => ({ email, source: "claim" as const, addedBy: null, addedAt: null })),
    ],
  };
}

type ClaimOutcome = "set" | "cleared" | "no_user" | "failed";

/** Calls Firebase after the commit and records what it said in an audit row of its own. */
async function syncClaim(ctx: AppContext, actor: AdminActor, email: string, admin: boolean) {
  let outcome: ClaimOutcome;
  let error: string | null = null;
  try {
    outcome = await ctx.adminIdentity.setAdminClaim(email, admin);
  } catch (e) {
    outcome = "failed";
    error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
  }
  await ctx.db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: admin ? "admin.claim.set" : "admin.claim.clear",
      entity: "admin",
      entityId: email,
      after: { outcome, error },
    }),
  );
  return outcome;
}

export async function addAdmin(ctx: AppContext, actor: AdminActor, email: string) {
  if (ctx.config.adminAuth.adminEmails.includes(email))
    throw conflict(`${email} on jo ylläpitäjä palvelimen asetuksissa (ADMIN_EMAILS).`);
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(admins)
      .values({ email, addedBy: actor.email, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict(`${email} on jo ylläpitäjä.`);
    await recordAudit(tx, actor, {
      action: "admin.add",
      entity: "admin",
      entityId: email,
      after: inserted[0],
    });
  });
  const claim = await syncClaim(ctx, actor, email, true);
  return {
    message:
      claim === "set"
        ? `${email} lisätty ylläpitäjäksi.`
        : claim === "no_user"
          ? `${email} lisätty ylläpitäjäksi. Osoitteella ei ole vielä tunnusta; ylläpito aukeaa, kun hän luo tunnuksen ja vahvistaa osoitteen.`
          : `${email} lisätty ylläpitäjäksi, mutta Firebase-oikeuden asettaminen epäonnistui; lista päästää hänet silti sisään.`,
  };
}

export const SELF_REMOVAL = "Et voi poistaa itseäsi ylläpitäjistä. Pyydä toista ylläpitäjää tekemään se.";
export const LAST_ADMIN = "Viimeistä ylläpitäjää ei voi poistaa. Lisää ensin toinen ylläpitäjä.";

/**
 * Removes an admin of the table and clears their claim (revoking their tokens). Refused for
 * yourself, for ADMIN_EMAILS (configuration), and for the last admin on the list: every row is
 * locked first, so two admins removing each other at once cannot both succeed.
 */
export async function removeAdmin(ctx: AppContext, actor: AdminActor, email: string) {
  if (email === actor.email.toLowerCase()) throw conflict(SELF_REMOVAL);
  const configured = ctx.config.adminAuth.adminEmails;
  if (configured.includes(email))
    throw conflict("Palvelimen asetuksissa (ADMIN_EMAILS) olevaa ylläpitäjää ei voi poistaa täältä.");
  await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(admins).orderBy(admins.email).for("update");
    const row = rows.find((r) => r.email === email);
    if (!row) throw notFound("Ylläpitäjää ei löytynyt.");
    const remaining = new Set([...configured, ...rows.map((r) => r.email)]);
    remaining.delete(email);
    if (remaining.size === 0) throw conflict(LAST_ADMIN);
    await tx.delete(admins).where(eq(admins.email, email));
    await recordAudit(tx, actor, { action: "admin.remove", entity: "admin", entityId: email, before: row });
  });
  const claim = await syncClaim(ctx, actor, email, false);
  return {
    message:
      claim === "failed"
        ? `${email} poistettu listalta, mutta Firebase-oikeuden poisto epäonnistui: tarkista tunnus Firebasessa.`
        : `${email} poistettu ylläpitäjistä.`,
  };
}
