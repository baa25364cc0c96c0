import { applyPaymentOutcome } from "../../src/server/paymentOutcomes/fulfilment.js";
import type { TestApp } from "./app.js";

/** A customer session through the real magic-link flow (the link is read from the printed e-mail). */
export async function logIn(t: TestApp, email: string): Promise<string> {
  const requested = await t.app.inject({
    method: "POST",
    url: "/api/v2/auth/magic-link",
    payload: { email },
  });
  if (requested.statusCode !== 200) throw new Error(`magic-link answered ${requested.statusCode}`);
  const token = t.printedMail.at(-1)?.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no login link in ${t.printedMail.at(-1)}`);
  const res = await t.app.inject({ method: "GET", url: `/api/v2/auth/callback?token=${token}` });
  if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  return res.json().sessionToken as string;
}

/** Calls the API as a signed-in customer. */
export function asCustomer(t: TestApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => t.app.inject({ method: "GET", url, headers }),
    post: (url: string, payload: object = {}) => t.app.inject({ method: "POST", url, headers, payload }),
    delete: (url: string) => t.app.inject({ method: "DELETE", url, headers }),
  };
}
export type CustomerApi = ReturnType<typeof asCustomer>;

/** Presses the demo payment page's button for a redirect URL: "approve" pays, "cancel" gives up. */
export async function payOnDemoPage(t: TestApp, redirectUrl: string, button: "approve" | "cancel") {
  const res = await t.app.inject({
    method: "POST",
    url: `${redirectUrl}/${button}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  if (res.statusCode !== 303) throw new Error(`${button} answered ${res.statusCode}: ${res.body}`);
  return res.headers.location as string;
}

/**
 * The provider reports that money moved for the attempt behind a payment page (a webhook), whatever
 * the page would still allow: late money for a replaced, cancelled or expired attempt.
 */
export async function providerReportsPaid(t: TestApp, redirectUrl: string) {
  const paymentId = redirectUrl.split("/").pop()!;
  return applyPaymentOutcome(t.ctx, { outcome: "paid", payment: { provider: "demo", paymentId } });
}

/** Signs up for a tier and pays the first invoice on the demo page; returns where it lands. */
export async function joinAndPay(
  t: TestApp,
  api: CustomerApi,
  tier_level = 2,
  commitment: "none" | "12m" = "none",
) {
  const res = await api.post("/api/v2/subscriptions/signup", {
    tier_level,
    commitment,
    paymentMethod: "card",
  });
  if (res.statusCode !== 201) throw new Error(`signup answered ${res.statusCode}: ${res.body}`);
  return payOnDemoPage(t, res.json().redirectUrl, "approve");
}
