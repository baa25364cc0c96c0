import { randomUUID } from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type DecodedIdToken } from "firebase-admin/auth";
import type { AdminAuthConfig } from "../firebase/index.js";

/**
 * The admins' identity provider: firebase-admin verifying Firebase ID tokens, against a real
 * project or the Auth emulator. One small interface, like the other integrations.
 */

export type VerifiedIdentity = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** The custom claim `admin: true`. */
  adminClaim: boolean;
};

export type AdminIdentity = {
  mode: AdminAuthConfig["mode"];
  /**
   * The token's user when the token is genuine, current and not revoked, and the user not
   * disabled; null otherwise. Throws IdentityUnavailableError when the provider cannot be asked.
   */
  verify(idToken: string): Promise<VerifiedIdentity | null>;
  /**
   * Sets or clears the custom claim `admin: true` of the user with this e-mail, keeping its other
   * claims; clearing also revokes the user's tokens, so a removed admin's current token stops
   * working at once. "no_user" when nobody has registered the address yet.
   */
  setAdminClaim(email: string, admin: boolean): Promise<"set" | "cleared" | "no_user">;
  /**
   * The e-mails of the users who can sign in as admins by their claim (`admin: true`, e-mail
   * verified, not disabled): the admin list shows them too, e.g. development's first admin.
   */
  listClaimAdmins(): Promise<string[]>;
  close(): Promise<void>;
};

export class IdentityUnavailableError extends Error {}

/** Codes that mean "this token does not sign anyone in": answered 401, never 5xx. */
const REFUSED_CODES = new Set([
  "auth/argument-error",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/invalid-id-token",
  "auth/user-disabled",
  "auth/user-not-found",
]);

const MAX_USER_PAGES = 10;

export function firebaseAdminIdentity(config: AdminAuthConfig): AdminIdentity {
  // A name of its own: tests build several apps in one process.
  const app: App = initializeApp({ projectId: config.projectId }, `koirapuisto-admin-${randomUUID()}`);
  const auth = getAuth(app);
  const emulatorHost = config.mode === "emulator" ? config.emulatorHost : null;

  /**
   * firebase-admin takes the emulator from process.env.FIREBASE_AUTH_EMULATOR_HOST, and with it
   * accepts unsigned tokens. So the variable is set here, from validated configuration, only in
   * emulator mode, and removed before every call against a real project, whatever the
   * environment said (config.ts also refuses to start production with it).
   */
  const pointAtProvider = () => {
    if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  };

  /**
   * The emulator signs nothing, so firebase-admin accepts any well-formed token there: one written
   * by hand with `admin: true` would pass. Only the user id is taken from such a token; the user
   * must exist in the emulator, not be disabled, and the token must be issued and signed in no
   * earlier than the user's last revocation; the e-mail, its verification and the claims are the
   * emulator's own record of the user, never the token's words.
   */
  async function emulatorUserOf(decoded: DecodedIdToken): Promise<VerifiedIdentity | null> {
    const user = await auth.getUser(decoded.uid);
    if (user.disabled) return null;
    const validSince = user.tokensValidAfterTime
      ? Math.floor(Date.parse(user.tokensValidAfterTime) / 1000)
      : 0;
    const issued = (claim: unknown) => typeof claim === "number" && claim >= validSince;
    if (!issued(decoded.iat) || !issued(decoded.auth_time)) return null;
    return {
      uid: user.uid,
      email: user.email?.toLowerCase() ?? null,
      emailVerified: user.emailVerified,
      adminClaim: user.customClaims?.admin === true,
    };
  }

  return {
    mode: config.mode,
    async verify(idToken) {
      if (config.mode === "emulator" && !emulatorHost)
        throw new IdentityUnavailableError("the Auth emulator has not started");
      pointAtProvider();
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        if (config.mode === "firebase")
          return {
            uid: decoded.uid,
            email: decoded.email?.toLowerCase() ?? null,
            emailVerified: decoded.email_verified === true,
            adminClaim: decoded.admin === true,
          };
        return await emulatorUserOf(decoded);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string" && REFUSED_CODES.has(code)) return null;
        throw new IdentityUnavailableError(`${String(code ?? "")} ${(error as Error).message}`);
      }
    },
    async setAdminClaim(email, admin) {
      pointAtProvider();
      let user;
      try {
        user = await auth.getUserByEmail(email);
      } catch (error) {
        if ((error as { code?: unknown }).code === "auth/user-not-found") return "no_user";
        throw error;
      }
      const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
      if (admin) claims.admin = true;
      else delete claims.admin;
      await auth.setCustomUserClaims(user.uid, claims);
      if (admin) return "set";
      await auth.revokeRefreshTokens(user.uid);
      return "cleared";
    },
    async listClaimAdmins() {
      pointAtProvider();
      const emails: string[] = [];
      let pageToken: string | undefined;
      // A park's project has few users; the cap keeps a surprise from making the page slow.
      for (let page = 0; page < MAX_USER_PAGES; page++) {
        const result = await auth.listUsers(1000, pageToken);
        for (const user of result.users)
          if (user.customClaims?.admin === true && user.emailVerified && !user.disabled && user.email)
            emails.push(user.email.toLowerCase());
        pageToken = result.pageToken;
        if (!pageToken) break;
      }
      return emails.sort();
    },
    close: () => deleteApp(app),
  };
}
