/**
 * One database of `npm run bench:scale` (tests/bench/scale.ts), in a process of its own: opens it
 * (SCALE_URL on PostgreSQL, else in-memory PGlite), makes the product's context on a fixed clock,
 * writes the history of the size asked for, then times each measured call (median of RUNS after a
 * warm-up) and EXPLAIN ANALYZEs the slowest ones it has a query for. Then it serves the product over
 * HTTP on the same database and has tests/bench/load.ts (autocannon, in processes of their own)
 * book checkouts one at a time and at 10 connections, and ask a week's availability while 10
 * connections book into that week. Reports to the parent.
 *
 * SCALE_SIZE: "small" (60 days at the big one's density), "big" (the issue's shape) or "history"
 * (issue 37: the big one's park with HISTORY_YEARS times its years: the same customers, bookings,
 * payments, job runs, e-mails a day, so its recent rows are the big one's, and each member billed
 * HISTORY_YEARS times as many months; only the in-process calls, no HTTP). Comparing it with the
 * big one shows a call that reads all history; the year's finance report is compared there, as the
 * small one holds 60 days, not a year.
 */
import { fork, type ChildProcess } from "node:child_process";
import { asc, sql, type SQLWrapper } from "drizzle-orm";
import { buildApp } from "../../src/server/app.js";
import { createContext } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/database.js";
import { customers } from "../../src/server/schema/index.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import { financeReport } from "../../src/server/finance/report.js";
import { moneyFlowsQuery } from "../../src/server/finance/repository.js";
import { listMemberships } from "../../src/server/memberships/subscriptions/admin.js";
import { heatmap, listDoorEvents, timeline } from "../../src/server/door/adminOperations.js";
import { listPurchases, purchaseWindow } from "../../src/server/payments/admin.js";
import { purchaseConditions, purchasesPageQuery } from "../../src/server/payments/purchaseRepository.js";
import { listReservations } from "../../src/server/reservations/admin.js";
import { reservationListQuery } from "../../src/server/reservations/adminRepository.js";
import { listOutbox } from "../../src/server/mail/admin.js";
import { listJobs } from "../../src/server/jobs/admin.js";
import { listAudit } from "../../src/server/system/admin.js";
import { latestJobRunsQuery } from "../../src/server/system/jobRepository.js";
import {
  loadBookingRules,
  loadLiveReservations,
  primaryArea,
} from "../../src/server/availability/service.js";
import { bookingStateQuery, liveHoldsOfQuery } from "../../src/server/reservations/holdRepository.js";
import { storedHealth } from "../../src/server/system/health.js";
import { consoleTransport } from "../../src/server/mail/service.js";
import {
  currentSubscription,
  toSubscriptionView,
} from "../../src/server/memberships/subscriptions/service.js";
import { createDueInvoices, listInvoices } from "../../src/server/memberships/invoices/service.js";
import { dueSubscriptionsQuery } from "../../src/server/memberships/subscriptions/repository.js";
import { exportCustomerData } from "../../src/server/customers/customerExport.js";
import { getSettings, putSetting } from "../../src/server/settings/service.js";
import type { LoadResult, LoadRun } from "./load.js";
import { emailFragment, ISSUE_SHAPE, seedHistory } from "../support/history.js";

export type WorkerResult = {
  shape: string;
  seedMs: number;
  rows: Array<{ name: string; medianMs: number; goal: number }>;
  plans: Array<{ name: string; medianMs: number; plan: string }>;
  /** Over HTTP, the load from tests/bench/load.ts. */
  http: Array<{ name: string; connections: number } & LoadResult>;
};

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const size =
  process.env.SCALE_SIZE === "big" || process.env.SCALE_SIZE === "history" ? process.env.SCALE_SIZE : "small";
const scaleFactor = Number(process.env.SCALE_FACTOR ?? 1) || 1;
/** The history database's years against the big one's. */
const HISTORY_YEARS = 5;
const years = size === "history" ? HISTORY_YEARS : 1;
const days = size === "small" ? 60 : ISSUE_SHAPE.days * years;
// The small database: 60 days at the big one's density (a tenth of each count), so a week covers as
// many rows; the history's: HISTORY_YEARS times the big one's days at its density.
const factor = size === "small" ? days / ISSUE_SHAPE.days : scaleFactor * years;
const end = new Date("2026-06-15T00:00:00Z");
const now = new Date("2026-06-15T09:00:00Z");

