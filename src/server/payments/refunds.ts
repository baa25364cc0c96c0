import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { recordRefundEntry } from "../ledger/index.js";
import { refundRepository, type RefundRow } from "./refundRepository.js";
import { BANK_PROVIDER } from "./paymentConstants.js";
import { paymentRepository } from "./repository.js";

/** The provider reference of a refund the owner made from their own bank. */
const BY_HAND = "käsin";

/**
 * Refunds through the payment provider, never inside an open database transaction (decision 009):
 * the deciding transaction records a pending refund row (recordRefund), and after it commits the
 * provider is asked (sendRefund) with the row's id as its idempotency key. A refund the provider
 * could not make now stays pending and the `retry-refunds` job asks again later. The unique row per
 * payment and the provider's idempotency key together make sure money is returned at most once.
 */

export type { RefundRow };
export type RefundReason =
  | "customer_cancel"
  | "late_payment"
  | "invoice_not_needed"
  | "admin_cancel"
  | "admin_refund"
  | "invoice_credit"
  | "reservation_move"
  /** A bank transfer's money the owner returned from their own bank (issue 36). */
  | "bank_transfer";

/** How long one attempt holds its row before another worker (the job, a second server) may try. */
const CLAIM_MS = 5 * 60_000;
/** After this many failed attempts (about a day) a refund is left `failed` for an admin. */
export const MAX_REFUND_ATTEMPTS = 30;

/** Wait before the next attempt: 1, 2, 4, ... minutes, at most an hour. */
function retryDelayMs(attempts: number): number {
  return 60_000 * Math.min(60, 2 ** Math.max(0, attempts - 1));
}

/**
 * Records that `amountCents` of a payment is to be returned, inside the deciding transaction (which
 * holds the payment's row lock), with its ledger entry on the payment's owner (decision 038).
 * Returns the refund's id, or null when there is nothing to send (a zero amount) or the move
 * already has its refund.
 */
export async function recordRefund(
  tx: Tx,
  options: {
    paymentId: string;
    amountCents: number;
    reason: RefundReason;
    now: Date;
    /** A move's price difference (reservation_moves.id): one such refund per move. */
    moveId?: string;
    /** Who decided it: visitor, member, system or the admin's e-mail. */
    actor?: string;
  },
): Promise<string | null> {
  if (options.amountCents <= 0) return null;
  const id = await refundRepository(tx).insertOnce({
    paymentId: options.paymentId,
    amountCents: options.amountCents,
    reason: options.reason,
    moveId: options.moveId ?? null,
    nextAttemptAt: options.now,
    createdAt: options.now,
  });
  if (!id) return null;
  const payment = (await paymentRepository(tx).byId(options.paymentId))!;
  await recordRefundEntry(tx, {
    refundId: id,
    paymentId: payment.id,
    amountCents: options.amountCents,
    method: payment.method,
    provider: payment.provider,
    reason: options.reason,
    actor: options.actor ?? "system",
    now: options.now,
  });
  return id;
}

/** `by_hand`: a bank transfer's refund, recorded as made; the owner pays it from the park's bank. */
export type RefundOutcome = "succeeded" | "by_hand" | "pending" | "failed";

/** The provider has not (yet) taken the refund: the job asks again, or an admin looks at it. */
export const refundWaits = (outcome: RefundOutcome) => outcome === "pending" || outcome === "failed";

/**
 * Asks the provider for one refund now, unless another worker holds it; records the result. The
 * row is first claimed by pushing its next attempt forward in one conditional UPDATE, so the
 * request that refunds at once and the job never send the same refund at the same time.
 */
