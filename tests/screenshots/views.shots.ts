import { DateTime } from "luxon";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { adminSections } from "../../src/web/admin/sections.js";
import { signInAsAdmin } from "../support/adminE2e.js";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { memberOverHttp } from "../support/memberE2e.js";
import { paidBooking } from "../support/paidBooking.js";
import { visualProblems } from "../support/visualChecks.js";

/*
 * Every view photographed (issue 32): each public route, the customer's pages, the admin's login
 * and every admin section, with the phone menus, the duration chooser and the checkout's errors
 * open, at 375 and 1440 px, full page, into docs/screenshots/ (committed, so a reviewer sees the
 * look in the diff). Each picture is also checked as a person would look at it
 * (tests/support/visualChecks.ts): no sideways scroll, no axe violation, no nearly invisible text,
 * no uncaught error. `npm run screenshots` (builds first); CI runs it after the e2e tests.
 */
const e2e = serverAndBrowserForFile();
const out = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
mkdirSync(out, { recursive: true });

const WIDTHS = [375, 1440] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 375: 740, 1440: 900 };

/**
 * A view: how to bring it up on a page, whether it exists at one width only (a phone's menu), and
 * the height it must stay under at a width (a page that had grown to a wall).
 */
type View = {
  name: string;
  only?: Width;
  maxHeight?: Partial<Record<Width, number>>;
  show: (page: WatchedPage, url: string) => Promise<unknown>;
};

const day = DateTime.now().setZone(HELSINKI).plus({ days: 2 }).startOf("day");
const heading = (page: WatchedPage) => page.getByRole("heading", { level: 1 }).first().waitFor();
const visit = (path: string, ready: (page: WatchedPage) => Promise<unknown> = heading) => {
  return async (page: WatchedPage, url: string) => {
    await page.goto(`${url}${path}`);
    await ready(page);
  };
};

/** The first free time of the calendar's day opened, then its duration chooser. */
async function openDurationChooser(page: WatchedPage, url: string) {
  await page.goto(`${url}/varauskalenteri/${day.toISODate()}`);
  await page
    .getByRole("button", { name: /^Vapaa / })
    .first()
    .click();
  await page.getByRole("heading", { name: "Valitse kesto" }).waitFor();
}

const publicViews: View[] = [
  { name: "etusivu", show: visit("/") },
  { name: "etusivu-valikko", only: 375, show: openMenu("/") },
  {
    name: "varauskalenteri",
    show: visit(`/varauskalenteri/${day.toISODate()}`, (p) =>
      p
        .getByRole("button", { name: /^Vapaa / })
        .first()
        .waitFor(),
    ),
  },
  { name: "varauskalenteri-kesto", show: openDurationChooser },
  {
    name: "checkout",
    show: async (page, url) => {
      await openDurationChooser(page, url);
      await page.getByRole("button", { name: /^1 h · / }).click();
      await page.getByLabel("Nimi").waitFor();
      await page.locator(".booking-summary").waitFor();
    },
  },
  {
    name: "checkout-virheet",
    show: async (page, url) => {
      await openDurationChooser(page, url);
      await page.getByRole("button", { name: /^1 h · / }).click();
      await page.getByLabel("Nimi").waitFor();
      await page.getByRole("button", { name: /^Maksa|^Siirry maksamaan/ }).click();
      await page.getByRole("alert").first().waitFor();
    },
  },
  { name: "checkout-ilman-aikaa", show: visit("/checkout") },
  {
    name: "oma-tili-kirjautumaton",
    show: visit("/oma-tili", (p) => p.getByLabel("Sähköpostiosoite").waitFor()),
  },
  { name: "ohjeet-tulijoille", show: visit("/ohjeet-tulijoille") },
  {
    name: "jasenyys",
    show: visit("/jasenyys", (p) => p.getByRole("heading", { level: 2 }).first().waitFor()),
  },
  { name: "maksuehdot", show: visit("/maksuehdot") },
  { name: "tietosuojaseloste", show: visit("/tietosuojaseloste") },
  { name: "palaute", show: visit("/palaute") },
  { name: "oma-varaus-haku", show: visit("/oma-varaus") },
  { name: "login", show: visit("/login", (p) => p.getByLabel("Sähköpostiosoite").waitFor()) },
  { name: "auth-callback-virhe", show: visit("/auth/callback", (p) => p.getByRole("alert").waitFor()) },
  { name: "jasenyys-maksettu", show: visit("/subscription/success") },
  { name: "jasenyys-peruttu", show: visit("/subscription/cancelled") },
  { name: "portti-virheellinen-linkki", show: visit("/avaa/ei-kelpaa") },
  {
    name: "sivua-ei-loytynyt",
    show: visit("/ei-tallaista-sivua", (p) =>
      p.getByRole("heading", { name: "Sivua ei löytynyt" }).waitFor(),
    ),
  },
  { name: "hallinta-login", show: visit("/hallinta/login", (p) => p.getByLabel("Salasana").waitFor()) },
];