const n = (count: number) => Math.max(10, Math.round(count * factor));
const shape = {
  end,
  days,
  aheadDays: ISSUE_SHAPE.aheadDays,
  areas: ISSUE_SHAPE.areas,
  bookings: n(ISSUE_SHAPE.bookings),
  // A park's customers are its regulars: with more years, each has more history, not the park more people.
  customers: n(ISSUE_SHAPE.customers / years),
  jobRuns: n(ISSUE_SHAPE.jobRuns),
  emails: n(ISSUE_SHAPE.emails),
  doorEvents: n(ISSUE_SHAPE.doorEvents),
  // Members with 12 invoices each (800, or every customer of a smaller database): a member's own
  // history is the same size on every database.
  members: Math.min(ISSUE_SHAPE.members, n(ISSUE_SHAPE.customers / years)),
  memberMonths: 12 * years,
};

const url = process.env.SCALE_URL;
const database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "pglite" });
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
  PUBLIC_URL: "http://127.0.0.1",
  ALLOW_DEMO_PAYMENTS: "true",
  FIREBASE_PROJECT_ID: "koirapuisto-bench",
  FIREBASE_API_KEY: "AIza-bench-key",
  GOOGLE_APPLICATION_CREDENTIALS: "/nonexistent/bench-service-account.json",
  // As tests/bench/server.ts: each checkout comes from its own address behind a trusted proxy.
  TRUST_PROXY: "1",
  // No mail server: the transport below prints nothing.
  MAIL_TO_LOG: "true",
  MAX_CONCURRENT_REQUESTS: "1000",
});
const ctx = await createContext(config, database, {
  now: () => now,
  mailTransport: consoleTransport(() => {}),
});
const seedStarted = performance.now();
await seedHistory(database.db, shape);
const seedMs = performance.now() - seedStarted;
const area = await primaryArea(database.db);
const db = database.db;
const [member] = await db.select().from(customers).orderBy(asc(customers.email)).limit(1);

