import { randomBytes } from "node:crypto";
import { upsertEmulatorUser } from "./emulatorAccounts.js";

/**
 * Development's first admin, made in the Auth emulator (whose accounts live only as long as it
 * runs) and printed to the console the way the login link is, so that a fresh `npm start` can be
 * signed into at once.
 */

/** A password that meets ADMIN_PASSWORD_POLICY (upper, lower, digits, 12+ characters). */
export const generateDevPassword = () => `Koira-${randomBytes(6).toString("hex")}-Puisto7`;

export async function createDevAdmin(options: {
  host: string;
  projectId: string;
  email: string;
  password: string;
}) {
  await upsertEmulatorUser(options.host, options.projectId, {
    email: options.email,
    password: options.password,
    emailVerified: true,
    claims: { admin: true },
  });
}

export function devAdminBanner(loginUrl: string, email: string, password: string): string {
  return [
    "",
    "──────── first admin (Firebase Auth emulator, development only) ────────",
    `Sign in at ${loginUrl}`,
    `E-mail:   ${email}`,
    `Password: ${password}`,
    "─────────────────────────────────────────────────────────────────────────",
    "",
  ].join("\n");
}
