/**
 * The production server for the bench, in a process of its own: buildApp with NODE_ENV=production
 * on PGlite (a fresh data folder) or PostgreSQL (BENCH_DATABASE_URL, a fresh database made by the
 * bench), open around the clock so checkouts have thousands of distinct free slots, with the dog
 * rules on (the "dogs" cases), behind a trusted proxy so each checkout may come from its own
 * address (the hold limits count per IP).
 * On `{ type: "reset" }` it forgets every booking; on `{ type: "seed" }` it books every hour from
 * the eighth day on. Reports `{ type: "listening", port }`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/database.js";
import { consoleTransport } from "../../src/server/mail/service.js";
import { putSetting } from "../../src/server/settings/service.js";
import { primaryArea } from "../../src/server/availability/index.js";

const url = process.env.BENCH_DATABASE_URL;
const dataDir = url ? null : mkdtempSync(path.join(tmpdir(), "kp-bench-"));
const database = url
  ? await openDatabase({ kind: "postgres", url })
  : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir!, "pglite") });
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
  PUBLIC_URL: "http://127.0.0.1",
  ALLOW_DEMO_PAYMENTS: "true",
  TRUST_PROXY: "1",
  // No mail server: the transport below prints nothing.
  MAIL_TO_LOG: "true",
  MAX_CONCURRENT_REQUESTS: "1000",
  // Admin sign-in is not benchmarked; production only needs a project named (never called here).
  FIREBASE_PROJECT_ID: "koirapuisto-bench",
  FIREBASE_API_KEY: "AIza-bench-key",
  GOOGLE_APPLICATION_CREDENTIALS: "/nonexistent/bench-service-account.json",
});
const ctx = await createContext(config, database, { mailTransport: consoleTransport(() => {}) });
await putSetting(database.db, "openingHours", {
  weekly: Array.from({ length: 7 }, () => ({ opens: "00:00", closes: "24:00" })),
});
await putSetting(database.db, "holdLimits", { perEmail: 100, perIp: 1000, dayPercent: 100 });
// The dog rules on, as an owner would turn them on (a new park has them off), so the cases with dog
// options measure their buffers rather than the plain answer again.
await putSetting(database.db, "dogRules", {
  extraDogPriceCents: 0,
  reactiveDogBufferMinutes: 15,
  inHeatGapMinutes: 30,
});
const app = await buildApp({ ctx, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({ type: "listening", port: typeof address === "object" && address ? address.port : 0 });

process.on("message", (message: { type?: string }) => {
  if (message.type === "seed") {
    void seed().then(() => process.send?.({ type: "seeded" }));
    return;
  }
  if (message.type !== "reset") return;
  void (async () => {
    // The last run's stragglers may still hold rows: wait for them, and try again on a deadlock.
    for (let attempt = 0; ; attempt++) {
      await new Promise((r) => setTimeout(r, 500));
      try {
        await database.db.execute(sql`TRUNCATE payments, reservations CASCADE`);
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
      }
    }
    process.send?.({ type: "reset" });
  })();
});
process.on("disconnect", () => {
  void (async () => {
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});

/**
 * A park with bookings ahead (issue 37): a paid half-hour booking every hour from the eighth day on
 * to the end of the booking window, so what the availability cache keeps (and would load again)
 * is a park's, not an empty one's, and today's week stays free to book into.
 */
async function seed() {
  const area = await primaryArea(database.db);
  await database.db.execute(sql`
    INSERT INTO reservations (area_id, starts_at, ends_at, blocked_from, blocked_until, status, kind,
      name, email, price_cents, vat_cents, access_token, door_token)
    SELECT ${area.id}, g.t, g.t + interval '30 minutes', g.t, g.t + interval '45 minutes', 'confirmed',
      'single', 'Penkki Varattu', 'varattu' || g.n || '@example.com', 900, 183,
      md5('a' || g.n || random()::text), md5('d' || g.n || random()::text)
    FROM generate_series(date_trunc('day', now()) + interval '8 days',
      date_trunc('day', now()) + interval '59 days', interval '1 hour') WITH ORDINALITY AS g(t, n)`);
}
