import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Re-exports every aggregate's tables from src/server/schema/: drizzle-kit reads them all from here.
  schema: "./src/server/schema/index.ts",
  out: "./src/server/db/migrations",
});
