/**
 * `npm run dev`: Vite with hot reload on PORT (default 3000), and the API server (restarted by
 * tsx watch on change) on PORT+1 behind Vite's proxy, so the browser sees one origin.
 */
import { spawn } from "node:child_process";
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;

const api = spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(apiPort),
    SERVE_WEB: "false",
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
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
  await vite.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
