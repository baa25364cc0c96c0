import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { payments, refunds } from "../db/schema.js";

/**
 * Refunds through the payment provider, never inside an open database transaction (decision 009):
 * the deciding transaction records a pending refund row (recordRefund), and after it commits the
 * provider is asked (sendRefund) with the row's id as its idempotency key. A refund the provider
 * could not make now stays pending and the `retry-refunds` job asks again later. The unique row per
 * payment and the provider's idempotency key together make sure money is returned at most once.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason =
  | "customer_cancel"
  | "late_payment"
  | "invoice_not_needed"
  | "admin_cancel"
  | "admin_refund"
  | "invoice_credit"
  | "reservation_move";

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
 * holds the payment's row lock). Returns the refund's id, or null when there is nothing to send
 * (a zero amount) or the payment already has its refund.
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
  },
): Promise<string | null> {
  if (options.amountCents <= 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: options.paymentId,
      amountCents: options.amountCents,
      reason: options.reason,
      moveId: options.moveId ?? null,
      nextAttemptAt: options.now,
      createdAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return row?.id ?? null;
}

/**
 * What of a payment's provider share can still be refunded: its amount less every refund recorded
 * for it that has not failed (a move's difference may still be on its way, not yet in
 * refunded_cents). Read under the payment's row lock, so two decisions never both count it.
 */
export async function refundableCents(tx: Tx, payment: { id: string; amountCents: number }): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, "failed")));
  return Math.max(0, payment.amountCents - Number(row?.cents ?? 0));
}

export type RefundOutcome = "succeeded" | "pending" | "failed";

/**
 * Asks the provider for one refund now, unless another worker holds it; records the result. The
 * row is first claimed by pushing its next attempt forward in one conditional UPDATE, so the
 * request that refunds at once and the job never send the same refund at the same time.
 */
export async function sendRefund(ctx: AppContext, id: string): Promise<RefundOutcome> {
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(refunds)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, now)))
    .returning();
  if (!claimed) {
    const [current] = await ctx.db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, id));
    return current?.status ?? "failed";
  }
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, claimed.paymentId));
  const attempts = claimed.attempts + 1;
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
    await ctx.db
      .update(refunds)
      .set({
        attempts,
        lastError: result.error.slice(0, 1000),
        status: giveUp ? "failed" : "pending",
        nextAttemptAt: new Date(ctx.now().getTime() + retryDelayMs(attempts)),
      })
      .where(and(eq(refunds.id, id), eq(refunds.status, "pending")));
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
  decided: { refundId: string | null; mailId: number | null },
): Promise<"refunded" | "refund_pending"> {
  const sent = decided.refundId ? await sendRefund(ctx, decided.refundId) : "succeeded";
  await ctx.mail.sendCommitted(ctx.db, decided.mailId);
  return sent === "succeeded" ? "refunded" : "refund_pending";
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
  const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.id, news.refundId));
  if (!refund) return "unknown_refund";
  if (news.status === "failed") {
    await ctx.db
      .update(refunds)
      .set({
        status: "failed",
        lastError: `Palveluntarjoaja: ${news.reason ?? "palautus epäonnistui"}`,
        providerRef: news.providerRef,
      })
      .where(eq(refunds.id, refund.id));
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
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, refund.paymentId))
      .for("update");
    const done = await tx
      .update(refunds)
      .set({
        status: "succeeded",
        attempts: refund.attempts,
        lastError: null,
        providerRef,
        completedAt: ctx.now(),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning({ id: refunds.id });
    if (done.length === 0) return;
    await tx
      .update(payments)
      .set({
        refundedCents: sql`${payments.refundedCents} + ${refund.amountCents}`,
        status: sql`case when ${payments.refundedCents} + ${refund.amountCents} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
        refundedAt: ctx.now(),
      })
      .where(eq(payments.id, refund.paymentId));
  });
}

/** The job: every pending refund whose time has come is asked for again. */
export async function retryDueRefunds(ctx: AppContext, limit = 50): Promise<RefundOutcome[]> {
  const due = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, ctx.now())))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
  const outcomes: RefundOutcome[] = [];
  for (const { id } of due) outcomes.push(await sendRefund(ctx, id));
  return outcomes;
}

/** The refund of a payment, if one was recorded. */
export async function refundOf(ctx: AppContext, paymentId: string): Promise<RefundRow | null> {
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return row ?? null;
}
