import type { App } from "../../src/server/app.js";

/**
 * Every route the app has registered, as { method, url }, read from Fastify's own route tree
 * (printRoutes), so a route registered anywhere, inside the admin folder or not, is listed.
 */
export function registeredRoutes(app: App): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = line.match(/^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?/);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? "") + match[2]!;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[3]?.split(", ") ?? []) routes.push({ method, url });
  }
  return routes;
}
