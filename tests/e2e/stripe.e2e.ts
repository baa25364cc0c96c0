import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { HELSINKI } from "../../src/domain/helsinkiTime.js";
import { serverAndBrowserForFile } from "../support/e2e.js";
import { startFakeStripe, type FakeStripe } from "../support/fakeStripe.js";

/*
 * Stripe Checkout end to end in Chromium: the real built server with STRIPE_* pointing at our fake
 * Stripe (tests/support/fakeStripe.ts), whose hosted page pays by card or MobilePay, or cancels,
 * and whose signed webhooks reach the server. Paid bookings are confirmed (by the webhook and the
 * return page, once); a cancel comes back to the SPA with the slot released.
 */
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe?.close());
const e2e = serverAndBrowserForFile({ env: () => stripe.env() });
beforeAll(() => stripe.setWebhookUrl(`${e2e.server.url}/api/v2/payments/stripe/webhook`));

const slot = (hour: number) => {
  const start = DateTime.now()
    .setZone(HELSINKI)
    .plus({ days: 4 })
    .set({ hour, minute: 0, second: 0, millisecond: 0 });
  return { start, end: start.plus({ hours: 1 }) };
};

async function checkOut(page: Page, hour: number, email: string) {
  const { start, end } = slot(hour);
  await page.goto(
    `${e2e.server.url}/checkout/${encodeURIComponent(start.toISO()!)}/${encodeURIComponent(end.toISO()!)}`,
  );
  await page.getByLabel("Nimi").fill("Maija Meikäläinen");
  await page.getByLabel("Sähköposti").fill(email);
  await page.getByRole("checkbox", { name: /Hyväksyn maksuehdot/ }).check();
  await page.getByRole("button", { name: "Siirry maksamaan" }).click();
  await page.waitForURL(`${stripe.url}/pay/**`);
  await page.getByRole("heading", { name: "Fake Stripe Checkout" }).waitFor();
  return page.url().split("/").at(-1)!;
}

describe("Stripe Checkout in Chromium", () => {
  for (const [method, label] of [
    ["card", "Kortti"],
    ["mobilepay", "MobilePay"],
  ] as const) {
    it(`pays by ${label} on Stripe's page and is confirmed once`, async () => {
      const page = await e2e.openPage();
      const sessionId = await checkOut(page, method === "card" ? 10 : 12, `${method}.e2e@example.com`);
      expect(stripe.sessions.get(sessionId)).toMatchObject({
        amount_total: 1500,
        locale: "fi",
        currency: "eur",
      });
      await page.getByLabel(label).check();
      await page.getByRole("button", { name: "Maksa" }).click();
      await page.waitForURL(/\/checkout\/.*\?payment=success&token=/);
      await page.getByRole("heading", { name: "Varaus vahvistettu" }).waitFor();
      expect(stripe.sessions.get(sessionId)!.payment_method_used).toBe(method);
      expect(stripe.delivered).toContainEqual({ type: "checkout.session.completed", status: 200 });
      // One receipt, whether the webhook or the return page came first.
      const receipts = e2e.server.output().match(new RegExp(`To: ${method}\\.e2e@example\\.com`, "g")) ?? [];
      expect(receipts).toHaveLength(1);
      expect(page.errors).toEqual([]);
    });
  }

  it("comes back from a cancel on Stripe's page with the slot released", async () => {
    const page = await e2e.openPage();
    const sessionId = await checkOut(page, 14, "peru.e2e@example.com");
    await page.getByRole("button", { name: "Peruuta" }).click();
    await page.getByText("Maksu peruttiin. Aikaa ei varattu.").waitFor();
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    // The retry keeps the values and gets a new Stripe session for the same, free, slot.
    await page.getByRole("link", { name: "Yritä uudelleen" }).click();
    expect(await page.getByLabel("Sähköposti").inputValue()).toBe("peru.e2e@example.com");
    await page.getByRole("button", { name: "Siirry maksamaan" }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(page.url()).not.toContain(sessionId);
    expect(page.errors).toEqual([]);
  });
});
