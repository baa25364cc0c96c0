import { DateTime } from "luxon";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { adminSections } from "../../src/web/admin/sections.js";
import { referenceNumber } from "../../src/domain/membership.js";
import { signInAsAdmin } from "../support/adminE2e.js";
import { camtAmount, camtFile, type CamtEntry } from "../support/camt.js";
import { hydrated, serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { memberOverHttp } from "../support/memberE2e.js";
import { paidBooking, payForBooking } from "../support/paidBooking.js";
import { visualProblems } from "../support/visualChecks.js";

/*
 * Every view photographed (issue 32): each public route, the customer's pages, the admin's login
 * and every admin section, with the phone menus, the duration chooser, the move picker and the
 * checkout's errors open, at 375 and 1440 px, full page, into docs/screenshots/ (committed, so a
 * reviewer sees the look in the diff); the calendar's and the move picker's first screen must show
 * a free time. Each picture is also checked as a person would look at it
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
 * the height it must stay under at a width (a page that had grown to a wall), and whether its first
 * screen must show a time to choose (the calendar and the move picker, issue 32).
 */
type View = {
  name: string;
  only?: Width;
  maxHeight?: Partial<Record<Width, number>>;
  timesOnFirstScreen?: boolean;
  show: (page: WatchedPage, url: string) => Promise<unknown>;
};

/**
 * Whether some time button of the calendar's grid is wholly on the screen as it is shown (375×740
 * on a phone), and not under anything (the move's bar that stays in view).
 */
const timeOnFirstScreen = (page: WatchedPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".time-grid button")].some((button) => {
      const r = button.getBoundingClientRect();
      if (r.height === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
        return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && button.contains(hit);
    }),
  );

const day = DateTime.now().setZone(HELSINKI).plus({ days: 2 }).startOf("day");
const heading = (page: WatchedPage) => page.getByRole("heading", { level: 1 }).first().waitFor();
const visit = (path: string, ready: (page: WatchedPage) => Promise<unknown> = heading) => {
  return async (page: WatchedPage, url: string) => {
    await page.goto(`${url}${path}`);
    await ready(page);
  };
};

/**
 * The checkout of an hour that starts within the next day (inside the 24-hour cancellation
 * window): two hours from now, within the opening hours (06-22), else 8.00 the next morning.
 */
