import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { DbOrTx } from "../../src/server/db/database.js";
import { reservationRepository } from "../../src/server/reservations/repository.js";

/*
 * Issue 31, finding 1: the day's share of unpaid holds (decision 024) was checked by the checkout
 * only, so a waitlist offer and a dearer move made holds past it. Every unpaid hold (a pending
 * reservation) is now made by reservations/hold.ts `placeHold`, which applies every hold rule. This
 * test reads src/server and fails when a pending reservation could be inserted anywhere else: an
 * insert into the reservations table outside the two known repository functions, a call of the
 * hold insert outside hold.ts, a hold rule applied outside it, or a path placing holds that is not
 * in the list below (a new path is added here, so whoever adds it sees this).
 */

const SERVER = fileURLToPath(new URL("../../src/server/", import.meta.url));

/** The places that make an unpaid hold, each through placeHold. */
const HOLD_PATHS = [
  "reservations/checkoutHold.ts", // a checkout
  "reservations/moveHold.ts", // a move to a dearer time
  "waitlistOffers/offers.ts", // a waitlist offer
];

/** The only inserts into reservations: the hold's (pending only) and a confirmed booking's. */
const RESERVATION_INSERTS = {
  "reservations/holdRepository.ts": "insertHold", // called by hold.ts only
  "reservations/repository.ts": "insert", // status "confirmed" only (checked below)
};

type Source = { path: string; text: string };

function serverSources(dir = SERVER): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    if (!entry.name.endsWith(".ts")) return [];
    return [{ path: relative(SERVER, path).split("\\").join("/"), text: readFileSync(path, "utf8") }];
  });
}

/** Code only: comments removed (a doc comment may name what it does not call). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** The names the file knows the reservations table by: its own, an alias, a schema namespace's. */
function tableNames(text: string): string[] {
  const names = ["reservations", "schema.reservations"];
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'][^"']*schema[^"']*["']/g))
    for (const part of m[1]!.split(",")) {
      const alias = /^\s*reservations\s+as\s+(\w+)\s*$/.exec(part);
      if (alias) names.push(alias[1]!);
    }
  for (const m of text.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*["'][^"']*schema[^"']*["']/g))
    names.push(`${m[1]}.reservations`);
  return names;
}

/** Each insert into reservations in the source: the enclosing method's name (or "?"), by line. */
function reservationInserts(source: Source): Array<{ path: string; line: number; method: string }> {
  const text = code(source.text);
  const names = tableNames(text);
  const found: Array<{ path: string; line: number; method: string }> = [];
  const at = (index: number) => {
    const before = text.slice(0, index);
    const method =
      [...before.matchAll(/(?:async\s+)?(\w+)\s*\([^()]*\)\s*(?::[^{]*)?\{/g)].at(-1)?.[1] ?? "?";
    found.push({ path: source.path, line: before.split("\n").length, method });
  };
  for (const m of text.matchAll(/\.insert\(\s*([\w.]+)\s*\)/g)) if (names.includes(m[1]!)) at(m.index);
  for (const m of text.matchAll(/insert\s+into\s+"?reservations"?(?=[\s("])/gi)) at(m.index);
  return found;
}

/** The files (but the one defining it) whose code calls `name`. */
const callsOf = (sources: Source[], name: string, definedIn: string) =>
  sources
    .filter((s) => s.path !== definedIn && new RegExp(`\\b${name}\\s*\\(`).test(code(s.text)))
    .map((s) => s.path)
    .sort();

describe("every unpaid hold is made by reservations/hold.ts placeHold", () => {
  const sources = serverSources();

  it("finds an insert into reservations however it is written (the scan can fail)", () => {
    const fake = (text: string) => reservationInserts({ path: "x.ts", text });
    expect(
      fake(`async offer(tx) {\n  await tx.insert(reservations).values({ status: "pending" });\n}`),
    ).toEqual([{ path: "x.ts", line: 2, method: "offer" }]);
    expect(
      fake(`import { reservations as r } from "../schema/index.js";\nfunction f() { db.insert(r) }`),
    ).toHaveLength(1);
    expect(
      fake(`import * as s from "../schema/index.js";\nfunction f() { db.insert( s.reservations ) }`),
    ).toHaveLength(1);
    expect(fake("function f() { sql`INSERT INTO reservations (id) VALUES (1)` }")).toHaveLength(1);
    expect(fake("function f() { db.insert(reservationMoves) } // db.insert(reservations)")).toEqual([]);
  });

  it("inserts into reservations only in the hold's insert and a confirmed booking's", () => {
    const inserts = sources.flatMap(reservationInserts);
    expect(inserts.map((i) => `${i.path} ${i.method}`).sort()).toEqual(
      Object.entries(RESERVATION_INSERTS)
        .map(([path, method]) => `${path} ${method}`)
        .sort(),
    );
  });

  it("calls the hold's insert and applies the hold rules only in hold.ts", () => {
    const only = ["reservations/hold.ts"];
    expect(callsOf(sources, "insertHold", "reservations/holdRepository.ts")).toEqual(only);
    expect(callsOf(sources, "liveHoldsOf", "reservations/holdRepository.ts")).toEqual(only);
    expect(callsOf(sources, "enforceHoldLimits", "reservations/holdLimits.ts")).toEqual(only);
    expect(callsOf(sources, "enforceDayShare", "reservations/holdLimits.ts")).toEqual(only);
  });

  it("places holds exactly on the listed paths", () => {
    expect(callsOf(sources, "placeHold", "reservations/hold.ts")).toEqual([...HOLD_PATHS].sort());
  });

  it("refuses a pending row in the confirmed booking's insert", async () => {
    // Never reaches the database: the guard comes first.
    const repository = reservationRepository({} as DbOrTx);
    await expect(
      repository.insert({ status: "pending" } as unknown as Parameters<typeof repository.insert>[0]),
    ).rejects.toThrow("placeHold");
  });
});
