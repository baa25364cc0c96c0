import { sql } from "drizzle-orm";
import { buildApp, type App } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import type { AppContext } from "../../src/server/context.js";
import { openDatabase, type Database } from "../../src/server/db/index.js";
import { runOnce, type Job } from "../../src/server/jobs/index.js";
import { consoleTransport } from "../../src/server/services/mail.js";
import { createClock } from "../support/app.js";
import { checkoutBody } from "../support/booking.js";
import { openTestDatabase } from "../support/database.js";

type Server = { app: App; ctx: AppContext; database: Database };

/** Two servers behind one load balancer: separate processes' worth of state, one PostgreSQL. */
describe.runIf(process.env.DATABASE_URL)("two servers on one PostgreSQL", () => {
  const clock = createClock(new Date("2026-06-15T09:00:00Z"));
  let a: Server;
  let b: Server;

  async function server(database: Database): Promise<Server> {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const ctx = await createContext(config, database, {
      now: clock.now,
      mailTransport: consoleTransport(() => {}),
    });
    const app = await buildApp({ ctx });
    await app.ready();
    return { app, ctx, database };
  }

  beforeAll(async () => {
    const first = await openTestDatabase("postgres");
    const name = (
      (await first.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    a = await server(first);
    b = await server(await openDatabase({ kind: "postgres", url: url.toString() }));
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.app.close();
    await a.database.close();
  });

  it("runs each job's due time once", async () => {
    let runs = 0;
    const job: Job = { name: "shared-job", schedule: "0 * * * * *", run: async () => void runs++ };
    const due = new Date("2026-06-15T09:00:00Z");
    const claimed = await Promise.all([
      runOnce(a.ctx, job, due),
      runOnce(b.ctx, job, due),
      runOnce(a.ctx, job, due),
    ]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it("shares the gate's and the login links' rate limits", async () => {
    const press = (s: Server) =>
      s.app.inject({ method: "POST", url: "/api/v2/door/no-such-link/open", remoteAddress: "203.0.113.7" });
    for (let i = 0; i < 30; i++) expect((await press(i % 2 ? a : b)).statusCode).toBe(404);
    expect((await press(a)).statusCode).toBe(429);
    expect((await press(b)).statusCode).toBe(429);

    const ask = (s: Server, i: number) =>
      s.app.inject({
        method: "POST",
        url: "/api/v2/auth/magic-link",
        payload: { email: `kavija${i}@example.com` },
        remoteAddress: "203.0.113.8",
      });
    for (let i = 0; i < 10; i++) expect((await ask(i % 2 ? a : b, i)).statusCode).toBe(200);
    expect((await ask(b, 10)).statusCode).toBe(429);
  });

  it("lets exactly one of many checkouts through the two servers take a slot", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: "POST",
          url: "/api/v2/reservations",
          payload: checkoutBody("2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
            email: `k${i}@example.com`,
          }),
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
  });
});
