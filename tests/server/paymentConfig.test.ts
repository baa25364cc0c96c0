import { configuredPaymentProvider } from "../../src/server/bootstrap.js";
import { ConfigError, loadConfig } from "../../src/server/config.js";

const base = { NODE_ENV: "test", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

describe("choosing the payment provider", () => {
  it("keeps the demo page as the embedded default and takes Stripe when both of its secrets are set", () => {
    const demo = loadConfig(base);
    expect(demo.PAYMENT_PROVIDER).toBe("demo");
    expect(configuredPaymentProvider(demo, () => new Date()).name).toBe("demo");
    const stripe = loadConfig({ ...base, ...stripeEnv, STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(stripe).toMatchObject({
      PAYMENT_PROVIDER: "stripe",
      stripe: { secretKey: "sk_test_x", webhookSecret: "whsec_x", apiUrl: "http://127.0.0.1:12111" },
    });
    expect(configuredPaymentProvider(stripe, () => new Date()).name).toBe("stripe");
    // Stripe's secrets may be set and the demo page still chosen on purpose.
    expect(loadConfig({ ...base, ...stripeEnv, PAYMENT_PROVIDER: "demo" }).PAYMENT_PROVIDER).toBe("demo");
    // As in .env.example: an empty value means unset.
    expect(loadConfig({ ...base, ...stripeEnv, PAYMENT_PROVIDER: "" }).PAYMENT_PROVIDER).toBe("stripe");
  });

  it("stops the start with a clear message when Stripe is chosen without its secrets", () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      new ConfigError(
        "Invalid configuration:\n- STRIPE_WEBHOOK_SECRET: required for Stripe payments (PAYMENT_PROVIDER=stripe)",
      ),
    );
    expect(() => loadConfig({ ...base, ...stripeEnv, STRIPE_API_URL: "ei osoite" })).toThrow(
      /STRIPE_API_URL/,
    );
  });

  it("refuses the demo page in production unless allowed, but not Stripe", () => {
    const production = {
      ...base,
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://koirapuisto.example",
      SMTP_URL: "smtp://mail.koirapuisto.example:587",
    };
    expect(() => loadConfig(production)).toThrow(/demo payment page is refused in production/);
    expect(() => loadConfig({ ...production, ...stripeEnv })).not.toThrow(/PAYMENT_PROVIDER/);
  });
});
