import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium, headless, with the flags this closed network needs, in Finnish as a Finnish
 * visitor's browser is: its own controls (a date field's "30.11.2026", a form's required-field
 * message) follow the browser's language, which Chromium on Linux takes from LANGUAGE, with its
 * Finnish strings from Debian's chromium-l10n (.ci/run installs it).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    env: { ...process.env, LANGUAGE: "fi" },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
