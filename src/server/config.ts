import { isIP } from "node:net";
import { z } from "zod";
import { paymentConfig, paymentEnv, type PaymentConfig } from "./integrations/index.js";
import { adminAuthConfig, firebaseEnv, type AdminAuthConfig } from "./firebase/index.js";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** proxy-addr's names for ranges (Fastify's trustProxy takes them with addresses and CIDRs). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const TRUST_PROXY_HELP =
  "write the number of proxies in front of the server (e.g. TRUST_PROXY=1 for one reverse proxy) or their addresses (e.g. TRUST_PROXY=10.0.0.2 or 10.0.0.0/8,127.0.0.1)";

/**
 * Which X-Forwarded-For entries are the proxies' own: none (unset, "false" or 0), a hop count, or
 * the proxies' addresses. The client's address is then the one the nearest trusted proxy saw.
 * `true` is refused: Fastify would take the left-most entry, which the client writes itself.
 */
const trustProxyEnv = z
  .string()
  .trim()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.toLowerCase() ?? "";
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") {
      ctx.addIssue({
        code: "custom",
        message: `true would let every client choose its own address with a forged X-Forwarded-For; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops;
      ctx.addIssue({ code: "custom", message: `${value} proxies is not plausible; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    const entries = value
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: "custom",
        message: `"${bad.join(", ") || value}" is not a number of proxies or an IP address or CIDR range; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "PORT must be a number" })
    .int("PORT must be a whole number")
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Behind reverse proxies, how many there are or their addresses (per-IP limits need the client's address). */
  TRUST_PROXY: trustProxyEnv,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "DATABASE_URL must look like postgres://user@host:5432/database")
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ message: "PUBLIC_URL must be an absolute URL" }).optional()),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, "SMTP_URL must look like smtp://user:pass@host:587")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default("Koirapuisto <noreply@koirapuisto.local>"),
  /**
   * No mail server: every e-mail is printed to the log instead, with its links' secrets withheld.
   * Production refuses to start with neither this nor SMTP_URL.
   */
  MAIL_TO_LOG: z.stringbool().default(false),
  ...paymentEnv,
  ALLOW_DEMO_PAYMENTS: z.stringbool().default(false),
  DOOR_PROVIDER: z.enum(["log", "shelly", "mqtt"]).default("log"),
  SHELLY_URL: optionalString.pipe(z.url({ message: "SHELLY_URL must be an absolute URL" }).optional()),
  SHELLY_SWITCH_ID: z.coerce.number().int().min(0).default(0),
  DOOR_OPEN_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  MQTT_URL: optionalString.pipe(
    z
      .string()
      .regex(/^mqtts?:\/\/.+/, "MQTT_URL must look like mqtt://host:1883")
      .optional(),
  ),
  MQTT_TOPIC: z.string().min(1).default("koirapuisto/portti/avaa"),
  /** The park's lights (decision 035): none, a Shelly relay, or an MQTT topic on MQTT_URL's broker. */
  LIGHTS_PROVIDER: z.enum(["none", "shelly", "mqtt"]).default("none"),
  LIGHTS_SHELLY_URL: optionalString.pipe(
    z.url({ message: "LIGHTS_SHELLY_URL must be an absolute URL" }).optional(),
  ),
  LIGHTS_SHELLY_SWITCH_ID: z.coerce.number().int().min(0).default(0),
  LIGHTS_MQTT_TOPIC: z.string().min(1).default("koirapuisto/valot"),
  /** API requests one process serves at once; beyond it answers 503 with Retry-After at once. */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ...firebaseEnv,
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, "PAYMENT_PROVIDER"> & {
  /** The provider in use: demo unless Stripe's secrets are set (integrations/payments/config.ts). */
  PAYMENT_PROVIDER: PaymentConfig["provider"];
  /** Stripe's keys and API address when PAYMENT_PROVIDER is stripe. */
  stripe: PaymentConfig["stripe"];
  /** Base URL of the site as users reach it; used in e-mailed links. */
  publicUrl: string;
  sessionSecret: string;
  /** Who the admins' identity provider is: a Firebase project, or the Auth emulator. */
  adminAuth: AdminAuthConfig;
};

const DEV_SESSION_SECRET = "development-only-session-secret-change-me!";

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !e.SESSION_SECRET) problems.push("- SESSION_SECRET: required when NODE_ENV=production");
  if (production && !e.PUBLIC_URL) problems.push("- PUBLIC_URL: required when NODE_ENV=production");
  if (production && !e.SMTP_URL && !e.MAIL_TO_LOG)
    problems.push(
      "- SMTP_URL: required when NODE_ENV=production (login links and receipts are e-mailed); without a mail server set MAIL_TO_LOG=true to print e-mails to the log instead, their links' secrets left out",
    );
  if (e.SMTP_URL && e.MAIL_TO_LOG)
    problems.push(
      "- MAIL_TO_LOG: SMTP_URL is set too; set one of them (MAIL_TO_LOG=true prints instead of sending)",
    );
  const payments = paymentConfig(e, problems);
  if (production && payments.provider === "demo" && !e.ALLOW_DEMO_PAYMENTS)
    problems.push(
      "- PAYMENT_PROVIDER: the demo payment page is refused in production; set ALLOW_DEMO_PAYMENTS=true to allow it",
    );
  if (e.DOOR_PROVIDER === "shelly" && !e.SHELLY_URL)
    problems.push("- SHELLY_URL: required when DOOR_PROVIDER=shelly");
  if (e.DOOR_PROVIDER === "mqtt" && !e.MQTT_URL)
    problems.push("- MQTT_URL: required when DOOR_PROVIDER=mqtt");
  if (e.LIGHTS_PROVIDER === "shelly" && !e.LIGHTS_SHELLY_URL)
    problems.push("- LIGHTS_SHELLY_URL: required when LIGHTS_PROVIDER=shelly");
  if (e.LIGHTS_PROVIDER === "mqtt" && !e.MQTT_URL)
    problems.push("- MQTT_URL: required when LIGHTS_PROVIDER=mqtt (the lights' topic is on that broker)");
  const adminAuth = adminAuthConfig(e, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);

  return {
    ...e,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    PAYMENT_PROVIDER: payments.provider,
    stripe: payments.stripe,
    adminAuth: adminAuth!,
  };
}
