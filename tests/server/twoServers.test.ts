import { and, eq, sql } from "drizzle-orm";
import { buildApp, type App } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import type { AppContext } from "../../src/server/context.js";
import { openDatabase, type Database } from "../../src/server/db/database.js";
import { runOnce, type Job } from "../../src/server/jobs/schedule.js";
import { emailOutbox, reservations, waitlistEntries } from "../../src/server/schema/index.js";
import { consoleTransport } from "../../src/server/mail/service.js";
import { putSetting } from "../../src/server/settings/service.js";
import { offerFreedSlots } from "../../src/server/waitlistOffers/offers.js";
import { createClock } from "../support/app.js";
import { expandAvailability } from "../../src/domain/availabilityWire.js";
import { availabilityWireSchema } from "../../src/domain/booking.js";
import { availabilityOf, checkoutBody } from "../support/booking.js";
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

  it("offers a freed slot once, with one e-mail, when both servers run the waitlist job at once", async () => {
    const [start, end] = ["2026-06-24T10:00:00+03:00", "2026-06-24T11:00:00+03:00"];
    const held = await a.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: checkoutBody(start, end, { email: "pitaja@example.com" }),
    });
    expect(held.statusCode).toBe(201);
    for (const [i, s] of [a, b].entries()) {
      clock.advance(1000); // the first to join is first in line
      expect(
        (
          await s.app.inject({
            method: "POST",
            url: "/api/v2/waitlist",
            payload: { start, end, email: `jonossa${i}@example.com` },
          })
        ).statusCode,
      ).toBe(201);
    }
    clock.advance(16 * 60_000); // the hold has ended: the slot is free for the line
    const runs = await Promise.all([offerFreedSlots(a.ctx), offerFreedSlots(b.ctx), offerFreedSlots(a.ctx)]);
    expect(runs.reduce((n, r) => n + r.offered, 0)).toBe(1);
    const offers = await a.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "waitlist_offer"));
    expect(offers.map((m) => m.to)).toEqual(["jonossa0@example.com"]);
    const holds = await a.ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.kind, "waitlist"), eq(reservations.startsAt, new Date(start))));
    expect(holds.map((h) => h.status)).toEqual(["pending"]);
    const entries = await a.ctx.db
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.startsAt, new Date(start)))
      .orderBy(waitlistEntries.email);
    expect(entries.map((e) => e.status)).toEqual(["offered", "waiting"]);
  });

  it("shows a booking made through one server in the other's next availability answer", async () => {
    const statusOn = async (s: Server, start: string) =>
      (await availabilityOf(s, "2026-06-22")).days[0]!.slots.find((c) => c.start === start)!.status;
    const start = "2026-06-22T10:00:00+03:00";
    await waitUntil(() => a.ctx.availability.isLive && b.ctx.availability.isLive);
    expect(await statusOn(b, start)).toBe("free");
    expect(await statusOn(b, start)).toBe("free"); // now from B's memory
    const heard = b.ctx.availability.stats.notices;
    const booked = await a.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: checkoutBody(start, "2026-06-22T11:00:00+03:00", { email: "kahden@example.com" }),
    });
    expect(booked.statusCode).toBe(201);
    // A knew before its commit returned; B hears PostgreSQL's notice a moment after the commit.
    expect(await statusOn(a, start)).toBe("taken");
    await waitUntil(() => b.ctx.availability.stats.notices > heard);
    expect(await statusOn(b, start)).toBe("taken");
  });

  it("shows a booking made through one server in the other's next answer with dog options", async () => {
    const date = "2026-06-26";
    const statusOn = async (s: Server, start: string) => {
      const res = await s.app.inject({
        method: "GET",
        url: `/api/v2/availability?from=${date}&to=${date}&reactiveDog=true`,
      });
      expect(res.statusCode).toBe(200);
      const day = expandAvailability(availabilityWireSchema.parse(res.json())).days[0]!;
      return day.slots.find((c) => c.start === start)!.status;
    };
    // Right after a 10–11 booking: free without options, not for a reactive dog (15 minutes before,
    // once the owner has turned the buffer on: a new park has it off).
    const after = `${date}T11:00:00+03:00`;
    await waitUntil(() => a.ctx.availability.isLive && b.ctx.availability.isLive);
    const settingsHeard = b.ctx.availability.stats.notices;
    await putSetting(a.ctx.db, "dogRules", {
      extraDogPriceCents: 0,
      reactiveDogBufferMinutes: 15,
      inHeatGapMinutes: 30,
    });
    await waitUntil(() => b.ctx.availability.stats.notices > settingsHeard);
    expect(await statusOn(b, after)).toBe("free");
    const computed = b.ctx.availability.stats.daysComputed;
    expect(await statusOn(b, after)).toBe("free"); // now from B's memory
    expect(b.ctx.availability.stats.daysComputed).toBe(computed);
    const heard = b.ctx.availability.stats.notices;
    const booked = await a.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: checkoutBody(`${date}T10:00:00+03:00`, after, { email: "kahden-koirat@example.com" }),
    });
    expect(booked.statusCode).toBe(201);
    await waitUntil(() => b.ctx.availability.stats.notices > heard);
    expect(await statusOn(b, after)).toBe("taken");
    expect(await statusOn(a, after)).toBe("taken");
  });

  it("never answers from memory while its listening connection is lost", async () => {
    const start = "2026-06-23T10:00:00+03:00";
    const statusOn = async (s: Server) =>
      (await availabilityOf(s, "2026-06-23")).days[0]!.slots.find((c) => c.start === start)!.status;
    await waitUntil(() => b.ctx.availability.isLive);
    expect(await statusOn(b)).toBe("free");
    // Every listening connection on the database goes (a restart of PostgreSQL would do the same).
    await a.ctx.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'koirapuisto-listener' AND datname = current_database()`,
    );
    await waitUntil(() => !b.ctx.availability.isLive);
    const booked = await a.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: checkoutBody(start, "2026-06-23T11:00:00+03:00", { email: "katkos@example.com" }),
    });
    expect(booked.statusCode).toBe(201);
    // B heard nothing, yet answers from the database.
    expect(await statusOn(b)).toBe("taken");
    // It listens again within seconds, and answers from memory again.
    await waitUntil(() => b.ctx.availability.isLive, 10_000);
    expect(await statusOn(b)).toBe("taken");
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
