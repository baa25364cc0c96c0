import type { Page } from "playwright-core";

/*
 * What a page shows, asked the same way of jsdom (Testing Library) and of Chromium (Playwright), so
 * that a machine's state assertions are written once, by role and Finnish accessible name, and
 * shared by its jsdom path tests (tests/machines) and its browser paths (tests/e2e). A state
 * table (e.g. tests/machines/adminTokenView.ts) is a record of functions of a probe and the
 * machine's snapshot; each runner adds what only it can see (jsdom the token in the machine's
 * context, the browser a request held at the network).
 *
 * Each check is an `expect` call, run again until it passes, so it counts as an assertion
 * (tests/support/paths.ts and browserPaths.ts refuse a state check that makes none).
 */

/** An element by role (its accessible name, or text it contains, or heading level), or by text. */
export type Target =
  | { role: string; name?: string | RegExp; text?: string | RegExp; level?: number }
  | { text: string | RegExp };

export type PageProbe = {
  /** How many of the target the page has now (by role: those not hidden from assistive tech). */
  count(target: Target): Promise<number>;
  /** Whether the first such element is enabled (false when there is none). */
  enabled(target: Target): Promise<boolean>;
  /** The value of the first such form field (null when there is none). */
  value(target: Target): Promise<string | null>;
  /** The address bar's path. */
  path(): Promise<string>;
  /** The page's local storage. */
  stored(key: string): Promise<string | null>;
  /** Runs `check` until it passes (5 s at most): under jsdom inside React's act, as waitFor does. */
  eventually(check: () => Promise<void>): Promise<void>;
};

const describe = (t: Target) =>
  "role" in t
    ? `${t.role}${t.name ? ` "${String(t.name)}"` : ""}${t.text ? ` with "${String(t.text)}"` : ""}`
    : `text "${String(t.text)}"`;

/** Waits until the page shows the target. */
export const shows = (probe: PageProbe, target: Target) =>
  probe.eventually(async () =>
    expect(await probe.count(target), `shows ${describe(target)}`).toBeGreaterThan(0),
  );

/** Waits until the page has no such target. */
export const lacks = (probe: PageProbe, target: Target) =>
  probe.eventually(async () => expect(await probe.count(target), `lacks ${describe(target)}`).toBe(0));

/** Waits until the first such element is enabled (`true`) or disabled (`false`). */
export const isEnabled = (probe: PageProbe, target: Target, enabled = true) =>
  probe.eventually(async () =>
    expect(await probe.enabled(target), `${describe(target)} enabled`).toBe(enabled),
  );

/** Waits until the first such form field has `value`. */
export const hasValue = (probe: PageProbe, target: Target, value: string) =>
  probe.eventually(async () => expect(await probe.value(target), `${describe(target)} value`).toBe(value));

/** Waits until the address bar shows `path` (or, with `at` false, another one). */
export const isAt = (probe: PageProbe, path: string, at = true) =>
  probe.eventually(async () => {
    if (at) expect(await probe.path()).toBe(path);
    else expect(await probe.path()).not.toBe(path);
  });

const WAIT_MS = 5_000;

const matches = (value: string, wanted: string | RegExp) =>
  typeof wanted === "string" ? value.includes(wanted) : wanted.test(value);

/** The probe of a page rendered in jsdom; `here` is the router's path. */
export async function jsdomProbe(here: () => string): Promise<PageProbe> {
  const { screen, waitFor } = await import("@testing-library/react");
  const elements = (t: Target): HTMLElement[] => {
    if (!("role" in t)) return screen.queryAllByText(t.text);
    const found = screen.queryAllByRole(t.role as never, {
      ...(t.name === undefined ? {} : { name: t.name }),
      ...(t.level === undefined ? {} : { level: t.level }),
    });
    return t.text === undefined ? found : found.filter((el) => matches(el.textContent ?? "", t.text!));
  };
  return {
    count: async (t) => elements(t).length,
    enabled: async (t) => {
      const el = elements(t)[0];
      return !!el && !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true";
    },
    value: async (t) => {
      const el = elements(t)[0] as HTMLInputElement | undefined;
      return el ? el.value : null;
    },
    path: async () => here(),
    stored: async (key) => localStorage.getItem(key),
    eventually: (check) => waitFor(check, { timeout: WAIT_MS }),
  };
}

/** The probe of a page in Chromium. */
export function browserProbe(page: Page): PageProbe {
  const locate = (t: Target) => {
    if (!("role" in t)) return page.getByText(t.text, { exact: typeof t.text === "string" });
    const byRole = page.getByRole(t.role as never, {
      // A string names the whole accessible name, as Testing Library reads it.
      ...(t.name === undefined ? {} : { name: t.name, exact: typeof t.name === "string" }),
      ...(t.level === undefined ? {} : { level: t.level }),
    });
    return t.text === undefined ? byRole : byRole.filter({ hasText: t.text });
  };
  return {
    count: (t) => locate(t).count(),
    enabled: async (t) => {
      const first = locate(t).first();
      return (await first.count()) > 0 && first.isEnabled();
    },
    value: async (t) => {
      const first = locate(t).first();
      return (await first.count()) > 0 ? first.inputValue() : null;
    },
    path: async () => new URL(page.url()).pathname,
    stored: (key) => page.evaluate((k) => localStorage.getItem(k), key),
    async eventually(check) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        try {
          return await check();
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
  };
}
