import { formatTimeRange } from "../../domain/helsinkiClock.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { withSeriesEvent } from "./standingChange.js";
import { releaseDiscountUses } from "../discountCodes/index.js";
import { returnGiftCardShares } from "../giftCards/index.js";
import type { OutgoingMail } from "../mail/index.js";
import {
  sendRefund,
  type RefundReason,
  NOTHING_BACK,
  settleOwedBack,
  paymentRepository,
} from "../payments/index.js";
import { moneyOf, releaseCharges } from "../ledger/index.js";
import { releaseMoveHolds } from "./moveHold.js";
import { getSettings, type Settings } from "../settings/index.js";
import { CANCEL_ICS_LINE, icsAttachment } from "./receipt.js";
import { adminReservationRepository } from "./adminRepository.js";
import { adminReservationById } from "./adminRows.js";
import { reservationRepository, type ReservationRow } from "./repository.js";
import { RESERVATION_NOT_FOUND } from "./admin.js";

/**
 * The admin cancels a booking at any time, with or without a refund. The refund is recorded in the
 * cancelling transaction and sent to the provider after it commits (decision 009), like the
 * visitor's own cancel; without a refund the payment stays paid. A gift card's share and a
 * discount code's use go back either way only with a refund.
 */

// refunds.ts names the visitors' and billing's reasons; an admin's cancel is a reason of its own.
const ADMIN_CANCEL = "admin_cancel" as RefundReason;

export type AdminCancelResult = {
  reservationId: string;
  refundedCents: number;
  giftCardReturnedCents: number;
  /** The refunds recorded, sent after the commit. */
  refundIds: string[];
  mailId: number | null;
};

/** Cancels inside the caller's transaction (a block creation cancels its conflicts in its own). */
export async function cancelReservationInTx(
  ctx: AppContext,
  tx: Tx,
  actor: AdminActor,
  id: string,
  options: { refund: boolean },
): Promise<AdminCancelResult> {
  const now = ctx.now();
  const reservations = reservationRepository(tx);
  // Lock order: reservation, then payment (as everywhere).
  const row = await reservations.lock(id);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  if (row.status === "cancelled" || row.status === "expired")
    throw conflict(`Varaus ${row.name} ${formatTimeRange(row.startsAt, row.endsAt)} ei ole enää voimassa.`);
  const payment = await reservations.lockLatestPayment(id);
  const paid = (await moneyOf(tx, { reservationId: id })).balance.paidCents > 0;

  let back = NOTHING_BACK;
  if (payment?.status === "pending") {
    // Not paid yet: the hold's gift-card share and code go back, there is nothing to refund.
    await paymentRepository(tx).cancelIfPending(payment.id);
    back = { ...back, giftCardReturnedCents: await returnGiftCardShares(tx, [payment.id], now) };
    await releaseDiscountUses(tx, [id], now);
  }
  // A dearer move awaiting payment is let go either way.
  await releaseMoveHolds(tx, id, now, "booking_cancelled");
  if (options.refund) {
    // The charge is taken off and everything paid goes back (decision 038); without a refund the
    // park keeps what was paid and the charge stays.
    const owner = { reservationId: id };
    await releaseCharges(tx, owner, { reason: ADMIN_CANCEL, actor: actor.email, now });
    const settled = await settleOwedBack(tx, owner, { reason: ADMIN_CANCEL, actor: actor.email, now });
    // A pending payment's gift-card share given back above is said too.
    back = { ...settled, giftCardReturnedCents: settled.giftCardReturnedCents + back.giftCardReturnedCents };
    await releaseDiscountUses(tx, [id], now);
  }
  const { refundedCents, giftCardReturnedCents } = back;
  const after = await reservations.cancel(id, now, options.refund ? "admin_refunded" : "admin");
  await recordAudit(tx, actor, {
    action: options.refund ? "reservation.cancel_with_refund" : "reservation.cancel",
    entity: "reservation",
    entityId: id,
    before: row,
    after: { ...after, refundedCents, giftCardReturnedCents },
  });

  let mailId: number | null = null;
  if (row.status === "confirmed") {
    const areaName = await adminReservationRepository(tx).areaName(row.areaId);
    const { park } = await getSettings(tx);
    const mail = adminCancellationMail({
      // The cancelled row: its calendar SEQUENCE raised by the cancel.
      row: after!,
      areaName: areaName ?? "",
      park,
      publicUrl: ctx.config.publicUrl,
      paid,
      refundedCents,
      giftCardReturnedCents,
    });
    // A week of a standing slot leaves the series' calendar event too (decision 056).
    const withEvent = await withSeriesEvent(tx, mail, row, {
      settings: { park },
      publicUrl: ctx.config.publicUrl,
    });
    mailId = await ctx.mail.enqueue(tx, withEvent);
  }
  return {
    reservationId: id,
    refundedCents,
    giftCardReturnedCents,
    refundIds: back.refundIds,
    mailId,
  };
}

