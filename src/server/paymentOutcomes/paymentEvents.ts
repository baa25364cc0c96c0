import type { AppContext } from "../context.js";
import type { ProviderWebhookEvent } from "../integrations/index.js";
import { applyPaymentOutcome } from "./fulfilment.js";
import { paymentRepository } from "../payments/index.js";

/**
 * A provider's webhook events, verified by the route: each is stored by its id first, so a
 * duplicate delivery does nothing; then it hands its outcome to the payment-outcome dispatcher
 * (paymentOutcomes/fulfilment.ts), the same exactly-once fulfilment as the return page's, so their number and order do not matter (an `expired` after a `completed` finds the
 * payment paid and changes nothing; a `completed` after our hold ended meets the late-payment rule).
 */
export async function handleWebhookEvent(ctx: AppContext, event: ProviderWebhookEvent): Promise<string> {
  const provider = ctx.payments.name;
  const events = paymentRepository(ctx.db);
  const stored = await events.storeWebhookEvent({
    provider,
    id: event.id,
    type: event.type,
    receivedAt: ctx.now(),
  });
  if (!stored) {
    const earlier = await events.webhookEvent(provider, event.id);
    // Handled already. One whose handling failed has no processedAt and is handled again.
    if (earlier?.processedAt) return "duplicate";
  }
  const outcome = await act(ctx, event);
  await events.markWebhookEventProcessed(provider, event.id, outcome, ctx.now());
  return outcome;
}

/** The event said in the dispatcher's terms (paymentOutcomes/fulfilment.ts); "processing" waits for more. */
async function act(ctx: AppContext, event: ProviderWebhookEvent): Promise<string> {
  const provider = ctx.payments.name;
  if (event.checkout) {
    const { outcome, providerRef } = event.checkout;
    if (outcome === "processing") return "processing";
    return applyPaymentOutcome(ctx, { outcome, payment: { provider, providerRef } });
  }
  if (event.refund) return applyPaymentOutcome(ctx, { outcome: "refunded", refund: event.refund });
  return "ignored";
}

/**
 * The job: a provider checkout whose payment must no longer be paid (cancelled, expired with our
 * hold, replaced by a new attempt) is closed through the provider's API, after the fact and never
 * inside a transaction. Stripe will not let a session end sooner than 30 minutes, while our hold
 * is 15: this is what ends it with the hold. Money that still arrives meets the late-payment rule.
 */
export async function closeCancelledCheckouts(ctx: AppContext, limit = 50): Promise<number> {
  const close = ctx.payments.closeCheckout;
  if (!close) return 0;
  const repository = paymentRepository(ctx.db);
  const due = await repository.checkoutsToClose(ctx.payments.name, limit);
  let closed = 0;
  for (const { id, providerRef } of due) {
    try {
      await close.call(ctx.payments, providerRef!);
      await repository.markCheckoutClosed(id, ctx.now());
      closed++;
    } catch {
      // The provider did not answer: the next run tries again.
    }
  }
  return closed;
}
