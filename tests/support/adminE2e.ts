import type { serverAndBrowserForFile, WatchedPage } from "./e2e.js";
import { createUser, TEST_PASSWORD, uniqueEmail } from "./firebase.js";

/**
 * A new admin (the custom claim) in the run's Auth emulator, signed in at /hallinta/login, in the
 * page given or a fresh one of the file's browser.
 */
export async function signInAsAdmin(
  e2e: ReturnType<typeof serverAndBrowserForFile>,
  name = "e2e-admin",
  page?: WatchedPage,
): Promise<WatchedPage> {
  const email = uniqueEmail(name);
  await createUser({ email, claims: { admin: true } });
  page ??= await e2e.openPage();
  await page.goto(`${e2e.server.url}/hallinta/login`);
  await page.getByLabel("Sähköpostiosoite").fill(email);
  await page.getByLabel("Salasana").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Kirjaudu" }).click();
  // Attached, not visible: on a phone the navigation is behind the "Valikko" button.
  await page
    .getByRole("navigation", { name: "Ylläpidon valikko", includeHidden: true })
    .waitFor({ state: "attached" });
  return page;
}
