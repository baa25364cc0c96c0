import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser.js";
import { startServer, type RunningServer } from "./server.js";

/**
 * Waits until React has hydrated a prerendered page: only then does its footer show the visit's
 * year (Footer.tsx). Before it, a control in the prerendered HTML (the menu button) does nothing,
 * and the scripts start only after the first paint (decision 046).
 */
export const hydrated = (page: Page) => page.getByText(`© ${new Date().getFullYear()}`).waitFor();

/** A page whose uncaught errors are collected, so a test can insist there were none. */
export type WatchedPage = Page & { errors: Error[] };

/**
 * For one end-to-end file: the real built server (`npx vite build` first) and Chromium, started
 * before its tests and stopped after them; every page opens in a fresh context closed after its test.
 */
export function serverAndBrowserForFile(
  /** The server's extra environment; a function is read when the server starts (after earlier hooks). */
  options: { env?: Record<string, string> | (() => Record<string, string>) } = {},
) {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : options.env;
    // Settled both ways, so afterAll stops a server whose browser failed to start (and vice versa).
    const [started, launched] = await Promise.allSettled([startServer({ env }), launchBrowser()]);
    if (started.status === "fulfilled") server = started.value;
    if (launched.status === "fulfilled") browser = launched.value;
    for (const result of [started, launched]) if (result.status === "rejected") throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  return {
    get server(): RunningServer {
      return server;
    },
    async openPage(viewport = { width: 1280, height: 800 }): Promise<WatchedPage> {
      const context = await browser.newContext({ viewport, locale: "fi-FI" });
      contexts.push(context);
      const page = (await context.newPage()) as WatchedPage;
      page.errors = [];
      page.on("pageerror", (error) => page.errors.push(error));
      return page;
    },
  };
}
