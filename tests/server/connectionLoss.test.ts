import { sql } from "drizzle-orm";
import pg from "pg";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";

/** db.execute answers rows on both drivers; its type is the drivers' union. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// What a PostgreSQL restart, failover or idle-connection timeout does to the server's connections.
describe.runIf(process.env.DATABASE_URL)("PostgreSQL drops the server's connections", () => {
  let t: TestApp;
  let database: string;
  beforeAll(async () => {
    t = await createTestApp("postgres");
    database = rowsOf<{ name: string }>(await t.ctx.db.execute(sql`SELECT current_database() AS name`))[0]!
      .name;
  });
  afterAll(() => t.close());

  async function terminateBackends() {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [database],
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  const availability = () =>
    t.app.inject({ method: "GET", url: "/api/v2/availability?from=2026-06-20&to=2026-06-26" });

  it("keeps serving under load, reconnects, and loses no confirmed booking", async () => {
    const booked = [
      await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00"),
      await bookAndPay(t, "2026-06-21T10:00:00+03:00", "2026-06-21T11:00:00+03:00"),
    ];
    expect(booked.map((b) => b.reservation.status)).toEqual(["confirmed", "confirmed"]);

    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      // Idle and busy connections both: requests are in flight while their backends go away.
      const load = Promise.all(Array.from({ length: 20 }, availability));
      await new Promise((r) => setTimeout(r, 5));
      terminated += await terminateBackends();
      const answers = await load;
      // A request whose connection died mid-query may fail, but only with our own { message }.
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode).toBe(500);
        expect(res.json()).toHaveProperty("message");
      }
    }
    // Idle pooled connections too: PostgreSQL tells each one it is terminated while nobody waits on it.
    terminated += await terminateBackends();
    await new Promise((r) => setTimeout(r, 200));
    expect(terminated).toBeGreaterThan(0);

    // The process is alive and the pool has reconnected: every request succeeds again.
    const after = await Promise.all(Array.from({ length: 10 }, availability));
    expect(after.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const confirmed = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`SELECT id FROM reservations WHERE status = 'confirmed' ORDER BY starts_at`),
    );
    expect(confirmed.map((r) => r.id)).toEqual(booked.map((b) => b.reservation.id));
  });
});
