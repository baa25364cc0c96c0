import type { PaymentMethod } from "../../../domain/booking.js";

/**
 * What the booking and billing code needs from a payment provider. The demo provider (our own
 * hosted page) and Stripe both confirm through paymentOutcomes/fulfilment.ts. No method here is ever
 * called inside an open database transaction: a provider call can take seconds, and its outcome
 * is recorded in a transaction of its own.
 */
export type CheckoutRequest = {
  paymentId: string;
  amountCents: number;
  method: PaymentMethod;
  /** Shown to the payer, e.g. "Koirapuisto la 20.6.2026 klo 10.00–11.00". */
  description: string;
  /** The payer's e-mail, prefilled on the provider's page. */
  email?: string;
  /** When our hold (or signup) ends; the provider's session should not outlive it for long. */
  expiresAt?: Date;
  /** Absolute URLs of the SPA the provider returns the payer to. */
  returnUrls: { success: string; cancel: string };
};

export type CheckoutSession = {
  /** Where the browser goes to pay; may be a path of this site (demo) or the provider's page. */
  redirectUrl: string;
  /** The provider's id of the payment, stored in payments.provider_ref. */
  providerRef: string;
};

export type RefundRequest = {
  /** Our refunds row: the provider's idempotency key, so a retried call never refunds twice. */
  refundId: string;
  payment: { id: string; providerRef: string | null; amountCents: number };
  amountCents: number;
};

export type RefundResult = { ok: true; providerRef?: string } | { ok: false; error: string };

/** Where a provider's hosted checkout stands: paid, paid but still settling (async), open or expired. */
export type CheckoutState = "open" | "paid" | "processing" | "expired";

/** A provider's webhook event, verified and said in our terms (integrations/payments/stripe.ts). */
export type ProviderWebhookEvent = {
  id: string;
  type: string;
  /** News of a hosted checkout: paid, still settling, its async payment failed, or expired. */
  checkout?: { providerRef: string; outcome: "paid" | "processing" | "failed" | "expired" };
  /** News of a refund we asked for (our refund id travels in its metadata). */
  refund?: {
    providerRef: string;
    refundId: string;
    status: "succeeded" | "pending" | "failed";
    reason: string | null;
  };
};

export type PaymentProvider = {
  name: "demo" | "stripe";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The providerRef createCheckout will answer for a payment, when known in advance (demo). */
  refFor?(paymentId: string): string;
  /** Returns the money to the payer; `ok: false` when the provider refused or could not be reached. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** A hosted checkout's state, asked from the provider: the return page never trusts its URL. */
  checkoutState?(providerRef: string): Promise<CheckoutState>;
  /** Closes a hosted checkout that must no longer be paid (our hold ended first, or it was cancelled). */
  closeCheckout?(providerRef: string): Promise<void>;
  /** Verifies a webhook's signature over its raw body; throws when it is forged or stale. */
  verifyWebhook?(rawBody: Buffer, signature: string, receivedAt: Date): ProviderWebhookEvent;
  /**
   * One cheap authenticated call to the provider's API, for the admin's health page; throws when
   * it fails. A provider without servers of its own (demo) has nothing to ask.
   */
  check?(timeoutMs: number): Promise<string>;
};
