import { defineConfig } from "vitest/config";

// End-to-end tests start the built server and drive Debian's Chromium; they run one file at a time.
export default defineConfig({
  test: {
    globals: true,
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page settles in a browser beside a server on a loaded 2-core machine: a poll waits up to
    // 10 s (vitest's default is 1 s), as long as the locators' own waits.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    globalSetup: ["tests/support/firebaseEmulatorSetup.ts"],
  },
});
