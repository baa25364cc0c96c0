import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { formatDateTime, HELSINKI } from "../../src/domain/helsinkiTime.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * The checkout's extras end to end in Chromium against the real built server, started as in
 * development so that it makes and prints its demo gift card (30,00 €) and the code DEMO10:
 * a discount code with a gift card that covers everything (no payment page), Back from the payment
 * page and continuing to the same payment, and a membership's first invoice paid partly with the
 * rest of the gift card.
 */
const e2e = serverAndBrowserForFile({ env: { NODE_ENV: "development" } });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const tomorrowAt = (hour: number, days = 1) =>
  DateTime.now().setZone(HELSINKI).plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 });
const summaryValue = (page: Page, term: string) =>
  page
    .locator("dl.booking-summary dt", { hasText: new RegExp(`^${escape(term)}$`) })
    .locator("xpath=following-sibling::dd[1]");

async function giftCardCode(): Promise<string> {
  const printed = await e2e.server.waitForOutput(/Lahjakortti: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/);
  return printed[1]!;
}

async function openCheckout(page: Page, start: DateTime) {
  const end = start.plus({ hours: 1 });
  await page.goto(
    `${e2e.server.url}/checkout/${encodeURIComponent(start.toISO()!)}/${encodeURIComponent(end.toISO()!)}`,
  );
  await page.getByLabel("Nimi").waitFor();
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("Nimi").fill("Maija Meikäläinen");
  await page.getByLabel("Sähköposti").fill(email);
  await page.getByLabel("Kortti").check();
  await page.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ }).check();
}

