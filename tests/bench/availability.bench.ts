/**
 * `npm run bench`: requests per second and p99 latency of the availability endpoint for one week,
 * next to a bare Fastify JSON route on the same machine, and their ratio. Both servers listen on
 * loopback and get the same bounded concurrent load of fetch requests. Prints; asserts nothing.
 */
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import Fastify from "fastify";
import { DateTime } from "luxon";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { buildApp } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/index.js";
import { areas, reservations } from "../../src/server/db/schema.js";
import { consoleTransport } from "../../src/server/services/mail.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = 200;

type Result = { name: string; rps: number; p50: number; p99: number; errors: number };

/** Sends `total` GETs with at most `concurrency` in flight; latency per request in milliseconds. */
async function load(name: string, url: string, total: number, concurrency: number): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!res.ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
  return { name, rps: total / seconds, p50: pick(0.5), p99: pick(0.99), errors };
}

async function main() {
  // The real app on in-memory PGlite with the seeded defaults and some bookings in the week.
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const database = await openDatabase({ kind: "pglite" });
  const ctx = await createContext(config, database, { mailTransport: consoleTransport(() => {}) });
  const app = await buildApp({ ctx });
  const today = DateTime.now().setZone(HELSINKI).startOf("day");
  const [area] = await ctx.db.select().from(areas);
  await ctx.db.insert(reservations).values(
    Array.from({ length: 14 }, (_, i) => {
      const start = today.plus({ days: 1 + (i % 6), hours: 8 + 2 * Math.floor(i / 6) });
      return {
        areaId: area!.id,
        startsAt: start.toJSDate(),
        endsAt: start.plus({ hours: 1 }).toJSDate(),
        status: "confirmed" as const,
        name: "Bench",
        email: "bench@example.com",
        priceCents: 1500,
        vatCents: 305,
        accessToken: `bench-access-${i}`,
        doorToken: `bench-door-${i}`,
      };
    }),
  );
  await app.listen({ port: 0, host: "127.0.0.1" });

  const bare = Fastify({ logger: false });
  bare.get("/json", async () => ({ hello: "world" }));
  await bare.listen({ port: 0, host: "127.0.0.1" });

  const port = (server: { server: { address(): unknown } }) => (server.server.address() as AddressInfo).port;
  const from = today.toISODate();
  const to = today.plus({ days: 6 }).toISODate();
  const availabilityUrl = `http://127.0.0.1:${port(app)}/api/v2/availability?from=${from}&to=${to}`;
  const bareUrl = `http://127.0.0.1:${port(bare)}/json`;

  const check = await fetch(availabilityUrl);
  const body = (await check.json()) as { days: { slots: unknown[] }[] };
  const cells = body.days.reduce((n, d) => n + d.slots.length, 0);
  console.log(`availability ${from}..${to}: ${body.days.length} days, ${cells} cells, HTTP ${check.status}`);
  console.log(
    `${REQUESTS} requests, ${CONCURRENCY} concurrent, loopback, after ${WARMUP} warm-up requests each\n`,
  );

  await load("warm-up", availabilityUrl, WARMUP, CONCURRENCY);
  await load("warm-up", bareUrl, WARMUP, CONCURRENCY);
  const results = [
    await load("GET /api/v2/availability (1 week)", availabilityUrl, REQUESTS, CONCURRENCY),
    await load("bare Fastify JSON route", bareUrl, REQUESTS, CONCURRENCY),
  ];

  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`${pad("endpoint", 36)}${pad("req/s", 10)}${pad("p50 ms", 10)}${pad("p99 ms", 10)}errors`);
  for (const r of results)
    console.log(
      `${pad(r.name, 36)}${pad(r.rps.toFixed(0), 10)}${pad(r.p50.toFixed(2), 10)}${pad(r.p99.toFixed(2), 10)}${r.errors}`,
    );
  const [availability, baseline] = results as [Result, Result];
  console.log(
    `\nratio: availability serves ${((availability.rps / baseline.rps) * 100).toFixed(1)} % of the bare ` +
      `route's requests per second (bare is ${(baseline.rps / availability.rps).toFixed(1)}× faster); ` +
      `p99 ${(availability.p99 / baseline.p99).toFixed(1)}× the bare route's`,
  );

  await bare.close();
  await app.close();
  await database.close();
}

await main();
