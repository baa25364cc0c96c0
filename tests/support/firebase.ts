import { DEMO_PROJECT_ID } from "../../src/server/firebase/config.js";
import {
  updateEmulatorUser,
  upsertEmulatorUser,
  type EmulatorUser,
} from "../../src/server/firebase/emulatorAccounts.js";

/**
 * The test run's Auth emulator (tests/support/firebaseEmulatorSetup.ts): users, sign-in and
 * the e-mails it would have sent. Firebase's own servers are the one thing tests replace, and
 * they are replaced by Google's emulator, not by a fake.
 */

export const projectId = DEMO_PROJECT_ID;

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error("FIREBASE_AUTH_EMULATOR_HOST is not set: is the vitest globalSetup missing?");
  return host;
}

let ready: Promise<void> | null = null;

/** Waits (once per process) until the emulator answers. */
export function emulatorReady(): Promise<void> {
  ready ??= (async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`http://${emulatorHost()}/`)).ok) return;
      } catch {
        // still starting
      }
      if (Date.now() > deadline) throw new Error("The Firebase Auth emulator did not answer in 90 s");
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return ready;
}

let counter = 0;
/** An address no other test uses, so tests never see each other's users. */
export const uniqueEmail = (name: string) =>
  `${name}.${process.pid}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

export const TEST_PASSWORD = "Testi-salasana-123";

export async function createUser(user: Partial<EmulatorUser> & { email: string }) {
  await emulatorReady();
  return upsertEmulatorUser(emulatorHost(), projectId, { password: TEST_PASSWORD, ...user });
}

/** Signs in as the browser would and returns the ID token. */
export async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  await emulatorReady();
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const data = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!data.idToken) throw new Error(`sign-in failed: ${data.error?.message}`);
  return data.idToken;
}

/** A new user with the given claims, signed in: its ID token and e-mail. */
export async function signedInUser(
  name: string,
  user: Partial<EmulatorUser> = {},
): Promise<{ email: string; token: string; uid: string }> {
  const email = user.email ?? uniqueEmail(name);
  const { uid } = await createUser({ ...user, email });
  return { email, uid, token: await signIn(email, user.password) };
}

/** A signed-in admin (custom claim admin: true). */
export const signedInAdmin = (name = "admin") => signedInUser(name, { claims: { admin: true } });

/** The out-of-band codes (password reset links) the emulator would have e-mailed. */
export async function oobCodes(): Promise<
  Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>
> {
  await emulatorReady();
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${projectId}/oobCodes`);
  return ((await res.json()) as { oobCodes: never[] }).oobCodes;
}

/** Disables a user, changes its claims, or revokes its tokens (see updateEmulatorUser). */
export async function updateUser(email: string, change: Parameters<typeof updateEmulatorUser>[3]) {
  await emulatorReady();
  await updateEmulatorUser(emulatorHost(), projectId, email, change);
}
