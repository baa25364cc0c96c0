import type { Customer } from "../../domain/customer.js";
import { formatDay, helsinkiDate } from "../../domain/helsinkiClock.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { PauseQuote } from "../../domain/membership.js";
import {
  addDays,
  commitmentLastDay,
  pauseDaysText,
  startOfHelsinkiDay,
} from "../../domain/membershipPeriods.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { conflict } from "../errors.js";
import {
  membershipPausedMail,
  planPause,
  subscriptionRepository,
  toSubscriptionView,
  type SubscriptionRow,
} from "../memberships/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { primaryArea } from "../availability/index.js";
import type { OutgoingMail } from "../mail/index.js";
import { icsAttachment } from "./receipt.js";
import { reservationRepository, type ReservationRow } from "./repository.js";
import { standingRepository } from "./standingRepository.js";
import { withSeriesEvent } from "./standingChange.js";

/**
 * The member pauses the membership (issue 35, deliver 2; decision 058). The pause's rules are the
 * memberships module's (subscriptions/pause.ts); here it is made, because it cancels the member's
 * bookings inside it: their hours would have no quota, and their slots go back to the calendar,
 * where the waitlist job offers them. The quote is the same plan, so the member confirms exactly
 * what will happen.
 */

export const NO_MEMBERSHIP_TO_PAUSE =
  "Taukoa voi pitää voimassa olevalla jäsenyydellä. Irtisanottua jäsenyyttä ei voi laittaa tauolle.";

async function activeMembershipOf(tx: Tx, customer: Customer, lock: boolean) {
  const subs = subscriptionRepository(tx);
  const sub = lock ? await subs.lockActiveOf(customer.id) : await subs.current(customer.id);
  if (!sub || sub.status !== "active") throw conflict(NO_MEMBERSHIP_TO_PAUSE);
  return sub;
}

async function planWithBookings(tx: Tx, sub: SubscriptionRow, weeks: number, settings: Settings, now: Date) {
  const plan = await planPause(tx, sub, weeks, helsinkiDate(now), settings);
  const bookings = await reservationRepository(tx).liveMemberBookingsIn(
    sub.id,
    startOfHelsinkiDay(plan.pause.startsOn),
    startOfHelsinkiDay(plan.pause.endsOn),
    now,
  );
  return { ...plan, bookings };
}

/**
 * The pause's e-mail takes the calendar with it: a cancel event for each single booking it cancelled,
 * and each standing slot whose weeks it cancelled as its recurring event with those weeks excluded
 * (decision 056), once per series.
 */
async function withCalendarChanges(
  tx: Tx,
  mail: OutgoingMail,
  cancelled: ReadonlyArray<{ row: ReservationRow; standing: boolean }>,
  settings: Settings,
  ctx: AppContext,
): Promise<OutgoingMail> {
  if (cancelled.length === 0) return mail;
  const { name: areaName } = await primaryArea(tx);
  const o = { settings, publicUrl: ctx.config.publicUrl };
  let withEvents: OutgoingMail = {
    ...mail,
    attachments: cancelled
      .filter((c) => !c.standing)
      .map((c) => icsAttachment({ reservation: c.row, areaName, ...o }, "CANCEL")),
  };
  const seen = new Set<string>();
  for (const { row } of cancelled.filter((c) => c.standing)) {
    const series = await standingRepository(tx).seriesOfReservation(row.id);
    if (!series || seen.has(series.id)) continue;
    seen.add(series.id);
    withEvents = await withSeriesEvent(tx, withEvents, row, o);
  }
  return withEvents;
}

/** What pausing for `weeks` weeks would do, as the pause itself would do it; nothing is changed. */
export async function quotePause(ctx: AppContext, customer: Customer, weeks: number): Promise<PauseQuote> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const sub = await activeMembershipOf(tx, customer, false);
    const { pause, commitmentEndDate, bookings } = await planWithBookings(tx, sub, weeks, settings, now);
    return {
      weeks: pause.weeks,
      starts_on: pause.startsOn,
      last_day: addDays(pause.endsOn, -1),
      resumes_on: pause.endsOn,
      commitment_last_day: commitmentEndDate ? commitmentLastDay(commitmentEndDate) : null,
      cancelled_bookings: bookings.map((b) => ({
        start: toHelsinkiIso(b.startsAt),
        end: toHelsinkiIso(b.endsAt),
        standing: b.standing,
      })),
      summary: `Jäsenyys on tauolla ${pauseDaysText(pause)}: tauon ajalta ei laskuteta eikä sille voi varata jäsenenä. Laskutus ja tuntikiintiö jatkuvat ${formatDay(pause.endsOn)}.`,
    };
  });
}

/** Pauses the membership: the pause and the commitment's new end, the bookings inside it cancelled, an e-mail. */
export async function pauseMembership(ctx: AppContext, customer: Customer, weeks: number) {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const sub = await activeMembershipOf(tx, customer, true);
    const plan = await planWithBookings(tx, sub, weeks, settings, now);
    await subscriptionRepository(tx).addPause(sub, plan.pause, plan.commitmentEndDate);
    const reservations = reservationRepository(tx);
    const cancelled: Array<{ row: ReservationRow; standing: boolean }> = [];
    for (const booking of plan.bookings) {
      const row = await reservations.cancelIfNotStarted(booking.id, now, "customer");
      if (row) cancelled.push({ row, standing: booking.standing });
    }
    const mail = membershipPausedMail(
      { settings, publicUrl: ctx.config.publicUrl },
      {
        pause: plan.pause,
        commitmentEndDate: plan.commitmentEndDate,
        cancelled: cancelled.map((c) => c.row),
      },
      customer,
    );
    const mailId = await ctx.mail.enqueue(tx, await withCalendarChanges(tx, mail, cancelled, settings, ctx));
    return { pause: plan.pause, cancelled: cancelled.length, mailId };
  });
  await ctx.mail.sendCommitted(ctx.db, done.mailId);
  const n = done.cancelled;
  const after = await subscriptionRepository(ctx.db).current(customer.id);
  return {
    success: true,
    message:
      `Jäsenyys on tauolla ${pauseDaysText(done.pause)}. Laskutus ja tuntikiintiö jatkuvat ${formatDay(done.pause.endsOn)}.` +
      (n > 0
        ? ` ${n === 1 ? "Yksi tauon aikainen varaus peruttiin" : `${n} tauon aikaista varausta peruttiin`}.`
        : "") +
      " Vahvistus lähetettiin sähköpostiisi.",
    subscription: await toSubscriptionView(ctx, after!),
  };
}
