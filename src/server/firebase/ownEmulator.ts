import { createDevAdmin, devAdminBanner, generateDevPassword } from "./devAdmin.js";
import { portInUse, startAuthEmulator } from "./emulator.js";
import type { AdminAuthConfig } from "./config.js";

type EmulatorMode = Extract<AdminAuthConfig, { mode: "emulator" }>;

/**
 * `npm start` and `npm run dev` without a Firebase project: starts the Auth emulator and, once it
 * answers, creates the first admin and prints it. Does not wait for the emulator, so the site
 * serves while it starts (admin sign-in answers 503 until then). Returns the host to use.
 */
export async function startOwnEmulator(
  adminAuth: EmulatorMode,
  options: { loginUrl: string; print: (text: string) => void; onError: (error: Error) => void },
) {
  const port = adminAuth.emulatorPort;
  if (await portInUse(port))
    throw new Error(
      `FIREBASE_EMULATOR_PORT ${port} is in use (another npm start?). Set FIREBASE_EMULATOR_PORT to a free ` +
        `port, or FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:${port} to use the emulator already running there.`,
    );
  const emulator = await startAuthEmulator({ port, projectId: adminAuth.projectId });
  const { email } = adminAuth.devAdmin;
  const password = adminAuth.devAdmin.password ?? generateDevPassword();
  emulator.ready
    .then(() => createDevAdmin({ host: emulator.host, projectId: adminAuth.projectId, email, password }))
    .then(() => options.print(devAdminBanner(options.loginUrl, email, password)))
    .catch(options.onError);
  return emulator;
}
