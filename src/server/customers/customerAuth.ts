import { MAGIC_LINK_TTL_MINUTES } from "../../domain/customerSession.js";
import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Customer } from "../../domain/customer.js";
import type { AppContext } from "../context.js";
import { type Tx, LIMIT_LOCK, lockLimits } from "../db/index.js";
import { HttpError } from "../errors.js";
import { loginLinkMail } from "./loginMail.js";
import { mailboxKey } from "../../domain/mailbox.js";
import { customerRepository, type CustomerRow } from "./repository.js";
import { getSetting } from "../settings/index.js";

/** At most this many login links per e-mail address within MAGIC_LINK_EMAIL_WINDOW_MINUTES. */
export const MAGIC_LINK_MAX_PER_EMAIL = 3;
export const MAGIC_LINK_EMAIL_WINDOW_MINUTES = 15;
/** Lifetime of a customer session (and of its JWT's `exp`). */
export const SESSION_LIFETIME_DAYS = 30;

const MINUTE_MS = 60_000;
const JWT_AUDIENCE = "koirapuisto:customer";

export const messages = {
  linkRequested:
    "Jos osoite on oikein, saat kirjautumislinkin sähköpostiisi hetken kuluttua. Linkki on voimassa 15 minuuttia.",
  tooManyForEmail: `Tähän osoitteeseen on jo lähetetty ${MAGIC_LINK_MAX_PER_EMAIL} kirjautumislinkkiä ${MAGIC_LINK_EMAIL_WINDOW_MINUTES} minuutin sisällä. Käytä jo saamaasi linkkiä tai yritä myöhemmin uudelleen.`,
  mailFailed:
    "Kirjautumislinkin lähettäminen epäonnistui juuri nyt. Yritämme lähettää sen uudelleen hetken kuluttua; voit myös pyytää uuden linkin myöhemmin.",
  loggedIn: "Olet kirjautunut sisään.",
  linkUsed: "Tämä kirjautumislinkki on jo käytetty. Pyydä uusi linkki kirjautumissivulta.",
  linkExpired: "Kirjautumislinkki on vanhentunut. Pyydä uusi linkki kirjautumissivulta.",
  linkUnknown: "Kirjautumislinkki ei kelpaa. Tarkista, että kopioit koko linkin, tai pyydä uusi.",
  notLoggedIn: "Kirjaudu sisään.",
  sessionEnded: "Istuntosi on päättynyt. Kirjaudu sisään uudelleen.",
  loggedOut: "Olet kirjautunut ulos.",
} as const;

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  phone: row.phone,
  createdAt: row.createdAt.toISOString(),
});

/** Refused for the per-IP limit: how long until the oldest counted request leaves the window. */
export class IpLimitReached extends Error {
  constructor(readonly retryAfterMs: number) {
    super("too many login links from this IP address");
  }
}

/**
 * Login links requested from one IP address lately, counted in the database so that every server
 * shares the limit, inside the caller's transaction under the IP's lock (db/limitLocks.ts).
 * Throws IpLimitReached when over it.
 */
async function checkIpLimit(tx: Tx, ip: string, limit: IpLimit, now: number): Promise<void> {
  const since = new Date(now - limit.windowMinutes * MINUTE_MS);
  const recent = await customerRepository(tx).linkTimesFromIp(ip, since, limit.max);
  if (recent.length >= limit.max)
    throw new IpLimitReached(recent.at(-1)!.getTime() + limit.windowMinutes * MINUTE_MS - now);
}

export type IpLimit = { max: number; windowMinutes: number };

/** Login-link tokens are kept only as this hash, so a database leak does not open accounts. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const sessionKey = (ctx: AppContext) => new TextEncoder().encode(ctx.config.sessionSecret);

/**
 * Creates (on first use) the customer, a single-use login token and its e-mail, then tries to
 * deliver the e-mail at once. Known and unknown addresses take the same steps, so neither the
 * answer nor its timing tells whether an account exists. Throws IpLimitReached when the IP
 * address has asked for too many, 429 when the e-mail address has had too many links lately and 503 when the mail could not be delivered now (the outbox retries it).
 */