describe("discount codes, gift cards and Back in Chromium", () => {
  it("applies DEMO10 and a gift card that pays it all: confirmed with no payment page", async () => {
    const page = await e2e.openPage();
    const code = await giftCardCode();
    const start = tomorrowAt(10, 3);
    await openCheckout(page, start);
    await fillDetails(page, "lahja.e2e@example.com");
    await page.getByLabel("Alennuskoodi (vapaaehtoinen)").fill("demo10");
    await page.getByLabel("Lahjakortin koodi (vapaaehtoinen)").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Päivitä hinta" }).click();
    await summaryValue(page, "Alennus").getByText("−1,50\u00a0€").waitFor();
    expect(await summaryValue(page, "Listahinta").textContent()).toBe("15,00\u00a0€");
    expect(await summaryValue(page, "Hinta").textContent()).toBe("13,50\u00a0€");
    expect(await summaryValue(page, "ALV 25,5\u00a0%").textContent()).toBe("2,74\u00a0€ (sisältyy hintaan)");
    expect(await summaryValue(page, "Lahjakortilla").textContent()).toBe("−13,50\u00a0€");
    expect(await summaryValue(page, "Maksettavaa").textContent()).toBe("0,00\u00a0€");

    // Nothing left to pay: no payment method is asked, and the button says what happens.
    expect(await page.getByLabel("Kortti").count()).toBe(0);
    const pages: string[] = [];
    page.on("framenavigated", (frame) => pages.push(frame.url()));
    await page.getByRole("button", { name: "Vahvista varaus" }).click();
    await page.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();
    // The receipt to keep: the gift card's share on it.
    const receiptPath = await page.getByRole("link", { name: "Kuitti" }).getAttribute("href");
    const receipt = await page.request.get(`${e2e.server.url}${receiptPath}`);
    expect(await receipt.text()).toMatch(/Maksu [^<]*, Lahjakortti<\/th><td>13,50\u00a0€/);
    await page.getByText(formatDateTime(start.toJSDate())).first().waitFor();
    expect(pages.filter((url) => url.includes("/maksu/"))).toEqual([]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("reservations") ?? "[]"));
    expect(stored).toHaveLength(1);
    await e2e.server.waitForOutput(/Maksettu lahjakortilla: 13,50/);
    expect(page.errors).toEqual([]);
  });

  it("lets the visitor come Back from the payment page and continue to the same payment", async () => {
    const page = await e2e.openPage();
    const start = tomorrowAt(12, 3);
    await openCheckout(page, start);
    await fillDetails(page, "takaisin.e2e@example.com");
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    const paymentPage = page.url();

    await page.goBack();
    await page.waitForURL(/\/checkout\//);
    await page.getByText("Sinulla on tälle ajalle keskeneräinen maksu.", { exact: false }).waitFor();
    expect(await page.getByText("Valitsemasi aika on juuri varattu").count()).toBe(0);

    // A second tab's calendar says the held time is the visitor's own, not someone else's.
    const calendar = await page.context().newPage();
    const cell = calendar.getByRole("gridcell", { name: new RegExp(`^${start.toFormat("H.mm")} `) });
    await calendar.goto(`${e2e.server.url}/varauskalenteri/${start.toISODate()}`);
    await cell.getByRole("link", { name: /Jatka maksamaan/ }).waitFor();
    expect(await cell.textContent()).toContain("Oma varauksesi, maksamatta");

    await page.getByRole("button", { name: "Jatka maksamaan" }).click();
    await page.waitForURL(paymentPage);
    await page.getByRole("button", { name: "Maksa" }).click();
    await page.waitForURL(/\/checkout\/.*\?payment=success&token=/);
    await page.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();

    // Paid, it is the visitor's booking there, with the way to it.
    await calendar.reload();
    await cell.getByRole("link", { name: /Näytä varaus/ }).waitFor();
    expect(await cell.textContent()).toContain("Oma varauksesi");
    expect(page.errors).toEqual([]);
  });

  it("releases an own hold after Back, and a cancelled payment's retry keeps the form's values", async () => {
    const page = await e2e.openPage();
    const start = tomorrowAt(14, 3);
    await openCheckout(page, start);
    await fillDetails(page, "vapautus.e2e@example.com");
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    await page.goBack();
    await page.getByRole("button", { name: "Vapauta aika ja valitse toinen" }).click();
    await page.getByText("Aika on vapautettu.").waitFor();
    await page.getByRole("button", { name: "Varaa tämä aika uudelleen" }).click();
    await page.getByLabel("Nimi").waitFor();
    expect(await page.getByLabel("Sähköposti").inputValue()).toBe("vapautus.e2e@example.com");

    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    await page.getByRole("button", { name: "Peruuta" }).click();
    await page.getByText("Maksu peruttiin. Aikaa ei varattu.").waitFor();
    await page.getByRole("link", { name: "Yritä uudelleen" }).click();
    await page.getByLabel("Nimi").waitFor();
    expect(await page.getByLabel("Nimi").inputValue()).toBe("Maija Meikäläinen");
    expect(await page.getByLabel("Sähköposti").inputValue()).toBe("vapautus.e2e@example.com");
    expect(await page.getByLabel("Kortti").isChecked()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it("offers a reactive dog only the starts its buffer fits, and carries the choice into checkout", async () => {
    // A new park asks nothing about dogs: the owner turns the rules on first (decision 036).
    const admin = await signedInAdmin("koirasaannot-e2e");
    const turnedOn = await fetch(`${e2e.server.url}/api/v2/admin/settings/dogRules`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({ extraDogPriceCents: 0, reactiveDogBufferMinutes: 15, inHeatGapMinutes: 30 }),
    });
    expect(turnedOn.status).toBe(200);
    // A neighbour holds 16–17 (its checkout sent to payment, not paid yet).
    const neighbour = await e2e.openPage();
    const taken = tomorrowAt(16, 5);
    await openCheckout(neighbour, taken);
    await fillDetails(neighbour, "naapuri.e2e@example.com");
    await neighbour.getByRole("button", { name: "Siirry maksamaan" }).click();
    await neighbour.waitForURL(/\/maksu\/demo\//);

    const page = await e2e.openPage();
    const cell = (start: DateTime) =>
      page.getByRole("button", { name: new RegExp(`^Vapaa ${escape(formatDateTime(start.toJSDate()))}`) });
    const right = taken.plus({ hours: 1 });
    await page.goto(`${e2e.server.url}/varauskalenteri/${taken.toISODate()}`);
    // Edge to edge is fine for a normal booking: 17.00 is free.
    await cell(right).waitFor();
    // The dogs' options are one disclosure ("Koirat: 1") until opened.
    await page.getByText("Koirat: 1", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Reaktiivinen koira" }).check();
    // Asked again with the option: 17.00 would put the reactive dog's buffer into the neighbour's time.
    await cell(right.plus({ minutes: 30 })).waitFor();
    expect(await cell(right).count()).toBe(0);
    await cell(right.plus({ minutes: 30 })).click();
    await page.getByRole("button", { name: /^1 h · / }).click();
    await page.waitForURL(/\/checkout\/.*\?reaktiivinen=1$/);
    await page.getByLabel("Nimi").waitFor();
    // Checkout already knows: the visitor does not say it twice.
    expect(await page.getByRole("checkbox", { name: "Reaktiivinen koira" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Juoksuinen narttu" }).isChecked()).toBe(false);
    expect(page.errors).toEqual([]);
    expect(neighbour.errors).toEqual([]);
  });

  it("pays a membership's first invoice partly with the gift card's remaining balance", async () => {
    const page = await e2e.openPage();
    const code = await giftCardCode();
    const email = "jasen.lahja.e2e@example.com";
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel("Sähköpostiosoite").fill(email);
    await page.getByRole("button", { name: "Lähetä kirjautumislinkki" }).click();
    const link = await e2e.server.waitForOutput(
      new RegExp(`To: ${escape(email)}[\\s\\S]*?(https?:\\/\\/\\S+\\/auth\\/callback\\?token=\\S+)`),
    );
    await page.goto(link[1]!);
    await page.waitForURL(`${e2e.server.url}/oma-tili`);

    await page.goto(`${e2e.server.url}/jasenyys`);
    await page.getByLabel("Perus – 8 h/kk").check();
    await page.getByLabel("Kortti").check();
    await page.getByLabel("Lahjakortin koodi (vapaaehtoinen)").fill(code);
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(/\/maksu\/demo\//);
    // 39,00 € less what is left on the card after the first test (30,00 − 13,50 = 16,50 €).
    await page.getByText("22,50\u00a0€").first().waitFor();
    await page.getByText("Lahjakortilla maksettu 16,50\u00a0€", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Maksa" }).click();
    await page.waitForURL(/\/subscription\/success/);
    await page.getByRole("heading", { name: "Tervetuloa jäseneksi!" }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
