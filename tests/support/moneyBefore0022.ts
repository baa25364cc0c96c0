import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { vatIncludedCents } from "../../src/domain/money.js";
import type { Db } from "../../src/server/db/database.js";
import {
  discountCodeUses,
  giftCards,
  giftCardTransactions,
  invoices,
  payments,
  refunds,
  reservationMoves,
  reservations,
} from "../../src/server/schema/index.js";

/**
 * The money rows the code before the ledger (migration 0021, commit c9f445a~1) wrote, statement for
 * statement as its paths did: the checkout's hold and payment with a gift card's redeem and a
 * discount code's use, the fulfilment, the hold-release job, a late payment's refund, a cheaper
 * move's refund from the booking's latest payment with the rest given to the gift card (a return
 * without the payment, the payment's share lowered), a dearer move's hold and its payment swapped
 * in, the visitor's and the admin's cancels, Ostokset's refund, the invoices' payment, void, credit
 * and a second payment's refund. Each refund ends as the provider answered: succeeded (the
 * payment's refunded cents grow, refunded once all went back), pending or failed. A payment is
 * inserted pending and updated as the old code did, so the rows' physical order is production's.
 */

const VAT = 2550;
const MINUTE = 60_000;
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);
const token = () => randomBytes(12).toString("hex");

export type RefundOutcome = "succeeded" | "pending" | "failed";
type Method = "card" | "mobilepay";
type GiftShare = { cardId: string; cents: number };

