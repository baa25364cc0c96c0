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
import type { PrerenderedPage, pageShells as Shells, prerenderedPages as Pages } from "./src/web/prerender";

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
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

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * A prerendered page is painted from its HTML; its scripts only make it interactive, so they are
 * fetched at low priority, behind anything the paint needs, and do not count as render-blocking.
 */
const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

/** What the page's lazy module adds to the <head>: its chunks preloaded, its CSS inlined. */
function headFor(
  outDir: string,
  manifest: Manifest,
  module: string | undefined,
  priority: "low" | "auto" = "auto",
): string {
  if (!module) return "";
  const shell = closure(manifest, "index.html");
  const shellFiles = new Set([...shell.values()].flatMap((c) => [c.file, ...(c.css ?? [])]));
  const chunks = [...closure(manifest, module).values()];
  const preloads = chunks
    .map((c) => c.file)
    .filter((file) => !shellFiles.has(file))
    .map((file) => `<link rel="modulepreload" fetchpriority="${priority}" crossorigin href="/${file}">`);
  const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))]
    .filter((file) => !shellFiles.has(file))
    .map((file) => readFileSync(path.join(outDir, file), "utf8").replaceAll("</style", "<\\/style"))
    .map((css) => `<style>${css}</style>`);
  return [...preloads, ...styles].join("");
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
            const document = lowPriorityScripts(template)
              .replace("</head>", () => `${headFor(outDir, manifest, page.module, "low")}</head>`)
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
            const document = lowPriorityScripts(template)
              .replace("</head>", () => `${headFor(outDir, manifest, shell.module, "low")}</head>`)
              .replace('<div id="root"></div>', () => `<div id="root" data-shell>${html}</div>`);
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
