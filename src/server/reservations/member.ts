import { TAKEN_MESSAGE } from "../../domain/availability.js";
import type { Customer } from "../../domain/customer.js";
import { blockedPeriod, buffersFor } from "../../domain/dogRules.js";
import { formatTimeRange, helsinkiDate, toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { MemberReservation } from "../../domain/membership.js";
import type { AppContext } from "../context.js";
import { badRequest, conflict, HttpError, notFound } from "../errors.js";
import { checkSlot, lockAreaBookings, primaryArea, type Area } from "../availability/index.js";
import { cancelReservation, newToken } from "./service.js";
import { moveReservation, type MoveInput } from "./move.js";
import { expireHolds } from "./holds.js";
import {
  unpaidStanding,
  hasAccessOn,
  refuseOutsideMembership,
  hoursBookedBetween,
  periodContaining,
  carriedHoursInto,
  hoursQuotaOfPeriod,
  type SubscriptionRow,
} from "../memberships/index.js";
import { formatDay } from "../../domain/helsinkiClock.js";
import { suspensionMessage } from "../../domain/invoiceStatus.js";
import { isSlotConflict, type Tx } from "../db/index.js";
import { doorUrlOf } from "./receipt.js";
import { reservationRepository, type ReservationWithArea } from "./repository.js";
import { beforeDeadline, changeDeadline } from "../../domain/changeWindow.js";
import { getSettings, type Settings } from "../settings/index.js";
import { memberCancellationMail, memberConfirmationMail } from "./visitorMail.js";
import { withSeriesEvent } from "./standingChange.js";

/** A member's bookings: subscriber bookings within the quota, the member's list, cancelling. */

export const RESERVATION_NOT_FOUND = "Varausta ei löytynyt.";

type Row = ReservationWithArea;

const hoursOf = (r: { startsAt: Date; endsAt: Date }) =>
  (r.endsAt.getTime() - r.startsAt.getTime()) / 3_600_000;
const formatHours = (hours: number) => `${String(Math.round(hours * 10) / 10).replace(".", ",")} h`;

function toMemberReservation(ctx: AppContext, row: Row, settings: Settings): MemberReservation {
  const subscriber = row.kind === "subscriber";
  const deadline = changeDeadline(row, settings.slotRules.cancellationHours);
  const open = beforeDeadline(ctx.now(), deadline);
  const live = row.status === "confirmed" || (!subscriber && row.status === "pending");
  return {
    id: row.id,
    kind: subscriber ? "subscriber" : "single",
    areaName: row.areaName,
    start: toHelsinkiIso(row.startsAt),
    end: toHelsinkiIso(row.endsAt),
    status: row.status,
    dogs: row.dogs,
    hours: subscriber ? hoursOf(row) : 0,
    priceCents: row.priceCents,
    doorUrl: row.status === "confirmed" ? doorUrlOf(ctx.config.publicUrl, row.doorToken) : null,
    accessToken: row.accessToken,
    cancellable: live && open,
    cancellableUntil: toHelsinkiIso(deadline),
    movable: row.status === "confirmed" && open,
    noShow: row.status === "confirmed" && !row.attendedAt && row.endsAt <= ctx.now(),
  };
}

export async function listMemberReservations(ctx: AppContext, customer: Customer) {
  const settings = await getSettings(ctx.db);
  const since = new Date(ctx.now().getTime() - 365 * 86_400_000);
  const rows = await reservationRepository(ctx.db).listOwned(customer, since, 200);
  return rows.map((r) => toMemberReservation(ctx, r, settings));
}

const NO_ACCESS = "Jäsenvaraus vaatii voimassa olevan jäsenyyden. Liity jäseneksi Jäsenyys-sivulla.";

/**
 * Locks the customer's membership row and says whether it may book now: it gives access today and
 * is not suspended by an unpaid invoice (decision 054); otherwise why not, in the member's words.
 */
export async function memberAccess(
  tx: Tx,
  customer: Customer,
  today: string,
  settings: Settings,
): Promise<{ sub: SubscriptionRow } | { refused: "none" | "suspended"; message: string }> {
  const sub = await reservationRepository(tx).lockMembership(customer.id);
  if (!sub || !hasAccessOn(sub, today)) return { refused: "none", message: NO_ACCESS };
  const unpaid = await unpaidStanding(tx, customer.id, today, settings.membership.suspendAfterDays);
  if (unpaid?.suspended) return { refused: "suspended", message: suspensionMessage(unpaid) };
  return { sub };
}

/** memberAccess, refused with a 403. */
export async function lockMemberAccess(tx: Tx, customer: Customer, today: string, settings: Settings) {
  const access = await memberAccess(tx, customer, today, settings);
  if ("refused" in access) throw new HttpError(403, access.message);
  return access.sub;
}

export type QuotaBooking = {
  customer: Customer;
  sub: SubscriptionRow;
  area: Area;
  start: Date;
  end: Date;
  dogs: number;
  reactiveDog: boolean;
  inHeat: boolean;
  now: Date;
  settings: Settings;
};

/**
 * One member booking inside the caller's transaction, the membership row already locked
 * (lockMemberAccess): within the membership's dates, every slot rule, and the quota of the period
 * it starts in (with the hours carried into it). Throws the HttpError that says why not. Returns
 * the row and the hours left in that period after it. Used by a single member booking and by each
 * week of a standing slot (standingWeeks.ts).
 */
export async function bookInQuota(tx: Tx, o: QuotaBooking): Promise<{ row: Row; left: number }> {
  const { sub, start, end, now, settings } = o;
  const today = helsinkiDate(now);
  const startDay = helsinkiDate(start);
  refuseOutsideMembership(sub, startDay);

  await lockAreaBookings(tx, o.area.id);
  await expireHolds(tx, now, o.area.id);
  // A reactive dog or a female in heat blocks more than the booking's own time (decision 036).
  const options = { reactiveDog: o.reactiveDog, inHeat: o.inHeat };
  const buffers = buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, options);
  const check = await checkSlot(tx, { areaId: o.area.id, start, end, now, settings, buffers });
  if (!check.ok) throw check.code === "taken" ? conflict(check.reason) : badRequest(check.reason);

  const period = periodContaining(sub, startDay);
  const used = await hoursBookedBetween(tx, sub.id, period.from, period.to);
  const quota = await hoursQuotaOfPeriod(tx, sub, period.start);
  const carried = await carriedHoursInto(tx, sub, period, today, settings);
  const left = Math.max(0, quota + carried - used);
  const wanted = hoursOf({ startsAt: start, endsAt: end });
  if (wanted > left)
    throw conflict(
      `Tuntikiintiösi ei riitä: jaksolla ${formatDay(period.start)} alkaen sinulla on jäljellä ${formatHours(left)}, ja varaus vaatisi ${formatHours(wanted)}.`,
    );
  const { customer } = o;
  const row = await reservationRepository(tx).insert({
    areaId: o.area.id,
    startsAt: start,
    endsAt: end,
    status: "confirmed",
    kind: "subscriber",
    customerId: customer.id,
    subscriptionId: sub.id,
    name: customer.name ?? customer.email,
    email: customer.email,
    phone: customer.phone,
    dogs: o.dogs,
    ...options,
    ...blockedPeriod(start, end, buffers),
    priceCents: 0,
    vatCents: 0,
    accessToken: newToken(),
    doorToken: newToken(),
    confirmedAt: now,
  });
  return { row: { ...row, areaName: o.area.name }, left: left - wanted };
}

