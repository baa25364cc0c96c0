import type {
  ManualReservationInput,
  OpeningDay,
  ReservationDetails,
  ReservationList,
} from "../../domain/admin/reservations.js";
import { openingOn } from "../../domain/availability.js";
import { blockedPeriod, buffersFor } from "../../domain/dogRules.js";
import { datesBetween, daysInclusive, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { badRequest, conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { checkSlot, lockAreaBookings, primaryArea } from "../availability/index.js";
import { recordAudit } from "../system/index.js";
import { standingSummary } from "../../domain/standingSlot.js";
import { standingRepository } from "./standingRepository.js";
import { newToken } from "./service.js";
import { getSetting, getSettings, settingsRepository } from "../settings/index.js";
import { isSlotConflict } from "../db/index.js";
import { countWaiting } from "../waitlist/index.js";
import { adminReservationRepository } from "./adminRepository.js";
import { adminReservationById, toAdminReservations } from "./adminRows.js";
import { reservationRepository } from "./repository.js";
import { adminBookingMail } from "./visitorMail.js";
import { doorUrlOf } from "./receipt.js";
import { moneyOf } from "../ledger/index.js";
import { pageOf } from "../lists/index.js";
import { SEARCH_PAGE_SIZE } from "../../domain/admin/paging.js";
import { paymentsOf } from "../../domain/ledger.js";

/** Varaukset: the day and week views, the search, a booking's details and the manual booking. */

export const RESERVATION_NOT_FOUND = "Varausta ei löytynyt.";
const MAX_DAYS = 62;

/** A LIKE pattern that finds the text anywhere (the members' search uses it too). */

export async function listReservations(
  ctx: AppContext,
  query: { from?: string; to?: string; q?: string; page?: number },
): Promise<ReservationList> {
  const q = query.q?.trim() || undefined;
  if (!q && (!query.from || !query.to)) throw badRequest("Anna aikaväli (from ja to) tai hakusana.");
  if (query.from && query.to) {
    if (query.to < query.from) throw badRequest("Aikavälin loppu ei voi olla ennen alkua.");
    if (daysInclusive(query.from, query.to) > MAX_DAYS)
      throw badRequest(`Aikaväli voi olla enintään ${MAX_DAYS} päivää.`);
  }
  const from = query.from ? wallClock(query.from, "00:00").toJSDate() : undefined;
  const to = query.to ? wallClock(query.to, "24:00").toJSDate() : undefined;

  const admin = adminReservationRepository(ctx.db);
  // A search's page, and one row more to know whether older bookings match (issue 37).
  const page = pageOf(query.page, SEARCH_PAGE_SIZE);
  const found = await admin.list({ from, to, q, rows: { limit: page.limit + 1, offset: page.offset } });
  const rows = q ? found.slice(0, page.limit) : found;

  const blockRows = from && to ? await admin.blocksOverlapping(from, to) : [];
  const areaRows = await settingsRepository(ctx.db).areas();
  return {
    reservations: await toAdminReservations(ctx.db, rows),
    blocks: blockRows.map(({ block, areaName }) => ({
      id: block.id,
      areaId: block.areaId,
      areaName,
      start: toHelsinkiIso(block.startsAt),
      end: toHelsinkiIso(block.endsAt),
      reason: block.reason,
    })),
    areas: areaRows.map((a) => ({ id: a.id, name: a.name, active: a.active })),
    days: query.from && query.to ? await openingDays(ctx, query.from, query.to) : [],
    ...(q ? { search: { page: page.page, pageSize: page.pageSize, more: found.length > page.limit } } : {}),
  };
}

/** The opening hours of each date from..to, as the public calendar applies them (exceptions first). */
async function openingDays(ctx: AppContext, from: string, to: string): Promise<OpeningDay[]> {
  const { weekly } = await getSetting(ctx.db, "openingHours");
  const exceptions = await adminReservationRepository(ctx.db).openingExceptionsBetween(from, to);
  return datesBetween(from, to).map((date) => {
    const hours = openingOn({ weeklyHours: weekly, exceptions }, date);
    return {
      date,
      opens: hours ? toHelsinkiIso(hours.opens) : null,
      closes: hours ? toHelsinkiIso(hours.closes) : null,
    };
  });
}

export async function reservationDetails(ctx: AppContext, id: string): Promise<ReservationDetails> {
  const reservation = await adminReservationById(ctx.db, id);
  if (!reservation) throw notFound(RESERVATION_NOT_FOUND);
  const admin = adminReservationRepository(ctx.db);
  const paymentRows = await admin.payments(id);
  // The sums are the booking's ledger's (decision 038): each payment's refunds, and the balance.
  const { entries, balance } = await moneyOf(ctx.db, { reservationId: id });
  const paid = new Map(paymentsOf(entries).map((p) => [p.paymentId, p]));
  const doorRows = await admin.doorEvents(id);
  const now = ctx.now();
  const row = await admin.attendance(id);
  const customer = await admin.customerAttendance(reservation.email, now);
  return {
    reservation,
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents + p.giftCardCents,
      refundedCents: (paid.get(p.id)?.refundedCents ?? 0) + (paid.get(p.id)?.giftCardReturnedCents ?? 0),
      paidAt: p.paidAt ? toHelsinkiIso(p.paidAt) : null,
      createdAt: toHelsinkiIso(p.createdAt),
    })),
    money: balance,
    doorEvents: doorRows.map((e) => ({
      at: toHelsinkiIso(e.createdAt),
      allowed: e.allowed,
      reason: e.reason,
      provider: e.provider,
    })),
    attendance: {
      attendedAt: row!.attendedAt ? toHelsinkiIso(row!.attendedAt) : null,
      noShow: reservation.status === "confirmed" && !row!.attendedAt && row!.endsAt <= now,
      customerEndedBookings: customer.endedBookings,
      customerNoShows: customer.noShows,
    },
    waitingInLine: await countWaiting(ctx.db, {
      areaId: row!.areaId,
      start: row!.startsAt,
      end: row!.endsAt,
    }),
    // The link the customer's e-mails give (an admin's manual booking's customer may ask for it).
    doorUrl: reservation.status === "confirmed" ? doorUrlOf(ctx.config.publicUrl, row!.doorToken) : null,
    standing: await standingOf(ctx, id),
  };
}

