import { z } from "zod";

/**
 * The payment provider from the environment: Stripe when both of its secrets are set (or when
 * PAYMENT_PROVIDER=stripe says so, and then both are required), otherwise the demo page of our own.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const paymentEnv = {
  /** demo or stripe; unset means stripe when both Stripe secrets are set, demo otherwise. */
  PAYMENT_PROVIDER: optionalString.pipe(
    z.enum(["demo", "stripe"], { message: "PAYMENT_PROVIDER must be demo or stripe" }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another host for Stripe's API (tests, Stripe-compatible mock servers), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optionalString.pipe(
    z.url({ message: "STRIPE_API_URL must be an absolute URL" }).optional(),
  ),
};

type PaymentEnv = {
  PAYMENT_PROVIDER?: "demo" | "stripe";
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
};

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string | null };
export type PaymentConfig = { provider: "demo" | "stripe"; stripe: StripeConfig | null };

/** Chooses the provider; pushes one line per problem (config.ts reports them together). */
export function paymentConfig(e: PaymentEnv, problems: string[]): PaymentConfig {
  const hasSecrets = !!e.STRIPE_SECRET_KEY && !!e.STRIPE_WEBHOOK_SECRET;
  const provider = e.PAYMENT_PROVIDER ?? (hasSecrets ? "stripe" : "demo");
  if (provider === "demo") return { provider, stripe: null };
  if (!e.STRIPE_SECRET_KEY)
    problems.push("- STRIPE_SECRET_KEY: required for Stripe payments (PAYMENT_PROVIDER=stripe)");
  if (!e.STRIPE_WEBHOOK_SECRET)
    problems.push("- STRIPE_WEBHOOK_SECRET: required for Stripe payments (PAYMENT_PROVIDER=stripe)");
  return {
    provider,
    stripe: hasSecrets
      ? {
          secretKey: e.STRIPE_SECRET_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiUrl: e.STRIPE_API_URL ?? null,
        }
      : null,
  };
}
