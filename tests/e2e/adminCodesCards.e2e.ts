import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { signInAsAdmin } from "../support/adminE2e.js";

/*
 * Alennuskoodit and lahjakortit in Chromium against the real built server and the run's Auth
 * emulator: an admin issues a gift card, reads its code the one time it is shown (and prints only
 * the card), and a visitor pays a booking with it; an admin creates a discount code that a
 * visitor's checkout then takes, and the code's uses show that booking.
 */
const e2e = serverAndBrowserForFile();

async function signedInAdmin(section: string): Promise<WatchedPage> {
  const page = await signInAsAdmin(e2e, "e2e-koodit");
  await page
    .getByRole("navigation", { name: "Ylläpidon valikko" })
    .getByRole("link", { name: section })
    .click();
  await page.getByRole("heading", { level: 1, name: section }).waitFor();
  return page;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const summaryValue = (page: Page, term: string) =>
  page
    .locator("dl.booking-summary dt", { hasText: new RegExp(`^${escape(term)}$`) })
    .locator("xpath=following-sibling::dd[1]");

async function openCheckout(page: Page, hour: number) {
  const start = DateTime.now()
    .setZone(HELSINKI)
    .plus({ days: 2 })
    .set({ hour, minute: 0, second: 0, millisecond: 0 });
  await page.goto(
    `${e2e.server.url}/checkout/${encodeURIComponent(start.toISO()!)}/${encodeURIComponent(start.plus({ hours: 1 }).toISO()!)}`,
  );
  await page.getByLabel("Nimi").fill("Maija Meikäläinen");
  await page.getByLabel("Sähköposti").fill(`koodit.${hour}@example.com`);
  await page.getByLabel("Kortti").check();
  await page.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ }).check();
}

describe("alennuskoodit and lahjakortit in Chromium", () => {
  it("a gift card issued in lahjakortit, its code shown once, pays a visitor's booking", async () => {
    const admin = await signedInAdmin("Lahjakortit");
    await admin.getByLabel("Arvo €").fill("20,00");
    await admin.getByLabel("Saaja tai muistiinpano (vapaaehtoinen)").fill("Arvonnan voittaja");
    await admin.getByRole("button", { name: "Luo lahjakortti" }).click();
    const card = admin.getByRole("article", { name: "Tulostettava lahjakortti" });
    await card.waitFor();
    const code = (await card.locator(".gift-card-print__code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await card.getByText("20,00\u00a0€").count()).toBe(1);
    // The list shows the card masked, never the code.
    const list = admin.getByRole("table", { name: "Lahjakortit" });
    await list.getByText(`••••-••••-••••-${code.slice(-4)}`).waitFor();
    expect(await list.textContent()).not.toContain(code);
    // On paper only the card is printed: the admin's navigation and forms are hidden.
    await admin.emulateMedia({ media: "print" });
    expect(await card.isVisible()).toBe(true);
    expect(await admin.getByRole("navigation", { name: "Ylläpidon valikko" }).isVisible()).toBe(false);
    expect(await admin.getByRole("button", { name: "Luo lahjakortti" }).isVisible()).toBe(false);
    await admin.emulateMedia({ media: "screen" });
    await admin.getByRole("button", { name: "Koodi on talletettu, sulje" }).click();
    expect(await admin.getByText(code).count()).toBe(0);
    // Without a new card on screen the page prints as it is.
    await admin.emulateMedia({ media: "print" });
    expect(await admin.getByRole("navigation", { name: "Ylläpidon valikko" }).isVisible()).toBe(true);
    await admin.emulateMedia({ media: "screen" });

    const visitor = await e2e.openPage();
    await openCheckout(visitor, 10);
    await visitor.getByLabel("Lahjakortin koodi (vapaaehtoinen)").fill(code.toLowerCase());
    await visitor.getByRole("button", { name: "Päivitä hinta" }).click();
    await summaryValue(visitor, "Lahjakortilla").getByText("−15,00\u00a0€").waitFor();
    expect(await summaryValue(visitor, "Maksettavaa").textContent()).toBe("0,00\u00a0€");
    // Nothing left to pay: no method is asked and the button says what happens.
    expect(await visitor.getByRole("radio", { name: "MobilePay" }).count()).toBe(0);
    await visitor.getByRole("button", { name: "Vahvista varaus" }).click();
    await visitor.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();

    await admin.reload();
    await admin.getByRole("button", { name: `Historia ••••-••••-••••-${code.slice(-4)}` }).click();
    const history = admin.getByRole("table", { name: /tapahtumat$/ });
    await history.getByText("Maksettu kortilla").waitFor();
    await admin.getByText("Saldo 5,00\u00a0€ / 20,00\u00a0€", { exact: false }).waitFor();
    expect(admin.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it("a discount code created in alennuskoodit is taken by a visitor's checkout and shows as a use", async () => {
    const admin = await signedInAdmin("Alennuskoodit");
    const form = admin.getByRole("form", { name: "Uusi alennuskoodi" });
    await form.getByLabel("Koodi").fill("E2E25");
    await form.getByLabel("Alennus (% tai €)").fill("120");
    await form.getByRole("button", { name: "Luo alennuskoodi" }).click();
    await admin
      .getByRole("alert")
      .getByText("Prosentin on oltava kokonaisluku 1–100.", { exact: false })
      .waitFor();
    await admin.getByRole("button", { name: "Sulje" }).click();
    await form.getByLabel("Alennus (% tai €)").fill("25");
    await form.getByRole("button", { name: "Luo alennuskoodi" }).click();
    await admin.getByText("Alennuskoodi E2E25 luotu.").waitFor();

    const visitor = await e2e.openPage();
    await openCheckout(visitor, 12);
    await visitor.getByLabel("Alennuskoodi (vapaaehtoinen)").fill("e2e25");
    await visitor.getByRole("button", { name: "Päivitä hinta" }).click();
    await summaryValue(visitor, "Alennus").getByText("−3,75\u00a0€").waitFor();
    expect(await summaryValue(visitor, "Hinta").textContent()).toBe("11,25\u00a0€");
    await visitor.getByRole("button", { name: "Siirry maksamaan" }).click();
    await visitor.waitForURL(/\/maksu\/demo\//);
    await visitor.getByText("11,25\u00a0€").first().waitFor();
    await visitor.getByRole("button", { name: "Maksa" }).click();
    await visitor.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();

    await admin.reload();
    await admin.getByRole("button", { name: "Käytöt E2E25" }).click();
    const uses = admin.getByRole("table", { name: "Koodin E2E25 käytöt" });
    await uses.getByText("Maija Meikäläinen").waitFor();
    await uses.getByRole("cell", { name: "Käytetty", exact: true }).waitFor();
    await uses.getByText("3,75\u00a0€").waitFor();
    expect(admin.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