/** The standing slot a booking is a week of, named as Varaukset shows it, with its member. */
async function standingOf(ctx: AppContext, reservationId: string) {
  const standing = standingRepository(ctx.db);
  const series = await standing.seriesOfReservation(reservationId);
  if (!series) return null;
  const customer = await standing.customerOf(series);
  return {
    id: series.id,
    summary: standingSummary(series.weekday, series.startTime, series.minutes),
    customerId: customer?.id ?? null,
  };
}

/**
 * What a manual booking may ignore besides the booking window (lifted in checkSlot, so the rules
 * checked after it still hold at any distance ahead): lengths without a price. An overlap with a
 * live booking is still refused by the exclusion constraint.
 */
const ADMIN_MAY_OVERRIDE = new Set(["no_price"]);

/**
 * A booking the admin makes for someone (a phone call, a member's guest): confirmed at once,
 * without payment or price. The slot rules hold as for everyone, and the area lock and the
 * exclusion constraint keep it from overlapping another live booking.
 */
export async function createManualReservation(
  ctx: AppContext,
  actor: AdminActor,
  input: ManualReservationInput,
) {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const areaId = input.areaId ?? (await primaryArea(ctx.db)).id;
  const area = await adminReservationRepository(ctx.db).activeArea(areaId);
  if (!area) throw badRequest("Valittua aluetta ei ole tai se ei ole käytössä.");
  const now = ctx.now();
  try {
    const created = await ctx.db.transaction(async (tx) => {
      await lockAreaBookings(tx, areaId);
      const settings = await getSettings(tx);
      const options = { reactiveDog: input.reactiveDog ?? false, inHeat: input.inHeat ?? false };
      const buffers = buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, options);
      const check = await checkSlot(tx, { areaId, start, end, now, settings, buffers, ignoreWindow: true });
      if (!check.ok && !ADMIN_MAY_OVERRIDE.has(check.code))
        throw check.code === "taken" ? conflict(check.reason) : badRequest(check.reason);
      const row = await reservationRepository(tx).insert({
        areaId,
        startsAt: start,
        endsAt: end,
        status: "confirmed",
        kind: "admin",
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        dogs: input.dogs,
        ...options,
        ...blockedPeriod(start, end, buffers),
        priceCents: 0,
        vatCents: 0,
        accessToken: newToken(),
        doorToken: newToken(),
        confirmedAt: now,
      });
      await recordAudit(tx, actor, {
        action: "reservation.create",
        entity: "reservation",
        entityId: row.id,
        after: row,
      });
      // The customer's confirmation (door link, .ics), queued with the booking, sent after the commit.
      const mailId = await ctx.mail.enqueue(
        tx,
        adminBookingMail({
          reservation: row,
          areaName: area.name,
          settings,
          publicUrl: ctx.config.publicUrl,
        }),
      );
      return { id: row.id, mailId };
    });
    await ctx.mail.sendCommitted(ctx.db, created.mailId);
    return (await adminReservationById(ctx.db, created.id))!;
  } catch (error) {
    if (isSlotConflict(error)) throw conflict("Aika on jo varattu. Valitse toinen aika.");
    throw error;
  }
}
