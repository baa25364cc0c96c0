import { buildApp, type App } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig, type Config } from "../../src/server/config.js";
import type { AppContext } from "../../src/server/context.js";
import type { DatabaseKind } from "../../src/server/db/database.js";
import type { DoorProvider } from "../../src/server/integrations/door/provider.js";
import type { PaymentProvider } from "../../src/server/integrations/payments/provider.js";
import { consoleTransport, type MailTransport } from "../../src/server/mail/service.js";
import { openTestDatabase } from "./database.js";

/** A clock that tests set and move; the app reads time only through it. */
export function createClock(start = new Date("2026-06-15T09:00:00Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date | string) => void (current = new Date(date).getTime()),
    advance: (ms: number) => void (current += ms),
  };
}
export type Clock = ReturnType<typeof createClock>;

export type TestApp = {
  app: App;
  ctx: AppContext;
  clock: Clock;
  /** Text of every e-mail the console transport printed. */
  printedMail: string[];
  close(): Promise<void>;
};

export async function createTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    mailTransport?: MailTransport;
    clock?: Clock;
    /** Stand-ins for what lies outside the product (a payment provider's servers, a gate device). */
    payments?: PaymentProvider;
    door?: DoorProvider;
  } = {},
): Promise<TestApp> {
  const config: Config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // The run's Auth emulator (tests/support/firebaseEmulatorSetup.ts) verifies admins' tokens;
    // production refuses any emulator.
    ...(options.env?.NODE_ENV === "production"
      ? {}
      : { FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST }),
    ...options.env,
  });
  const database = await openTestDatabase(kind);
  const clock = options.clock ?? createClock();
  const printedMail: string[] = [];
  const ctx = await createContext(config, database, {
    now: clock.now,
    mailTransport: options.mailTransport ?? consoleTransport((text) => printedMail.push(text)),
    payments: options.payments,
    door: options.door,
  });
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    printedMail,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type AdminMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A signed-in admin's request to `/api/v2/admin${url}` on the test app; a payload only when given. */
export function adminRequest(
  t: Pick<TestApp, "app">,
  admin: { token: string },
  method: AdminMethod,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v2/admin${url}`,
    headers: { authorization: `Bearer ${admin.token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
