import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { webRoot } from "../../src/server/app.js";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";
import { createUser, oobCodes, TEST_PASSWORD, uniqueEmail } from "../support/firebase.js";
import { startServer } from "../support/server.js";

/*
 * Admin sign-in in Chromium against the real built server (`npx vite build` first) and the run's
 * Firebase Auth emulator: the real Firebase SDK in the page, firebase-admin on the server.
 */
const e2e = serverAndBrowserForFile();
const openPage = (): Promise<WatchedPage> => e2e.openPage();

async function signIn(page: Page, email: string, password = TEST_PASSWORD) {
  await page.goto(`${e2e.server.url}/hallinta/login`);
  await page.getByLabel("Sähköpostiosoite").fill(email);
  await page.getByLabel("Salasana").fill(password);
  await page.getByRole("button", { name: "Kirjaudu" }).click();
}

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Ylläpidon valikko" });

describe("admin sign-in in Chromium on the Auth emulator", () => {
  it("never sends a visitor admin or Firebase code", async () => {
    const page = await openPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("navigation", { name: "Päävalikko" }).waitFor();
    await page.goto(`${e2e.server.url}/varauskalenteri`);
    await page.locator("h1").first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /Admin/i.test(url))).toEqual([]);
    // The entry chunk itself holds no Firebase code.
    const html = readFileSync(path.join(webRoot, "index.html"), "utf8");
    const entry = html.match(/src="\/(assets\/[^"]+\.js)"/)![1]!;
    const code = readFileSync(path.join(webRoot, entry), "utf8");
    for (const firebaseSdkMarker of ["identitytoolkit", "securetoken.googleapis", "FirebaseError"])
      expect(code).not.toContain(firebaseSdkMarker);
  });

  it("an admin signs in, lands on varaukset in the admin layout, and signs out", async () => {
    const email = uniqueEmail("admin");
    await createUser({ email, claims: { admin: true } });
    const page = await openPage();
    await page.goto(`${e2e.server.url}/hallinta`);
    await page.waitForURL(`${e2e.server.url}/hallinta/login`);
    expect(await page.getByRole("navigation", { name: "Päävalikko" }).count()).toBe(0);
    await signIn(page, email);
    await page.waitForURL(`${e2e.server.url}/hallinta/varaukset`);
    await adminNav(page).waitFor();
    await page.getByText(email).waitFor();
    const token = await page.evaluate(() => localStorage.getItem("firebase_token"));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\./);

    // A reload keeps the sign-in (Firebase restores its user).
    await page.reload();
    await adminNav(page).waitFor();

    await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
    await page.waitForURL(`${e2e.server.url}/hallinta/login`);
    await page.getByText("Olet kirjautunut ulos.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("firebase_token"))).toBeNull();
    expect(page.errors).toEqual([]);
  });

  it("a signed-in user who is not an admin sees 'no access' and is signed out", async () => {
    const email = uniqueEmail("visitor");
    await createUser({ email });
    const page = await openPage();
    await signIn(page, email);
    await page
      .getByText("Tällä tunnuksella ei ole ylläpidon käyttöoikeutta. Sinut kirjattiin ulos.")
      .waitFor();
    expect(page.url()).toBe(`${e2e.server.url}/hallinta/login`);
    expect(await page.evaluate(() => localStorage.getItem("firebase_token"))).toBeNull();
    await page.goto(`${e2e.server.url}/hallinta/varaukset`);
    await page.waitForURL(`${e2e.server.url}/hallinta/login`);
  });

  it("says in Finnish when the password is wrong or does not meet the policy", async () => {
    const email = uniqueEmail("wrong");
    await createUser({ email, claims: { admin: true } });
    const page = await openPage();
    await signIn(page, email, "Väärä-salasana-99");
    await page.getByRole("alert").getByText("Sähköpostiosoite tai salasana on väärin.").waitFor();
    await page.getByLabel("Salasana").fill("lyhyt");
    await page.getByRole("button", { name: "Kirjaudu" }).click();
    await page
      .getByRole("alert")
      .getByText(/Salasana ei täytä ylläpidon salasanavaatimuksia/)
      .waitFor();
  });

  it("a reset link from the emulator's e-mails sets a new password that signs in", async () => {
    const email = uniqueEmail("reset");
    await createUser({ email, claims: { admin: true } });
    const page = await openPage();
    await page.goto(`${e2e.server.url}/hallinta/login`);
    await page.getByLabel("Sähköpostiosoite").fill(email);
    await page.getByRole("button", { name: "Unohtuiko salasana?" }).click();
    await page.getByText("Jos osoitteella on ylläpidon tunnus").waitFor();
    // The same answer for an address without an account.
    await page.getByRole("button", { name: "Takaisin kirjautumiseen" }).click();
    await page.getByLabel("Sähköpostiosoite").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Unohtuiko salasana?" }).click();
    await page.getByText("Jos osoitteella on ylläpidon tunnus").waitFor();

    const code = (await oobCodes()).find((c) => c.email === email && c.requestType === "PASSWORD_RESET")!;
    const newPassword = "Uusi-salasana-2026";
    const res = await fetch(`${code.oobLink}&newPassword=${encodeURIComponent(newPassword)}`);
    expect(res.ok).toBe(true);
    await signIn(page, email, newPassword);
    await adminNav(page).waitFor();
  });

  it("a stale stored token is refreshed without the admin noticing", async () => {
    const email = uniqueEmail("stale");
    await createUser({ email, claims: { admin: true } });
    const page = await openPage();
    await signIn(page, email);
    await adminNav(page).waitFor();
    // Stored token with a minute left (the emulator's tokens are unsigned; the payload is what counts).
    await page.evaluate(() => {
      const [header, payload] = localStorage.getItem("firebase_token")!.split(".");
      const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
      claims.exp = Math.floor(Date.now() / 1000) + 60;
      const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      localStorage.setItem("firebase_token", `${header}.${encoded}.`);
    });
    const stale = await page.evaluate(() => localStorage.getItem("firebase_token"));
    await page.reload();
    await page.getByText(email).waitFor();
    const fresh = await page.evaluate(() => localStorage.getItem("firebase_token"));
    expect(fresh).not.toBe(stale);
    expect(page.url()).toBe(`${e2e.server.url}/hallinta/varaukset`);
    expect(page.errors).toEqual([]);
  });
});

describe("npm start without a Firebase project", () => {
  it("starts its own emulator and prints a first admin who can sign in", async () => {
    const env: Record<string, string> = { FIREBASE_AUTH_EMULATOR_HOST: "", FIREBASE_EMULATOR_PORT: "0" };
    const { freePort } = await import("../support/server.js");
    env.FIREBASE_EMULATOR_PORT = String(await freePort());
    const server = await startServer({ env });
    try {
      const printed = await server.waitForOutput(/E-mail:\s+(\S+)\s+Password:\s+(\S+)/, 90_000);
      const page = await openPage();
      await page.goto(`${server.url}/hallinta/login`);
      await page.getByLabel("Sähköpostiosoite").fill(printed[1]!);
      await page.getByLabel("Salasana").fill(printed[2]!);
      await page.getByRole("button", { name: "Kirjaudu" }).click();
      await adminNav(page).waitFor();
    } finally {
      await server.stop();
    }
    // Starting a second emulator is slow on a busy 2-core machine.
  }, 180_000);
});
