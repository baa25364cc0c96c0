import { DateTime } from "luxon";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { formatDate, formatDateTime, HELSINKI } from "../../src/domain/helsinkiTime.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { signInAsAdmin } from "../support/adminE2e.js";

/*
 * The admin sections in Chromium against the real built server and the run's Auth emulator: an
 * admin blocks time and the public calendar shows it closed; changes a price and the checkout
 * quotes it; changes the park's details and the footer shows them; uploads a photo and the home
 * page's hero shows it.
 */
const e2e = serverAndBrowserForFile();

const signedInAdmin = () => signInAsAdmin(e2e);

const tomorrow = () => DateTime.now().setZone(HELSINKI).plus({ days: 1 }).startOf("day");
const freeCell = (page: Page, start: DateTime) =>
  page.getByRole("button", {
    name: new RegExp(`^Vapaa ${formatDateTime(start.toJSDate()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  });

describe("admin sections in Chromium", () => {
  it("a block closes the time in the public calendar at once", async () => {
    const day = tomorrow();
    const visitor = await e2e.openPage();
    await visitor.goto(`${e2e.server.url}/varauskalenteri/${day.toISODate()}`);
    await freeCell(visitor, day.set({ hour: 10 })).waitFor();

    const page = await signedInAdmin();
    await page.getByLabel("Alkaa päivänä").fill(day.toISODate()!);
    await page.getByLabel("klo", { exact: true }).first().fill("09:00");
    await page.getByLabel("Päättyy päivänä").fill(day.toISODate()!);
    await page.getByLabel("klo", { exact: true }).nth(1).fill("12:00");
    await page.getByLabel("Syy").fill("Aidan huolto");
    await page.getByRole("button", { name: "Lisää sulku" }).click();
    await page.getByText("Sulku lisätty.").waitFor();

    await visitor.reload();
    await freeCell(visitor, day.set({ hour: 13 })).waitFor();
    expect(await freeCell(visitor, day.set({ hour: 10 })).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("a manual booking started from an empty hour appears in the day view", async () => {
    const day = tomorrow().plus({ days: 1 });
    const page = await signedInAdmin();
    await page.goto(`${e2e.server.url}/hallinta/varaukset?nakyma=paiva&paiva=${day.toISODate()}`);
    const grid = page.getByRole("table", { name: `Päivä ${formatDate(day.toJSDate())}` });
    await grid
      .getByRole("button", {
        name: `Vapaa ${formatDateTime(day.set({ hour: 15 }).toJSDate())}, Koirapuisto: lisää varaus tai sulku`,
      })
      .click();
    await page.getByRole("button", { name: "Varaa tämä aika" }).click();
    await page.getByLabel("Nimi", { exact: true }).fill("Puhelinvaraaja");
    await page.getByLabel("Sähköposti", { exact: true }).fill("puhelin@example.com");
    await page.getByRole("button", { name: "Lisää varaus", exact: true }).click();
    await page.getByText("Varaus lisätty.").waitFor();

    const booking = grid.getByRole("button", { name: /Puhelinvaraaja/ });
    await booking.waitFor();
    expect(await booking.textContent()).toContain("15.00–16.00");
    await booking.click();
    await page.getByRole("heading", { name: "Varauksen tiedot" }).waitFor();
    await page.getByText("Ei maksuja.").waitFor();
    expect(page.errors).toEqual([]);
  });

  it("a price changed from today is what the checkout quotes", async () => {
    const page = await signedInAdmin();
    await page.getByRole("link", { name: "Hinnasto" }).click();
    const hourRule = page.getByRole("form", { name: "Hinta 1 h" });
    await hourRule.getByLabel("Hinta €").fill("18,50");
    await hourRule.getByRole("button", { name: "Tallenna" }).click();
    await page.getByText("Hinta tallennettu.").waitFor();

    const start = tomorrow().set({ hour: 14 });
    const visitor = await e2e.openPage();
    await visitor.goto(
      `${e2e.server.url}/checkout/${encodeURIComponent(start.toISO()!)}/${encodeURIComponent(start.plus({ hours: 1 }).toISO()!)}`,
    );
    await visitor
      .getByText(/18,50\s€/)
      .first()
      .waitFor();
  });

  it("the park's details changed in hallintapaneeli show in the footer", async () => {
    const page = await signedInAdmin();
    await page.getByRole("link", { name: "Hallintapaneeli" }).click();
    const park = page.getByRole("region", { name: "Puiston tiedot" });
    await park.getByLabel("Y-tunnus").fill("0112038-8");
    await park.getByRole("button", { name: "Tallenna" }).click();
    await page
      .getByRole("alert")
      .getByText(/tarkistusnumeron/)
      .waitFor();
    await page.getByRole("button", { name: "Sulje" }).click();
    await park.getByLabel("Y-tunnus").fill("0112038-9");
    await park.getByLabel("Puhelin").fill("+358 40 999 8888");
    await park.getByRole("button", { name: "Tallenna" }).click();
    await page.getByText("Puiston tiedot tallennettu.").waitFor();
    // The waitlist offer's time and the lights' grace are one number each, kept over a reload.
    // What is typed in one form outlives the reload after another form's save.
    const offer = () =>
      page
        .getByRole("region", { name: "Jono vapautuville ajoille" })
        .getByLabel("Tarjouksen voimassaoloaika (min)");
    const grace = page.getByRole("region", { name: "Valaistus" });
    const graceField = grace.getByLabel("Valot palavat varauksen jälkeen (min)");
    await graceField.fill("200");
    await offer().fill("20");
    const saveOffer = page
      .getByRole("region", { name: "Jono vapautuville ajoille" })
      .getByRole("button", { name: "Tallenna" });
    await saveOffer.click();
    await page.getByText("Jonon asetus tallennettu.").waitFor();
    await expect.poll(() => saveOffer.isEnabled()).toBe(true);
    expect(await offer().inputValue()).toBe("20");
    expect(await graceField.inputValue()).toBe("200");
    await grace.getByRole("button", { name: "Tallenna" }).click();
    await page.getByRole("alert").getByText(/120/).waitFor();
    await page.getByRole("button", { name: "Sulje" }).click();
    await page.reload();
    expect(await offer().inputValue()).toBe("20");

    // What the home page says the park is: a size with a space in it, a fact left empty.
    const facts = page.getByRole("region", { name: "Puisto etusivulla" });
    await facts.getByLabel("Koko (m²)").fill("3 200");
    await facts.getByLabel("Vesi").fill("");
    await facts.getByLabel("Vesi").press("Enter");
    await page.getByText("Puiston kuvaus tallennettu.").waitFor();
    // The form is drawn afresh with what was saved; the keyboard is back on its "Tallenna".
    await expect
      .poll(() =>
        facts
          .getByRole("button", { name: "Tallenna" })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);

    const visitor = await e2e.openPage();
    await visitor.goto(`${e2e.server.url}/`);
    await visitor.getByRole("contentinfo").getByText("+358 40 999 8888").waitFor();
    await visitor
      .getByRole("contentinfo")
      .getByText(/0112038-9/)
      .waitFor();
    const parkFacts = visitor.getByRole("region", { name: "Puisto", exact: true });
    await parkFacts.getByText("3\u00a0200 m²").waitFor();
    expect(await parkFacts.getByText("Vesi", { exact: true }).count()).toBe(0);
    expect(await parkFacts.getByText("Pysäköinti", { exact: true }).count()).toBe(1);
  });

  it("a photo uploaded in hallintapaneeli is the home page's hero image", async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#4a7a3a" } })
      .jpeg()
      .toBuffer();
    const page = await signedInAdmin();
    await page.getByRole("link", { name: "Hallintapaneeli" }).click();
    const photos = page.getByRole("region", { name: "Puiston kuvat" });
    await photos.getByLabel("Kuva", { exact: true }).setInputFiles({
      name: "puisto.jpg",
      mimeType: "image/jpeg",
      buffer: jpeg,
    });
    await photos.getByLabel(/^Kuvaus/).fill("Aidattu nurmikenttä");
    await photos.getByRole("button", { name: "Lisää kuva" }).click();
    await page.getByText("Kuva lisätty.").waitFor();

    const visitor = await e2e.openPage();
    await visitor.goto(`${e2e.server.url}/`);
    const hero = visitor.getByRole("img", { name: "Aidattu nurmikenttä" });
    await hero.waitFor();
    expect(await hero.getAttribute("fetchpriority")).toBe("high");
    // The browser picked a size and decoded it.
    await visitor.waitForFunction(
      () => (document.querySelector<HTMLImageElement>("picture img")?.naturalWidth ?? 0) > 0,
    );
  });
});