/** After the cancelling transaction committed: the provider and the e-mail. */
export async function afterCancelCommitted(ctx: AppContext, results: AdminCancelResult[]) {
  for (const r of results) {
    for (const id of r.refundIds) await sendRefund(ctx, id);
    await ctx.mail.sendCommitted(ctx.db, r.mailId);
  }
}

export async function adminCancelReservation(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  options: { refund: boolean },
) {
  const result = await ctx.db.transaction((tx) => cancelReservationInTx(ctx, tx, actor, id, options));
  await afterCancelCommitted(ctx, [result]);
  const returned = [
    result.refundedCents > 0 ? `${formatEuros(result.refundedCents)} palautetaan maksutavalle.` : "",
    result.giftCardReturnedCents > 0
      ? `Lahjakortille palautettiin ${formatEuros(result.giftCardReturnedCents)}.`
      : "",
  ].filter(Boolean);
  return {
    message: ["Varaus peruttu.", ...returned].join(" "),
    reservation: (await adminReservationById(ctx.db, id))!,
  };
}

/**
 * The park cancelled: what happens to the money says the admin's choice, not the visitor's rules.
 * Its .ics removes the booking's event from the visitor's calendar (receipt.ts).
 */
function adminCancellationMail(c: {
  row: ReservationRow;
  areaName: string;
  park: Settings["park"];
  publicUrl: string;
  paid: boolean;
  refundedCents: number;
  giftCardReturnedCents: number;
}): OutgoingMail {
  const when = formatTimeRange(c.row.startsAt, c.row.endsAt);
  const money = [
    c.refundedCents > 0
      ? `Palautamme ${formatEuros(c.refundedCents)} maksutavallesi. Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.`
      : "",
    c.giftCardReturnedCents > 0
      ? `Lahjakortillesi palautettiin ${formatEuros(c.giftCardReturnedCents)}.`
      : "",
    c.paid && c.refundedCents === 0
      ? "Maksua ei palauteta. Jos sinulla on kysyttävää, vastaa tähän viestiin tai soita meille."
      : "",
  ].filter(Boolean);
  return {
    kind: "cancellation",
    to: c.row.email,
    subject: `Varaus peruttu: ${when}`,
    text: [
      `Hei ${c.row.name},`,
      "",
      `${c.park.name} on perunut varauksesi: ${when}, ${c.areaName}.`,
      ...money,
      "",
      "Portin avauslinkki ei ole enää voimassa.",
      CANCEL_ICS_LINE,
      "",
      c.park.name,
      `${c.park.email} · ${c.park.phone}`,
    ].join("\n"),
    attachments: [
      icsAttachment(
        { reservation: c.row, areaName: c.areaName, settings: { park: c.park }, publicUrl: c.publicUrl },
        "CANCEL",
      ),
    ],
  };
}
