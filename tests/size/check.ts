/*
 * The first-load budget of decision 019: for each public entry route, the JavaScript its first
 * paint needs (the entry chunk, the chunks it imports statically and, for a route whose page is
 * lazy, that page's chunk and its static imports), gzipped. Read from the Vite manifest of the
 * last `npm run build`; prints a table and exits non-zero over the budget.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Issue 11's budget for the first load: not met yet (decision 019 says what it takes). */
export const BUDGET_BYTES = 90 * 1024;
/**
 * What CI enforces until then: today's first load with a little room, so the shell cannot grow
 * unnoticed. Lower it as the shell shrinks; it becomes BUDGET_BYTES when that is met.
 */
export const LIMIT_BYTES = 185 * 1024;

/** Route -> the lazy page modules (manifest keys, relative to src/web) its first paint waits for. */
export const firstPaintPages: Record<string, string[]> = {
  "/": [],
  "/varauskalenteri": ["pages/booking/CalendarPage.tsx"],
};

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const outDir = path.resolve(import.meta.dirname, "../../dist/web");

/** The chunk files a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest: update firstPaintPages`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Gzipped size as served: the build's own .gz beside the file (level 9), or gzip it here. */
function gzippedSize(file: string): number {
  const full = path.join(outDir, file);
  return existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : gzipSync(readFileSync(full), { level: 9 }).length;
}

export function firstLoad(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("The manifest has no entry chunk");
  return Object.entries(firstPaintPages).map(([route, pages]) => {
    const files = staticClosure(manifest, entryKey);
    for (const page of pages) staticClosure(manifest, page, files);
    const sizes = [...files].map((file) => ({ file, gzip: gzippedSize(file) }));
    return { route, files: sizes, total: sizes.reduce((sum, f) => sum + f.gzip, 0) };
  });
}

function main() {
  const manifestPath = path.join(outDir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  let over = false;
  console.log(
    `First-load JavaScript, gzipped (budget ${kb(BUDGET_BYTES)} per route, CI limit ${kb(LIMIT_BYTES)})`,
  );
  for (const { route, files, total } of firstLoad(manifest)) {
    console.log(`\n${route}`);
    for (const { file, gzip } of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${file.padEnd(48)} ${kb(gzip).padStart(9)}`);
    }
    const verdict = total > LIMIT_BYTES ? "OVER THE LIMIT" : total > BUDGET_BYTES ? "over budget" : "ok";
    console.log(`  ${"total".padEnd(48)} ${kb(total).padStart(9)}  ${verdict}`);
    over ||= total > LIMIT_BYTES;
  }
  if (over) {
    console.error(`\nThe first load is over the CI limit of ${kb(LIMIT_BYTES)} gzipped (decision 019).`);
    process.exitCode = 1;
  }
}

main();
