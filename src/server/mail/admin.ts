import type { OutboxList, OutboxQuery } from "../../domain/admin/system.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { logWindow, pageOf } from "../lists/index.js";
import { MAGIC_LINK_TTL_MINUTES } from "../../domain/customerSession.js";
import { recordAudit } from "../system/index.js";
import { mailRepository, outboxConditions, outboxCountsQuery, outboxPageQuery } from "./repository.js";

/** Järjestelmä's outbox: the e-mails sent and failed, and an admin's resend of a failed one. */

const iso = (d: Date | null) => (d ? toHelsinkiIso(d) : null);

/**
 * A page of the e-mails of a date window (the last RECENT_DAYS days unless asked), the window's
 * counts by status and how many match the filters: each read through email_outbox_created, so
 * they cost the same however many years of e-mail the table holds.
 */
export async function listOutbox(ctx: AppContext, query: OutboxQuery): Promise<OutboxList> {
  const window = logWindow(ctx.now(), { from: query.from, to: query.until });
  const page = pageOf(query.page);
  const where = outboxConditions(window, query);
  const [rows, counts, matching] = await Promise.all([
    outboxPageQuery(ctx.db, where, page),
    outboxCountsQuery(ctx.db, window),
    mailRepository(ctx.db).countWhere(where),
  ]);
  return {
    messages: rows.map((r) => ({
      ...r,
      createdAt: toHelsinkiIso(r.createdAt),
      sentAt: iso(r.sentAt),
      nextAttemptAt: toHelsinkiIso(r.nextAttemptAt),
    })),
    total: matching,
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
    const outbox = mailRepository(tx);
    const row = await outbox.lockById(id);
    if (!row) throw notFound("Viestiä ei löytynyt.");
    if (row.status !== "failed") throw conflict("Vain epäonnistuneen viestin voi lähettää uudelleen.");
    if (row.kind === "login" && now.getTime() - row.createdAt.getTime() > MAGIC_LINK_TTL_MINUTES * 60_000)
      throw conflict("Kirjautumislinkki on jo vanhentunut, joten viestiä ei lähetetä uudelleen.");
    await outbox.update(id, { nextAttemptAt: now });
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
