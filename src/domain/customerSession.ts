import { decodeJwt } from "jose";

/*
 * Spec §5 and §9: when a stored customer session counts as valid. Written without zod, so the SPA
 * shell, which checks the stored session on every page, loads no schema library before its first
 * paint (decision 023).
 */

/** The stored customer_info: an object with at least a string id and e-mail (more is kept as is). */
export function isStoredCustomerInfo(
  value: unknown,
): value is { id: string; email: string } & Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const { id, email } = value as Record<string, unknown>;
  return typeof id === "string" && typeof email === "string";
}

/** Spec §9: the customer token counts as expired when it expires within 60 seconds. */
export const CUSTOMER_TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** The token's `exp` in epoch milliseconds; null when it cannot be decoded or has no `exp`. */
export function tokenExpiryMs(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The moment the session stops counting as valid (expiry minus the margin); null = never valid. */
export function sessionValidUntilMs(token: string): number | null {
  const exp = tokenExpiryMs(token);
  return exp === null ? null : exp - CUSTOMER_TOKEN_EXPIRY_MARGIN_MS;
}

/**
 * Spec §5: a session is valid only if both the token and the customer info exist and the token's
 * expiry is more than 60 seconds away; an undecodable token or one without `exp` is expired.
 */
export function isCustomerSessionValid(
  session: { token: string | null | undefined; customer: unknown },
  nowMs: number,
): boolean {
  if (!session.token || !isStoredCustomerInfo(session.customer)) return false;
  const validUntil = sessionValidUntilMs(session.token);
  return validUntil !== null && validUntil > nowMs;
}

/** How long a login link (the magic link of spec §5) works after it was sent. */
export const MAGIC_LINK_TTL_MINUTES = 15;
