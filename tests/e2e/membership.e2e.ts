import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { formatDate, formatDateTime, formatTimeRange, HELSINKI } from "../../src/domain/helsinkiTime.js";
import { commitmentLastDay, periodStart } from "../../src/domain/membershipPeriods.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { memberOverHttp } from "../support/memberE2e.js";

/*
 * Membership end to end in Chromium against the real built server on its embedded defaults:
 * log in → /jasenyys → Plus with a 12-month commitment → pay the first invoice from /oma-tili on
 * the demo page → /subscription/success → book, move (on a phone's width) and cancel as a member → cancel the membership
 * through its confirmation. The login link is read from the server's printed e-mail.
 */
const e2e = serverAndBrowserForFile();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Logs in from /login with the link last e-mailed to `email` (an earlier one may have been used). */
async function logIn(page: Page, email: string) {
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel("Sähköpostiosoite").fill(email);
  await page.getByRole("button", { name: "Lähetä kirjautumislinkki" }).click();
  const link = await e2e.server.waitForOutput(
    new RegExp(
      `To: ${escape(email)}[\\s\\S]*?(https?:\\/\\/\\S+\\/auth\\/callback\\?token=\\S+)(?![\\s\\S]*To: ${escape(email)})`,
    ),
  );
  await page.goto(link[1]!);
  await page.waitForURL(`${e2e.server.url}/oma-tili`);
}

