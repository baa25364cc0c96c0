// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { AUTH_FAILED_FALLBACK, LINK_FAILED_FALLBACK } from "../../machines/customerSessionMachine";
import { PAYMENT_FALLBACK_MESSAGE } from "../../machines/checkoutMachine";
import {
  LOAD_INVOICES_FAILED,
  PAYMENT_FAILED as INVOICE_PAYMENT_FAILED,
} from "../../machines/invoicePaymentMachine";
import { PAYMENT_FAILED as SIGNUP_PAYMENT_FAILED } from "../../machines/membershipSignupMachine";
import { CANCEL_SUBSCRIPTION_FAILED, LOAD_SUBSCRIPTION_FAILED } from "../../machines/subscriptionMachine";
import { storageKeys } from "../../src/client/storage";
import { NO_ACTIVE_SUBSCRIPTION } from "../../src/domain/membership";
import { ErrorScreen } from "../../src/web/layout/ErrorScreen";
import { reloadSiteInfo } from "../../src/web/useSiteInfo";
import { appAt } from "../support/appRouter";
import { tiersFixture } from "../support/membership";
import { siteFixture } from "../support/site";

/*
 * Every literal text of the specification (../shared/spec.md) as the product has it (issue 34):
 * the quoted texts (§1's error screen, §2's feedback page, §8's fallbacks), the header's and the
 * footer's link names, the feedback page's title and §9's local storage keys. Each is read from
 * the spec itself, so a text the spec gains without a check here fails, and each is checked where
 * the product shows it: in the rendered page, or as the machine's constant its path tests show in
 * the view (a fallback is the text shown when the server gives none).
 */
const spec = readFileSync(path.resolve(import.meta.dirname, "../../../shared/spec.md"), "utf8");

const between = (pattern: RegExp): string[] => {
  const found = spec.match(pattern);
  if (!found?.[1]) throw new Error(`The spec no longer says ${pattern}`);
  return found[1].split(",").map((text) => text.trim());
};

/** The spec's literal texts: quoted, or named as a list of links and keys. */
const literals = {
  // A quote after a letter is an apostrophe (the token's expiry), not the start of a text.
  quoted: [...spec.matchAll(/(?<!\p{L})'([^'\n]+)'(?!\p{L})/gu)].map((m) => m[1]!),
  headerLinks: between(/Header links: ([^.]+)\./),
  extraHeaderLink: between(/An extra header link (.+?) appears/),
  footerLinks: between(/links (Oma varaus, [^,]+, [^,]+),/),
  feedbackTitle: between(/no header; title (\w+),/),
  storageKeys: between(/Local storage keys: ([^.]+)\./),
};

/** What the machines and the server say when the server gives no message of its own (§8). */
const fallbacks: Record<string, string[]> = {
  "Failed to send login link": [LINK_FAILED_FALLBACK],
  "Authentication failed": [AUTH_FAILED_FALLBACK],
  "Failed to load subscription": [LOAD_SUBSCRIPTION_FAILED],
  "Failed to load invoices": [LOAD_INVOICES_FAILED],
  "Failed to cancel subscription": [CANCEL_SUBSCRIPTION_FAILED],
  "Failed to initiate payment": [PAYMENT_FALLBACK_MESSAGE, INVOICE_PAYMENT_FAILED, SIGNUP_PAYMENT_FAILED],
  "No active subscription": [NO_ACTIVE_SUBSCRIPTION],
};

function answerFetch() {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url.startsWith("/api/v2/site")) return Response.json(siteFixture(4));
    if (url.startsWith("/api/v2/subscriptions/tiers")) return Response.json(tiersFixture());
    if (url.startsWith("/api/v2/photos")) return Response.json({ photos: [] });
    return Response.json({ message: "Ei löytynyt" }, { status: 404 });
  });
}

/** The text of the app's page at `path`, once its requests have been answered. */
async function pageText(at: string): Promise<string> {
  answerFetch();
  await act(async () => {
    render((await appAt(at)).element);
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return document.body.textContent ?? "";
}

beforeEach(() => {
  reloadSiteInfo();
  // jsdom does not scroll; the app's scroll to the top on navigation asks the window.
  vi.stubGlobal("scrollTo", vi.fn());
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the specification's literal texts", () => {
  it("are the ones this test knows, so a new one needs a check", () => {
    const known = [
      "Jokin meni pieleen",
      "Tuntematon virhe.",
      "Lataa sivu uudelleen",
      "Sinut ohjataan palautelomakkeelle.",
      "Avaa palautelomake",
      ...Object.keys(fallbacks),
    ];
    expect([...literals.quoted].sort()).toEqual([...known].sort());
  });

  it("§1: the error screen's title, its text for an error without a message, and its button", () => {
    render(<ErrorScreen error={new Error("")} />);
    const text = document.body.textContent ?? "";
    for (const literal of ["Jokin meni pieleen", "Tuntematon virhe.", "Lataa sivu uudelleen"]) {
      expect(literals.quoted).toContain(literal);
      expect(text).toContain(literal);
    }
  });

  it("§1: the header's and the footer's links by their names", async () => {
    const text = await pageText("/");
    const links = [...document.querySelectorAll("a")].map((a) => a.textContent?.trim());
    for (const name of [...literals.headerLinks, ...literals.footerLinks]) expect(links).toContain(name);
    expect(text).toContain(literals.headerLinks[0]);
  });

  it("§1: the extra header link once a booking of this browser is still ahead", async () => {
    const endTime = new Date(Date.now() + 3_600_000).toISOString();
    localStorage.setItem(
      storageKeys.reservations,
      JSON.stringify([{ id: "r1", accessToken: "a1", start: "2026-06-01T09:00:00+03:00", endTime }]),
    );
    await pageText("/");
    const links = [...document.querySelectorAll("a")].map((a) => a.textContent?.trim());
    expect(links).toContain(literals.extraHeaderLink[0]);
  });

  it("§2: the feedback page's title, subtitle and button", async () => {
    const text = await pageText("/palaute");
    for (const literal of [
      ...literals.feedbackTitle,
      "Sinut ohjataan palautelomakkeelle.",
      "Avaa palautelomake",
    ])
      expect(text).toContain(literal);
  });

  it("§8: each fallback message is the one the product shows without the server's", () => {
    for (const literal of literals.quoted.filter((text) => text in fallbacks))
      for (const shown of fallbacks[literal]!) expect(shown).toBe(literal);
  });

  it("§9: the local storage keys", () => {
    expect(Object.values(storageKeys).sort()).toEqual([...literals.storageKeys].sort());
  });
});