const week = { from: new Date("2026-06-14T21:00:00Z"), to: new Date("2026-06-21T21:00:00Z") };
const slot = { start: new Date("2026-06-20T09:00:00Z"), end: new Date("2026-06-20T10:00:00Z") };
const checkoutQuery = bookingStateQuery({
  areaId: area.id,
  blockedFrom: new Date(slot.start.getTime() - 15 * 60_000),
  blockedUntil: new Date(slot.end.getTime() + 15 * 60_000),
  now,
});
const ownerQuery = liveHoldsOfQuery({ email: `aino.${emailFragment(10)}@example.fi`, ip: "192.0.2.1", now });
type Measured = { name: string; goal: number; run: () => Promise<unknown>; query?: SQLWrapper };
const measured: Measured[] = [
  {
    name: "checkout: the slot's booking state",
    goal: 1.5,
    run: () => db.execute(checkoutQuery),
    query: checkoutQuery,
  },
  {
    name: "checkout: the visitor's live holds",
    goal: 1.5,
    run: () => db.execute(ownerQuery),
    query: ownerQuery,
  },
  {
    name: "availability: a week's rules (cache refill)",
    goal: 1.5,
    run: () => loadBookingRules(db, { areaId: area.id, ...week, now }),
    query: loadLiveReservations(db, { areaId: area.id, ...week }),
  },
  {
    name: "admin reservations: a week",
    goal: 3,
    run: () => listReservations(ctx, { from: "2026-06-08", to: "2026-06-14" }),
    query: reservationListQuery(db, {
      from: new Date("2026-06-07T21:00:00Z"),
      to: new Date("2026-06-14T21:00:00Z"),
    }),
  },
  {
    name: "admin reservations: search",
    goal: 1.5,
    run: () => listReservations(ctx, { q: emailFragment(12) }),
    query: reservationListQuery(db, { q: emailFragment(12) }),
  },
  {
    name: "admin reservations: search for a member (e-mail)",
    goal: 1.5,
    run: () => listReservations(ctx, { q: member!.email }),
    query: reservationListQuery(db, { q: member!.email }),
  },
  {
    name: "admin purchases: default (first page)",
    goal: 1.5,
    run: () => listPurchases(ctx, {}),
    query: purchasesPageQuery(db, purchaseConditions(purchaseWindow(ctx.now(), {}).filters), {
      limit: 100,
      offset: 0,
    }),
  },
  {
    name: "admin purchases: one month, paid",
    goal: 3,
    run: () => listPurchases(ctx, { from: "2026-05-01", to: "2026-05-31", status: "paid" }),
    query: purchasesPageQuery(
      db,
      purchaseConditions({ from: "2026-05-01", to: "2026-05-31", status: "paid" }),
      {
        limit: 100,
        offset: 0,
      },
    ),
  },
  {
    name: "admin finance: a month by day",
    goal: 3,
    run: () => financeReport(ctx, { from: "2026-05-01", to: "2026-05-31", groupBy: "day" }),
    query: moneyFlowsQuery(
      { from: "2026-05-01", to: "2026-05-31", groupBy: "day" },
      new Date("2026-04-30T21:00:00Z"),
      new Date("2026-05-31T21:00:00Z"),
    ),
  },
  {
    name: "admin finance: a year by month",
    goal: 3,
    run: () => financeReport(ctx, { from: "2025-06-01", to: "2026-05-31", groupBy: "month" }),
    query: moneyFlowsQuery(
      { from: "2025-06-01", to: "2026-05-31", groupBy: "month" },
      new Date("2025-05-31T21:00:00Z"),
      new Date("2026-05-31T21:00:00Z"),
    ),
  },
  { name: "admin memberships: list", goal: 1.5, run: () => listMemberships(ctx, { page: 1 }) },
  { name: "admin operations: today", goal: 1.5, run: () => timeline(ctx) },
  { name: "admin operations: heat map (8 weeks)", goal: 3, run: () => heatmap(ctx, 8) },
  { name: "admin operations: gate events", goal: 1.5, run: () => listDoorEvents(ctx, {}) },
  { name: "admin system: health", goal: 1.5, run: () => storedHealth(ctx) },
  { name: "admin system: outbox", goal: 1.5, run: () => listOutbox(ctx, {}) },
  {
    name: "admin system: jobs",
    goal: 1.5,
    run: () => listJobs(ctx),
    query: latestJobRunsQuery(
      jobs.map((j) => j.name),
      false,
    ),
  },
  { name: "admin system: audit", goal: 1.5, run: () => listAudit(ctx, {}) },
  {
    name: "job: create-due-invoices, nothing due",
    goal: 1.5,
    run: () => createDueInvoices(ctx),
    query: dueSubscriptionsQuery(db, "2026-06-15"),
  },
  {
    name: "member: /subscriptions/me",
    goal: 1.5,
    run: async () => toSubscriptionView(ctx, (await currentSubscription(db, member!.id))!),
  },
  { name: "member: /invoices/me", goal: 1.5, run: () => listInvoices(ctx, member!.id) },
  {
    name: "member: own-data export",
    goal: 1.5,
    run: () =>
      exportCustomerData(ctx, {
        id: member!.id,
        email: member!.email,
        name: member!.name,
        phone: member!.phone,
        createdAt: member!.createdAt.toISOString(),
      }),
  },
];

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const rows: WorkerResult["rows"] = [];
for (const m of measured) rows.push({ name: m.name, goal: m.goal, medianMs: await median(m.run) });

const plans: WorkerResult["plans"] = [];
const explained = measured
  .map((m, i) => ({ ...m, medianMs: rows[i]!.medianMs }))
  .filter((m) => m.query)
  .sort((a, b) => b.medianMs - a.medianMs)
  .filter((m, i) => i < 3 || m.query === checkoutQuery); // and the checkout's, always
