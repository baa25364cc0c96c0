import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { signInAsAdmin } from "../support/adminE2e.js";
import { uniqueEmail } from "../support/firebase.js";
import { paidBookingTomorrow } from "../support/paidBooking.js";

/*
 * Toiminta and Järjestelmä in Chromium against the real built server and the run's Auth emulator:
 * a paid booking and a refused gate press appear, the gate events' filter works, the health
 * checks, outbox and jobs show, and the audit log's filter finds the admin just added.
 */
const e2e = serverAndBrowserForFile();

async function signedInAdmin(section: string): Promise<WatchedPage> {
  const page = await signInAsAdmin(e2e, "e2e-ops");
  await page.getByRole("link", { name: section }).click();
  return page;
}

const paidBooking = (name: string, hour: number) =>
  paidBookingTomorrow(e2e.server.url, hour, { name, email: "toiminta@example.com", dogs: 2 });

describe("admin toiminta and järjestelmä in Chromium", () => {
  it("toiminta shows the next arrival, the heat map and gate events, filtered", async () => {
    await paidBooking("Tiina Toiminta", 10);
    const press = await fetch(`${e2e.server.url}/api/v2/door/${"x".repeat(43)}/open`, { method: "POST" });
    expect(press.status).toBeGreaterThanOrEqual(400);

    const page = await signedInAdmin("Toiminta");
    await page.getByRole("heading", { name: "Toiminta", level: 1 }).waitFor();
    // The gate's panel (decision 029): today's attendance, and no check yet with nothing booked soon.
    await page.getByRole("heading", { name: "Saapuminen tänään" }).waitFor();
    await page.getByText("Saapuneet: 0 · Ei saapunut: 0 · Tulossa: 0").waitFor();
    await page.getByText("Ei tarkistettu").waitFor();
    await page
      .getByRole("list", { name: "Seuraavaksi saapuvat" })
      .getByText(/Tiina Toiminta/)
      .waitFor();
    const heatmap = page.getByRole("table", { name: "Käyttöaste viikonpäivän ja tunnin mukaan" });
    await heatmap.getByRole("cell", { name: "maanantai klo 10: ei varauksia" }).waitFor();

    const doorTable = page.getByRole("table", { name: "Portin tapahtumat" });
    await doorTable.getByRole("cell", { name: "Estetty" }).first().waitFor();
    await page.getByLabel("Tulos").selectOption("true");
    await page.getByRole("button", { name: "Suodata" }).click();
    await page.getByText("Ei tapahtumia valituilla ehdoilla.").waitFor();
    expect(await doorTable.count()).toBe(0);
    await page.getByLabel("Tulos").selectOption("false");
    await page.getByRole("button", { name: "Suodata" }).click();
    await doorTable.getByRole("cell", { name: "Estetty" }).first().waitFor();
    expect(page.errors).toEqual([]);
  });

  it("järjestelmä shows health, the outbox and jobs, adds an admin and filters the audit log", async () => {
    await paidBooking("Jussi Järjestelmä", 12);
    const page = await signedInAdmin("Järjestelmä");
    await page.getByRole("heading", { name: "Tietokanta: toimii" }).waitFor();
    await page.getByRole("heading", { name: "Sähköposti: toimii" }).waitFor();
    await page.getByRole("heading", { name: "Portti", level: 2 }).waitFor();
    await page.getByText("Ei katkoja.").waitFor();
    await page
      .getByRole("table", { name: "Sähköpostit" })
      .getByText("toiminta@example.com")
      .first()
      .waitFor();
    const jobs = page.getByRole("table", { name: "Ajastetut työt" });
    await jobs.getByRole("cell", { name: "Sähköpostien lähetys" }).waitFor();
    await jobs.getByRole("cell", { name: "minuutin välein", exact: true }).first().waitFor();

    const newAdmin = uniqueEmail("lisatty");
    await page.getByLabel("Sähköpostiosoite").fill(newAdmin);
    await page.getByRole("button", { name: "Lisää ylläpitäjä" }).click();
    await page.getByText(`${newAdmin} lisätty ylläpitäjäksi.`, { exact: false }).waitFor();
    await page.getByRole("list", { name: "Ylläpitäjät" }).getByText(newAdmin).waitFor();
    // Removing asks first; “Älä poista” sends nothing.
    const remove = page.getByRole("button", { name: `Poista ylläpitäjä ${newAdmin}` });
    await remove.click();
    const question = page.getByRole("group", { name: "Vahvista poisto" });
    await question.getByText(`Poistetaanko ${newAdmin}?`).waitFor();
    await question.getByRole("button", { name: "Älä poista" }).click();
    await remove.waitFor();
    expect(await question.count()).toBe(0);

    const audit = page.getByRole("table", { name: "Muutoshistoria" });
    await page.getByLabel("Toiminto").selectOption({ label: "Ylläpitäjä lisätty" });
    await page
      .getByRole("form", { name: "Suodata muutoshistoriaa" })
      .getByRole("button", { name: "Suodata" })
      .click();
    // Only the addition is left: its claim's row (another action) is filtered out.
    await expect
      .poll(() => audit.getByRole("cell", { name: "Ylläpito-oikeus annettu Firebasessa" }).count())
      .toBe(0);
    await audit.getByRole("cell", { name: `Ylläpitäjä ${newAdmin}` }).waitFor();
    expect(await audit.getByRole("cell", { name: "Ylläpitäjä lisätty", exact: true }).count()).toBe(1);
    await page.getByLabel("Tekijä").fill("ei-ketaan@example.com");
    await page
      .getByRole("form", { name: "Suodata muutoshistoriaa" })
      .getByRole("button", { name: "Suodata" })
      .click();
    await page.getByText("Ei muutoksia valituilla ehdoilla.").waitFor();

    // Confirmed, the server answers: here it keeps the list's only admin, and says why.
    await remove.click();
    await question.getByRole("button", { name: "Vahvista poisto" }).click();
    await page
      .getByRole("alert")
      .getByText("Viimeistä ylläpitäjää ei voi poistaa.", { exact: false })
      .waitFor();
    expect(await question.count()).toBe(0);
    await page.getByRole("list", { name: "Ylläpitäjät" }).getByText(newAdmin).waitFor();
    expect(page.errors).toEqual([]);
  });
});
