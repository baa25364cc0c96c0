import { initializeApp, type FirebaseApp } from "firebase/app";
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  validatePassword,
  type Auth,
} from "firebase/auth";
import {
  ADMIN_PASSWORD_POLICY,
  passwordPolicyMessage,
  unmetPasswordRequirements,
} from "../../domain/admin/password";
import type { AdminAuthClientConfig } from "../../domain/admin/session";
import { firebaseErrorMessage, RESET_SENT_MESSAGE } from "./firebaseErrors";
import { ApiError } from "../http";

/**
 * The admin's Firebase sign-in in the browser (spec §7: sign-in with e-mail and password, the
 * password reset e-mail, the authorized domains). Only the admin area's chunk imports this, so a
 * visitor never downloads Firebase.
 */

/**
 * A failure the admin reads, in the one failure shape (machines/remoteFailure.ts): no HTTP status
 * (Firebase's SDK hides it) and the Finnish words made of Firebase's error code as `data.message`.
 */
export class AdminAuthFailure extends ApiError {
  constructor(message: string) {
    super(null, message, { message });
    this.name = "AdminAuthFailure";
  }
}

let started: { app: FirebaseApp; auth: Auth; config: AdminAuthClientConfig } | null = null;

/** Starts Firebase once per page with the server's configuration (GET /api/v2/admin-auth/config). */
export function startFirebaseAuth(config: AdminAuthClientConfig): Auth {
  if (started) return started.auth;
  const app = initializeApp(
    { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
    "koirapuisto-admin",
  );
  // Persistence without the popup/redirect resolver, which sign-in by password does not need.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  started = { app, auth, config };
  return auth;
}

function current() {
  if (!started) throw new Error("Firebase has not been started (startFirebaseAuth)");
  return started;
}

/** The signed-in Firebase user's ID token, refreshed first if `force`; null when nobody is signed in. */
export async function currentIdToken(force: boolean): Promise<string | null> {
  const { auth } = current();
  await auth.authStateReady();
  if (!auth.currentUser) return null;
  try {
    return await auth.currentUser.getIdToken(force);
  } catch (error) {
    throw new AdminAuthFailure(firebaseErrorMessage(error));
  }
}

/**
 * The password policy check. The SDK's validatePassword uses the project's policy; the Auth
 * emulator does not serve one, and then the mirror in domain/admin/password.ts applies.
 */
async function passwordProblems(auth: Auth, password: string): Promise<string | null> {
  try {
    const status = await validatePassword(auth, password);
    if (status.isValid) return null;
    const policy = status.passwordPolicy.customStrengthOptions;
    return passwordPolicyMessage(
      unmetPasswordRequirements(password, {
        minLength: policy.minPasswordLength ?? 6,
        maxLength: policy.maxPasswordLength ?? 4096,
        requireLowercase: policy.containsLowercaseLetter ?? false,
        requireUppercase: policy.containsUppercaseLetter ?? false,
        requireNumeric: policy.containsNumericCharacter ?? false,
        requireNonAlphanumeric: policy.containsNonAlphanumericCharacter ?? false,
      }),
    );
  } catch {
    const unmet = unmetPasswordRequirements(password, ADMIN_PASSWORD_POLICY);
    return unmet.length ? passwordPolicyMessage(unmet) : null;
  }
}

/** Signs in with e-mail and password; resolves with the ID token, rejects with a Finnish message. */
export async function signInAdmin(email: string, password: string): Promise<string> {
  const { auth } = current();
  if (!email.trim()) throw new AdminAuthFailure("Anna sähköpostiosoite.");
  if (!password) throw new AdminAuthFailure("Anna salasana.");
  const policyProblem = await passwordProblems(auth, password);
  if (policyProblem) throw new AdminAuthFailure(policyProblem);
  try {
    const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
    return await credential.user.getIdToken();
  } catch (error) {
    throw new AdminAuthFailure(firebaseErrorMessage(error));
  }
}

/** Sends the reset e-mail. The answer is the same whether the address has an account or not. */
export async function sendAdminPasswordReset(email: string): Promise<string> {
  const { auth } = current();
  if (!email.trim()) throw new AdminAuthFailure("Anna sähköpostiosoite, niin lähetämme siihen linkin.");
  try {
    await sendPasswordResetEmail(auth, email.trim());
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Saying "no such user" would tell anyone which addresses are admins'.
    if (code !== "auth/user-not-found") throw new AdminAuthFailure(firebaseErrorMessage(error));
  }
  return RESET_SENT_MESSAGE;
}

export async function signOutAdmin(): Promise<void> {
  await signOut(current().auth);
}

/**
 * The hosts allowed to sign in: in emulator mode from the server's configuration (the emulator
 * lists only localhost), otherwise the project's list from Firebase.
 */
export async function authorizedDomains(config: AdminAuthClientConfig): Promise<string[]> {
  if (config.authorizedDomains) return config.authorizedDomains;
  const res = await fetch(
    `https://identitytoolkit.googleapis.com/v1/projects?key=${encodeURIComponent(config.apiKey)}`,
  );
  if (!res.ok)
    throw new AdminAuthFailure("Kirjautumispalvelun asetuksia ei saatu. Yritä hetken kuluttua uudelleen.");
  const data = (await res.json()) as { authorizedDomains?: string[] };
  return data.authorizedDomains ?? [];
}
