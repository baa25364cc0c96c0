import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/*
 * The last `npm run build` as both size checks read it: the first-load budget, the Vite manifest
 * and each file's gzipped size (check.ts adds up a route's static closure, downloads.ts what a
 * browser fetched).
 */

/** The first-load budget of each public route with React in the browser (issue 19, decision 023). */
export const BUDGET_BYTES = 120 * 1024;

export const outDir = path.resolve(import.meta.dirname, "../../dist/web");

export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  const manifestPath = path.join(outDir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  return JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
}

/** A built file's gzipped size as served: the build's own .gz beside it (level 9), or gzipped here. */
export function gzippedSize(file: string): number {
  const full = path.join(outDir, file);
  if (!existsSync(full)) throw new Error(`${file} is not in the build`);
  return existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : gzipSync(readFileSync(full), { level: 9 }).length;
}