function soonCheckout(url: string) {
  let start = DateTime.now().setZone(HELSINKI).plus({ hours: 2 }).startOf("hour");
  if (start.hour < 6) start = start.set({ hour: 8 });
  else if (start.hour > 20) start = start.plus({ days: 1 }).set({ hour: 8 });
  const end = start.plus({ hours: 1 });
  return `${url}/checkout/${encodeURIComponent(start.toISO()!)}/${encodeURIComponent(end.toISO()!)}`;
}

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
    timesOnFirstScreen: true,
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
    // A slot inside the cancellation window: before paying, the page says it cannot be undone.
    name: "checkout-alle-24h",
    show: async (page, url) => {
      await page.goto(soonCheckout(url));
      await page.getByText(/^Huomaa:/).waitFor();
    },
  },
  {
    // Offline when paying: the failure beside the button, the form open for the retry.
    name: "checkout-ei-yhteytta",
    show: async (page, url) => {
      await page.goto(soonCheckout(url));
      await page.getByLabel("Nimi").fill("Kuvan Koiranomistaja");
      await page.getByLabel("Sähköposti").fill("kuvat.yhteys@example.com");
      await page.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ }).check();
      const reservations = `${url}/api/v2/reservations`;
      await page.route(reservations, (route) =>
        route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
      );
      await page.getByRole("button", { name: "Siirry maksamaan" }).click();
      await page.getByRole("alert").filter({ hasText: "Failed to initiate payment" }).waitFor();
      await page.unroute(reservations);
    },
  },
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
    // The button is in the prerendered page; it opens the menu once React has hydrated the page.
    await hydrated(page);
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
      if (view.timesOnFirstScreen && !(await timeOnFirstScreen(page)))
        problems.push(`${view.name}-${width}: no free time wholly on the first screen`);
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
  const visitor = { name: "Kuvan Koiranomistaja", email: "kuvat.varaus@example.com", dogs: 1 };
  const back = await paidBooking(e2e.server.url, start, visitor);
  const token = (path: string) => new URL(path, e2e.server.url).searchParams.get("token")!;
  // A second booking, cancelled: /oma-varaus shows it apart, under "Menneet ja perutut varaukset".
  const cancelled = token(await paidBooking(e2e.server.url, start.set({ hour: 13 }), visitor));
  const cancel = await fetch(`${e2e.server.url}/api/v2/reservations/by-token/${cancelled}`, {
    method: "DELETE",
  });
  expect(cancel.status).toBe(200);
  // A third, paid: its demo payment page opened again (Back after paying) says it is paid.
  const paidPage = (await payForBooking(e2e.server.url, start.set({ hour: 16 }), visitor)).paymentPage;
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
        // The same browser: the confirmation stored the booking; the link adds the cancelled one.
        name: "oma-varaus",
        show: async (page, url) => {
          await page.goto(`${url}/oma-varaus?varaus=${cancelled}`);
          await page.getByText("Vahvistettu").first().waitFor();
          await page.getByText("Peruttu", { exact: true }).first().waitFor();
        },
      },
      {
        name: "kuitti",
        show: async (page, url) => {
          await page.goto(`${url}/api/v2/reservations/by-token/${token(back)}/receipt`);
          await page.getByRole("heading", { level: 1, name: "Kuitti" }).waitFor();
        },
      },
      {
        name: "maksu-jo-maksettu",
        show: async (page, url) => {
          await page.goto(`${url}${paidPage}`);
          await page.getByRole("heading", { level: 1, name: "Maksu on jo maksettu" }).waitFor();
        },
      },
      {
        // A dialog open: 'Peru varaus' asks before it cancels (nothing is cancelled here).
        name: "oma-varaus-peruutus",
        show: async (page, url) => {
          await page.goto(`${url}/oma-varaus`);
          await page.getByRole("button", { name: "Peru varaus" }).first().click();
          await page.getByRole("group", { name: "Haluatko varmasti perua varauksen?" }).waitFor();
        },
      },
      {
        // Its 'Siirrä varaus': the calendar's day strip and time grid, a start's lengths, the bar.
        name: "oma-varaus-siirto",
        timesOnFirstScreen: true,
        show: async (page, url) => {
          await page.goto(`${url}/oma-varaus`);
          await page.getByRole("button", { name: "Siirrä varaus" }).first().click();
          await page.getByRole("grid").locator("button").first().waitFor();
        },
      },
    ],
    openPage,
  );
});

it("photographs a member's /oma-tili", async () => {
  const email = "jasen.kuvat@example.com";
  const standingDays = ["Tiistai", "Torstai"];
  let standingRound = 0;
  // With a 12-month commitment: its end date is shown in the membership and in the own data alike.
  await memberOverHttp(e2e.server, email, { tier: 2, pay: true, commitment: "12m" });
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
      {
        // Its Vakiovuoro: every week checked before confirming (nothing booked yet). Each width
        // picks its own weekday, as the first width's series holds its weeks by then.
        name: "oma-tili-vakiovuoro",
        show: async (page) => {
          const section = page.getByRole("region", { name: "Vakiovuoro" });
          await section.getByLabel("Viikonpäivä").selectOption({ label: standingDays[standingRound] });
          await section.getByRole("button", { name: "Tarkista viikot" }).click();
          await section.getByRole("group", { name: "Tarkista viikot" }).waitFor();
        },
      },
      {
        // Confirmed: the series with its weeks, each a member booking also in Varaukset.
        name: "oma-tili-vakiovuorot",
        show: async (page) => {
          const section = page.getByRole("region", { name: "Vakiovuoro" });
          await section.getByRole("button", { name: "Vahvista vakiovuoro" }).click();
          await section.getByText(/^Vakiovuoro vahvistettu/).waitFor();
          await section.getByRole("heading", { name: "Vakiovuorosi" }).waitFor();
          standingRound += 1;
        },
      },
      {
        // "Vaihda tasoa": a higher tier quoted before it is confirmed (its difference to the
        // period's end on the next invoice), nothing changed yet.
        name: "oma-tili-tasomuutos",
        show: async (page) => {
          const membership = page.getByRole("region", { name: "Jäsenyys" });
          await membership.getByRole("button", { name: "Vaihda tasoa" }).click();
          await membership.getByLabel("Uusi taso").selectOption({ index: 1 });
          await membership.getByRole("button", { name: "Näytä muutos" }).click();
          await membership.getByRole("button", { name: "Vahvista tasomuutos" }).waitFor();
        },
      },
      {
        // "Pidä taukoa": 4 weeks from the next period quoted, the standing weeks inside it listed as
        // cancelled, nothing changed yet (the tier change above put back first).
        name: "oma-tili-tauko",
        show: async (page) => {
          const membership = page.getByRole("region", { name: "Jäsenyys" });
          await membership.getByRole("button", { name: "Takaisin" }).click();
          await membership.getByRole("button", { name: "Peruuta" }).click();
          await membership.getByRole("button", { name: "Pidä taukoa" }).click();
          await membership.getByLabel("Tauon pituus").selectOption({ label: "4 viikkoa" });
          await membership.getByRole("button", { name: "Näytä tauko" }).click();
          await membership.getByRole("button", { name: "Vahvista tauko" }).waitFor();
        },
      },
      {
        // The same page: the own data, read as Finnish sections, its folded lists opened.
        name: "oma-tili-omat-tiedot",
        show: async (page) => {
          await page.getByRole("button", { name: "Näytä omat tiedot" }).click();
          const data = page.getByRole("group", { name: "Sinusta tallennetut tiedot" });
          await data.waitFor();
          for (const summary of await data.locator("summary").all()) await summary.click();
          await data.getByText("Asiakastiedot: 1 rivi").waitFor();
        },
      },
      {
        // A dialog open: 'Irtisano jäsenyys' says what the commitment means before it cancels.
        name: "oma-tili-irtisanominen",
        show: async (page) => {
          await page.getByRole("button", { name: "Irtisano jäsenyys" }).click();
          await page.getByRole("region", { name: "Irtisanotaanko jäsenyys?" }).waitFor();
        },
      },
    ],
    openPage,
  );
});

