import { createTestApp, type TestApp } from "../support/app.js";

const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
  PUBLIC_URL: "https://koirapuisto.example",
  ALLOW_DEMO_PAYMENTS: "true",
  SMTP_URL: "smtp://mail.koirapuisto.example:587",
  FIREBASE_PROJECT_ID: "koirapuisto-prod",
  FIREBASE_API_KEY: "AIza-test-key",
  GOOGLE_APPLICATION_CREDENTIALS: "/etc/koirapuisto/firebase-service-account.json",
};

describe("security headers", () => {
  let t: TestApp;
  afterEach(() => t.close());

  it("forbid framing and sniffing on the API and the payment page, and allow only our own scripts", async () => {
    t = await createTestApp("pglite");
    for (const url of ["/api/v2/site", "/maksu/demo/00000000-0000-4000-8000-000000000000"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self' https://identitytoolkit.googleapis.com");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Plain http in development and tests: no HSTS.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
  });

  it("add HSTS in production and keep the API description private", async () => {
    t = await createTestApp("pglite", { env: production });
    const res = await t.app.inject({ method: "GET", url: "/api/v2/site" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    expect(String(res.headers["content-security-policy"])).not.toContain("127.0.0.1");
    expect((await t.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
  });
});
