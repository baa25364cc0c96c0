import { AxeBuilder } from "@axe-core/playwright";
import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { formatDateTime, HELSINKI } from "../../src/domain/helsinkiTime.js";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";

/*
 * axe-core on every public and account page, the demo payment page and the confirmation, in
 * Chromium against the real built server (`npx vite build` first), on a phone and on a desktop:
 * no violations at all (issue 11, item 6). Each page is checked once it shows its content, so the
 * check sees what a visitor sees, not a loading state.
 */
const e2e = serverAndBrowserForFile();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The violations axe finds on the page as it stands, in a form that names each node. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
  );
}

async function expectNoViolations(page: WatchedPage, what: string) {
  expect({ what, found: await violations(page) }).toEqual({ what, found: [] });
  expect(page.errors).toEqual([]);
}

const helsinkiNow = () => DateTime.now().setZone(HELSINKI);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The login link the server printed for this address. */
async function linkPrintedFor(email: string): Promise<string> {
  const escaped = email.replace(/[.+]/g, "\\$&");
  const match = await e2e.server.waitForOutput(
    new RegExp(`To: ${escaped}[\\s\\S]*?(https?:\\/\\/\\S+\\/auth\\/callback\\?token=\\S+)`),
  );
  return match[1]!;
}

describe("accessibility (axe) in Chromium", () => {
  // Every public page at 375 and 1440 px is checked by axe in the screenshots' run
  // (tests/screenshots/views.shots.ts, decision 039); here the states reached by acting.
  it("finds no violations along a booking: checkout, its errors, payment, confirmation, /oma-varaus", async () => {
    const page = await e2e.openPage(PHONE);
    const start = helsinkiNow().plus({ days: 3 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
    await page.goto(`${e2e.server.url}/varauskalenteri/${start.toISODate()}`);
    await page
      .getByRole("button", { name: new RegExp(`^Vapaa ${escape(formatDateTime(start.toJSDate()))}`) })
      .click();
    await expectNoViolations(page, "the length chooser");
    await page.getByRole("button", { name: /^1 h · / }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByLabel("Nimi").waitFor();
    await expectNoViolations(page, "checkout");

    // Submitting empty shows the errors: they too must pass.
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.getByRole("alert").first().waitFor();
    await expectNoViolations(page, "checkout with errors");

    await page.getByLabel("Nimi").fill("Aino Axe");
    await page.getByLabel("Sähköposti").fill("aino.axe@example.fi");
    await page.getByLabel("Kortti").check();
    await page.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ }).check();
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    await page.getByRole("button", { name: "Maksa" }).waitFor();
    await expectNoViolations(page, "the demo payment page");

    await page.getByRole("button", { name: "Maksa" }).click();
    await page.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();
    await expectNoViolations(page, "the confirmation");

    await page.goto(`${e2e.server.url}/oma-varaus`);
    await page.getByRole("link", { name: "Avaa portti" }).first().waitFor();
    await expectNoViolations(page, "/oma-varaus with a booking");

    // The receipt (a page of the server's own, opened in a new tab): one main landmark holds it all.
    const [receipt] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: "Kuitti" }).first().click(),
    ]);
    await receipt.getByRole("heading", { name: "Kuitti" }).waitFor();
    expect({ what: "the receipt", found: await violations(receipt) }).toEqual({
      what: "the receipt",
      found: [],
    });
    await receipt.close();

    // Cancelled, the booking moves under "Menneet ja perutut varaukset": its texts keep 4.5:1.
    await page.getByRole("button", { name: "Peru varaus" }).first().click();
    await page.getByRole("button", { name: "Kyllä, peru" }).click();
    await page
      .getByText(/^Varaus peruttu/)
      .first()
      .waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Menneet ja perutut varaukset" }).waitFor();
    await page.getByText("Peruttu", { exact: true }).first().waitFor();
    await expectNoViolations(page, "/oma-varaus with a cancelled booking");
  });

  it("finds no violations on the account page and the membership page signed in", async () => {
    const page = await e2e.openPage(DESKTOP);
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel("Sähköpostiosoite").fill("axe.account@example.com");
    await page.getByRole("button", { name: "Lähetä kirjautumislinkki" }).click();
    await page.getByRole("heading", { name: "Tarkista sähköpostisi" }).waitFor();
    await expectNoViolations(page, "login, link sent");

    await page.goto(await linkPrintedFor("axe.account@example.com"));
    await page.waitForURL(`${e2e.server.url}/oma-tili`);
    await page.getByText("axe.account@example.com").waitFor();
    await expectNoViolations(page, "/oma-tili");

    await page.goto(`${e2e.server.url}/jasenyys`);
    await page.getByRole("heading", { level: 2 }).first().waitFor();
    await expectNoViolations(page, "/jasenyys signed in");
  });
});
