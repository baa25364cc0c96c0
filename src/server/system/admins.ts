import type { FastifyBaseLogger } from "fastify";
import type { AdminList } from "../../domain/admin/system.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { conflict, loggableError, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "./audit.js";
import { systemRepository } from "./repository.js";

/** Järjestelmä's admin list: who is an admin, and an admin's adding and removing of another. */

const iso = (d: Date | null) => (d ? toHelsinkiIso(d) : null);

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
  const rows = await systemRepository(ctx.db).admins();
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
    const inserted = await systemRepository(tx).addAdmin({
      email,
      addedBy: actor.email,
      createdAt: ctx.now(),
    });
    if (!inserted) throw conflict(`${email} on jo ylläpitäjä.`);
    await recordAudit(tx, actor, {
      action: "admin.add",
      entity: "admin",
      entityId: email,
      after: inserted,
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
    const list = systemRepository(tx);
    const rows = await list.lockAdmins();
    const row = rows.find((r) => r.email === email);
    if (!row) throw notFound("Ylläpitäjää ei löytynyt.");
    const remaining = new Set([...configured, ...rows.map((r) => r.email)]);
    remaining.delete(email);
    if (remaining.size === 0) throw conflict(LAST_ADMIN);
    await list.removeAdmin(email);
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
