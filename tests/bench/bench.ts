/**
 * `npm run bench`: the production server next to a bare Fastify route, each in its own process,
 * with autocannon in a third (tests/bench/load.ts), on PGlite and on PostgreSQL (DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; a fresh database, dropped after). Availability for 1, 7
 * and 62 days, checkout of distinct free slots at 10 and 50 connections and of one contended slot.
 * Availability with dog options (a reactive dog and a female in heat) for 7 and 62 days too, and
 * a week's availability alone and while 10 connections book into that week (issue 37).
 * Prints one table (req/s, p50, p99, ratio to the bare route) and the goals; asserts nothing.
 * BENCH_SECONDS sets each run's length (default 5); BENCH_CASES (comma-separated words) runs only
 * the cases whose names contain one of them, e.g. BENCH_CASES=dogs.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import pg from "pg";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import type { LoadResult, LoadRun } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CASES = (process.env.BENCH_CASES ?? "")
  .split(",")
  .map((word) => word.trim())
  .filter(Boolean);
/** Whether a case runs: every case, or those BENCH_CASES names a word of. */
const runs = (name: string) => CASES.length === 0 || CASES.some((word) => name.includes(word));
const here = (file: string) => new URL(file, import.meta.url).pathname;
const tsx = { execArgv: ["--import", "tsx"], stdio: "inherit" as const };

type Row = { db: string; name: string; connections: number; result: LoadResult; bare: number };

function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    const onMessage = (message: { type?: string; message?: string }) => {
      if (message.type === type) {
        stop();
        resolve(message as T);
      } else if (message.type === "error") {
        stop();
        reject(new Error(message.message));
      }
    };
    const onExit = (code: number | null) => {
      stop();
      reject(new Error(`${type}: the process exited (${code})`));
    };
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

async function start(file: string, env: Record<string, string> = {}) {
  const child = fork(here(file), [], { ...tsx, env: { ...process.env, ...env } });
  const { port } = await waitFor<{ port: number }>(child, "listening");
  return { child, url: `http://127.0.0.1:${port}` };
}

const loader = fork(here("./load.ts"), [], tsx);
/** A second load generator, for the bookings made while the first asks for availability. */
const bookingLoader = fork(here("./load.ts"), [], tsx);
async function load(run: LoadRun, on: ChildProcess = loader): Promise<LoadResult> {
  const done = waitFor<LoadResult>(on, "result");
  on.send(run);
  return done;
}

/**
 * A week's availability asked at 10 connections while 10 others book every free slot of that week
 * once, in a park booked every hour from the week after (issue 37): the readers run in one-second
 * runs for as long as the bookings do, so every figure is of time when bookings were being made.
 * Their rate, the median p50, the worst p99.
 */
