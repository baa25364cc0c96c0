import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type App } from "../../src/server/app.js";
import { createTestApp, type TestApp } from "../support/app.js";

/*
 * A page address with bad percent-encoding (a mangled link, `/avaa/%E0%A4%A`) gets the SPA, whose
 * router shows its not-found page, with status 404; the API keeps its Finnish JSON 400.
 */
describe("a malformed URL", () => {
  let t: TestApp;
  let web: App;
  let folder: string;
  const shell = '<!doctype html><html lang="fi"><body><div id="root"></div></body></html>';
  const home = '<!doctype html><html lang="fi"><body><div id="root"><h1>Etusivu</h1></div></body></html>';
  const checkout =
    '<!doctype html><html lang="fi"><head><link rel="modulepreload"></head><div id="root"></div>';
  const membership =
    '<!doctype html><html lang="fi"><body><div id="root"><h1>Jäsenyys</h1></div></body></html>';

  beforeAll(async () => {
    t = await createTestApp("pglite");
    folder = await mkdtemp(path.join(tmpdir(), "kp-web-"));
    await writeFile(path.join(folder, "index.html"), shell);
    // Two pages as the build prerenders them (vite.prerender.ts, decision 030).
    await mkdir(path.join(folder, "prerendered"));
    await writeFile(path.join(folder, "prerendered", "index.html"), home);
    await writeFile(path.join(folder, "prerendered", "jasenyys.html"), membership);
    await mkdir(path.join(folder, "shells"));
    await writeFile(path.join(folder, "shells", "checkout.html"), checkout);
    // A second app on the same context; the first one closes the shared admin identity.
    const adminIdentity = { ...t.ctx.adminIdentity, close: async () => {} };
    web = await buildApp({ ctx: { ...t.ctx, adminIdentity }, serveWeb: true, webFolder: folder });
    await web.ready();
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers a page address with the SPA and 404", async () => {
    const res = await web.inject({ method: "GET", url: "/avaa/%E0%A4%A" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toBe(shell);
  });

  it("keeps the API's Finnish JSON 400, and a POST to a page address gets it too", async () => {
    for (const request of [
      { method: "GET", url: "/api/v2/door/%E0%A4%A" },
      { method: "POST", url: "/avaa/%E0%A4%A" },
    ] as const) {
      const res = await web.inject(request);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Osoitteessa on virheellinen merkkikoodaus." });
    }
  });

  it("still serves an ordinary client route and answers an unknown API path in JSON", async () => {
    const page = await web.inject({ method: "GET", url: "/oma-varaus" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(shell);
    const api = await web.inject({ method: "GET", url: "/api/v2/ei-ole" });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/Polkua ei löydy/);
  });

  it("serves a prerendered page at its exact path, a checkout its own shell, and the shell elsewhere", async () => {
    for (const [url, body] of [
      ["/", home],
      ["/jasenyys", membership],
      ["/jasenyys?varaus=abc", shell],
      ["/jasenyys/x", shell],
      ["/index.html", shell],
      ["/checkout", checkout],
      ["/checkout/2026-11-25T10%3A00%3A00%2B02%3A00/2026-11-25T11%3A00%3A00%2B02%3A00", checkout],
      ["/checkoutx", shell],
    ] as const) {
      const res = await web.inject({ method: "GET", url });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, body]);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    expect((await web.inject({ method: "HEAD", url: "/jasenyys" })).statusCode).toBe(200);
  });
});
