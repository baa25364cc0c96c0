import type { RunningServer } from "./server.js";

/*
 * A member made over HTTP against the real built server, as a member's browser would: the login
 * link read from the server's printed e-mail, the signup, and (unless left unpaid) the first
 * invoice approved on the demo payment page. For the e2e tests of the admin pages that show members.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export async function memberOverHttp(
  server: RunningServer,
  email: string,
  options: { tier: number; pay: boolean; commitment?: "none" | "12m" },
): Promise<void> {
  const post = (path: string, body: object, token?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  expect((await post("/api/v2/auth/magic-link", { email })).status).toBe(200);
  const [, token] = await server.waitForOutput(
    new RegExp(`To: ${escape(email)}[\\s\\S]*?/auth/callback\\?token=([A-Za-z0-9_-]+)`),
  );
  const callback = await fetch(`${server.url}/api/v2/auth/callback?token=${token}`);
  const { sessionToken } = (await callback.json()) as { sessionToken: string };
  const signup = await post(
    "/api/v2/subscriptions/signup",
    { tier_level: options.tier, commitment: options.commitment ?? "none", paymentMethod: "card" },
    sessionToken,
  );
  expect(signup.status).toBe(201);
  if (!options.pay) return;
  const { redirectUrl } = (await signup.json()) as { redirectUrl: string };
  const paid = await fetch(new URL(`${redirectUrl}/approve`, server.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
}
