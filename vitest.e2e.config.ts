import { defineConfig } from "vitest/config";

// End-to-end tests start the built server and drive Debian's Chromium; they run one file at a time.
export default defineConfig({
  test: {
    globals: true,
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ["tests/support/firebaseEmulatorSetup.ts"],
  },
});
