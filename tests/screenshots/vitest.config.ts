import { defineConfig } from "vitest/config";

// Not a CI test: `npx vite build && npx vitest run --config tests/screenshots/vitest.config.ts`
// saves the public pages' screenshots (375 and 1440 px) under docs/screenshots/ (decision 031).
export default defineConfig({
  test: {
    globals: true,
    include: ["tests/screenshots/*.shots.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/firebaseEmulatorSetup.ts"],
  },
});