describe("membership in Chromium", () => {
  it("joins, pays from Oma tili, books within the quota, and cancels only after confirming", async () => {
    const page = await e2e.openPage();
    await logIn(page, "jasen.e2e@example.com");
    const today = DateTime.now().setZone(HELSINKI).toISODate()!;
    // The commitment's last day (start + 12 months is the first day no longer bound), said once.
    const commitmentEnd = commitmentLastDay(periodStart(today, 12));

    // A booking stored in this browser that has not ended: the header shows Omat varaukset...
    const tomorrow10 = DateTime.now()
      .setZone(HELSINKI)
      .plus({ days: 1 })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    await page.evaluate(
      (end) => {
        localStorage.setItem(
          "reservations",
          JSON.stringify([{ id: "x", accessToken: "x", start: end, endTime: end, areaName: "Koirapuisto" }]),
        );
      },
      tomorrow10.plus({ hours: 5 }).toISO()!,
    );

    await page.goto(`${e2e.server.url}/jasenyys`);
    const nav = page.getByRole("navigation", { name: "Päävalikko" });
    await nav.getByRole("link", { name: "Omat varaukset" }).waitFor();
    await page.getByText("12 kk sitoumuksella 53,10 €/kk").waitFor();
    await page.getByLabel("Plus – 16 h/kk").check();
    await page.getByLabel("12 kuukauden sitoumus").check();
    await page.getByLabel("Kortti").check();
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    await page.getByRole("heading", { name: "Maksa lasku 1001" }).waitFor();

    // The member leaves the payment page unpaid; Oma tili has the open first invoice to pay.
    await page.goto(`${e2e.server.url}/oma-tili`);
    await page.getByText("Odottaa maksua").waitFor();
    await page.getByText("Avoimia laskuja 1, yhteensä 53,10 €.").waitFor();
    await page.getByRole("button", { name: "Maksa lasku" }).click();
    await page.getByLabel("MobilePay").check();
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    await page.getByRole("button", { name: "Maksa" }).click();
    await page.waitForURL(/\/subscription\/success/);
    await page.getByRole("heading", { name: "Tervetuloa jäseneksi!" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Päävalikko" }).count()).toBe(0);
    await page.getByRole("link", { name: "Siirry omalle tilille" }).click();

    await page.waitForURL(`${e2e.server.url}/oma-tili`);
    await page.getByText("Voimassa", { exact: true }).waitFor();
    await page
      .getByText(`12 kk, päättyy ${formatDate(`${commitmentEnd}T12:00:00`)} (365 päivää jäljellä)`)
      .waitFor();
    await page.getByText("0 / 16 h (0 %)").waitFor();
    // ...but not for a member with an active membership (spec §1).
    expect(await nav.getByRole("link", { name: "Omat varaukset" }).count()).toBe(0);
    const invoice = page.locator("article, li, section").filter({ hasText: "Lasku 1001" }).last();
    await invoice.getByText("Maksettu").first().waitFor();

    // Book 2 h as a member, without paying.
    await page.getByRole("button", { name: "Varaa jäsenaika" }).click();
    const cell = page.getByRole("button", {
      name: new RegExp(`^Vapaa ${escape(formatDateTime(tomorrow10.toJSDate()))}`),
    });
    // The calendar opens on this week: tomorrow is on the next one only when today is Sunday.
    if (!tomorrow10.hasSame(DateTime.now().setZone(HELSINKI), "week")) {
      await page.getByRole("button", { name: "Seuraava viikko →" }).click();
    }
    await cell.click();
    await page.getByRole("button", { name: /^2 h/ }).click();
    await page.getByRole("button", { name: "Vahvista varaus" }).click();
    await page.getByText("2 / 16 h (13 %)").waitFor();
    await page.getByText("Jäsenvaraus").first().waitFor();

    // Move it to 14-15 the same day on a phone's width: the hours follow (2 h → 1 h).
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Siirrä varaus" }).click();
    const picker = page.getByRole("group", { name: /^Valitse uusi päivä ja aika/ });
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await picker.getByLabel("Päivä", { exact: true }).inputValue()).toBe(tomorrow10.toISODate());
    const to = tomorrow10.set({ hour: 14 });
    // The start in the day's time grid, then the length.
    await picker.getByRole("button", { name: `Vapaa ${formatDateTime(to.toJSDate())},` }).click();
    await picker
      .getByRole("button", { name: formatTimeRange(to.toJSDate(), to.plus({ hours: 1 }).toJSDate()) })
      .click();
    await picker.getByText("Uusi aika käyttää kiintiöstä 1 h (nyt 2 h).").waitFor();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await picker.getByRole("button", { name: "Siirrä tähän aikaan" }).click();
    await page.getByText(/^Varaus siirretty: /).waitFor();
    await page.getByText("1 / 16 h (6 %)").waitFor();
    if (wide) await page.setViewportSize(wide);

    // Cancel the booking: the hours come back.
    await page.getByRole("button", { name: "Peru varaus" }).click();
    await page.getByText("1 h palautuu kiintiöösi").waitFor();
    await page.getByRole("button", { name: "Kyllä, peru" }).click();
    await page.getByText("0 / 16 h (0 %)").waitFor();

    // Cancel the membership: backing out changes nothing; confirming shows until when it runs.
    await page.getByRole("button", { name: "Irtisano jäsenyys" }).click();
    await page.getByRole("heading", { name: "Irtisanotaanko jäsenyys?" }).waitFor();
    await page.getByText(/Jäsenyydelläsi on sitoumus, joka päättyy .*365 päivää/).waitFor();
    await page.getByRole("button", { name: "Ei, pidä jäsenyys" }).click();
    await page.getByText("Voimassa", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Irtisano jäsenyys" }).click();
    await page.getByRole("button", { name: "Kyllä, irtisano" }).click();
    await page.getByText("Irtisanottu", { exact: true }).waitFor();
    // The membership's note says the end date once (the booking section repeats it for booking).
    await page
      .getByRole("region", { name: "Jäsenyys" })
      .getByRole("status")
      .getByText(new RegExp(escape(formatDate(`${commitmentEnd}T12:00:00`))))
      .waitFor();
    // Cancelled is not active: the header link for the stored booking is back.
    await nav.getByRole("link", { name: "Omat varaukset" }).waitFor();

    expect(page.errors).toEqual([]);
  });

  it("pauses the membership from the next period after reading what the pause means", async () => {
    const email = "tauko.e2e@example.com";
    await memberOverHttp(e2e.server, email, { tier: 1, pay: true });
    const page = await e2e.openPage();
    await logIn(page, email);
    const today = DateTime.now().setZone(HELSINKI).toISODate()!;
    // The membership started today: its next period, and the pause, begin a month from now.
    const from = periodStart(today, 1);
    const lastDay = DateTime.fromISO(from, { zone: HELSINKI }).plus({ days: 13 });
    const day = (iso: string) => formatDate(`${iso}T12:00:00`);

    const membership = page.getByRole("region", { name: "Jäsenyys" });
    await membership.getByText(`Voit pitää jäsenyydessä 2–12 viikon tauon ${day(from)} alkaen.`).waitFor();
    await membership.getByRole("button", { name: "Pidä taukoa" }).click();
    await membership.getByLabel("Tauon pituus").selectOption({ label: "2 viikkoa" });
    await membership.getByRole("button", { name: "Näytä tauko" }).click();
    const quote = membership.getByRole("group", {
      name: `Tauko ${day(from)}–${day(lastDay.toISODate()!)} (2 viikkoa)`,
    });
    await quote.getByText("Tauon ajalla ei ole varauksiasi.").waitFor();
    await quote.getByRole("button", { name: "Vahvista tauko" }).click();
    await membership.getByText(/^Jäsenyys on tauolla .* Vahvistus lähetettiin sähköpostiisi\.$/).waitFor();
    await membership.getByText(`${day(from)} – ${day(lastDay.toISODate()!)} (2 viikkoa)`).waitFor();
    expect(await membership.getByRole("button", { name: "Pidä taukoa" }).count()).toBe(0);
    await e2e.server.waitForOutput(new RegExp(`To: ${escape(email)}\nSubject: Jäsenyytesi tauko `));

    // Taken back before it begins, through its question: the offer is there again.
    await membership.getByRole("button", { name: "Peru tauko" }).click();
    const question = membership.getByRole("region", { name: "Perutaanko tauko?" });
    await question.getByRole("button", { name: "Kyllä, peru tauko" }).click();
    await membership.getByText(/^Tauko .* peruttu: jäsenyys jatkuu/).waitFor();
    await membership.getByRole("button", { name: "Pidä taukoa" }).waitFor();
    expect(await membership.getByText("(2 viikkoa)").count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
