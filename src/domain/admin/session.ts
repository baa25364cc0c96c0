import * as z from "zod/mini";

/** The admin login's configuration and the signed-in admin (public and /admin/me payloads). */

// GET /api/v2/admin-auth/config: what the browser's Firebase sign-in needs (no secrets).
export const adminAuthConfigSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  /** http://host:port of the Auth emulator; null with a real Firebase project. */
  emulatorUrl: z.nullable(z.string()),
  /**
   * Hosts the login accepts in emulator mode (the emulator itself lists only localhost); null with
   * a real project, whose list the browser asks Firebase for.
   */
  authorizedDomains: z.nullable(z.array(z.string())),
});
export type AdminAuthClientConfig = z.infer<typeof adminAuthConfigSchema>;

// GET /api/v2/admin/me
/** Who acts in the admin area: the verified identity every admin write is audited under. */
export type AdminActor = { uid: string; email: string };

export const adminMeSchema = z.object({
  admin: z.object({ uid: z.string(), email: z.string() }),
});
export type AdminMe = z.infer<typeof adminMeSchema>["admin"];

export const adminMessages = {
  notSignedIn: "Kirjaudu ylläpitoon uudelleen.",
  sessionEnded: "Ylläpidon kirjautumisesi on päättynyt. Kirjaudu uudelleen.",
  forbidden: "Tällä tunnuksella ei ole ylläpidon käyttöoikeutta.",
  unverified:
    "Tunnuksesi sähköpostiosoitetta ei ole vahvistettu. Aseta salasana Unohtuiko salasana? -linkillä, niin osoite vahvistuu.",
  unavailable: "Ylläpidon kirjautumista ei voitu tarkistaa juuri nyt. Yritä hetken kuluttua uudelleen.",
} as const;
