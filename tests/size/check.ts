/*
 * The first-load budget of decision 019: for each public entry route, the JavaScript its first
 * paint needs (the entry chunk, the chunks it imports statically, the chunks it imports at once
 * dynamically with their static imports and, for a route whose page is lazy, that page's chunk and
 * its static imports), gzipped. Read from the Vite manifest of the
 * last `npm run build`; prints a table and exits non-zero over the budget.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BUDGET_BYTES, gzippedSize, outDir, readManifest, type Manifest } from "./build.js";

/**
 * Route -> the lazy page modules (manifest keys, relative to src/web) its first paint waits for,
 * and what CI enforces: the budget, for both.
 */
export const firstPaintPages: Record<string, { pages: string[]; limitBytes: number }> = {
  "/": { pages: ["pages/HomePage.tsx"], limitBytes: BUDGET_BYTES },
  "/varauskalenteri": { pages: ["pages/booking/CalendarPage.tsx"], limitBytes: BUDGET_BYTES },
};

/** The chunk files a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest: update firstPaintPages`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function firstLoad(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("The manifest has no entry chunk");
  return Object.entries(firstPaintPages).map(([route, { pages, limitBytes }]) => {
    const files = staticClosure(manifest, entryKey);
    // What the entry imports at once, react-dom and the app (src/web/main.tsx, decision 045).
    for (const imported of manifest[entryKey]!.dynamicImports ?? []) staticClosure(manifest, imported, files);
    for (const page of pages) staticClosure(manifest, page, files);
    const sizes = [...files].map((file) => ({ file, gzip: gzippedSize(file) }));
    return { route, limitBytes, files: sizes, total: sizes.reduce((sum, f) => sum + f.gzip, 0) };
  });
}

function main() {
  const manifest = readManifest();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const over: string[] = [];
  console.log(`First-load JavaScript, gzipped (budget ${kb(BUDGET_BYTES)} per route)`);
  for (const { route, limitBytes, files, total } of firstLoad(manifest)) {
    console.log(`\n${route} (CI limit ${kb(limitBytes)})`);
    for (const { file, gzip } of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${file.padEnd(48)} ${kb(gzip).padStart(9)}`);
    }
    const verdict = total > limitBytes ? "OVER THE LIMIT" : total > BUDGET_BYTES ? "over budget" : "ok";
    console.log(`  ${"total".padEnd(48)} ${kb(total).padStart(9)}  ${verdict}`);
    if (total > limitBytes) over.push(`${route} ${kb(total)} > ${kb(limitBytes)}`);
  }
  if (over.length > 0) {
    console.error(`\nThe first load is over its CI limit (decision 023): ${over.join(", ")}.`);
    process.exitCode = 1;
  }
  // What ships renders with react-dom (decision 023): its root marker is in the entry's first load.
  const [home] = firstLoad(manifest);
  const rendersWithReactDom = home!.files.some(({ file }) =>
    readFileSync(path.join(outDir, file), "utf8").includes("__reactContainer$"),
  );
  if (!rendersWithReactDom) {
    console.error("\nThe first load of / does not contain react-dom: the browser must render with React.");
    process.exitCode = 1;
  }
}

main();
