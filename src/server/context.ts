import type { Config } from "./config.js";
import type { Database, Db } from "./db/index.js";
import type { AdminIdentity, DoorProvider, LightsProvider, PaymentProvider } from "./integrations/index.js";
import type { AvailabilityCache } from "./availability/index.js";
import type { MailService } from "./mail/index.js";

/** What every route and job needs; built once in main.ts (or a test) and handed to buildApp. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mail: MailService;
  payments: PaymentProvider;
  door: DoorProvider;
  /** The park's lights (LIGHTS_PROVIDER; decision 035). */
  lights: LightsProvider;
  /** Verifies admins' Firebase ID tokens (a Firebase project or the Auth emulator). */
  adminIdentity: AdminIdentity;
  /** Settings, area and booking rules in memory, kept current by the database's notices. */
  availability: AvailabilityCache;
  /** The clock; tests move it instead of waiting. */
  now: () => Date;
};

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
