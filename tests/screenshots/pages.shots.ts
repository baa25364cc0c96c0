import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { fileURLToPath } from "node:url";
import { formatDateTime } from "../../src/domain/helsinkiClock.js";
import { signInAsAdmin } from "../support/adminE2e.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { memberOverHttp } from "../support/memberE2e.js";

/*
 * Screenshots for issue 25's note: the home page, the calendar, checkout, /oma-tili (a member) and
 * talous (an admin) at 375 and 1440 px, full page, into docs/screenshots/. Run by hand (see
 * vitest.config.ts here); not part of `npm test`.
 */
const e2e = serverAndBrowserForFile();
const out = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const widths = [375, 1440] as const;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const day = DateTime.now().setZone("Europe/Helsinki").plus({ days: 2 }).startOf("day");
const start = day.set({ hour: 12 });

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `${out}${name}-${width}.png`, fullPage: true });

it("takes the public pages' screenshots", async () => {
  for (const width of widths) {
    const page = await e2e.openPage({ width, height: 900 });
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shot(page, "etusivu", width);

    await page.goto(`${e2e.server.url}/varauskalenteri/${day.toISODate()}`);
    const cell = page.getByRole("button", {
      name: new RegExp(`^Vapaa ${escape(formatDateTime(start.toJSDate()))}`),
    });
    await cell.click();
    await page.getByRole("heading", { name: "Valitse kesto" }).waitFor();
    await shot(page, "varauskalenteri", width);

    await page.getByRole("button", { name: /^1 h · / }).click();
    await page.getByLabel("Nimi").waitFor();
    await page.locator(".booking-summary").waitFor();
    await shot(page, "checkout", width);

    await page.goto(`${e2e.server.url}/jasenyys`);
    await page.getByRole("heading", { name: "Jäsenyystasot" }).waitFor();
    // The card is the picker: a click anywhere on it chooses its tier.
    await page.locator(".tier-card").nth(1).click();
    await page.getByLabel("Plus – 16 h/kk").isChecked();
    await shot(page, "jasenyys", width);
  }
});

it("takes /oma-tili as a member", async () => {
  const email = "jasen.kuvat@example.com";
  await memberOverHttp(e2e.server, email, { tier: 2, pay: true });
  for (const width of widths) {
    await fetch(`${e2e.server.url}/api/v2/auth/magic-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    // The newest link printed for this address (the earlier ones are used).
    const [, token] = await e2e.server.waitForOutput(
      new RegExp(
        `To: ${escape(email)}[\\s\\S]*?/auth/callback\\?token=([A-Za-z0-9_-]+)(?![\\s\\S]*To: ${escape(email)})`,
      ),
    );
    const page = await e2e.openPage({ width, height: 900 });
    await page.goto(`${e2e.server.url}/auth/callback?token=${token}`);
    await page.getByRole("heading", { level: 1, name: "Oma tili" }).waitFor();
    await page.getByText("Tilin poistaminen").waitFor();
    await page.waitForLoadState("networkidle");
    await shot(page, "oma-tili", width);
  }
});

it("takes talous as an admin", async () => {
  for (const width of widths) {
    const page = await signInAsAdmin(e2e, `shots-${width}`, await e2e.openPage({ width, height: 900 }));
    await page.goto(`${e2e.server.url}/hallinta/v2/talous`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await shot(page, "talous", width);
  }
});