function openMenu(path: string) {
  return async (page: WatchedPage, url: string) => {
    await visit(path)(page, url);
    await page.getByRole("button", { name: "Valikko" }).click();
    await page.locator(".site-nav__links.is-open").waitFor();
  };
}

/** Photographs the page and returns what a person would see wrong on it. */
async function photograph(page: WatchedPage, name: string, width: Width): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${out}${name}-${width}.png`, fullPage: true });
  return [...(await visualProblems(page)), ...page.errors.map((e) => `uncaught error: ${e.message}`)];
}

/** Shows and photographs each view at each width; the test fails naming every problem found. */
async function photographAll(views: View[], open: (width: Width) => Promise<WatchedPage>) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    const page = await open(width);
    for (const view of views) {
      if (view.only && view.only !== width) continue;
      await view.show(page, e2e.server.url);
      for (const p of await photograph(page, view.name, width)) problems.push(`${view.name}-${width}: ${p}`);
      const limit = view.maxHeight?.[width];
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (limit && height >= limit) problems.push(`${view.name}-${width}: ${height} px tall, limit ${limit}`);
      page.errors.length = 0;
    }
  }
  expect(problems).toEqual([]);
}

const openPage = (width: Width) => e2e.openPage({ width, height: HEIGHT[width] });

it("photographs the public pages", async () => {
  await photographAll(publicViews, openPage);
});

it("photographs a visitor's own booking", async () => {
  const start = day.plus({ days: 1 }).set({ hour: 10 });
  const back = await paidBooking(e2e.server.url, start, {
    name: "Kuvan Koiranomistaja",
    email: "kuvat.varaus@example.com",
    dogs: 1,
  });
  await photographAll(
    [
      {
        name: "varaus-vahvistettu",
        show: async (page, url) => {
          await page.goto(new URL(back, url).toString());
          await page.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();
        },
      },
      {
        // The same browser: the confirmation stored the booking, so /oma-varaus lists it.
        name: "oma-varaus",
        show: async (page) => {
          await page.getByRole("link", { name: "Oma varaus" }).first().click();
          await page.waitForURL(/\/oma-varaus$/);
          await page.getByText("Vahvistettu").first().waitFor();
        },
      },
    ],
    openPage,
  );
});

it("photographs a member's /oma-tili", async () => {
  const email = "jasen.kuvat@example.com";
  await memberOverHttp(e2e.server, email, { tier: 2, pay: true });
  await photographAll(
    [
      {
        name: "oma-tili",
        show: async (page, url) => {
          await fetch(`${url}/api/v2/auth/magic-link`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email }),
          });
          const escaped = email.replace(/[.+]/g, "\\$&");
          const [, token] = await e2e.server.waitForOutput(
            new RegExp(
              `To: ${escaped}[\\s\\S]*?/auth/callback\\?token=([A-Za-z0-9_-]+)(?![\\s\\S]*To: ${escaped})`,
            ),
          );
          await page.goto(`${url}/auth/callback?token=${token}`);
          await page.getByRole("heading", { level: 1, name: "Oma tili" }).waitFor();
          await page.getByText("Tilin poistaminen").waitFor();
        },
      },
    ],
    openPage,
  );
});

it("photographs every admin section and the admin's phone menu", async () => {
  const views: View[] = adminSections.map((section) => ({
    name: `hallinta-${section.path.replace("v2/", "")}`,
    // Hinnasto was 4,874 px at 1440 (each price row ~450 px): its rows are one or two lines now.
    maxHeight: section.path === "hinnasto" ? { 1440: 2000 } : undefined,
    show: visit(`/hallinta/${section.path}`, async (p) => {
      await p.getByRole("heading", { level: 1 }).first().waitFor();
      await p.locator("[aria-busy='true']").first().waitFor({ state: "detached" });
    }),
  }));
  views.push({
    // Spec §2: any other path is the not-found page, an admin's too (it used to send to varaukset).
    name: "hallinta-ei-loytynyt",
    show: visit("/hallinta/ei-tallaista-osiota", (p) =>
      p.getByRole("heading", { name: "Sivua ei löytynyt" }).waitFor(),
    ),
  });
  views.push({
    name: "hallinta-valikko",
    only: 375,
    show: async (page, url) => {
      await visit("/hallinta/varaukset")(page, url);
      await page.getByRole("button", { name: "Valikko" }).click();
      await page.getByRole("navigation", { name: "Ylläpidon valikko" }).waitFor();
    },
  });
  await photographAll(views, async (width) => signInAsAdmin(e2e, `kuvat-${width}`, await openPage(width)));
});
