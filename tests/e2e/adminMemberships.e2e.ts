import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { signInAsAdmin } from "../support/adminE2e.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { memberOverHttp } from "../support/memberE2e.js";

/*
 * Jäsenyydet in Chromium against the real built server and the run's Auth emulator: members who
 * joined over HTTP appear, the status filter works through the address, and the admin cancels a
 * membership on the member's behalf and sends an invoice again from the member's page.
 */
const e2e = serverAndBrowserForFile();

/** axe-core's findings on the page as it stands (none expected), each naming its node. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} ${n.html} ${n.failureSummary}`),
  );
}

describe("admin jäsenyydet in Chromium", () => {
  it("shows the members, filters them, and cancels a membership on the member's behalf", async () => {
    await memberOverHttp(e2e.server, "eino.jasen@example.com", { tier: 2, pay: true });
    await memberOverHttp(e2e.server, "pirjo.kesken@example.com", { tier: 1, pay: false });

    const page = await signInAsAdmin(e2e, "e2e-jasenyydet");
    await page.getByRole("link", { name: "Jäsenyydet" }).click();
    await page.getByRole("heading", { name: "Jäsenyydet", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: /^Jäsenyydet/ });
    const eino = table.getByRole("row", { name: /eino\.jasen@example\.com/ });
    await eino.getByRole("cell", { name: "Voimassa" }).waitFor();
    await table
      .getByRole("row", { name: /pirjo\.kesken/ })
      .getByText("Odottaa maksua")
      .waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByLabel("Tila").selectOption("pending");
    await page.getByRole("button", { name: "Suodata" }).click();
    await page.waitForURL(/\?tila=pending$/);
    await expect.poll(() => table.getByRole("row", { name: /eino\.jasen/ }).count()).toBe(0);
    await table.getByRole("row", { name: /pirjo\.kesken/ }).waitFor();

    await page.getByLabel("Tila").selectOption("active");
    await page.getByRole("button", { name: "Suodata" }).click();
    await page.getByRole("link", { name: "eino.jasen@example.com" }).click();
    await page.waitForURL(/jasen=/);
    await page.getByRole("heading", { name: "eino.jasen@example.com", level: 2 }).waitFor();
    await page.getByRole("heading", { name: "Jäsenyys Plus: Voimassa" }).waitFor();

    await page.getByRole("button", { name: "Lähetä lasku 1001 uudelleen" }).click();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Vahvista lähetys" }).click();
    await page.getByText("Lasku 1001 lähetetty osoitteeseen eino.jasen@example.com.").waitFor();
    await page.getByRole("button", { name: "Selvä" }).click();

    await page.getByRole("button", { name: "Irtisano jäsenen puolesta" }).click();
    await page.getByRole("button", { name: "Vahvista irtisanominen" }).click();
    await page.getByText(/^Jäsenyys irtisanottu\. Jäsenyys on käytössä maksetun jakson loppuun/).waitFor();
    await page.getByRole("heading", { name: "Jäsenyys Plus: Irtisanottu" }).waitFor();
    await e2e.server.waitForOutput(/To: eino\.jasen@example\.com\nSubject: Jäsenyys irtisanottu: Plus/);

    // Back on the list it is no longer among the active ones, but among the cancelled, with its last day.
    await page.getByRole("link", { name: "← Takaisin jäsenyyksiin" }).click();
    await page.waitForURL(/\?tila=active$/);
    await page.getByText("Ei jäsenyyksiä valituilla ehdoilla.").waitFor();
    await page.getByLabel("Tila").selectOption("cancelled");
    await page.getByRole("button", { name: "Suodata" }).click();
    await table
      .getByRole("row", { name: /eino\.jasen/ })
      .getByText(/^käytössä .* asti$/)
      .waitFor();
    expect(page.errors).toEqual([]);
  });
});