export async function sendRefund(ctx: AppContext, id: string): Promise<RefundOutcome> {
  const now = ctx.now();
  const repository = refundRepository(ctx.db);
  const claimed = await repository.claim(id, now, new Date(now.getTime() + CLAIM_MS));
  if (!claimed) return (await repository.statusOf(id)) ?? "failed";
  const payment = await paymentRepository(ctx.db).byId(claimed.paymentId);
  const attempts = claimed.attempts + 1;
  // A bank transfer came from the payer's own bank: no provider can return it, the owner does, by
  // hand (decision 050); it is recorded as made, and the admin's answer says so.
  if (payment?.provider === BANK_PROVIDER) {
    await markRefundSucceeded(ctx, { ...claimed, attempts }, BY_HAND);
    return "by_hand";
  }
  const result =
    payment && payment.provider === ctx.payments.name
      ? await ctx.payments
          .refund({ refundId: claimed.id, payment, amountCents: claimed.amountCents })
          .catch((error: unknown) => ({
            ok: false as const,
            error: String((error as Error)?.message ?? error),
          }))
      : {
          ok: false as const,
          error: `Maksu on tehty palvelussa ${payment?.provider ?? "?"}, jota ei ole käytössä.`,
        };

  if (!result.ok) {
    const giveUp = attempts >= MAX_REFUND_ATTEMPTS;
    await repository.recordAttemptFailed(id, {
      attempts,
      lastError: result.error.slice(0, 1000),
      status: giveUp ? "failed" : "pending",
      nextAttemptAt: new Date(ctx.now().getTime() + retryDelayMs(attempts)),
    });
    return giveUp ? "failed" : "pending";
  }
  await markRefundSucceeded(ctx, { ...claimed, attempts: claimed.attempts + 1 }, result.providerRef ?? null);
  return "succeeded";
}

/**
 * After the deciding transaction commits: the refund it recorded is sent to the provider (never
 * inside a transaction) and then the e-mail it queued, which tells the customer why the money comes
 * back, goes out. The one after-commit step of every "the money is not needed, return it" decision
 * (a late payment for a booking, a payment for an invoice no longer open).
 */
export async function refundAndTell(
  ctx: AppContext,
  decided: { refundIds: string[]; mailId: number | null },
): Promise<"refunded" | "refund_pending"> {
  let allSent = true;
  for (const id of decided.refundIds) if (refundWaits(await sendRefund(ctx, id))) allSent = false;
  await ctx.mail.sendCommitted(ctx.db, decided.mailId);
  return allSent ? "refunded" : "refund_pending";
}

/** A provider's news of a refund we asked for (its webhook; our refund id travels in its metadata). */
export type RefundNews = {
  providerRef: string;
  refundId: string;
  status: "succeeded" | "pending" | "failed";
  reason: string | null;
};

/**
 * The provider's word on a refund we asked for: a refund still pending here (its answer was lost)
 * is settled by it; one the provider reports failed later is left `failed` for an admin.
 */
export async function recordRefundNews(ctx: AppContext, news: RefundNews): Promise<string> {
  const repository = refundRepository(ctx.db);
  const refund = await repository.byId(news.refundId);
  if (!refund) return "unknown_refund";
  if (news.status === "failed") {
    await repository.markFailed(
      refund.id,
      `Palveluntarjoaja: ${news.reason ?? "palautus epäonnistui"}`,
      news.providerRef,
    );
    return "refund_failed";
  }
  if (news.status === "succeeded" && refund.status === "pending") {
    // Only a pending row changes, so this and the send's own record never count it twice.
    await markRefundSucceeded(ctx, refund, news.providerRef);
    return "refund_succeeded";
  }
  return "refund_noted";
}

/**
 * Records a refund the provider made: the row becomes succeeded and the payment's refunded cents
 * grow, in one transaction; only a pending row changes, so the send and a webhook saying the same
 * never count it twice.
 */
export async function markRefundSucceeded(ctx: AppContext, refund: RefundRow, providerRef: string | null) {
  await ctx.db.transaction(async (tx) => {
    // Lock order reservation, payment, refund, as every deciding transaction takes them: a cancel
    // holding the payment while recording its refund would otherwise wait on this refund's row
    // while this waited on the payment (a deadlock, 40P01, seen on PostgreSQL).
    await paymentRepository(tx).lock(refund.paymentId);
    const done = await refundRepository(tx).markSucceeded(refund.id, {
      attempts: refund.attempts,
      providerRef,
      completedAt: ctx.now(),
    });
    if (!done) return;
    await paymentRepository(tx).addRefunded(refund.paymentId, refund.amountCents, ctx.now());
  });
}

/** The job: every pending refund whose time has come is asked for again. */
export async function retryDueRefunds(ctx: AppContext, limit = 50): Promise<RefundOutcome[]> {
  const due = await refundRepository(ctx.db).dueIds(ctx.now(), limit);
  const outcomes: RefundOutcome[] = [];
  for (const id of due) outcomes.push(await sendRefund(ctx, id));
  return outcomes;
}
