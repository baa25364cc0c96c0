/**
 * `npm run dev`: Vite with hot reload on PORT (default 3000), and the API server (restarted by
 * tsx watch on change) on PORT+1 behind Vite's proxy, so the browser sees one origin.
 */
import { spawn } from "node:child_process";
import { createServer } from "vite";
import { ConfigError, loadConfig } from "./config.js";
import { startOwnEmulator } from "./firebase/index.js";

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

// The Auth emulator runs here, not in the API process that tsx restarts on every change: its
// accounts (and the admin's sign-in) survive the restarts.
let adminAuth;
try {
  adminAuth = loadConfig({ ...process.env, PUBLIC_URL: publicUrl }).adminAuth;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const emulator =
  adminAuth.mode === "emulator" && !adminAuth.emulatorHost
    ? await startOwnEmulator(adminAuth, {
        loginUrl: `${publicUrl}/hallinta/login`,
        print: (text) => console.log(text),
        onError: (error) => console.error(`Firebase Auth emulator: ${error.message}`),
      }).catch((error: Error) => {
        console.error(error.message);
        process.exit(1);
      })
    : null;

const api = spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(apiPort),
    SERVE_WEB: "false",
    PUBLIC_URL: publicUrl,
    ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : {}),
  },
});

const vite = await createServer({
  configFile: "vite.config.ts",
  server: {
    port,
    strictPort: true,
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/maksu": `http://127.0.0.1:${apiPort}` },
  },
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await Promise.all([vite.close(), emulator?.stop()]);
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
