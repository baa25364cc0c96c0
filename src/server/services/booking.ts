import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { checkBooking, TAKEN_MESSAGE } from "../../domain/availability.js";
import type {
  CreateReservationRequest,
  CreateReservationResponse,
  PublicReservation,
} from "../../domain/booking.js";
import { formatTimeRange, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { formatEuros, vatIncludedCents } from "../../domain/money.js";
import { priceBreakdown, type PriceBreakdown } from "../../domain/pricing.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { payments, reservations } from "../db/schema.js";
import { HttpError, badRequest, conflict, notFound } from "../errors.js";
import { recordRefund, sendRefund } from "./refunds.js";
import { lockCheckout } from "./availability.js";
import { claimDiscountCode, discountOf, recordDiscountUse, releaseDiscountUses } from "./discountCodes.js";
import { lockGiftCard, redeemGiftCard, returnGiftCardShares } from "./giftCards.js";
import { enforceHoldLimits, type LiveHolds } from "./holdLimits.js";
import { expireHolds } from "./holds.js";
import { FREE_PROVIDER, GIFT_CARD_PROVIDER, PAYMENT_START_FAILED } from "./paymentConstants.js";
import { cancellationMail } from "./receipt.js";
import { confirmReservationPayment } from "./reservationFulfilment.js";
import {
  cancellationDeadline,
  findReservation,
  latestPayment,
  toPublicReservation,
} from "./reservationView.js";
import { getSettings } from "./settings.js";
import { isSlotConflict } from "./pgErrors.js";

/** Checkout (hold + pending reservation + payment) and the visitor's own reservation by token. */

export const NOT_FOUND_MESSAGE = "Varausta ei löytynyt. Tarkista linkki.";

/** An unguessable token (192 bits) for the visitor's own page and the gate link. */
export const newToken = () => randomBytes(24).toString("base64url");

export type PaymentOutcome = "success" | "cancelled" | "failed";

/** Where the payment page returns the visitor in the SPA: /checkout/{start}/{end}?payment=..&token=.. */
export function checkoutReturnPath(
  r: { startsAt: Date; endsAt: Date; accessToken: string },
  outcome: PaymentOutcome,
): string {
  const start = encodeURIComponent(toHelsinkiIso(r.startsAt));
  const end = encodeURIComponent(toHelsinkiIso(r.endsAt));
  return `/checkout/${start}/${end}?payment=${outcome}&token=${encodeURIComponent(r.accessToken)}`;
}

/**
 * Validates the slot, holds it with a pending reservation and its payment in one transaction,
 * then asks the payment provider where to send the visitor. Losing the race for the slot (the
 * exclusion constraint) is a 409, never a 5xx. A discount code's use and a gift card's share are
 * taken in the same transaction, so two checkouts can never both spend the last of either; when
 * nothing is left to pay, the booking is confirmed at once and there is no payment page.
 */
export async function createReservation(
  ctx: AppContext,
  input: CreateReservationRequest,
  client: { ip: string | null } = { ip: null },
): Promise<CreateReservationResponse> {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const now = ctx.now();
  // Settings, area, opening hours, blocks and prices from memory (services/availabilityCache.ts).
  const { rules, area, settings } = await ctx.availability.rulesFor(start, end, now);
  const { maxDogs, holdMinutes } = settings.slotRules;
  if (input.dogs > maxDogs) throw badRequest(`Mukaan voi ottaa enintään ${maxDogs} koiraa.`);
  // Everything but the other bookings is decided before any lock; a slot already known taken too.
  const check = checkBooking(rules, start, end);
  if (!check.ok) throw check.code === "taken" ? conflict(check.reason) : badRequest(check.reason);
  const paymentId = randomUUID();

  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      // Checkouts that could take each other's time take turns (services/availability.ts).
      const gap = rules.slotRules.changeoverMinutes * 60_000;
      await lockCheckout(tx, {
        areaId: area.id,
        busyStart: new Date(start.getTime() - gap),
        busyEnd: new Date(end.getTime() + gap),
        email: input.email,
        ip: client.ip,
      });
      const state = await bookingState(tx, {
        areaId: area.id,
        start,
        end,
        gapMinutes: rules.slotRules.changeoverMinutes,
        email: input.email,
        ip: client.ip,
        now,
      });
      if (state.taken) throw conflict(TAKEN_MESSAGE);
      // An expired hold in the way still counts for the constraint until it is marked expired.
      if (state.staleHoldIds.length > 0) await expireHolds(tx, now, area.id, state.staleHoldIds);
      // Only a checkout that would hold a slot counts against the visitor's limit of unpaid holds.
      enforceHoldLimits({ byEmail: state.byEmail, byIp: state.byIp, now, limits: settings.holdLimits });
      const code = input.discountCode ? await claimDiscountCode(tx, input.discountCode, now) : null;
      const card = input.giftCardCode ? await lockGiftCard(tx, input.giftCardCode, now) : null;
      const price = priceBreakdown({
        listPriceCents: check.priceCents,
        discount: code && discountOf(code),
        giftCardBalanceCents: card?.balanceCents,
      });
      const vatRate = check.vatRateBasisPoints;
      const [reservation] = await tx
        .insert(reservations)
        .values({
          areaId: area.id,
          startsAt: start,
          endsAt: end,
          status: "pending",
          kind: "single",
          name: input.name,
          email: input.email.trim(),
          phone: input.phone || null,
          dogs: input.dogs,
          priceCents: price.totalCents,
          vatCents: vatIncludedCents(price.totalCents, vatRate),
          discountCodeId: code?.id ?? null,
          discountCents: price.discountCents,
          accessToken: newToken(),
          doorToken: newToken(),
          holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
          holdIp: client.ip,
        })
        .returning();
      if (code)
        await recordDiscountUse(tx, {
          code,
          reservationId: reservation!.id,
          listPriceCents: check.priceCents,
          now,
        });
      const provider = providerFor(ctx, price);
      const [payment] = await tx
        .insert(payments)
        .values({
          id: paymentId,
          reservationId: reservation!.id,
          provider,
          // A provider whose reference is known in advance needs no update after its call.
          providerRef: provider === ctx.payments.name ? (ctx.payments.refFor?.(paymentId) ?? null) : null,
          method: input.paymentMethod,
          amountCents: price.payableCents,
          vatCents: vatIncludedCents(price.payableCents, vatRate),
          giftCardId: card && price.giftCardCents > 0 ? card.id : null,
          giftCardCents: price.giftCardCents,
          status: "pending",
        })
        .returning();
      if (card)
        await redeemGiftCard(tx, { card, paymentId: payment!.id, amountCents: price.giftCardCents, now });
      return { reservation: reservation!, payment: payment! };
    });
  } catch (error) {
    if (isSlotConflict(error)) throw conflict(TAKEN_MESSAGE);
    throw error;
  }
  const { reservation, payment } = created;
  const ref = {
    id: reservation.id,
    accessToken: reservation.accessToken,
    start: toHelsinkiIso(reservation.startsAt),
    end: toHelsinkiIso(reservation.endsAt),
  };

  if (payment.amountCents === 0) {
    // Nothing left to pay: confirmed through the same fulfilment path as a paid one, no redirect.
    await confirmReservationPayment(ctx, { ...payment, reservationId: reservation.id });
    return {
      success: true,
      redirectUrl: "",
      message:
        payment.giftCardCents > 0
          ? "Varaus vahvistettu. Lahjakortti kattoi koko hinnan."
          : "Varaus vahvistettu.",
      reservation: ref,
    };
  }

  let session;
  try {
    session = await ctx.payments.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      method: input.paymentMethod,
      description: `${area.name} ${formatTimeRange(start, end)}`,
      email: reservation.email,
      expiresAt: reservation.holdExpiresAt ?? undefined,
      returnUrls: {
        success: ctx.config.publicUrl + checkoutReturnPath(reservation, "success"),
        cancel: ctx.config.publicUrl + checkoutReturnPath(reservation, "cancelled"),
      },
    });
  } catch {
    // Release the hold, the gift-card share and the discount at once; the visitor may try again.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: ctx.now(), cancelReason: "payment_start_failed" })
        .where(eq(reservations.id, reservation.id));
      await tx.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
      await returnGiftCardShares(tx, [payment.id], ctx.now());
      await releaseDiscountUses(tx, [reservation.id], ctx.now());
    });
    throw new HttpError(502, PAYMENT_START_FAILED);
  }
  if (session.providerRef !== payment.providerRef)
    await ctx.db
      .update(payments)
      .set({ providerRef: session.providerRef })
      .where(eq(payments.id, payment.id));

  const giftCardNote =
    payment.giftCardCents > 0
      ? ` Lahjakortilla maksetaan ${formatEuros(payment.giftCardCents)}, loput ${formatEuros(payment.amountCents)} maksetaan nyt.`
      : "";
  return {
    success: true,
    redirectUrl: session.redirectUrl,
    message: `Aika on varattu sinulle ${holdMinutes} minuutiksi.${giftCardNote} Siirry maksamaan.`,
    reservation: ref,
  };
}

