import { decodeJwt } from "jose";

/** Spec §4, §5 and §9: an admin ID token is refreshed when missing or with under 5 minutes left. */
export const ADMIN_TOKEN_REFRESH_MS = 5 * 60_000;

/** The token's expiry in ms, or null when it cannot be decoded or has no `exp`. */
export function adminTokenExpiresAtMs(token: string | null): number | null {
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Usable as it is: present, decodable, and more than 5 minutes from its expiry. */
export function isAdminTokenFresh(token: string | null, nowMs: number): boolean {
  const expiresAt = adminTokenExpiresAtMs(token);
  return expiresAt !== null && expiresAt - nowMs > ADMIN_TOKEN_REFRESH_MS;
}

/** When a token stops counting as fresh (5 minutes before `exp`); null if it never was. */
export function adminTokenRefreshAtMs(token: string | null): number | null {
  const expiresAt = adminTokenExpiresAtMs(token);
  return expiresAt === null ? null : expiresAt - ADMIN_TOKEN_REFRESH_MS;
}
