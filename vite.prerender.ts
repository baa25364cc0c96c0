/*
 * The build step that writes the public pages' HTML (decision 030). After the browser build, it
 * builds src/web/prerender.tsx for Node (dependencies stay in node_modules), renders each of its
 * `prerenderedPages` with the same route table the browser uses, and writes
 * dist/web/prerendered/<file>.html: the built index.html with the page's markup in #root, its own
 * title and description, and, for a lazy page, its chunks preloaded and its CSS inlined (so the
 * prerendered page is styled at once and nothing moves when the chunk's stylesheet arrives).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { AFTER_FIRST_PAINT } from "./src/web/afterFirstPaint.js";
import type { PrerenderedPage, pageShells as Shells, prerenderedPages as Pages } from "./src/web/prerender";

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A module's chunk and the chunks it imports statically, transitively, as manifest entries. */
function closure(manifest: Manifest, key: string, into = new Map<string, ManifestChunk>()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the build's manifest (src/web/prerender.tsx)`);
  if (into.has(key)) return into;
  into.set(key, chunk);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * A stylesheet put into the page as a <style>, followed by a disabled <link> to its file. The link
 * is never fetched: it tells Vite's preload helper, which looks for the stylesheet's <link>, that
 * the rules are here. Without it a lazy chunk that imports the stylesheet's chunk loads them again
 * after the page's own, and the page moves (decision 042). The entry's and the entry's dynamic
 * imports' (vite.config.ts) and a prerendered page's (pageAssets) all go in this way.
 */
export const inlinedStylesheet = (file: string, css: string) =>
  `<style>${css.replaceAll("</style", "<\\/style")}</style><link rel="stylesheet" href="/${file}" disabled>`;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** What the page's lazy module adds to the <head>: its chunks to preload, its CSS inlined. */
function pageAssets(
  outDir: string,
  manifest: Manifest,
  module: string | undefined,
): { preloads: string[]; styles: string[] } {
  if (!module) return { preloads: [], styles: [] };
  // The entry, and react-dom and the app, which it imports at once (src/web/main.tsx): index.html
  // preloads them already (vite.config.ts).
  const shell = closure(manifest, "index.html");
  for (const imported of manifest["index.html"]?.dynamicImports ?? []) closure(manifest, imported, shell);
  const shellFiles = new Set([...shell.values()].flatMap((c) => [c.file, ...(c.css ?? [])]));
  const chunks = [...closure(manifest, module).values()];
  const preloads = chunks
    .map((c) => c.file)
    .filter((file) => !shellFiles.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))]
    .filter((file) => !shellFiles.has(file))
    .map((file) => inlinedStylesheet(file, readFileSync(path.join(outDir, file), "utf8")));
  return { preloads, styles };
}

/**
 * The built index.html as a page painted from its HTML (a prerendered page or a page shell), with
 * its lazy module's CSS inlined. Its scripts only make it interactive: the entry is fetched at low
 * priority (not render-blocking), and every other script asked for nothing before the page is on
 * screen: the preloads (index.html's: react-dom, the app; and the page's chunks) wait in an inert
 * <template> that the entry puts into the <head> once the page has painted (src/web/main.tsx,
 * decision 046). Nothing competes with the first paint for the connection or the main thread.
 */
function paintedFirst(template: string, outDir: string, manifest: Manifest, module: string | undefined) {
  const { preloads, styles } = pageAssets(outDir, manifest, module);
  const held: string[] = [];
  const head = template
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"[^>]*>/g, (tag) => {
      held.push(tag);
      return "";
    });
  const deferred = `<template id="${AFTER_FIRST_PAINT}">${[...held, ...preloads].join("")}</template>`;
  return head.replace("</head>", () => `${styles.join("")}${deferred}</head>`);
}

export function prerender(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Before the precompression (vite.config.ts), which then compresses these pages too.
    closeBundle: {
      order: "pre",
      sequential: true,
      async handler() {
        // Inside the project, so that Node finds the dependencies the built module imports.
        const serverOut = path.resolve(outDir, "../prerender");
        await build({
          configFile: false,
          root,
          mode: "production",
          logLevel: "warn",
          plugins: [react()],
          build: { ssr: "prerender.tsx", outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
        });
        try {
          const entry = pathToFileURL(path.join(serverOut, "prerender.js")).href;
          const { renderPage, prerenderedPages, pageShells } = (await import(entry)) as {
            renderPage(path: string): Promise<PrerenderedPage>;
            prerenderedPages: typeof Pages;
            pageShells: typeof Shells;
          };
          const template = readFileSync(path.join(outDir, "index.html"), "utf8");
          const manifest = JSON.parse(
            readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"),
          ) as Manifest;
          mkdirSync(path.join(outDir, "prerendered"), { recursive: true });
          for (const page of prerenderedPages) {
            const { html, title, description } = await renderPage(page.path);
            const document = paintedFirst(template, outDir, manifest, page.module)
              .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
              .replace(/(<meta name="description" content=")[^"]*"/, (_, start: string) => {
                return `${start}${escapeHtml(description)}"`;
              })
              .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
            if (!document.includes(html))
              throw new Error(`prerender: no #root in index.html for ${page.path}`);
            writeFileSync(path.join(outDir, "prerendered", `${page.file}.html`), document);
          }
          mkdirSync(path.join(outDir, "shells"), { recursive: true });
          for (const shell of pageShells) {
            const { html } = await renderPage(shell.markupAt);
            // Its first state is in the HTML: like a prerendered page, the scripts are not needed to paint.
            const document = paintedFirst(template, outDir, manifest, shell.module).replace(
              '<div id="root"></div>',
              () => `<div id="root" data-shell>${html}</div>`,
            );
            if (!document.includes(html))
              throw new Error(`prerender: no #root in index.html for ${shell.prefix}`);
            writeFileSync(path.join(outDir, "shells", `${shell.file}.html`), document);
          }
        } finally {
          rmSync(serverOut, { recursive: true, force: true });
        }
      },
    },
  };
}
