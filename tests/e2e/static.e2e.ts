import { startServer, type RunningServer } from "../support/server.js";

/* The built SPA as the production server sends it (`npm run build` first). */
describe("static files", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  const get = (path: string, encoding = "br, gzip") =>
    fetch(`${server.url}${path}`, { headers: { "accept-encoding": encoding } });

  it("sends precompressed files: hashed assets cached for a year, the page revalidated", async () => {
    const page = await get("/");
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await get(script, "gzip");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await asset.text()).length).toBeGreaterThan(1000);
    // A prerendered page (decision 030) is sent the same way, with its markup in it.
    const calendar = await get("/varauskalenteri");
    expect(calendar.headers.get("content-encoding")).toBe("br");
    expect(calendar.headers.get("cache-control")).toBe("no-cache");
    expect(await calendar.text()).toContain("<h1>Varauskalenteri</h1>");
  });

  it("answers a client route with the page, and robots.txt and the favicon with themselves", async () => {
    const route = await get("/oma-tili");
    expect(route.headers.get("content-type")).toMatch(/text\/html/);
    expect(await route.text()).toContain('<div id="root">');
    const robots = await get("/robots.txt");
    expect(robots.headers.get("content-type")).toMatch(/text\/plain/);
    expect(await robots.text()).toContain("Disallow: /hallinta");
    const icon = await get("/favicon.svg");
    expect(icon.headers.get("content-type")).toMatch(/image\/svg\+xml/);
    // What browsers and crawlers ask for without reading the page's <link rel="icon">.
    const ico = await get("/favicon.ico");
    expect(ico.headers.get("content-type")).toMatch(/^image\//);
    const bytes = Buffer.from(await ico.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO file's header
  });
});
