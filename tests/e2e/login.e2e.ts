import type { Page } from "playwright-core";
import { serverAndBrowserForFile, type WatchedPage } from "../support/e2e.js";

/*
 * Customer login by magic link in Chromium against the real built server (`npx vite build`
 * first). Without SMTP_URL the server prints every e-mail, so the link is read from its console
 * output, as a developer would after `npm start`.
 */
const e2e = serverAndBrowserForFile();

const openPage = (): Promise<WatchedPage> => e2e.openPage();

/** The login link the server printed for this address. */
async function linkPrintedFor(email: string): Promise<string> {
  const escaped = email.replace(/[.+]/g, "\\$&");
  const match = await e2e.server.waitForOutput(
    new RegExp(`To: ${escaped}[\\s\\S]*?(https?:\\/\\/\\S+\\/auth\\/callback\\?token=\\S+)`),
  );
  return match[1]!;
}

async function requestLink(page: Page, email: string) {
  await page.getByLabel("Sähköpostiosoite").fill(email);
  await page.getByRole("button", { name: "Lähetä kirjautumislinkki" }).click();
  await page.getByRole("heading", { name: "Tarkista sähköpostisi" }).waitFor();
}

const stored = (page: Page) =>
  page.evaluate(() => [
    localStorage.getItem("customer_session_token"),
    localStorage.getItem("customer_info"),
  ]);

describe("customer login in Chromium", () => {
  it("requests a link, logs in from the printed link, and logs out", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/`);
    await page
      .getByRole("navigation", { name: "Päävalikko" })
      .getByRole("link", { name: "Oma tili" })
      .click();
    await page.waitForURL(`${e2e.server.url}/login`);

    await requestLink(page, "ansa.e2e@example.com");
    await page.getByText("Jos osoite on oikein, saat kirjautumislinkin").waitFor();
    const link = await linkPrintedFor("ansa.e2e@example.com");
    expect(link.startsWith(`${e2e.server.url}/auth/callback?token=`)).toBe(true);

    // A mail scanner fetching the link gets the page, and the token stays unused.
    const prefetched = await fetch(link);
    expect(prefetched.status).toBe(200);
    expect(await prefetched.text()).toContain('<div id="root">');

    await page.goto(link);
    await page.waitForURL(`${e2e.server.url}/oma-tili`);
    await page.getByRole("heading", { level: 1, name: "Oma tili" }).waitFor();
    await page.getByText("ansa.e2e@example.com").waitFor();
    const [token, info] = await stored(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(info!)).toMatchObject({ email: "ansa.e2e@example.com" });

    // The session survives a reload.
    await page.reload();
    await page.getByText("ansa.e2e@example.com").waitFor();

    await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByText("Olet kirjautunut ulos.").waitFor();
    expect(await stored(page)).toEqual([null, null]);

    // The server revoked the session: the old token no longer opens the account.
    const me = await fetch(`${e2e.server.url}/api/v2/customers/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);
    expect(page.errors).toEqual([]);
  });

  it("refuses the same link a second time with a clear Finnish message", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/login`);
    await requestLink(page, "bertta.e2e@example.com");
    const link = await linkPrintedFor("bertta.e2e@example.com");
    await page.goto(link);
    await page.waitForURL(`${e2e.server.url}/oma-tili`);

    const second = await openPage();
    await second.goto(link);
    await second.getByRole("alert").getByText("Tämä kirjautumislinkki on jo käytetty.").waitFor();
    expect(await second.getByRole("navigation", { name: "Päävalikko" }).count()).toBe(0);
    await second.getByRole("link", { name: "Takaisin kirjautumiseen" }).click();
    await second.waitForURL(`${e2e.server.url}/login`);
    await second.getByLabel("Sähköpostiosoite").waitFor();
  });

  it("sends a tampered or expired stored token to /login", async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/login`);
    await requestLink(page, "cecilia.e2e@example.com");
    await page.goto(await linkPrintedFor("cecilia.e2e@example.com"));
    await page.waitForURL(`${e2e.server.url}/oma-tili`);
    const [token] = await stored(page);
    // The stored token is swapped on a page that runs no app: a request still in flight on
    // /oma-tili would otherwise meet the swapped token, clear the session, and race the reload.
    await page.goto(`${e2e.server.url}/robots.txt`);

    // Tampered: the payload still reads as a future expiry, but the signature no longer matches,
    // so the server answers 401 and the client clears the session (spec §8).
    const [header, payload, signature] = token!.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString("base64url")}.${signature}`;
    await page.evaluate((t) => localStorage.setItem("customer_session_token", t), tampered);
    await page.goto(`${e2e.server.url}/oma-tili`);
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByText("Istuntosi on päättynyt. Kirjaudu sisään uudelleen.").waitFor();
    expect(await stored(page)).toEqual([null, null]);
    await page.goto(`${e2e.server.url}/robots.txt`);

    // Expired (within the 60-second margin): the client does not even ask the e2e.server.
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 30 })).toString("base64url")}.${signature}`;
    await page.evaluate(
      ([t, c]) => {
        localStorage.setItem("customer_session_token", t);
        localStorage.setItem("customer_info", c);
      },
      [expired, JSON.stringify({ id: claims.sub, email: "cecilia.e2e@example.com" })] as const,
    );
    await page.goto(`${e2e.server.url}/oma-tili`);
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByLabel("Sähköpostiosoite").waitFor();
    expect(await stored(page)).toEqual([null, null]);
  });
});
