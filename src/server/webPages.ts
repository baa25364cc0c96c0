import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Where the build writes the public pages' prerendered HTML (vite.prerender.ts, decision 030). */
const PRERENDERED = "prerendered";
/** Where it writes the SPA shells of pages whose path carries data, such as a checkout's times. */
const SHELLS = "shells";

/** Each prerendered page's path and file, from the build: `index.html` is `/`, `jasenyys.html` `/jasenyys`. */
function prerenderedPages(webFolder: string): { url: string; file: string }[] {
  const folder = path.join(webFolder, PRERENDERED);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".html"))
    .map((name) => {
      const slug = name.slice(0, -".html".length);
      return { url: slug === "index" ? "/" : `/${slug}`, file: `${PRERENDERED}/${name}` };
    });
}

/** The shells of pages whose path carries data: `checkout.html` is `/checkout` and all under it. */
function pageShells(webFolder: string): { prefix: string; file: string }[] {
  const folder = path.join(webFolder, SHELLS);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".html"))
    .map((name) => ({ prefix: `/${name.slice(0, -".html".length)}`, file: `${SHELLS}/${name}` }));
}

/**
 * The built SPA's files, and the prerendered public pages at their exact paths. A prerendered
 * page asked for with a query string (a link from an e-mail, `/oma-varaus?varaus=…`) gets the SPA
 * shell instead, since the page's first render may read the query; every other page address gets
 * the shell from the app's not-found handler, or, under a prefix with a shell of its own (a
 * checkout), that shell. Hashed assets are cached for a year; pages and
 * everything else are revalidated on each visit.
 */
export async function registerWebPages(app: FastifyInstance, webFolder: string): Promise<void> {
  const pages = prerenderedPages(webFolder);
  await app.register(fastifyStatic, {
    root: webFolder,
    wildcard: false,
    // "/" is the prerendered home page when there is one, not the shell.
    index: pages.some((page) => page.url === "/") ? false : ["index.html"],
    // The build writes .br and .gz beside each file (vite.config.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) =>
      res.setHeader(
        "cache-control",
        file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      ),
  });
  for (const shell of pageShells(webFolder)) {
    for (const url of [shell.prefix, `${shell.prefix}/*`])
      app.get(url, (_request, reply) => reply.type("text/html; charset=utf-8").sendFile(shell.file));
  }
  for (const page of pages) {
    app.get(page.url, (request, reply) =>
      reply.type("text/html; charset=utf-8").sendFile(request.url.includes("?") ? "index.html" : page.file),
    );
  }
}
