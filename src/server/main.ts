import { buildApp } from "./app.js";
import { createContext, openConfiguredDatabase } from "./bootstrap.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { startOwnEmulator } from "./firebase/index.js";
import { startJobs } from "./jobs/index.js";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const database = await openConfiguredDatabase(config).catch((error: Error) => {
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  return fail(
    config.DATABASE_URL
      ? `Could not open the database at DATABASE_URL: ${reason}`
      : `Could not open the embedded database in ${config.DATA_DIR}: ${reason}`,
  );
});
// Without a Firebase project or a running emulator, development starts its own Auth emulator.
const adminAuth = config.adminAuth;
const emulator =
  adminAuth.mode === "emulator" && !adminAuth.emulatorHost
    ? await startOwnEmulator(adminAuth, {
        loginUrl: `${config.publicUrl}/hallinta/login`,
        print: (text) => console.log(text),
        onError: (error) => console.error(`Firebase Auth emulator: ${error.message}`),
      }).catch(async (error: Error) => {
        await database.close();
        return fail(error.message);
      })
    : null;
if (emulator && adminAuth.mode === "emulator") adminAuth.emulatorHost = emulator.host;

const ctx = await createContext(config, database);
const app = await buildApp({
  ctx,
  serveWeb: process.env.SERVE_WEB !== "false",
  logger: { level: config.LOG_LEVEL },
});
const jobs = startJobs(ctx, app.log);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  jobs.stop();
  try {
    await app.close();
    await emulator?.stop();
  } finally {
    // PGlite writes its files on close; closing last keeps the data intact.
    await database.close();
    process.exit(0);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Koirapuisto running at ${config.publicUrl} (database: ${database.kind}, mail: ${ctx.mail.transportName})`,
  );
} catch (error) {
  await database.close();
  fail(`Could not start the server on ${config.HOST}:${config.PORT}: ${(error as Error).message}`);
}
