import { readFileSync } from "node:fs";

/*
 * Drizzle's migrator applies a migration only when its journal time (`when`) is later than the
 * last one the database has applied. Earlier entries carry hand-set times; a new one generated
 * with today's clock could sort before them and be skipped on every database migrated before it
 * (a fresh database would still get it, so only an upgrade would show the loss).
 */
const journal = JSON.parse(
  readFileSync(new URL("../../src/server/db/migrations/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: Array<{ idx: number; when: number; tag: string }> };

test("every migration's journal time is later than the one before it", () => {
  const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when);
  expect(late.map((e) => e.tag)).toEqual([]);
  expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
});