/** An admin section drawn: its heading, and nothing still loading. */
const sectionReady = async (page: WatchedPage) => {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.locator("[aria-busy='true']").first().waitFor({ state: "detached" });
};

/**
 * Alennuskoodit with a code in its list, so the list (its headers too) is what is photographed
 * and checked: made through the section's own form the first time, there at every width after.
 */
async function showDiscountCodes(page: WatchedPage, url: string) {
  await visit("/hallinta/alennuskoodit", sectionReady)(page, url);
  const list = page.getByRole("table", { name: "Alennuskoodit" });
  // The list or its empty note, once the codes have loaded.
  await list.or(page.getByText("Alennuskoodeja ei ole vielä.")).waitFor();
  if ((await list.count()) === 0) {
    const form = page.getByRole("form", { name: "Uusi alennuskoodi" });
    await form.getByLabel("Koodi").fill("KESA10");
    await form.getByLabel("Alennus (% tai €)").fill("10");
    await form.getByLabel("Viimeinen voimassaolopäivä").fill(day.plus({ days: 60 }).toISODate()!);
    await form.getByLabel("Käyttökertoja enintään (tyhjä: rajaton)").fill("50");
    await form.getByLabel("Kuvaus").fill("Kesäkampanja");
    await form.getByRole("button", { name: "Luo alennuskoodi" }).click();
    await page.getByText("Alennuskoodi KESA10 luotu.").waitFor();
    await page.getByRole("button", { name: "Selvä" }).click();
  }
  await list.waitFor();
}

/** Lahjakortit with a card in its list: issued through its form the first time, its code put away. */
async function showGiftCards(page: WatchedPage, url: string) {
  await visit("/hallinta/lahjakortit", sectionReady)(page, url);
  const list = page.getByRole("table", { name: "Lahjakortit" });
  await list.or(page.getByText("Lahjakortteja ei löytynyt.")).waitFor();
  if ((await list.count()) === 0) {
    await page.getByLabel("Arvo €").fill("25,00");
    await page.getByLabel("Saaja tai muistiinpano (vapaaehtoinen)").fill("Arvonnan voittaja");
    await page.getByRole("button", { name: "Luo lahjakortti" }).click();
    await page.getByRole("article", { name: "Tulostettava lahjakortti" }).waitFor();
    await page.getByRole("button", { name: "Koodi on talletettu, sulje" }).click();
    await page.getByRole("button", { name: "Selvä" }).click();
  }
  await list.waitFor();
}

/** The park's account a new park starts with (decision 049): the statements photographed are of it. */
const DEMO_IBAN = "FI21 1234 5600 0007 85";
const shotCredit = (archiveRef: string, reference: string, cents: number, payer: string): CamtEntry => ({
  archiveRef,
  amount: camtAmount(cents),
  transactions: [{ reference, amount: camtAmount(cents), payer }],
});

