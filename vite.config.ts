import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vitest/config";
import { stripStateDescriptions } from "./vite.machines.js";
import { inlinedStylesheet, prerender } from "./vite.prerender.js";

/** Writes .br and .gz beside every text file of the build, so the server sends them as they are. */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|txt|json|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      if (name === ".vite") return []; // the build's manifest, read by npm run size, never served
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle() {
      for (const file of walk(outDir).filter((f) => compressible.test(f))) {
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Puts the entry's stylesheet into index.html as a <style>, so the first paint waits for no
 * stylesheet request (Lighthouse's render-blocking audit; a few KB compressed, decision 019). The
 * file stays in the build for anything that still links it; lazy pages' CSS is loaded as before.
 */
function inlineEntryCss(): Plugin {
  return {
    name: "inline-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== "asset") return tag;
            return inlinedStylesheet(file, String(asset.source));
          },
        );
      },
    },
  };
}

/**
 * Preloads what the entry imports dynamically at once (react-dom and the app, src/web/main.tsx,
 * decision 045) with the chunks those import, as Vite does for the entry's static imports: they are
 * fetched beside the entry, not after it has run.
 */
function preloadEntryImports(): Plugin {
  return {
    name: "preload-entry-imports",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === "chunk" ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || !byFile.has(file)) return;
          files.add(file);
          for (const imported of byFile.get(file)!.imports) add(imported);
        };
        for (const file of entry.dynamicImports) add(file);
        const links = [...files]
          .filter((file) => file !== entry.fileName && !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        // Their stylesheets inlined like the entry's (inlineEntryCss): the prerendered page is
        // styled before they run.
        const css = [
          ...new Set([...files].flatMap((file) => [...(byFile.get(file)!.viteMetadata?.importedCss ?? [])])),
        ];
        const styles = css.flatMap((file) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== "asset" || html.includes(`/${file}"`)) return [];
          return [inlinedStylesheet(file, String(asset.source))];
        });
        // Before the entry's own rules, where they were when the app was part of the entry.
        const withStyles = html.includes("<style>")
          ? html.replace("<style>", () => `${styles.join("")}<style>`)
          : html.replace("</head>", () => `${styles.join("")}</head>`);
        return withStyles.replace("</head>", () => `${links.join("")}</head>`);
      },
    },
  };
}

/**
 * react-router's package exports only its development build, whose warnings cost the phone's main
 * thread on every navigation; the production build (same code without them) is in the package too.
 * The dev server keeps the warnings.
 */
const reactRouterProduction = [
  {
    find: /^react-router(\/dom)?$/,
    replacement: "$1",
    customResolver: (source: string) =>
      path.join(
        path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
        "dist/production",
        source.endsWith("/dom") ? "dom-export.mjs" : "index.mjs",
      ),
  },
];

// The SPA lives in src/web; its build goes to dist/web, which the Fastify server serves.
export default defineConfig(({ command, mode }) => ({
  root: "src/web",
  publicDir: "public",
  // prerender writes the public pages' HTML before precompress compresses the build (decision 030).
  plugins: [
    stripStateDescriptions(),
    react(),
    inlineEntryCss(),
    preloadEntryImports(),
    prerender(),
    precompress(),
  ],
  resolve: {
    alias: command === "build" && mode !== "test" ? reactRouterProduction : [],
  },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Read by `npm run size` (tests/size/check.ts) to add up each route's first load.
    manifest: true,
    rolldownOptions: {
      output: {
        // The shell's session, HTTP client and their machines in one chunk: left to the automatic
        // split they come in many small chunks shared with the lazy pages, which compress worse
        // (decision 053).
        codeSplitting: {
          groups: [
            {
              name: "app",
              test: /src\/client\/(customerSession|http|parseAnswer|storage|idempotencyKey|siteInfo|earlyRequests|membership)\.ts|src\/web\/session\/|machines\/(customerSessionMachine|subscriptionMachine|remoteFailure)\.ts|jwt-decode/,
            },
          ],
        },
      },
    },
  },
  test: {
    root: ".",
    globals: true,
    include: ["tests/{unit,machines,server,web}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    // One Firebase Auth emulator for the run (admin sign-in), and one PGlite database migrated
    // once for the run and copied for each test; see the files.
    globalSetup: ["tests/support/firebaseEmulatorSetup.ts", "tests/support/testDatabaseTemplates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest runs cores − 1 files at once: one on a 2-core machine. The server tests mostly wait on
    // PostgreSQL and PGlite, so two at a time fill the cores instead of idling one.
    maxWorkers: 2,
  },
}));
