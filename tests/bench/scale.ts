/**
 * `npm run bench:scale` (issue 21, decision 025): the same queries on a small database and on a big
 * one of years of history (tests/support/history.ts, generate_series on the real schema, the same
 * rows every run), timed in a process of their own per database (tests/bench/scaleWorker.ts), and
 * printed as small, big and their ratio, with the plans of the three slowest on the big database;
 * then the HTTP figures (checkout one at a time and at 10 connections, a week's availability while
 * 10 connections book) of each. Issue 37's history axis: a third database is the big one's park
 * with five times its years (the same rows a day, the same customers, each member billed five
 * times as many months), and every in-process call is compared between the two (goal ≤ 1.3): a
 * call that reads all history shows there. The year's finance report is read on that axis only (the
 * small database holds 60 days, not a year).
 * PostgreSQL (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; fresh databases, dropped
 * after); BENCH_PGLITE=1 adds PGlite, =only runs it alone. BENCH_SCALE=0.25 builds a quarter of the issue's shape.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { WorkerResult } from "./scaleWorker.js";

const here = (file: string) => new URL(file, import.meta.url).pathname;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const scale = Number(process.env.BENCH_SCALE ?? 1);

/** One worker process: builds a database of the shape, times every measured call, reports. */
function measure(size: "small" | "big" | "history", url: string | null): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(here("./scaleWorker.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
      env: { ...process.env, SCALE_SIZE: size, SCALE_FACTOR: String(scale), SCALE_URL: url ?? "" },
    });
    // Resolved when the worker has closed its connections and exited, so dropping its database
    // terminates nobody.
    let result: WorkerResult | null = null;
    child.on("message", (m: WorkerResult) => (result = m));
    child.on("exit", (code) =>
      code || !result ? reject(new Error(`${size}: worker exited ${code}`)) : resolve(result),
    );
  });
}

async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `kp_scale_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const ms = (n: number) => n.toFixed(2).padStart(8);

/** Issue 37: from one history to five times as many years, a call costs at most this much more. */
const HISTORY_GOAL = 1.3;
/** Calls whose small database does not hold what they ask for (a year of 60 days). */
const HISTORY_ONLY = ["admin finance: a year by month"];

function print(db: string, small: WorkerResult, big: WorkerResult, history: WorkerResult) {
  console.log(`\n${db}: built the big database in ${(big.seedMs / 1000).toFixed(0)} s (${big.shape})`);
  console.log(`small: ${small.shape}`);
  console.log(`5× history: ${history.shape}, built in ${(history.seedMs / 1000).toFixed(0)} s`);
  console.log(
    `${pad("measured (median ms)", 44)}   small      big  5× hist   big/small  goal     5×/1×  goal`,
  );
  const flag = (ratio: number, goal: number) => (ratio <= goal ? "ok  " : "OVER");
  for (const row of big.rows) {
    const s = small.rows.find((r) => r.name === row.name)!;
    const h = history.rows.find((r) => r.name === row.name)!;
    const ratio = row.medianMs / Math.max(s.medianMs, 0.01);
    const years = h.medianMs / Math.max(row.medianMs, 0.01);
    const bySize = HISTORY_ONLY.includes(row.name)
      ? `${"-".padStart(11)}       `
      : `${ratio.toFixed(2).padStart(11)}  ≤${row.goal} ${flag(ratio, row.goal)}`;
    console.log(
      `${pad(row.name, 44)} ${ms(s.medianMs)} ${ms(row.medianMs)} ${ms(h.medianMs)} ${bySize} ${years.toFixed(2).padStart(7)}  ≤${HISTORY_GOAL} ${flag(years, HISTORY_GOAL)}`,
    );
  }
  console.log(`\nOver HTTP (autocannon in its own process):`);
  console.log(
    `${pad("case", 44)}${pad("conns", 6)}${"small req/s".padStart(12)}${"big req/s".padStart(10)}${"big/small".padStart(10)}${"p50 s/b".padStart(10)}${"p99 s/b".padStart(12)}  answers (big)`,
  );
  for (const row of big.http) {
    const s = small.http.find((r) => r.name === row.name)!;
    const codes = Object.entries(row.codes)
      .map(([code, n]) => `${code}×${n}`)
      .join(" ");
    console.log(
      `${pad(row.name, 44)}${pad(String(row.connections), 6)}${s.rps.toFixed(0).padStart(12)}${row.rps.toFixed(0).padStart(10)}${(row.rps / Math.max(s.rps, 0.01)).toFixed(2).padStart(10)}${`${s.p50}/${row.p50}`.padStart(10)}${`${s.p99}/${row.p99}`.padStart(12)}  ${codes}${row.errors ? ` errors×${row.errors}` : ""}`,
    );
  }
  console.log(`\nThe three slowest on the big database (and the checkout), with their plans:`);
  for (const p of big.plans) console.log(`\n## ${p.name} (${p.medianMs.toFixed(2)} ms)\n${p.plan}`);
  console.log(`\nThe three slowest on the 5× history database, with their plans:`);
  for (const p of history.plans.filter((p) => !p.name.startsWith("checkout")))
    console.log(`\n## ${p.name} (${p.medianMs.toFixed(2)} ms)\n${p.plan}`);
}

const pglite = process.env.BENCH_PGLITE;
const kinds = pglite === "only" ? ["pglite"] : pglite ? ["postgres", "pglite"] : ["postgres"];
for (const kind of kinds) {
  if (kind === "postgres") {
    const small = await withPostgres((url) => measure("small", url));
    const big = await withPostgres((url) => measure("big", url));
    const history = await withPostgres((url) => measure("history", url));
    print("PostgreSQL", small, big, history);
  } else {
    const small = await measure("small", null);
    const big = await measure("big", null);
    print("PGlite", small, big, await measure("history", null));
  }
}