export function moneyBefore0022(db: Db, areaId: number) {
  let slots = 0;
  /** Each booking its own time in April 2026, two hours apart (the exclusion constraint). */
  const nextSlot = (minutes: number) => {
    const start = new Date(Date.UTC(2026, 3, 1, 5) + slots++ * 2 * 60 * MINUTE);
    return { start, end: later(start, minutes) };
  };

  async function reservation(id: string) {
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
    return row!;
  }
  async function payment(id: string) {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  async function redeem(card: GiftShare, paymentId: string, at: Date) {
    const [row] = await db
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} - ${card.cents}` })
      .where(eq(giftCards.id, card.cardId))
      .returning();
    await db.insert(giftCardTransactions).values({
      giftCardId: card.cardId,
      paymentId,
      kind: "redeem",
      amountCents: -card.cents,
      balanceAfterCents: row!.balanceCents,
      createdAt: at,
    });
  }

  async function insertPayment(o: {
    reservationId?: string;
    invoiceId?: string;
    cents: number;
    method: Method;
    gift?: GiftShare;
    at: Date;
  }) {
    const id = randomUUID();
    const amountCents = o.cents - (o.gift?.cents ?? 0);
    await db.insert(payments).values({
      id,
      reservationId: o.reservationId ?? null,
      invoiceId: o.invoiceId ?? null,
      provider: amountCents === 0 ? "gift_card" : "demo",
      providerRef: `demo_${id}`,
      method: o.method,
      amountCents,
      vatCents: vatIncludedCents(amountCents, VAT),
      giftCardId: o.gift?.cardId ?? null,
      giftCardCents: o.gift?.cents ?? 0,
      status: "pending",
      createdAt: o.at,
    });
    if (o.gift) await redeem(o.gift, id, o.at);
    return id;
  }

  const markPaid = (id: string, at: Date) =>
    db.update(payments).set({ status: "paid", paidAt: at }).where(eq(payments.id, id));

  /** What of a payment's provider share is left to refund: recorded refunds that did not fail count. */
  async function refundable(paymentId: string) {
    const p = await payment(paymentId);
    const [row] = await db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, "failed")));
    return Math.max(0, p.amountCents - (row?.cents ?? 0));
  }

  /** recordRefund, then the provider's answer. */
  async function refund(
    paymentId: string,
    cents: number,
    reason: string,
    at: Date,
    o: { outcome?: RefundOutcome; moveId?: string } = {},
  ) {
    if (cents <= 0) return null;
    const id = randomUUID();
    await db.insert(refunds).values({
      id,
      paymentId,
      amountCents: cents,
      reason,
      moveId: o.moveId ?? null,
      nextAttemptAt: at,
      createdAt: at,
    });
    const outcome = o.outcome ?? "succeeded";
    const answered = new Date(at.getTime() + 2000);
    if (outcome === "succeeded") {
      await db
        .update(refunds)
        .set({ status: "succeeded", attempts: 1, providerRef: `re_${id}`, completedAt: answered })
        .where(eq(refunds.id, id));
      await db
        .update(payments)
        .set({
          refundedCents: sql`${payments.refundedCents} + ${cents}`,
          status: sql`case when ${payments.refundedCents} + ${cents} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
          refundedAt: answered,
        })
        .where(eq(payments.id, paymentId));
    } else {
      await db
        .update(refunds)
        .set({
          status: outcome,
          attempts: outcome === "failed" ? 30 : 1,
          lastError: "verkko poikki",
          nextAttemptAt: later(at, 1),
        })
        .where(eq(refunds.id, id));
    }
    return id;
  }

  /** returnGiftCardShares: the payment's whole share back to its card, once. */
  async function returnShare(paymentId: string, at: Date) {
    const p = await payment(paymentId);
    if (!p.giftCardId || p.giftCardCents <= 0) return;
    const [card] = await db
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${p.giftCardCents}` })
      .where(eq(giftCards.id, p.giftCardId))
      .returning();
    await db.insert(giftCardTransactions).values({
      giftCardId: p.giftCardId,
      paymentId,
      kind: "return",
      amountCents: p.giftCardCents,
      balanceAfterCents: card!.balanceCents,
      createdAt: at,
    });
  }

  /** returnGiftCardPart: a cheaper move's rest to the card, without the payment; its share lowered. */
  async function returnPart(paymentId: string, cents: number, moveId: string, at: Date) {
    const p = await payment(paymentId);
    const back = Math.min(cents, p.giftCardCents);
    if (!p.giftCardId || back <= 0) return;
    const [card] = await db
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${back}` })
      .where(eq(giftCards.id, p.giftCardId))
      .returning();
    await db.insert(giftCardTransactions).values({
      giftCardId: p.giftCardId,
      paymentId: null,
      kind: "return",
      amountCents: back,
      balanceAfterCents: card!.balanceCents,
      note: `Varauksen siirto ${moveId}: edullisempi aika`,
      createdAt: at,
    });
    await db
      .update(payments)
      .set({ giftCardCents: p.giftCardCents - back })
      .where(eq(payments.id, paymentId));
  }

  async function releaseDiscountUse(reservationId: string, at: Date) {
    await db
      .update(discountCodeUses)
      .set({ status: "released", releasedAt: at })
      .where(and(eq(discountCodeUses.reservationId, reservationId), ne(discountCodeUses.status, "released")));
  }

  /** The booking's latest payment (view.ts latestPayment). */
  async function latestPayment(reservationId: string) {
    const [row] = await db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, reservationId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  /** applyMove: the booking's new time and price, one more SEQUENCE, the history row. */
  async function applyMove(
    bookingId: string,
    price: { totalCents: number; discountCents: number },
    movedBy: "visitor" | "member" | "admin",
    at: Date,
  ) {
    const row = await reservation(bookingId);
    const to = nextSlot((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE);
    await db
      .update(reservations)
      .set({
        startsAt: to.start,
        endsAt: to.end,
        blockedFrom: to.start,
        blockedUntil: to.end,
        priceCents: price.totalCents,
        vatCents: vatIncludedCents(price.totalCents, VAT),
        discountCents: price.discountCents,
        sequence: sql`${reservations.sequence} + 1`,
        reminderSentAt: null,
      })
      .where(eq(reservations.id, bookingId));
    const moveId = randomUUID();
    await db.insert(reservationMoves).values({
      id: moveId,
      reservationId: bookingId,
      fromStartsAt: row.startsAt,
      fromEndsAt: row.endsAt,
      toStartsAt: to.start,
      toEndsAt: to.end,
      fromPriceCents: row.priceCents,
      toPriceCents: price.totalCents,
      movedBy,
      createdAt: at,
    });
    if (row.discountCodeId)
      await db
        .update(discountCodeUses)
        .set({ amountCents: price.discountCents })
        .where(eq(discountCodeUses.reservationId, bookingId));
    return moveId;
  }

  /** refundMoveDifferences: pending move holds let go; with a refund, each paid difference's rest back. */
  async function refundMoveDifferences(bookingId: string, reason: string, at: Date, o: { refund: boolean }) {
    const released = await db
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: at, cancelReason: "booking_cancelled" })
      .where(and(eq(reservations.moveOf, bookingId), eq(reservations.status, "pending")))
      .returning({ id: reservations.id });
    for (const hold of released)
      await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.reservationId, hold.id), eq(payments.status, "pending")));
    if (!o.refund) return;
    const paid = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(reservations, eq(reservations.id, payments.reservationId))
      .where(
        and(
          eq(reservations.moveOf, bookingId),
          eq(reservations.cancelReason, "move_paid"),
          eq(payments.status, "paid"),
        ),
      );
    for (const p of paid) await refund(p.id, await refundable(p.id), reason, at);
  }

  return {
    /**
     * A checkout: the hold, its payment (a gift card's share redeemed; a card that pays all makes a
     * gift_card payment of 0), the discount code's use held. Price = list − discount.
     */
    async checkout(o: {
      at: Date;
      listCents: number;
      minutes?: number;
      dogs?: number;
      extraDogsCents?: number;
      discount?: { codeId: number; cents: number };
      method?: Method;
      gift?: GiftShare;
      kind?: "single" | "subscriber";
      subscriptionId?: string;
    }) {
      const slot = nextSlot(o.minutes ?? 60);
      const discountCents = o.discount?.cents ?? 0;
      const priceCents = o.listCents - discountCents;
      const [row] = await db
        .insert(reservations)
        .values({
          areaId,
          startsAt: slot.start,
          endsAt: slot.end,
          blockedFrom: slot.start,
          blockedUntil: slot.end,
          status: "pending",
          kind: o.kind ?? "single",
          subscriptionId: o.subscriptionId ?? null,
          name: "Testi Asiakas",
          email: "asiakas@example.com",
          dogs: o.dogs ?? 1,
          extraDogsCents: o.extraDogsCents ?? 0,
          priceCents,
          vatCents: vatIncludedCents(priceCents, VAT),
          discountCodeId: o.discount?.codeId ?? null,
          discountCents,
          accessToken: token(),
          doorToken: token(),
          holdExpiresAt: later(o.at, 15),
          createdAt: o.at,
        })
        .returning();
      if (o.discount)
        await db.insert(discountCodeUses).values({
          discountCodeId: o.discount.codeId,
          reservationId: row!.id,
          amountCents: o.discount.cents,
          createdAt: o.at,
        });
      // A member's booking is confirmed at once, without a payment.
      if (o.kind === "subscriber") {
        await db
          .update(reservations)
          .set({ status: "confirmed", confirmedAt: o.at, holdExpiresAt: null })
          .where(eq(reservations.id, row!.id));
        return { reservationId: row!.id, paymentId: null as string | null };
      }
      const paymentId = await insertPayment({
        reservationId: row!.id,
        cents: priceCents,
        method: o.method ?? "card",
        gift: o.gift,
        at: o.at,
      });
      return { reservationId: row!.id, paymentId: paymentId as string | null };
    },

    /** The fulfilment's happy path: paid, the booking confirmed, the code's use used. */
    async paid(reservationId: string, paymentId: string, at: Date) {
      await markPaid(paymentId, at);
      await db
        .update(reservations)
        .set({ status: "confirmed", confirmedAt: at, cancelReason: null })
        .where(eq(reservations.id, reservationId));
      await db
        .update(discountCodeUses)
        .set({ status: "used" })
        .where(eq(discountCodeUses.reservationId, reservationId));
    },

    /** The hold-release job: expired, its pending payment cancelled, the card's share and code back. */
    async holdExpired(reservationId: string, at: Date) {
      await db
        .update(reservations)
        .set({ status: "expired", cancelReason: "hold_expired" })
        .where(eq(reservations.id, reservationId));
      const cancelled = await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.reservationId, reservationId), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      for (const p of cancelled) await returnShare(p.id, at);
      await releaseDiscountUse(reservationId, at);
    },

    /** Money for a hold that ended (its time taken, or its credits given back): paid, then refunded. */
    async latePaymentRefunded(reservationId: string, paymentId: string, at: Date) {
      await markPaid(paymentId, at);
      const row = await reservation(reservationId);
      await db
        .update(reservations)
        .set({ cancelReason: row.status === "expired" ? "slot_taken_after_hold" : row.cancelReason })
        .where(eq(reservations.id, reservationId));
      const p = await payment(paymentId);
      return refund(paymentId, p.amountCents, "late_payment", at);
    },

    /** A move to a cheaper time: the difference from the booking's latest paid payment, the rest to its card. */
    async cheaperMove(bookingId: string, to: { totalCents: number; discountCents?: number }, at: Date) {
      const row = await reservation(bookingId);
      const difference = row.priceCents - to.totalCents;
      const moveId = await applyMove(
        bookingId,
        { totalCents: to.totalCents, discountCents: to.discountCents ?? row.discountCents },
        "visitor",
        at,
      );
      const [latest] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.reservationId, bookingId), eq(payments.status, "paid")))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      if (!latest) return moveId;
      const back = Math.min(difference, await refundable(latest.id));
      await refund(latest.id, back, "reservation_move", at, { moveId });
      await returnPart(latest.id, difference - back, moveId, at);
      return moveId;
    },

    /**
     * A move to a dearer time: a hold (move_of the booking) holds the new time, and the difference is
     * a payment of the hold. Swapped when paid; or its hold expired, its time was taken and the late
     * money went back.
     */
    async dearerMove(
      bookingId: string,
      to: { totalCents: number },
      at: Date,
      outcome: { swappedAt: Date } | { expiredAt: Date; latePaidAt: Date },
    ) {
      const row = await reservation(bookingId);
      const slot = nextSlot((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE);
      const differenceCents = to.totalCents - row.priceCents;
      const [hold] = await db
        .insert(reservations)
        .values({
          areaId,
          startsAt: slot.start,
          endsAt: slot.end,
          blockedFrom: slot.start,
          blockedUntil: slot.end,
          status: "pending",
          kind: row.kind,
          customerId: null,
          name: row.name,
          email: row.email,
          dogs: row.dogs,
          priceCents: differenceCents,
          vatCents: vatIncludedCents(differenceCents, VAT),
          discountCents: 0,
          accessToken: token(),
          doorToken: token(),
          holdExpiresAt: later(at, 15),
          sequence: row.sequence,
          moveOf: row.id,
          createdAt: at,
        })
        .returning();
      const paymentId = await insertPayment({
        reservationId: hold!.id,
        cents: differenceCents,
        method: "card",
        at,
      });
      if ("swappedAt" in outcome) {
        await markPaid(paymentId, outcome.swappedAt);
        await db
          .update(reservations)
          .set({ status: "cancelled", cancelledAt: outcome.swappedAt, cancelReason: "move_paid" })
          .where(eq(reservations.id, hold!.id));
        await applyMove(
          bookingId,
          { totalCents: to.totalCents, discountCents: row.discountCents },
          "visitor",
          outcome.swappedAt,
        );
      } else {
        await db
          .update(reservations)
          .set({ status: "expired", cancelReason: "hold_expired" })
          .where(eq(reservations.id, hold!.id));
        await db
          .update(payments)
          .set({ status: "cancelled" })
          .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
        await markPaid(paymentId, outcome.latePaidAt);
        await db
          .update(reservations)
          .set({ cancelledAt: outcome.latePaidAt, cancelReason: "slot_taken_after_hold" })
          .where(eq(reservations.id, hold!.id));
        await refund(paymentId, differenceCents, "late_payment", outcome.latePaidAt);
      }
      return { holdId: hold!.id, paymentId };
    },

    /** The visitor cancels: the latest payment's rest and the paid differences back, the card's share too. */
    async customerCancel(bookingId: string, at: Date, outcome: RefundOutcome = "succeeded") {
      const latest = await latestPayment(bookingId);
      if (latest?.status === "paid")
        await refund(latest.id, await refundable(latest.id), "customer_cancel", at, { outcome });
      else if (latest?.status === "pending")
        await db.update(payments).set({ status: "cancelled" }).where(eq(payments.id, latest.id));
      await refundMoveDifferences(bookingId, "customer_cancel", at, { refund: latest?.status === "paid" });
      if (latest) await returnShare(latest.id, at);
      await releaseDiscountUse(bookingId, at);
      await db
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: at, cancelReason: "customer" })
        .where(eq(reservations.id, bookingId));
    },

    /** The admin cancels, with or without a refund; without one the payment stays paid. */
    async adminCancel(bookingId: string, at: Date, o: { refund: boolean }) {
      const latest = await latestPayment(bookingId);
      if (latest?.status === "paid" && o.refund) {
        await refund(latest.id, await refundable(latest.id), "admin_cancel", at);
        await returnShare(latest.id, at);
        await releaseDiscountUse(bookingId, at);
      }
      await refundMoveDifferences(bookingId, "admin_cancel", at, {
        refund: o.refund && latest?.status === "paid",
      });
      await db
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: at, cancelReason: o.refund ? "admin_refunded" : "admin" })
        .where(eq(reservations.id, bookingId));
    },

    /** Ostokset: what is left of a paid payment's provider share back; its booking or invoice stays. */
    async adminRefund(paymentId: string, at: Date) {
      return refund(paymentId, await refundable(paymentId), "admin_refund", at);
    },

    /** A membership invoice, open. */
    async invoice(o: {
      subscriptionId: string;
      number: number;
      periodStart: string;
      cents: number;
      at: Date;
    }) {
      const [row] = await db
        .insert(invoices)
        .values({
          number: o.number,
          referenceNumber: `RF${o.number}`,
          subscriptionId: o.subscriptionId,
          email: "jasen@example.com",
          name: "Jäsen",
          description: `Jäsenyys ${o.periodStart}`,
          periodStart: o.periodStart,
          periodEnd: `${o.periodStart.slice(0, 8)}28`,
          amountCents: o.cents,
          vatCents: vatIncludedCents(o.cents, VAT),
          vatRateBasisPoints: VAT,
          issuedAt: o.at,
          dueDate: "2026-12-31",
          createdAt: o.at,
        })
        .returning();
      return row!.id;
    },

    async invoicePayment(invoiceId: string, cents: number, at: Date, o: { gift?: GiftShare } = {}) {
      return insertPayment({ invoiceId, cents, method: "mobilepay", gift: o.gift, at });
    },

    async invoicePaid(invoiceId: string, paymentId: string, at: Date) {
      await markPaid(paymentId, at);
      await db.update(invoices).set({ status: "paid", paidAt: at }).where(eq(invoices.id, invoiceId));
    },

    /** Money for an invoice already paid: paid, and refunded as not needed. */
    async invoiceNotNeeded(paymentId: string, at: Date) {
      await markPaid(paymentId, at);
      const p = await payment(paymentId);
      return refund(paymentId, p.amountCents, "invoice_not_needed", at);
    },

    async voidInvoice(invoiceId: string, at: Date) {
      await db.update(invoices).set({ status: "void", voidedAt: at }).where(eq(invoices.id, invoiceId));
      const cancelled = await db
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      for (const p of cancelled) await returnShare(p.id, at);
    },

    /** A paid invoice credited: its payment's provider share refunded, its card's share returned, void. */
    async creditInvoice(invoiceId: string, paymentId: string, at: Date) {
      const p = await payment(paymentId);
      const cents = p.amountCents - p.refundedCents;
      await refund(paymentId, cents, "invoice_credit", at);
      await returnShare(paymentId, at);
      await db
        .update(invoices)
        .set({ status: "void", voidedAt: at, creditedAt: at, creditedCents: cents + p.giftCardCents })
        .where(eq(invoices.id, invoiceId));
    },
  };
}
