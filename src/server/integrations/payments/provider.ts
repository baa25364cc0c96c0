import type { PaymentMethod } from "../../../domain/booking.js";

/**
 * What the booking code needs from a payment provider. The demo provider (our own hosted page)
 * and a real one (Stripe, a later issue) both confirm through services/fulfilment.ts.
 */
export type CheckoutRequest = {
  paymentId: string;
  amountCents: number;
  method: PaymentMethod;
  /** Shown to the payer, e.g. "Koirapuisto la 20.6.2026 klo 10.00–11.00". */
  description: string;
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
  payment: { id: string; providerRef: string | null; amountCents: number };
  amountCents: number;
};

export type PaymentProvider = {
  name: "demo";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Returns the money to the payer; `ok: false` when the provider refused it. */
  refund(request: RefundRequest): Promise<{ ok: boolean }>;
};