async function availabilityWhileBooking(url: string, checkout: string) {
  const week = freeSlots(6 * 48); // tomorrow and the five days after it: inside today's week
  let booking: LoadResult | null = null;
  const bookings = load(
    { url: checkout, method: "POST", connections: 10, seconds: 0, slots: week, once: true },
    bookingLoader,
  ).then((result) => (booking = result));
  const runs: LoadResult[] = [];
  while (!booking) runs.push(await load({ url, method: "GET", connections: 10, seconds: 1 }));
  await bookings;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const during: LoadResult = {
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p50: sorted(runs.map((r) => r.p50))[Math.floor(runs.length / 2)]!,
    p99: Math.max(...runs.map((r) => r.p99)),
    codes: runs.reduce<Record<string, number>>((codes, r) => {
      for (const [code, n] of Object.entries(r.codes)) codes[code] = (codes[code] ?? 0) + n;
      return codes;
    }, {}),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
  return { during, booking: booking as LoadResult };
}

/** Distinct free 30-minute slots from tomorrow on (the bench server is open around the clock). */
function freeSlots(count: number): Array<{ start: string; end: string }> {
  const first = DateTime.now().setZone(HELSINKI).startOf("day").plus({ days: 1 });
  return Array.from({ length: count }, (_, i) => {
    const start = first.plus({ minutes: 30 * i });
    return { start: start.toISO()!, end: start.plus({ minutes: 30 }).toISO()! };
  });
}

async function postgresUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `kp_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL skipped (${(error as Error).message})`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const rows: Row[] = [];
const bare = await start("./bare.ts");
// Warmed up like each case, so the first ceiling is not a cold one (it read a third low).
await load({ url: `${bare.url}/bare`, method: "GET", connections: 10, seconds: 1 });
const today = DateTime.now().setZone(HELSINKI).startOf("day");
const range = (days: number) => `from=${today.toISODate()}&to=${today.plus({ days: days - 1 }).toISODate()}`;

/**
 * Each case's ceiling is the bare route measured just before it, GET or POST as the case is: on a
 * shared machine the bare route alone varies by half within minutes, and a ceiling measured
 * minutes earlier skews the ratio either way.
 */
async function ceiling(db: string, method: "GET" | "POST"): Promise<number> {
  const result = await load({ url: `${bare.url}/bare`, method, connections: 50, seconds: SECONDS });
  rows.push({ db, name: `bare ${method}`, connections: 50, result, bare: result.rps });
  return result.rps;
}

async function benchOn(db: string, env: Record<string, string>) {
  const server = await start("./server.ts", env);
  const availability: Array<{ name: string; query: string }> = [
    ...[1, 7, 62].map((days) => ({ name: `availability ${days} d`, query: range(days) })),
    // What a visitor with a reactive dog or a female in heat asks (decision 036).
    ...[7, 62].map((days) => ({
      name: `availability ${days} d, dogs`,
      query: `${range(days)}&reactiveDog=true&inHeat=true`,
    })),
  ];
  for (const { name, query } of availability.filter((c) => runs(c.name))) {
    const url = `${server.url}/api/v2/availability?${query}`;
    await load({ url, method: "GET", connections: 10, seconds: 1 }); // warm-up
    const bareRps = await ceiling(db, "GET");
    const result = await load({ url, method: "GET", connections: 50, seconds: SECONDS });
    rows.push({ db, name, connections: 50, result, bare: bareRps });
  }
  const checkout = `${server.url}/api/v2/reservations`;
  if (runs("availability 7 d, while booking")) {
    const url = `${server.url}/api/v2/availability?${range(7)}`;
    server.child.send({ type: "reset" });
    await waitFor(server.child, "reset");
    server.child.send({ type: "seed" });
    await waitFor(server.child, "seeded");
    await load({ url, method: "GET", connections: 10, seconds: 1 }); // warm-up
    const alone = await load({ url, method: "GET", connections: 10, seconds: SECONDS });
    rows.push({ db, name: "availability 7 d, alone", connections: 10, result: alone, bare: alone.rps });
    const { during, booking } = await availabilityWhileBooking(url, checkout);
    rows.push({
      db,
      name: "availability 7 d, while booking",
      connections: 10,
      result: during,
      bare: alone.rps,
    });
    rows.push({ db, name: "checkout into that week", connections: 10, result: booking, bare: booking.rps });
  }
  const slots = freeSlots(58 * 48);
  const checkouts = ["checkout, distinct slots", "checkout, one slot"].filter(runs);
  const barePost = checkouts.length > 0 ? await ceiling(db, "POST") : 0;
  for (const connections of checkouts.includes("checkout, distinct slots") ? [10, 50] : []) {
    server.child.send({ type: "reset" });
    await waitFor(server.child, "reset");
    const result = await load({ url: checkout, method: "POST", connections, seconds: SECONDS, slots });
    rows.push({ db, name: "checkout, distinct slots", connections, result, bare: barePost });
  }
  if (checkouts.includes("checkout, one slot")) {
    const result = await load({
      url: checkout,
      method: "POST",
      connections: 50,
      seconds: SECONDS,
      slots: slots.slice(-1),
    });
    rows.push({ db, name: "checkout, one slot", connections: 50, result, bare: barePost });
  }
  server.child.disconnect();
  await new Promise((r) => server.child.once("exit", r));
}

try {
  await benchOn("PGlite", {});
  const postgres = await postgresUrl();
  if (postgres) {
    try {
      await benchOn("PostgreSQL", { BENCH_DATABASE_URL: postgres.url });
    } finally {
      await postgres.drop();
    }
  }
} finally {
  bare.child.disconnect();
  loader.disconnect();
  bookingLoader.disconnect();
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const num = (n: number, n2: number) => String(Math.round(n)).padStart(n2);
console.log(
  `\n${SECONDS} s a run; the bare route in its own process, autocannon in another; each case's ` +
    "ratio is to the bare row just above it.\n",
);
console.log(
  `${pad("database", 11)}${pad("case", 30)}${pad("conns", 6)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"of bare".padStart(9)}  answers`,
);
for (const { db, name, connections, result, bare: ceiling } of rows) {
  const codes = Object.entries(result.codes)
    .map(([code, n]) => `${code}×${n}`)
    .join(" ");
  console.log(
    `${pad(db, 11)}${pad(name, 30)}${pad(connections, 6)}${num(result.rps, 8)}${num(result.p50, 8)}${num(result.p99, 8)}${`${((result.rps / ceiling) * 100).toFixed(1)} %`.padStart(9)}  ${codes}${result.errors ? ` errors×${result.errors}` : ""}`,
  );
}
console.log("\nGoals:");
for (const db of new Set(rows.map((r) => r.db))) {
  for (const name of ["availability 7 d", "availability 7 d, dogs"]) {
    const week = rows.find((r) => r.db === db && r.name === name);
    if (!week) continue;
    const ok = week.result.rps >= 0.5 * week.bare && week.result.p99 < 20;
    console.log(
      `  ${db}: ${name} ${((week.result.rps / week.bare) * 100).toFixed(1)} % of bare, p99 ${week.result.p99} ms (≥ 50 %, < 20 ms): ${ok ? "met" : "NOT met"}`,
    );
  }
  const during = rows.find((r) => r.db === db && r.name === "availability 7 d, while booking");
  if (!during) continue;
  const share = during.result.rps / during.bare;
  console.log(
    `  ${db}: a week's availability while 10 connections book into it ${(share * 100).toFixed(1)} % of alone (≥ 25 %): ${share >= 0.25 ? "met" : "NOT met"}`,
  );
}
const pgCheckout = rows.find(
  (r) => r.db === "PostgreSQL" && r.name === "checkout, distinct slots" && r.connections === 50,
);
if (pgCheckout)
  console.log(
    `  PostgreSQL: checkout of distinct slots ${Math.round(pgCheckout.result.rps)} req/s (≥ 250): ${pgCheckout.result.rps >= 250 ? "met" : "NOT met"}`,
  );
process.exit(0);