/**
 * In one statement, inside the area's lock: whether a live booking of the area overlaps the slot
 * (with the changeover gap), which ended holds are in its way (for the exclusion constraint), and
 * the visitor's live holds by e-mail address and IP address (services/holdLimits.ts).
 */
async function bookingState(
  tx: Tx,
  o: {
    areaId: number;
    start: Date;
    end: Date;
    gapMinutes: number;
    email: string;
    ip: string | null;
    now: Date;
  },
): Promise<{ taken: boolean; staleHoldIds: string[]; byEmail: LiveHolds; byIp: LiveHolds | null }> {
  const gap = o.gapMinutes * 60_000;
  const now = o.now.toISOString();
  const start = o.start.toISOString();
  const end = o.end.toISOString();
  const busyStart = new Date(o.start.getTime() - gap).toISOString();
  const busyEnd = new Date(o.end.getTime() + gap).toISOString();
  const email = o.email.trim().toLowerCase();
  const live = sql`r.status = 'pending' AND r.hold_expires_at > ${now}::timestamptz`;
  const mine = sql`lower(r.email) = ${email}`;
  const ours = sql`r.hold_ip = ${o.ip}::text`;
  const result = (await tx.execute(sql`
    SELECT
      count(*) FILTER (WHERE r.area_id = ${o.areaId} AND r.starts_at < ${busyEnd}::timestamptz
        AND r.ends_at > ${busyStart}::timestamptz AND (r.status = 'confirmed' OR (${live})))::int AS taken,
      coalesce(string_agg(r.id::text, ',') FILTER (WHERE r.area_id = ${o.areaId} AND r.status = 'pending'
        AND r.hold_expires_at <= ${now}::timestamptz
        AND r.starts_at < ${end}::timestamptz AND r.ends_at > ${start}::timestamptz), '') AS stale,
      count(*) FILTER (WHERE (${live}) AND ${mine})::int AS by_email,
      (extract(epoch FROM min(r.hold_expires_at) FILTER (WHERE (${live}) AND ${mine})) * 1000)::float8 AS email_ends,
      count(*) FILTER (WHERE (${live}) AND ${ours})::int AS by_ip,
      (extract(epoch FROM min(r.hold_expires_at) FILTER (WHERE (${live}) AND ${ours})) * 1000)::float8 AS ip_ends
    FROM reservations r
    WHERE (r.area_id = ${o.areaId} AND r.status IN ('pending', 'confirmed')
        AND r.starts_at < ${busyEnd}::timestamptz AND r.ends_at > ${busyStart}::timestamptz)
      OR ((${live}) AND (${mine} OR ${ours}))
  `)) as unknown as { rows: Array<Record<string, unknown>> };
  const row = result.rows[0] ?? {};
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    taken: (num(row.taken) ?? 0) > 0,
    staleHoldIds: String(row.stale ?? "")
      .split(",")
      .filter(Boolean),
    byEmail: { n: num(row.by_email) ?? 0, firstEndsMs: num(row.email_ends) },
    byIp: o.ip ? { n: num(row.by_ip) ?? 0, firstEndsMs: num(row.ip_ends) } : null,
  };
}