const adminViewShows: Record<string, View["show"]> = {
  alennuskoodit: showDiscountCodes,
  lahjakortit: showGiftCards,
};

it("photographs every admin section and the admin's phone menu", async () => {
  const views: View[] = adminSections.map((section) => ({
    name: `hallinta-${section.path.replace("v2/", "")}`,
    // Hinnasto was 4,874 px at 1440 (each price row ~450 px): its rows are one or two lines now.
    maxHeight: section.path === "hinnasto" ? { 1440: 2000 } : undefined,
    show: adminViewShows[section.path] ?? visit(`/hallinta/${section.path}`, sectionReady),
  }));
  views.push({
    // Spec §2: any other path is the not-found page, an admin's too (it used to send to varaukset).
    name: "hallinta-ei-loytynyt",
    show: visit("/hallinta/ei-tallaista-osiota", (p) =>
      p.getByRole("heading", { name: "Sivua ei löytynyt" }).waitFor(),
    ),
  });
  // The admin's confirmation steps, open: a paid booking's cancel with its refund, a member's cancel.
  const bookingDay = day.plus({ days: 4 });
  await paidBooking(e2e.server.url, bookingDay.set({ hour: 9 }), {
    name: "Hallinnan Kuva",
    email: "kuvat.hallinta@example.com",
    dogs: 1,
  });
  const memberEmail = "jasen.hallinta@example.com";
  await memberOverHttp(e2e.server, memberEmail, { tier: 1, pay: true });
  views.push({
    name: "hallinta-varaukset-peruutus",
    show: async (page, url) => {
      await visit(`/hallinta/varaukset?nakyma=lista&paiva=${bookingDay.toISODate()}`, sectionReady)(
        page,
        url,
      );
      await page.getByRole("button", { name: "Peru ja palauta" }).first().click();
      await page.getByRole("group", { name: "Vahvista peruminen" }).waitFor();
    },
  });
  views.push({
    // Varaukset's search (issue 37): a page of the matching bookings, newest first.
    name: "hallinta-varaukset-haku",
    show: async (page, url) => {
      await visit("/hallinta/varaukset?nakyma=lista", sectionReady)(page, url);
      await page.getByLabel("Hae nimellä tai sähköpostilla").fill("kuvat.hallinta@example.com");
      await page.getByRole("button", { name: "Hae", exact: true }).click();
      await page.getByText("Haku: ”kuvat.hallinta@example.com”, uusimmat ensin").waitFor();
      await page.getByText("Hallinnan Kuva").first().waitFor();
    },
  });
  views.push({
    name: "hallinta-jasenyys-irtisanominen",
    show: async (page, url) => {
      await visit(`/hallinta/v2/jasenydet?haku=${encodeURIComponent(memberEmail)}`, sectionReady)(page, url);
      await page.getByRole("link", { name: memberEmail }).click();
      await page.getByRole("button", { name: "Irtisano jäsenen puolesta" }).click();
      await page.getByRole("group", { name: "Vahvista: Irtisano jäsenen puolesta" }).waitFor();
    },
  });
  views.push({
    // Tilisiirrot (issue 36): a statement read into the queue, and the next one's preview open.
    name: "hallinta-tilisiirrot",
    show: async (page, url) => {
      await visit("/hallinta/v2/jasenydet/tilisiirrot", sectionReady)(page, url);
      const choose = (name: string, entries: CamtEntry[]) =>
        page.getByLabel("Tiliotetiedosto (XML)").setInputFiles({
          name,
          mimeType: "text/xml",
          buffer: Buffer.from(camtFile({ iban: DEMO_IBAN, entries })),
        });
      const apply = page.getByRole("button", { name: /^Kirjaa \d+ maksu/ });
      const close = page.getByRole("button", { name: "Sulje esikatselu" });
      await choose("kesakuu.xml", [
        shotCredit("SHOT-A1", referenceNumber(1001), 3900, "Jäsen Hallinta"),
        shotCredit("SHOT-A2", "12345672", 2500, "Tuntematon Maksaja"),
      ]);
      await apply.or(close).waitFor();
      if (await apply.isVisible()) {
        await apply.click();
        await page.getByRole("button", { name: "Selvä" }).click();
      }
      await choose("heinakuu.xml", [shotCredit("SHOT-B1", "98765432", 1500, "Toinen Maksaja")]);
      await apply.waitFor();
    },
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
