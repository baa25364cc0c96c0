import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { TAKEN_MESSAGE } from "../../domain/availability.js";
import type {
  CreateReservationInput,
  CreateReservationResponse,
  PublicReservation,
} from "../../domain/booking.js";
import { formatTimeRange, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import { payments, reservations } from "../db/schema.js";
import { HttpError, badRequest, conflict, notFound } from "../errors.js";
import { checkSlot, lockAreaBookings, primaryArea } from "./availability.js";
import { expireHolds } from "./holds.js";
import { cancellationMail } from "./receipt.js";
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
export const PAYMENT_START_FAILED = "Maksun aloittaminen epäonnistui. Yritä hetken kuluttua uudelleen.";

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
 * exclusion constraint) is a 409, never a 5xx.
 */
export async function createReservation(
  ctx: AppContext,
  input: CreateReservationInput,
): Promise<CreateReservationResponse> {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const now = ctx.now();
  const settings = await getSettings(ctx.db);
  const { maxDogs, holdMinutes } = settings.slotRules;
  if (input.dogs > maxDogs) throw badRequest(`Mukaan voi ottaa enintään ${maxDogs} koiraa.`);

  const area = await primaryArea(ctx.db);

  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      // Checkouts of one area take turns: the slot is checked and held with nothing else in between.
      await lockAreaBookings(tx, area.id);
      // An expired hold still counts for the constraint until it is marked expired.
      await expireHolds(tx, now, area.id);
      const check = await checkSlot(tx, { areaId: area.id, start, end, now, settings });
      if (!check.ok) throw check.code === "taken" ? conflict(check.reason) : badRequest(check.reason);
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
          priceCents: check.priceCents,
          vatCents: check.vatCents,
          accessToken: newToken(),
          doorToken: newToken(),
          holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
        })
        .returning();
      const [payment] = await tx
        .insert(payments)
        .values({
          reservationId: reservation!.id,
          provider: ctx.payments.name,
          method: input.paymentMethod,
          amountCents: check.priceCents,
          vatCents: check.vatCents,
          status: "pending",
        })
        .returning();
      return { reservation: reservation!, payment: payment! };
    });
  } catch (error) {
    if (isSlotConflict(error)) throw conflict(TAKEN_MESSAGE);
    throw error;
  }
  const { reservation, payment } = created;

  let session;
  try {
    session = await ctx.payments.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      method: input.paymentMethod,
      description: `${area.name} ${formatTimeRange(start, end)}`,
      returnUrls: {
        success: ctx.config.publicUrl + checkoutReturnPath(reservation, "success"),
        cancel: ctx.config.publicUrl + checkoutReturnPath(reservation, "cancelled"),
      },
    });
  } catch {
    // Release the hold at once; the visitor may try again.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(reservations)
        .set({ status: "cancelled", cancelledAt: ctx.now(), cancelReason: "payment_start_failed" })
        .where(eq(reservations.id, reservation.id));
      await tx.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    });
    throw new HttpError(502, PAYMENT_START_FAILED);
  }
  await ctx.db.update(payments).set({ providerRef: session.providerRef }).where(eq(payments.id, payment.id));

  return {
    success: true,
    redirectUrl: session.redirectUrl,
    message: `Aika on varattu sinulle ${holdMinutes} minuutiksi. Siirry maksamaan.`,
    reservation: {
      id: reservation.id,
      accessToken: reservation.accessToken,
      start: toHelsinkiIso(reservation.startsAt),
      end: toHelsinkiIso(reservation.endsAt),
    },
  };
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
 * booking is refunded in full through the provider before anything changes here: if the
 * provider refuses, the booking stays as it was.
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
    if (payment?.status === "paid") {
      const amount = payment.amountCents - payment.refundedCents;
      const refund = await ctx.payments.refund({ payment, amountCents: amount }).catch(() => ({ ok: false }));
      if (!refund.ok)
        throw new HttpError(
          502,
          "Maksun palautus ei onnistunut juuri nyt, joten varausta ei peruttu. Yritä uudelleen.",
        );
      await tx
        .update(payments)
        .set({ status: "refunded", refundedCents: payment.amountCents, refundedAt: now })
        .where(eq(payments.id, payment.id));
      refundedCents = amount;
    } else if (payment?.status === "pending") {
      await tx
        .update(payments)
        .set({ status: "cancelled" })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    }
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
            }),
          )
        : null;
    return { id: row.id, refundedCents, mailId };
  });
  if (result.mailId !== null) await ctx.mail.deliver(ctx.db, result.mailId).catch(() => {});

  const reservation = await getReservationByToken(ctx, accessToken);
  return {
    success: true,
    message:
      result.refundedCents > 0
        ? `Varaus peruttu. Palautamme ${formatEuros(result.refundedCents)} maksutavallesi.`
        : "Varaus peruttu.",
    reservation,
  };
}
