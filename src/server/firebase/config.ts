import { z } from "zod";

/**
 * The admins' identity provider from the environment: a real Firebase project in production, the
 * Firebase Auth emulator elsewhere unless a developer configures a project. The emulator makes
 * firebase-admin accept unsigned tokens, so production refuses it outright.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const emailList = optionalString.transform((v, ctx) => {
  const emails = (v ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of emails)
    if (!z.email().safeParse(email).success)
      ctx.addIssue({ code: "custom", message: `"${email}" is not an e-mail address` });
  return emails;
});

export const firebaseEnv = {
  /** The Firebase project; outside production a demo-… id means the emulator. */
  FIREBASE_PROJECT_ID: optionalString,
  /** The project's Web API key (public: the browser's sign-in uses it). */
  FIREBASE_API_KEY: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  /** host:port of a running Auth emulator to use instead of starting one. Refused in production. */
  FIREBASE_AUTH_EMULATOR_HOST: optionalString.pipe(
    z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, "FIREBASE_AUTH_EMULATOR_HOST must look like 127.0.0.1:9099")
      .optional(),
  ),
  /**
   * A service account key file of the project: firebase-admin needs it to check that a token has
   * not been revoked (it reads the variable itself). Required in production.
   */
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  /** Port of the emulator that `npm start` and `npm run dev` start themselves. */
  FIREBASE_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  /** Admins by e-mail, comma-separated (besides the admins table and the `admin: true` claim). */
  ADMIN_EMAILS: emailList,
  /** Emulator only (it lists just localhost): hosts the admin login accepts, comma-separated. */
  ADMIN_AUTHORIZED_DOMAINS: z.string().default("localhost,127.0.0.1"),
  /** The first admin development creates in its own emulator (the password is printed). */
  DEV_ADMIN_EMAIL: z.email("DEV_ADMIN_EMAIL must be an e-mail address").default("admin@koirapuisto.local"),
  DEV_ADMIN_PASSWORD: optionalString,
};

type FirebaseEnv = z.output<z.ZodObject<typeof firebaseEnv>> & { NODE_ENV: string };

type Common = {
  projectId: string;
  apiKey: string;
  authDomain: string;
  /** Admins by configuration, lower-case. */
  adminEmails: string[];
};

export type AdminAuthConfig =
  | (Common & { mode: "firebase" })
  | (Common & {
      mode: "emulator";
      /** A running emulator (host:port); null when this process starts its own on emulatorPort. */
      emulatorHost: string | null;
      emulatorPort: number;
      authorizedDomains: string[];
      devAdmin: { email: string; password: string | undefined };
    });

export const DEMO_PROJECT_ID = "demo-koirapuisto";

/** Chooses the provider; pushes one line per problem (config.ts reports them together). */
export function adminAuthConfig(e: FirebaseEnv, problems: string[]): AdminAuthConfig | undefined {
  const production = e.NODE_ENV === "production";
  const realProject = Boolean(e.FIREBASE_PROJECT_ID && !e.FIREBASE_PROJECT_ID.startsWith("demo-"));
  const wantsFirebase = production || (realProject && e.FIREBASE_API_KEY && !e.FIREBASE_AUTH_EMULATOR_HOST);

  if (wantsFirebase) {
    if (e.FIREBASE_AUTH_EMULATOR_HOST)
      problems.push(
        "- FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator is refused in production (its tokens are unsigned); unset it",
      );
    if (!realProject)
      problems.push("- FIREBASE_PROJECT_ID: a real Firebase project id is required when NODE_ENV=production");
    if (!e.FIREBASE_API_KEY) problems.push("- FIREBASE_API_KEY: required when NODE_ENV=production");
    if (production && !e.GOOGLE_APPLICATION_CREDENTIALS)
      problems.push(
        "- GOOGLE_APPLICATION_CREDENTIALS: required when NODE_ENV=production (a service account key file of the Firebase project)",
      );
    if (!realProject || !e.FIREBASE_API_KEY || e.FIREBASE_AUTH_EMULATOR_HOST) return undefined;
    return {
      mode: "firebase",
      projectId: e.FIREBASE_PROJECT_ID!,
      apiKey: e.FIREBASE_API_KEY,
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      adminEmails: e.ADMIN_EMAILS,
    };
  }

  const projectId = e.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  return {
    mode: "emulator",
    projectId,
    // The emulator accepts any key; the SDK only needs one to be present.
    apiKey: e.FIREBASE_API_KEY ?? "demo-api-key",
    authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    adminEmails: e.ADMIN_EMAILS,
    emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    emulatorPort: e.FIREBASE_EMULATOR_PORT,
    authorizedDomains: e.ADMIN_AUTHORIZED_DOMAINS.split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    devAdmin: { email: e.DEV_ADMIN_EMAIL.toLowerCase(), password: e.DEV_ADMIN_PASSWORD },
  };
}