/**
 * Books without payment within the quota of the period the booking starts in. The membership's
 * row is locked first, so two bookings of one member take turns and cannot both fit the last
 * hours; then the area, as every checkout does. Same slot rules and exclusion constraint as
 * single bookings.
 */
export async function createSubscriberReservation(
  ctx: AppContext,
  customer: Customer,
  input: { start: string; end: string; dogs: number; reactiveDog?: boolean; inHeat?: boolean },
) {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const now = ctx.now();
  const today = helsinkiDate(now);
  const settings = await getSettings(ctx.db);
  if (input.dogs > settings.slotRules.maxDogs)
    throw badRequest(`Mukaan voi ottaa enintään ${settings.slotRules.maxDogs} koiraa.`);
  const area = await primaryArea(ctx.db);

  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const sub = await lockMemberAccess(tx, customer, today, settings);
      const { row, left } = await bookInQuota(tx, {
        customer,
        sub,
        area,
        start,
        end,
        dogs: input.dogs,
        reactiveDog: input.reactiveDog ?? false,
        inHeat: input.inHeat ?? false,
        now,
        settings,
      });
      // The confirmation (door link, .ics) is queued with the booking and sent after the commit.
      const mailId = await ctx.mail.enqueue(
        tx,
        memberConfirmationMail({
          reservation: row,
          areaName: area.name,
          settings,
          publicUrl: ctx.config.publicUrl,
          hoursLeft: left,
        }),
      );
      return { row, left, mailId };
    });
  } catch (error) {
    if (isSlotConflict(error)) throw conflict(TAKEN_MESSAGE);
    throw error;
  }
  await ctx.mail.sendCommitted(ctx.db, created.mailId);
  return {
    success: true,
    message: `Jäsenvaraus vahvistettu: ${formatTimeRange(start, end)}. Tuntikiintiötä jäljellä ${formatHours(created.left)}.`,
    reservation: toMemberReservation(ctx, { ...created.row, areaName: area.name }, settings),
  };
}

