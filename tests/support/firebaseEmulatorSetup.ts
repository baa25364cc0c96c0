import { freePort, startAuthEmulator, type AuthEmulator } from "../../src/server/firebase/emulator.js";
import { DEMO_PROJECT_ID } from "../../src/server/firebase/config.js";

/**
 * Vitest globalSetup: one Firebase Auth emulator for the whole run, on a free port. It is not
 * waited for here, so files that never sign in do not wait for it; tests/support/firebase.ts
 * waits before its first call. Test processes inherit FIREBASE_AUTH_EMULATOR_HOST, and the app
 * and the servers they start use the emulator through it. An already running emulator named by
 * the variable is used as it is.
 */
let emulator: AuthEmulator | null = null;

export async function setup() {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  emulator = await startAuthEmulator({ port: await freePort(), projectId: DEMO_PROJECT_ID });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

export async function teardown() {
  await emulator?.stop();
}
