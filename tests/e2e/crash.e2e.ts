import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { DateTime } from "luxon";
import pg from "pg";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { openDatabase } from "../../src/server/db/database.js";
import { seedDatabase } from "../../src/server/seed/database.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { startServer, type RunningServer } from "../support/server.js";

/*
 * kill -9 under booking load: every booking the server answered as confirmed is there after a
 * restart on the same data, and the holds it left behind are released when they end. On the
 * embedded database and, when DATABASE_URL is set, on PostgreSQL.
 */

type Target = { name: string; env: Record<string, string>; cleanup(): Promise<void> };

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `kp_crash_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name: "postgres",
    env: { DATABASE_URL: url.toString() },
    async cleanup() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Holds last one minute here, so the test can watch them end. */
async function shortenHolds(target: Target, dataDir: string) {
  const database = target.env.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: target.env.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: `${dataDir}/pglite` });
  await seedDatabase(database.db);
  const rules = await getSetting(database.db, "slotRules");
  await putSetting(database.db, "slotRules", { ...rules, holdMinutes: 1 });
  await database.close();
}

/** Distinct free half-hour slots tomorrow from 06:00, Helsinki time. */
function slot(i: number) {
  const start = DateTime.now()
    .setZone(HELSINKI)
    .plus({ days: 1 })
    .set({ hour: 6, minute: 0, second: 0, millisecond: 0 })
    .plus({ minutes: 30 * i });
  return { start: start.toISO()!, end: start.plus({ minutes: 30 }).toISO()! };
}

const checkout = (server: RunningServer, i: number) =>
  fetch(`${server.url}/api/v2/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...slot(i),
      name: `Kävijä ${i}`,
      email: `kavija${i}@example.com`,
      dogs: 1,
      paymentMethod: "card",
      acceptTerms: true,
    }),
  });

type Outcome = { confirmed?: string; held?: { token: string; i: number } };

/** One visitor: a checkout, then every other one pays on the demo page. */
async function visitor(server: RunningServer, i: number): Promise<Outcome> {
  const res = await checkout(server, i);
  if (res.status !== 201) {
    if (res.status >= 500)
      throw new Error(`checkout ${i}: ${res.status} ${await res.text()}\n${server.output().slice(-2000)}`);
    return {};
  }
  const { redirectUrl, reservation } = await res.json();
  if (i % 2 === 1) return { held: { token: reservation.accessToken, i } };
  const paid = await fetch(`${server.url}${redirectUrl}/approve`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  const answeredConfirmed = paid.status === 303 && paid.headers.get("location")?.includes("payment=success");
  return answeredConfirmed ? { confirmed: reservation.accessToken } : {};
}

async function statusOf(server: RunningServer, accessToken: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/reservations/by-token/${accessToken}`);
  return (await res.json()).reservation?.status ?? `HTTP ${res.status}`;
}

async function crashAndRestart(target: Target) {
  const first = await startServer({ env: target.env });
  const dataDir = first.dataDir;
  await first.stop({ keepData: true });
  await shortenHolds(target, dataDir);
  const server = await startServer({ env: target.env, dataDir });
  try {
    // Visitors keep coming; once a few have been confirmed, the process is killed mid-load.
    const outcomes: Array<Promise<Outcome>> = [];
    let confirmedSoFar = 0;
    let settled = 0;
    const giveUpAt = Date.now() + 30_000;
    for (let i = 0; i < 30 && confirmedSoFar < 4 && Date.now() < giveUpAt; i++) {
      outcomes.push(
        visitor(server, i)
          .then((outcome) => {
            if (outcome.confirmed) confirmedSoFar++;
            return outcome;
          })
          .catch(() => ({}))
          .finally(() => settled++),
      );
      // New visitors arrive only as fast as earlier ones are answered (at most 6 waiting).
      while (outcomes.length - settled >= 6 && Date.now() < giveUpAt)
        await new Promise((r) => setTimeout(r, 20));
    }
    await server.kill();
    const answered = await Promise.all(outcomes);
    const confirmed = answered.flatMap((a) => (a.confirmed ? [a.confirmed] : []));
    const held = answered.flatMap((a) => (a.held ? [a.held] : []));
    expect(confirmed.length, target.name).toBeGreaterThan(0);

    // The restart takes over the killed process's stale lock (embedded database) and its data.
    const again = await startServer({ env: target.env, dataDir });
    try {
      for (const token of confirmed) expect(await statusOf(again, token), target.name).toBe("confirmed");
      // When the one-minute holds have ended, their slots can be booked again.
      await new Promise((r) => setTimeout(r, 62_000));
      for (const { i } of held)
        expect((await checkout(again, i)).status, `${target.name} slot ${i}`).toBe(201);
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await target.cleanup();
  }
}

describe("the server killed with SIGKILL under booking load", () => {
  it("keeps every booking it confirmed and releases its holds, on every database", async () => {
    const targets: Target[] = [{ name: "pglite", env: {}, cleanup: async () => {} }];
    if (process.env.DATABASE_URL) targets.push(await postgresTarget(process.env.DATABASE_URL));
    await Promise.all(targets.map(crashAndRestart));
  }, 240_000);
});
