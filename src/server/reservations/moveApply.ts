import { blockedPeriod, type Buffers } from "../../domain/dogRules.js";
import { helsinkiDate } from "../../domain/helsinkiTime.js";
import { vatIncludedCents } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { withSeriesEvent } from "./standingChange.js";
import { conflict } from "../errors.js";
import {
  carriedHoursInto,
  hoursBookedBetween,
  periodContaining,
  refuseOutsideMembership,
  hoursQuotaOfPeriod,
} from "../memberships/index.js";
import { formatDay } from "../../domain/helsinkiClock.js";
import { moveMail } from "./moveMail.js";
import { moveRepository, type SubscriptionRow } from "./moveRepository.js";
import type { ReservationRow } from "./view.js";
import { getSettings, type Settings } from "../settings/index.js";
import { recordMoveDifference } from "../ledger/index.js";
import { formatTimeRange } from "../../domain/helsinkiTime.js";

/**
 * The one UPDATE that moves a booking (decision 026), shared by the move itself and by the swap
 * when a dearer move's difference is paid (moveFulfilment.ts): the new times and blocked period,
 * the new price, one more SEQUENCE, the reminder re-armed, the `reservation_moves` row, the
 * member's quota counted again, the discount code's use following the discount, and the move
 * e-mail queued in the outbox (sent by the caller after the commit). The access and door tokens
 * never change. The caller holds the area's exclusive booking lock and the booking's row.
 */

export type MoveChange = {
  row: ReservationRow;
  start: Date;
  end: Date;
  buffers: Buffers;
  price: { totalCents: number; discountCents: number };
  /**
   * The move's `move` entry: the new price less what the ledger charged before (moveQuote.ts), so
   * the ledger charges the new price after; 0 when the price is kept.
   */
  differenceCents: number;
  vatRateBasisPoints: number;
  movedBy: "visitor" | "member" | "admin";
  /** The membership row of a subscriber booking, locked first; null otherwise. */
  sub: SubscriptionRow | null | undefined;
  now: Date;
};

export type MoveMailFacts = {
  areaName: string;
  settings: Settings;
  refundedCents?: number;
  giftCardReturnedCents?: number;
  paidCents?: number;
};

const hoursOf = (r: { startsAt: Date; endsAt: Date }) =>
  (r.endsAt.getTime() - r.startsAt.getTime()) / 3_600_000;
const formatHours = (hours: number) => `${String(Math.round(hours * 10) / 10).replace(".", ",")} h`;

/** Moves the booking; answers the row after and the move's id. */
export async function applyMove(
  ctx: AppContext,
  tx: Tx,
  c: MoveChange,
): Promise<{ moved: ReservationRow; moveId: string }> {
  const { row, start, end, price } = c;
  const repository = moveRepository(tx);
  // One more SEQUENCE, and the reminder re-armed for the new time (moveRepository.ts).
  const moved = await repository.moveTimes(row.id, {
    startsAt: start,
    endsAt: end,
    ...blockedPeriod(start, end, c.buffers),
    priceCents: price.totalCents,
    vatCents: vatIncludedCents(price.totalCents, c.vatRateBasisPoints),
    discountCents: price.discountCents,
  });
  const moveId = await repository.insertMove({
    reservationId: row.id,
    fromStartsAt: row.startsAt,
    fromEndsAt: row.endsAt,
    toStartsAt: start,
    toEndsAt: end,
    fromPriceCents: row.priceCents,
    toPriceCents: price.totalCents,
    movedBy: c.movedBy,
    createdAt: c.now,
  });
  // The difference is the booking's own entry (decision 038), whoever pays or gets it back.
  await recordMoveDifference(tx, row.id, {
    moveId,
    cents: c.differenceCents,
    vatRateBasisPoints: c.vatRateBasisPoints,
    actor: c.movedBy,
    note: `${formatTimeRange(row.startsAt, row.endsAt)} → ${formatTimeRange(start, end)}`,
    now: c.now,
  });
  if (c.sub) await checkQuota(tx, c.sub, moved, helsinkiDate(c.now));
  if (row.discountCodeId) await repository.setDiscountUseAmount(row.id, price.discountCents);
  return { moved, moveId };
}

/** Queues the move e-mail (none for a manual booking made without an e-mail address). */
export async function enqueueMoveMail(
  ctx: AppContext,
  tx: Tx,
  c: Pick<MoveChange, "row" | "movedBy"> & { mail: MoveMailFacts },
  moved: ReservationRow,
): Promise<number | null> {
  if (!moved.email.includes("@")) return null;
  const mail = moveMail({
    reservation: moved,
    from: c.row,
    areaName: c.mail.areaName,
    settings: c.mail.settings,
    publicUrl: ctx.config.publicUrl,
    refundedCents: c.mail.refundedCents ?? 0,
    giftCardReturnedCents: c.mail.giftCardReturnedCents ?? 0,
    paidCents: c.mail.paidCents ?? 0,
    byAdmin: c.movedBy === "admin",
  });
  // A week of a standing slot moved alone leaves the series' event (decision 056).
  const withEvent = await withSeriesEvent(tx, mail, moved, {
    settings: c.mail.settings,
    publicUrl: ctx.config.publicUrl,
  });
  return ctx.mail.enqueue(tx, withEvent);
}

/**
 * A member's hours in the period of the booking's (new) start, counted after the UPDATE, so the
 * moved booking counts where it now is and no longer where it was. Over the quota: refused.
 */
async function checkQuota(tx: Tx, sub: SubscriptionRow, moved: ReservationRow, today: string): Promise<void> {
  const day = helsinkiDate(moved.startsAt);
  refuseOutsideMembership(sub, day);
  const period = periodContaining(sub, day);
  const used = await hoursBookedBetween(tx, sub.id, period.from, period.to);
  // The period's own hours and those carried into it (decision 055).
  const quota =
    (await hoursQuotaOfPeriod(tx, sub, period.start)) +
    (await carriedHoursInto(tx, sub, period, today, await getSettings(tx)));
  if (used > quota) {
    const left = Math.max(0, quota - (used - hoursOf(moved)));
    throw conflict(
      `Tuntikiintiösi ei riitä: jaksolla ${formatDay(period.start)} alkaen sinulla on jäljellä ${formatHours(left)}, ja varaus vaatisi ${formatHours(hoursOf(moved))}.`,
    );
  }
}
