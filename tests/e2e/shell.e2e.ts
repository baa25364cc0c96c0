import type { Page } from "playwright-core";
import type { SiteInfo } from "../../src/domain/site.js";
import { hydrated, serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";

/*
 * The SPA shell (spec §1-§2) in Chromium against the real built server (`npx vite build` first).
 * The footer's details are compared with what the server's own settings say through the API.
 */
const e2e = serverAndBrowserForFile();
let site: SiteInfo;

beforeAll(async () => {
  site = (await (await fetch(`${e2e.server.url}/api/v2/site`)).json()) as SiteInfo;
});

const openPage = (width = 1280): Promise<WatchedPage> => e2e.openPage({ width, height: 800 });

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Päävalikko" });
const errorScreen = (page: Page) => page.getByRole("heading", { name: "Jokin meni pieleen" });

describe("SPA shell in Chromium", () => {
  it("shows the header links and the footer with the park's details from the server", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/`);
    const links = mainNav(page).getByRole("link");
    await expect
      .poll(() => links.allTextContents())
      .toEqual(["Etusivu", "Varauskalenteri", "Ohjeet tulijoille", "Jäsenyys", "Oma tili"]);

    const footer = page.getByRole("contentinfo");
    await footer.getByText(`Y-tunnus ${site.park.businessId}`).waitFor();
    const text = await footer.innerText();
    expect(site.park.companyName).toBe("Koirapuisto Oy"); // the seeded default
    expect(text).toContain(site.park.companyName);
    expect(text).toContain(site.park.email);
    expect(text).toContain(site.park.phone);
    expect(text).toContain(`${site.park.postalCode} ${site.park.city}`);
    expect(text).toContain(`© ${new Date().getFullYear()} ${site.park.companyName}`);
    for (const [name, href] of [
      ["Oma varaus", "/oma-varaus"],
      ["Maksuehdot", "/maksuehdot"],
      ["Tietosuojaseloste", "/tietosuojaseloste"],
      ["Palaute", "/palaute"],
      ["Ylläpito", "/hallinta"],
    ]) {
      expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
    expect(page.errors).toEqual([]);
  });

  it("hydrates the prerendered pages that read the server or the browser without a hydration error", async () => {
    for (const [path, markup] of [
      ["/", "aidattu puisto vain sinun koirillesi</h1>"],
      ["/varauskalenteri", "<h1>Varauskalenteri</h1>"],
      ["/jasenyys", "<h1>Jäsenyys</h1>"],
      ["/oma-varaus", "<h1>Oma varaus</h1>"],
    ]) {
      // Narrow, as Lighthouse's phone: the calendar's day view is what was prerendered.
      const page = await openPage(412);
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") consoleErrors.push(message.text());
      });
      // The page's markup is in the HTML itself, before any script runs.
      const html = await (await fetch(`${e2e.server.url}${path}`)).text();
      expect(html).toContain(markup);
      await page.goto(`${e2e.server.url}${path}`);
      await hydrated(page);
      await page.getByRole("contentinfo").getByText(`Y-tunnus ${site.park.businessId}`).waitFor();
      if (path === "/varauskalenteri") {
        await page.getByRole("button", { name: "Seuraava päivä ›" }).click();
        await page.waitForURL(/\/varauskalenteri\/\d{4}-\d{2}-\d{2}$/);
      }
      expect([path, consoleErrors, page.errors]).toEqual([path, [], []]);
    }
  });

  it("redirects /omat-varaukset to /oma-varaus and shows the not-found page for an unknown path", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/omat-varaukset`);
    await page.waitForURL(`${e2e.server.url}/oma-varaus`);

    await page.goto(`${e2e.server.url}/ei-tallaista-sivua`);
    await page.getByRole("heading", { level: 1, name: "Sivua ei löytynyt" }).waitFor();
    await page.getByRole("link", { name: "Etusivulle" }).click();
    await page.waitForURL(`${e2e.server.url}/`);
  });

  it("renders every route of spec §2 without the error screen", async () => {
    const paths = [
      "/",
      "/varauskalenteri",
      "/checkout",
      "/ohjeet-tulijoille",
      "/jasenyys",
      "/subscription/success",
      "/subscription/cancelled",
      "/maksuehdot",
      "/tietosuojaseloste",
      "/avaa/tuntematon-token",
      "/oma-varaus",
      "/omat-varaukset",
      "/oma",
      "/palaute",
      "/login",
      "/auth/callback",
      "/oma-tili",
      "/hallinta/login",
      "/hallinta",
      ...[
        "varaukset",
        "ostokset",
        "hallintapaneeli",
        "hinnasto",
        "alennuskoodit",
        "lahjakortit",
        "v2/talous",
        "v2/jasenydet",
        "v2/toiminta",
        "v2/jarjestelma",
      ].map((child) => `/hallinta/${child}`),
      "/mika-tahansa/muu",
    ];
    const page = await openPage();
    for (const path of paths) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator("h1").first().waitFor({ timeout: 10_000 });
      expect(await errorScreen(page).count(), `error screen at ${path}`).toBe(0);
      expect(page.errors.map(String), `uncaught errors at ${path}`).toEqual([]);
    }
  });

  it("hides the header on /palaute and links to the external feedback form", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/palaute`);
    await page.getByRole("heading", { level: 1, name: "Palaute" }).waitFor();
    await page.getByText("Sinut ohjataan palautelomakkeelle.").waitFor();
    const formLink = page.getByRole("link", { name: "Avaa palautelomake" });
    expect(await formLink.getAttribute("href")).toBe(site.park.feedbackUrl);
    expect(await page.locator("header").count()).toBe(0);
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
  });

  it("at 375 px folds the links under the Valikko button, which opens and closes the menu", async () => {
    const page = await openPage(375);
    await page.goto(`${e2e.server.url}/`);
    const button = page.getByRole("button", { name: "Valikko" });
    const newcomers = mainNav(page).getByRole("link", { name: "Ohjeet tulijoille" });
    await button.waitFor();
    // The button is in the prerendered HTML; it opens the menu once React has hydrated the page.
    await hydrated(page);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await newcomers.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await newcomers.waitFor({ state: "visible" });

    await newcomers.click();
    await page.getByRole("heading", { level: 1, name: "Ohjeet tulijoille" }).waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await newcomers.isVisible()).toBe(false);

    // Nothing wider than the phone: no sideways scrolling.
    for (const path of ["/", "/ohjeet-tulijoille", "/maksuehdot", "/tietosuojaseloste", "/palaute"]) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator("h1").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });

  it("switches at 1024 px: links in the header and no menu button; at 1023 px the button", async () => {
    const page = await openPage(1024);
    await page.goto(`${e2e.server.url}/`);
    await mainNav(page).getByRole("link", { name: "Oma tili" }).waitFor({ state: "visible" });
    expect(await page.getByRole("button", { name: "Valikko" }).isVisible()).toBe(false);

    await page.setViewportSize({ width: 1023, height: 800 });
    await page.getByRole("button", { name: "Valikko" }).waitFor({ state: "visible" });
    expect(await mainNav(page).getByRole("link", { name: "Oma tili" }).isVisible()).toBe(false);
  });

  it("scrolls to the top on navigation", async () => {
    const page = await openPage(375);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("contentinfo").getByText(`Y-tunnus ${site.park.businessId}`).waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: "Maksuehdot" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole("contentinfo").getByRole("link", { name: "Maksuehdot" }).click();
    await page.getByRole("heading", { level: 1, name: "Maksuehdot" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("shows Omat varaukset while a stored reservation's end plus 10 minutes is ahead", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/`);
    const own = mainNav(page).getByRole("link", { name: "Omat varaukset" });
    await mainNav(page).getByRole("link", { name: "Etusivu" }).waitFor();
    expect(await own.count()).toBe(0);
    await page.evaluate(() => {
      const endTime = new Date(Date.now() - 5 * 60_000).toISOString();
      localStorage.setItem(
        "reservations",
        JSON.stringify([{ id: "x", accessToken: "y", start: endTime, endTime }]),
      );
    });
    await mainNav(page).getByRole("link", { name: "Ohjeet tulijoille" }).click();
    await own.waitFor();
    expect(await own.getAttribute("href")).toBe("/oma-varaus");
  });

  it("shows the error screen for an error thrown while rendering, and its button reloads the page", async () => {
    const page = await openPage();
    // Fault injection in the browser: the footer's year lookup throws, as any render bug would.
    await page.addInitScript(() => {
      const original = Date.prototype.getFullYear;
      Date.prototype.getFullYear = function (this: Date) {
        if (location.pathname === "/maksuehdot") throw new Error("Vikatesti: vuosi ei ole saatavilla.");
        return original.call(this);
      };
    });
    await page.goto(`${e2e.server.url}/maksuehdot`);
    await errorScreen(page).waitFor();
    expect(await page.getByRole("alert").innerText()).toContain("Vikatesti: vuosi ei ole saatavilla.");
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type,
      ),
    ).toBe("navigate");

    await page.getByRole("button", { name: "Lataa sivu uudelleen" }).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)?.type,
        ),
      )
      .toBe("reload");
    await errorScreen(page).waitFor();
  });

  it("answers an unknown API path with 404 JSON and a message", async () => {
    const res = await fetch(`${e2e.server.url}/api/v2/unknown`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { message?: unknown };
    expect(typeof body.message).toBe("string");
    expect(body.message).toContain("/api/v2/unknown");
  });

  /**
   * Opens a page with the app's chunk held back for a second, recording when it was let through and
   * each API request: what the entry asks for is asked before it comes.
   */
  async function openWithAppHeldBack(path: string) {
    const page = await openPage(375);
    const held = { appSent: Infinity, asked: [] as { url: URL; at: number }[] };
    await page.route(/\/assets\/bootApp-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      held.appSent = Date.now();
      await route.continue();
    });
    page.on("request", (request) => {
      if (request.url().includes("/api/")) held.asked.push({ url: new URL(request.url()), at: Date.now() });
    });
    await page.goto(`${e2e.server.url}${path}`);
    const to = (apiPath: string) => held.asked.filter(({ url }) => url.pathname === apiPath);
    return { page, held, to };
  }

  it("asks for the park's settings and the calendar's first week once, before the app has loaded (decision 045)", async () => {
    const { page, held, to } = await openWithAppHeldBack("/varauskalenteri");
    // The times came, from that one answer: a free time, or (late in the evening, today over) the
    // day strip's free hours of the days ahead.
    await page
      .getByRole("button", { name: /^Vapaa / })
      .or(page.getByText(/\d h vapaana$/))
      .first()
      .waitFor();
    await page.waitForLoadState("networkidle");
    const [weeks, site] = [to("/api/v2/availability"), to("/api/v2/site")];
    expect([weeks.length, site.length]).toEqual([1, 1]);
    expect(weeks[0]!.at).toBeLessThan(held.appSent);
    expect(site[0]!.at).toBeLessThan(held.appSent);
    const week = weeks[0]!.url.searchParams;
    expect([...week.keys()]).toEqual(["from", "to"]);
    expect((Date.parse(week.get("to")!) - Date.parse(week.get("from")!)) / 864e5).toBe(6);
  });
});