export async function requestMagicLink(
  ctx: AppContext,
  email: string,
  ip: string,
  ipLimit: IpLimit,
): Promise<void> {
  const now = ctx.now();
  const token = randomBytes(32).toString("base64url");
  const outboxId = await ctx.db.transaction(async (tx) => {
    // Counted and recorded under the IP's and the mailbox's locks, so both limits are exact under
    // concurrency; checked before the customer row, so a refused request leaves nothing behind.
    await lockLimits(tx, [
      [LIMIT_LOCK.loginIp, ip],
      [LIMIT_LOCK.loginMailbox, mailboxKey(email)],
    ]);
    await checkIpLimit(tx, ip, ipLimit, now.getTime());
    const repository = customerRepository(tx);
    const customer = await repository.upsertByEmail(email, now);
    const windowStart = new Date(now.getTime() - MAGIC_LINK_EMAIL_WINDOW_MINUTES * MINUTE_MS);
    // name+tag@ and name@ reach one mailbox, so they share one allowance.
    const recent = await repository.linksToMailboxSince(mailboxKey(email), windowStart);
    if (recent >= MAGIC_LINK_MAX_PER_EMAIL) throw new HttpError(429, messages.tooManyForEmail);

    await repository.addLinkToken({
      customerId: customer.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * MINUTE_MS),
      requestedIp: ip,
      createdAt: now,
    });
    const link = `${ctx.config.publicUrl}/auth/callback?token=${token}`;
    const { name: parkName } = await getSetting(tx, "park");
    return ctx.mail.enqueue(
      tx,
      loginLinkMail({ to: email, link, validMinutes: MAGIC_LINK_TTL_MINUTES, parkName }),
    );
  });
  const delivery = await ctx.mail.deliver(ctx.db, outboxId);
  if (!delivery.sent) throw new HttpError(503, messages.mailFailed);
}

export type LinkFailure = "used" | "expired" | "unknown";

/**
 * Uses up a login token and opens a session. The single conditional UPDATE makes two
 * simultaneous clicks impossible to both succeed.
 */
export async function consumeMagicLink(
  ctx: AppContext,
  token: string,
): Promise<{ ok: true; sessionToken: string; customer: Customer } | { ok: false; reason: LinkFailure }> {
  const now = ctx.now();
  const tokenHash = hashToken(token);
  return ctx.db.transaction(async (tx) => {
    const repository = customerRepository(tx);
    const customerId = await repository.useLinkToken(tokenHash, now);
    if (!customerId) {
      const row = await repository.linkToken(tokenHash);
      return { ok: false as const, reason: !row ? "unknown" : row.usedAt ? "used" : "expired" };
    }
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_DAYS * 24 * 60 * MINUTE_MS);
    const sessionId = await repository.openSession(customerId, expiresAt, now);
    const customer = await repository.recordLogin(customerId, now);
    const sessionToken = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(customerId)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(sessionKey(ctx));
    return { ok: true as const, sessionToken, customer: toCustomer(customer) };
  });
}

export const linkFailureMessage = (reason: LinkFailure) =>
  reason === "used" ? messages.linkUsed : reason === "expired" ? messages.linkExpired : messages.linkUnknown;

/**
 * The customer and session behind a bearer token, or null when the token is forged, expired,
 * or its session was revoked or has ended.
 */
export async function verifySessionToken(
  ctx: AppContext,
  token: string,
): Promise<{ customer: Customer; sessionId: string } | null> {
  let claims: { sub?: string; sid?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, sessionKey(ctx), {
      algorithms: ["HS256"],
      audience: JWT_AUDIENCE,
      currentDate: ctx.now(),
    }));
  } catch {
    return null;
  }
  const { sub, sid } = claims;
  if (typeof sub !== "string" || typeof sid !== "string" || !isUuid(sid) || !isUuid(sub)) return null;
  const row = await customerRepository(ctx.db).activeSession(sid, sub, ctx.now());
  return row ? { customer: toCustomer(row.customer), sessionId: row.session.id } : null;
}

/** Ends a session at once; its token is refused from then on. */
export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await customerRepository(ctx.db).revokeSession(sessionId, ctx.now());
}

// A signed token still goes through this check: a malformed id would make PostgreSQL throw.
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
