import path from "node:path";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { openDatabase, type Database } from "./db/index.js";
import { demoCreditsText, seedDemoCredits, seedDatabase } from "./seed/index.js";
import {
  firebaseAdminIdentity,
  logDoorProvider,
  mqttDoorProvider,
  type DoorProvider,
  shellyDoorProvider,
  configuredLightsProvider,
  type LightsProvider,
  demoPaymentProvider,
  type PaymentProvider,
  stripeClient,
  stripePaymentProvider,
} from "./integrations/index.js";
import { AvailabilityCache } from "./availability/index.js";
import { consoleTransport, createMailService, smtpTransport, type MailTransport } from "./mail/index.js";

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : openDatabase({ kind: "pglite", dataDir: path.resolve(config.DATA_DIR, "pglite") });
}

export type ContextOverrides = {
  now?: () => Date;
  mailTransport?: MailTransport;
  payments?: PaymentProvider;
  door?: DoorProvider;
  lights?: LightsProvider;
};

/** The gate device chosen by DOOR_PROVIDER (config.ts has checked its settings). */
export function configuredDoorProvider(config: Config): DoorProvider {
  if (config.DOOR_PROVIDER === "shelly")
    return shellyDoorProvider({ url: config.SHELLY_URL!, switchId: config.SHELLY_SWITCH_ID });
  if (config.DOOR_PROVIDER === "mqtt")
    return mqttDoorProvider({ url: config.MQTT_URL!, topic: config.MQTT_TOPIC });
  return logDoorProvider();
}

/**
 * SMTP when SMTP_URL is set; otherwise printed: in full by default (development and tests: the
 * login link is clicked from the terminal), without the links' secrets with MAIL_TO_LOG, the only
 * way production runs without a mail server (config.ts).
 */
export function configuredMailTransport(config: Config, print?: (text: string) => void): MailTransport {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  return consoleTransport(print, { withholdSecrets: config.MAIL_TO_LOG });
}

/** Stripe when its secrets are set (config.ts has checked them), otherwise the demo page. */
export function configuredPaymentProvider(config: Config, now: () => Date): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "stripe" && config.stripe)
    return stripePaymentProvider({
      stripe: stripeClient(config.stripe),
      webhookSecret: config.stripe.webhookSecret,
      publicUrl: config.publicUrl,
      now,
    });
  return demoPaymentProvider();
}

/** Seeds the database and wires the services the routes and jobs share. */
export async function createContext(
  config: Config,
  database: Database,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  await seedDatabase(database.db);
  const now = overrides.now ?? (() => new Date());
  // A demo gift card and discount code to try the checkout with, printed like the login links.
  if (config.NODE_ENV === "development")
    console.log(demoCreditsText(await seedDemoCredits(database.db, now())));
  const transport = overrides.mailTransport ?? configuredMailTransport(config);
  const availability = new AvailabilityCache(database.db, now);
  availability.watch(database);
  return {
    config,
    database,
    db: database.db,
    availability,
    now,
    payments: overrides.payments ?? configuredPaymentProvider(config, now),
    door: overrides.door ?? configuredDoorProvider(config),
    lights: overrides.lights ?? configuredLightsProvider(config),
    adminIdentity: firebaseAdminIdentity(config.adminAuth),
    mail: createMailService({ transport, from: config.MAIL_FROM, now }),
  };
}
