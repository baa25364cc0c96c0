import { readFile } from "node:fs/promises";
import { DateTime } from "luxon";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { signInAsAdmin } from "../support/adminE2e.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { paidBookingTomorrow } from "../support/paidBooking.js";
import { readCsv } from "../support/csv.js";

/*
 * v2/talous in Chromium against the real built server: a booking paid today through the demo
 * payment page shows in the month's figures and VAT, the month grouping answers, the CSV
 * downloads with the same totals, and uPlot is fetched only when the talous page is opened.
 */
const e2e = serverAndBrowserForFile();

describe("v2/talous in Chromium", () => {
  it("shows the month's revenue and VAT, groups by month, and downloads the same figures as CSV", async () => {
    await paidBookingTomorrow(e2e.server.url, 10, {
      name: "Talous Testaaja",
      email: "talous@example.com",
      phone: "+358 40 765 4321",
      dogs: 1,
    });
    const page = await e2e.openPage();
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(request.url()));
    await signInAsAdmin(e2e, "e2e-talous", page);
    expect(fetched.filter((url) => /uplot/i.test(url))).toEqual([]);

    await page.getByRole("link", { name: "Talous" }).click();
    await page.getByRole("heading", { name: "Talous", level: 1 }).waitFor();
    const summary = page.getByRole("region", { name: "Yhteenveto" });
    await summary
      .getByText(/^15,00\s€$/)
      .first()
      .waitFor();
    const vat = page.getByRole("table", { name: "ALV verokannoittain" });
    const rate = vat.getByRole("row", { name: /^25,5\s%/ });
    await rate.waitFor();
    const cells = await rate.getByRole("cell").allTextContents();
    expect(cells.map((c) => c.replace(/\s/g, " "))).toEqual([
      "15,00 €",
      "0,00 €",
      "15,00 €",
      "3,05 €",
      "11,95 €",
    ]);
    // The chart is drawn by uPlot, loaded now and only now.
    await page.locator('figure.finance-chart[data-drawn="true"]').first().waitFor();
    expect(fetched.some((url) => /uplot/i.test(url))).toBe(true);

    await page.getByLabel("Ryhmittely").selectOption("month");
    await page.getByRole("button", { name: "Näytä" }).click();
    const monthly = page.getByRole("table", { name: "Myynti kuukausittain" });
    const month = DateTime.now().setZone(HELSINKI);
    await monthly.getByRole("row", { name: new RegExp(`^${month.month}/${month.year}`) }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Lataa CSV" }).click(),
    ]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    // Cells holding a comma (every amount) are quoted: read as a spreadsheet would.
    const rows = readCsv(csv, ";");
    expect(rows.find((r) => r[0] === "25,5 %")).toEqual([
      "25,5 %",
      "15,00",
      "0,00",
      "15,00",
      "3,05",
      "11,95",
    ]);
    const vatHeader = rows.findIndex((r) => r[0] === "ALV-kanta");
    expect(rows[vatHeader + 2]).toEqual(["Yhteensä", "15,00", "0,00", "15,00", "3,05", "11,95"]);
    expect(page.errors).toEqual([]);
  });
});