/**
 * Cancels one of the customer's own bookings by id: a subscriber booking until it starts (its
 * hours return to the quota), a single booking by the visitor's rule (24 hours, refund).
 */
export async function cancelMemberReservation(ctx: AppContext, customer: Customer, id: string) {
  const settings = await getSettings(ctx.db);
  const row = await reservationRepository(ctx.db).ownedById(customer, id);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  if (row.kind !== "subscriber") {
    const result = await cancelReservation(ctx, row.accessToken);
    const after = await reservationRepository(ctx.db).findWithArea({ id });
    return {
      success: result.success,
      message: result.message,
      reservation: toMemberReservation(ctx, after!, settings),
    };
  }
  const now = ctx.now();
  const { cancelled, mailId } = await ctx.db.transaction(async (tx) => {
    const cancelled = await reservationRepository(tx).cancelIfNotStarted(id, now, "customer");
    if (!cancelled) return { cancelled: null, mailId: null };
    const mail = await withSeriesEvent(
      tx,
      memberCancellationMail({
        reservation: cancelled,
        areaName: row.areaName,
        settings,
        publicUrl: ctx.config.publicUrl,
      }),
      cancelled,
      { settings, publicUrl: ctx.config.publicUrl },
    );
    return { cancelled, mailId: await ctx.mail.enqueue(tx, mail) };
  });
  await ctx.mail.sendCommitted(ctx.db, mailId);
  if (!cancelled)
    throw conflict(
      row.status === "cancelled"
        ? "Varaus on jo peruttu."
        : "Alkanutta tai päättynyttä varausta ei voi enää perua.",
    );
  return {
    success: true,
    message: `Jäsenvaraus peruttu. ${formatHours(hoursOf(row))} palautui kiintiöösi.`,
    reservation: toMemberReservation(ctx, { ...cancelled, areaName: row.areaName }, settings),
  };
}

/**
 * Moves one of the customer's own bookings by id (reservations/move.ts): a subscriber
 * booking until it starts, its hours counted again in the period of the new start; a single one by
 * the visitor's rule, with the difference of a cheaper time refunded.
 */
export async function moveMemberReservation(
  ctx: AppContext,
  customer: Customer,
  id: string,
  input: MoveInput,
) {
  const found = await reservationRepository(ctx.db).ownedById(customer, id);
  if (!found) throw notFound(RESERVATION_NOT_FOUND);
  const moved = await moveReservation(ctx, id, input, { kind: "member" });
  const settings = await getSettings(ctx.db);
  return {
    success: true,
    message: moved.message,
    reservation: toMemberReservation(ctx, { ...moved.reservation, areaName: found.areaName }, settings),
  };
}
