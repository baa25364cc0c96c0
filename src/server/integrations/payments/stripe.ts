import Stripe from "stripe";
import type { StripeConfig } from "./config.js";
import type { CheckoutState, PaymentProvider, ProviderWebhookEvent } from "./provider.js";

/**
 * Stripe Checkout behind the payment-provider interface: one hosted session per payment attempt,
 * in payment mode, EUR, one line item with the VAT-inclusive amount, card and MobilePay, in Finnish,
 * with the payer's e-mail and our payment id as the reference. Every create and refund carries an
 * idempotency key (our payment's or refund row's id), so a retried call never charges or refunds
 * twice. Payments are confirmed by signed webhooks (routes/stripePayments.ts) and by the return
 * page asking Stripe, both through paymentOutcomes/fulfilment.ts.
 */

/** Stripe refuses a session that expires sooner than 30 minutes from now; a minute of margin. */
const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 23 * 60 * 60_000;
/** Webhooks older than this (by their signed timestamp) are refused as stale. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function stripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === "http:" ? 80 : 443),
      protocol: url.protocol === "http:" ? "http" : "https",
    }),
  });
}

/** Where Stripe sends the payer back: our return route, which asks Stripe what happened. */
export const stripeReturnPath = (paymentId: string) => `/api/v2/payments/stripe/return/${paymentId}`;

export function stripePaymentProvider(options: {
  stripe: Stripe;
  webhookSecret: string;
  publicUrl: string;
  now: () => Date;
}): PaymentProvider {
  const { stripe, webhookSecret, publicUrl, now } = options;
  const paymentIntentOf = async (sessionId: string) => {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const intent = session.payment_intent;
    return typeof intent === "string" ? intent : (intent?.id ?? null);
  };

  return {
    name: "stripe",

    async createCheckout(request) {
      const current = now().getTime();
      const wanted = request.expiresAt?.getTime() ?? 0;
      // Our hold may end sooner than Stripe allows; the close-checkouts job expires the session then.
      const expiresAt = Math.min(Math.max(wanted, current + MIN_SESSION_MS), current + MAX_SESSION_MS);
      const returnUrl = `${publicUrl}${stripeReturnPath(request.paymentId)}?session_id={CHECKOUT_SESSION_ID}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "eur",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "eur",
                unit_amount: request.amountCents,
                tax_behavior: "inclusive",
                product_data: { name: request.description },
              },
            },
          ],
          // Card and MobilePay only (this API version filters Stripe's dynamic methods with it).
          allowed_payment_method_types: ["card", "mobilepay"],
          locale: "fi",
          ...(request.email ? { customer_email: request.email } : {}),
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          payment_intent_data: { metadata: { paymentId: request.paymentId } },
          success_url: returnUrl,
          cancel_url: returnUrl,
          expires_at: Math.floor(expiresAt / 1000),
        },
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error("Stripe gave no address for the checkout");
      return { redirectUrl: session.url, providerRef: session.id };
    },

    async refund({ refundId, payment, amountCents }) {
      try {
        if (!payment.providerRef) return { ok: false, error: "Maksulla ei ole Stripen tunnistetta." };
        const paymentIntent = await paymentIntentOf(payment.providerRef);
        if (!paymentIntent) return { ok: false, error: "Stripen maksulla ei ole maksutapahtumaa." };
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountCents,
            metadata: { refundId, paymentId: payment.id },
          },
          { idempotencyKey: `refund-${refundId}` },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          return {
            ok: false,
            error: `Stripe: palautus ${refund.status === "failed" ? "epäonnistui" : "peruttiin"}`,
          };
        return { ok: true, providerRef: refund.id };
      } catch (error) {
        return { ok: false, error: `Stripe: ${(error as Error).message}` };
      }
    },

    async checkoutState(providerRef): Promise<CheckoutState> {
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      if (session.status === "complete") return session.payment_status === "unpaid" ? "processing" : "paid";
      return session.status === "expired" ? "expired" : "open";
    },

    async closeCheckout(providerRef) {
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        // Already expired or completed: nothing is left open (a completed one is the webhook's).
        if ((await this.checkoutState!(providerRef)) === "open") throw error;
      }
    },

    /** The account's balance: the cheapest call that proves the key works against its host. */
    async check(timeoutMs) {
      await stripe.balance.retrieve({}, { timeout: timeoutMs, maxNetworkRetries: 0 });
      return "Stripen rajapinta vastasi";
    },

    verifyWebhook(rawBody, signature, receivedAt) {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt.getTime(), // milliseconds: the SDK divides by 1000 itself
      );
      return inOurTerms(event);
    },
  };
}

/** The events the park acts on, said in our terms; others are stored and acknowledged. */
function inOurTerms(event: Stripe.Event): ProviderWebhookEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
      return {
        ...base,
        checkout: {
          providerRef: event.data.object.id,
          outcome: event.data.object.payment_status === "unpaid" ? "processing" : "paid",
        },
      };
    case "checkout.session.async_payment_succeeded":
      return { ...base, checkout: { providerRef: event.data.object.id, outcome: "paid" } };
    case "checkout.session.async_payment_failed":
      return { ...base, checkout: { providerRef: event.data.object.id, outcome: "failed" } };
    case "checkout.session.expired":
      return { ...base, checkout: { providerRef: event.data.object.id, outcome: "expired" } };
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data.object;
      const refundId = refund.metadata?.refundId;
      if (!refundId) return base;
      const status =
        refund.status === "succeeded"
          ? "succeeded"
          : refund.status === "failed" || refund.status === "canceled"
            ? "failed"
            : "pending";
      return {
        ...base,
        refund: { providerRef: refund.id, refundId, status, reason: refund.failure_reason ?? null },
      };
    }
    default:
      return base;
  }
}
