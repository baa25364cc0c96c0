import { defineConfig } from "vitest/config";

// `npm run screenshots` (after a build): every view at 375 and 1440 px into docs/screenshots/,
// each checked as a person would look at it (issue 32; decision 039). CI runs it after the e2e tests.
export default defineConfig({
  test: {
    globals: true,
    include: ["tests/screenshots/*.shots.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/firebaseEmulatorSetup.ts"],
  },
});