for (const m of explained) {
  const result = await db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${m.query!.getSQL()}`);
  const lines = (result as unknown as { rows: Array<Record<string, string>> }).rows.map(
    (r) => r["QUERY PLAN"],
  );
  plans.push({ name: m.name, medianMs: m.medianMs, plan: lines.join("\n") });
}

const http = size === "history" ? [] : await overHttp();

const described = `${shape.bookings} bookings over ${shape.days} days in ${shape.areas} areas, ${shape.customers} customers, ${shape.bookings} payments, ${shape.jobRuns} job runs, ${shape.emails} e-mails, ${shape.doorEvents} gate events, ${shape.members} members with ${shape.memberMonths} invoices each`;
process.send?.({ shape: described, seedMs, rows, plans, http } satisfies WorkerResult);
await database.close();
process.exit(0);

/**
 * The product over HTTP on this database, its clock still fixed, open around the clock with the
 * hold limits out of the way (as tests/bench/server.ts), and autocannon in processes of its own.
 * Checkouts book distinct 30-minute slots of the primary area after the history's bookings ahead
 * (from the 31st day on, the booking window opened to a year so there are enough of them); each run
 * takes slots no run took. The runs of checkouts alone ask each of their slots once, so their rate
 * is of bookings made, not of 409s once the slots ran out; the run beside the week's availability
 * runs for its seconds, and its answers say how many were bookings.
 */
async function overHttp(): Promise<WorkerResult["http"]> {
  await putSetting(db, "openingHours", {
    weekly: Array.from({ length: 7 }, () => ({ opens: "00:00", closes: "24:00" })),
  });
  await putSetting(db, "holdLimits", { perEmail: 100, perIp: 1000, dayPercent: 100 });
  const { slotRules } = await getSettings(db);
  await putSetting(db, "slotRules", { ...slotRules, bookingWindowDays: 365 });
  const app = await buildApp({ ctx, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const loaders = [0, 1].map(() =>
    fork(new URL("./load.ts", import.meta.url).pathname, [], {
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
    }),
  );
  const load = (loader: ChildProcess, run: LoadRun) =>
    new Promise<LoadResult>((resolve, reject) => {
      loader.once("message", (m: LoadResult & { type: string; message?: string }) =>
        m.type === "result" ? resolve(m) : reject(new Error(m.message)),
      );
      loader.send(run);
    });
  const first = Date.parse("2026-07-16T00:00:00+03:00");
  const slots = Array.from({ length: 330 * 48 }, (_, i) => {
    const start = first + i * 30 * 60_000;
    return { start: new Date(start).toISOString(), end: new Date(start + 30 * 60_000).toISOString() };
  });
  const checkout = `${base}/api/v2/reservations`;
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const results: WorkerResult["http"] = [];
  // Warm-up, then one at a time, then 10 at once, each on slots of its own.
  await load(loaders[0]!, {
    url: checkout,
    method: "POST",
    connections: 1,
    seconds: 1,
    slots: slots.slice(0, 100),
  });
  const one = await load(loaders[0]!, {
    url: checkout,
    method: "POST",
    connections: 1,
    seconds,
    slots: slots.slice(100, 2100),
    once: true,
  });
  results.push({ name: "checkout, one at a time", connections: 1, ...one });
  const ten = await load(loaders[0]!, {
    url: checkout,
    method: "POST",
    connections: 10,
    seconds,
    slots: slots.slice(2100, 6100),
    once: true,
  });
  results.push({ name: "checkout, distinct slots", connections: 10, ...ten });
  // The week being booked, asked for while 10 connections book into it.
  const week = `${base}/api/v2/availability?from=2026-07-30&to=2026-08-05`;
  const [during, booking] = await Promise.all([
    load(loaders[1]!, { url: week, method: "GET", connections: 10, seconds }),
    load(loaders[0]!, { url: checkout, method: "POST", connections: 10, seconds, slots: slots.slice(6100) }),
  ]);
  results.push({ name: "availability: a week, during checkouts", connections: 10, ...during });
  results.push({ name: "checkout, beside the week's availability", connections: 10, ...booking });
  for (const loader of loaders) loader.disconnect();
  await app.close();
  return results;
}
