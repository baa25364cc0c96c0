import type { FastifyRequest } from "fastify";
import { adminMessages, type AdminActor } from "../../domain/admin/session.js";
import type { AppContext } from "../context.js";
import { HttpError, unauthorized } from "../errors.js";
import { IdentityUnavailableError, type VerifiedIdentity } from "../integrations/index.js";
import { systemRepository } from "../system/index.js";

/** The admin a request acts as; the audit log records it with every write. */

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireAdmin` for every /api/v2/admin route; null elsewhere. */
    admin: AdminActor | null;
  }
}

const bearerToken = (request: FastifyRequest): string | null =>
  request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

/**
 * An admin is a Firebase user with the custom claim `admin: true`, or whose e-mail is on the admin
 * list (ADMIN_EMAILS or the admins table). Both count only a verified e-mail: otherwise anyone
 * could register the owner's address with Firebase and be let in, and adding an address to the
 * list sets the claim on whatever account holds it, verified or not.
 */
async function adminStatus(ctx: AppContext, identity: VerifiedIdentity) {
  if (identity.adminClaim) return identity.emailVerified ? "admin" : "unverified";
  const email = identity.email;
  if (!email) return "forbidden";
  const listed =
    ctx.config.adminAuth.adminEmails.includes(email) || (await systemRepository(ctx.db).isListedAdmin(email));
  if (!listed) return "forbidden";
  return identity.emailVerified ? "admin" : "unverified";
}

/**
 * The folder-level onRequest hook of /api/v2/admin (routes/admin/index.ts): no token or one that
 * is forged, expired, revoked or of a disabled user answers 401 (the SPA refreshes and retries
 * once); a genuine user who is not an admin answers 403 (the SPA signs out).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(adminMessages.notSignedIn);
  const ctx = request.server.ctx;
  let identity: VerifiedIdentity | null;
  try {
    identity = await ctx.adminIdentity.verify(token);
  } catch (error) {
    if (error instanceof IdentityUnavailableError) {
      request.log.warn({ reason: error.message }, "admin token could not be verified");
      throw new HttpError(503, adminMessages.unavailable);
    }
    throw error;
  }
  if (!identity) throw unauthorized(adminMessages.sessionEnded);
  const status = await adminStatus(ctx, identity);
  if (status === "unverified") throw new HttpError(403, adminMessages.unverified);
  if (status === "forbidden") throw new HttpError(403, adminMessages.forbidden);
  request.admin = { uid: identity.uid, email: identity.email ?? identity.uid };
}

/** The admin `requireAdmin` let in; for handlers behind it. */
export function signedInAdmin(request: FastifyRequest): AdminActor {
  if (!request.admin) throw unauthorized(adminMessages.notSignedIn);
  return request.admin;
}
