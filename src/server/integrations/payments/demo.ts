import type { PaymentProvider } from "./provider.js";

/**
 * The embedded default: a hosted payment page of our own at /maksu/demo/{paymentId}
 * (routes/demoPayments.ts). Nothing is stored outside our database and no money moves; the
 * page's decision drives the same fulfilment path a real provider's webhook would.
 */
export function demoPaymentProvider(): PaymentProvider {
  return {
    name: "demo",
    refFor: (paymentId) => paymentId,
    async createCheckout({ paymentId }) {
      return { redirectUrl: `/maksu/demo/${paymentId}`, providerRef: paymentId };
    },
    async refund({ refundId }) {
      // A demo payment has nothing to return; the refund is immediate.
      return { ok: true, providerRef: `demo-refund-${refundId}` };
    },
  };
}
