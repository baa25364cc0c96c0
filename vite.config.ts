import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The SPA lives in src/web; its build goes to dist/web, which the Fastify server serves.
export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
  },
  test: {
    root: ".",
    globals: true,
    include: ["tests/{unit,machines,server,web}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