/** Who takes the payment: the provider, or nobody when a gift card or a discount left nothing to pay. */
function providerFor(ctx: AppContext, price: PriceBreakdown): string {
  if (price.payableCents > 0) return ctx.payments.name;
  return price.giftCardCents > 0 ? GIFT_CARD_PROVIDER : FREE_PROVIDER;
}

export async function getReservationByToken(
  ctx: AppContext,
  accessToken: string,
): Promise<PublicReservation> {
  const row = await findReservation(ctx.db, { accessToken });
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  const settings = await getSettings(ctx.db);
  return toPublicReservation(ctx, row, await latestPayment(ctx.db, row.id), settings);
}

/**
 * The visitor cancels by the access token, until cancellationHours before the start. A paid
 * booking's refund is recorded in the same transaction as the cancel and sent to the provider only
 * after it commits (services/refunds.ts): a provider that cannot refund now is asked again by the
 * `retry-refunds` job, and the slot is free at once either way.
 */
export async function cancelReservation(ctx: AppContext, accessToken: string) {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const found = await findReservation(tx, { accessToken });
    if (!found) throw notFound(NOT_FOUND_MESSAGE);
    // Lock order: reservation, then payment (as everywhere).
    const [locked] = await tx.select().from(reservations).where(eq(reservations.id, found.id)).for("update");
    const row = { ...found, ...locked! };
    if (row.status === "cancelled") throw conflict("Varaus on jo peruttu.");
    if (row.status === "expired") throw conflict("Varaus ei ole voimassa, joten sitä ei voi perua.");
    if (now.getTime() > cancellationDeadline(row.startsAt, settings).getTime())
      throw conflict(
        `Varauksen voi perua viimeistään ${settings.slotRules.cancellationHours} tuntia ennen alkua.`,
      );

    const latest = await latestPayment(tx, row.id);
    const [payment] = latest
      ? await tx.select().from(payments).where(eq(payments.id, latest.id)).for("update")
      : [];
    let refundedCents = 0;
    let refundId: string | null = null;
    if (payment?.status === "paid") {
      refundedCents = payment.amountCents - payment.refundedCents;
      refundId = await recordRefund(tx, {
        paymentId: payment.id,
        amountCents: refundedCents,
        reason: "customer_cancel",
        now,
      });
    } else if (payment?.status === "pending") {
      await tx
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    }
    // The gift card's share goes back to the card, and the discount code's use to the code.
    const giftCardReturnedCents = payment ? await returnGiftCardShares(tx, [payment.id], now) : 0;
    await releaseDiscountUses(tx, [row.id], now);
    await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: "customer" })
      .where(eq(reservations.id, row.id));
    const mailId =
      row.status === "confirmed"
        ? await ctx.mail.enqueue(
            tx,
            cancellationMail({
              reservation: row,
              areaName: row.areaName,
              settings,
              publicUrl: ctx.config.publicUrl,
              refundedCents,
              giftCardReturnedCents,
            }),
          )
        : null;
    return { id: row.id, refundedCents, giftCardReturnedCents, refundId, mailId };
  });
  // The transaction has committed: only now is the provider asked (a failure is retried by the job).
  if (result.refundId) await sendRefund(ctx, result.refundId);
  await ctx.mail.sendCommitted(ctx.db, result.mailId);

  const reservation = await getReservationByToken(ctx, accessToken);
  const returned = [
    result.refundedCents > 0 ? `Palautamme ${formatEuros(result.refundedCents)} maksutavallesi.` : "",
    result.giftCardReturnedCents > 0
      ? `Lahjakortillesi palautettiin ${formatEuros(result.giftCardReturnedCents)}.`
      : "",
  ].filter(Boolean);
  return {
    success: true,
    message: ["Varaus peruttu.", ...returned].join(" "),
    reservation,
  };
}
