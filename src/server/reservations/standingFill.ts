import { windowEnd } from "../../domain/availability.js";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import { pauseOn } from "../../domain/membershipPeriods.js";
import type { AppContext } from "../context.js";
import { primaryArea } from "../availability/index.js";
import { getSettings } from "../settings/index.js";
import { memberAccess } from "./member.js";
import { standingRepository } from "./standingRepository.js";
import { standingEndedMail, standingWeeksMissedMail } from "./standingMail.js";
import { makeWeeks, recordWeeks, weeksToMake } from "./standingWeeks.js";

/** Series filled per run; the rest wait for the next hour. */
const FILL_BATCH = 50;

/**
 * The job: makes the weeks the booking window has reached since (decision 056). Each series in its
 * own transaction, its row locked and skipped when another server holds it; the week's key keeps a
 * week from being made twice whatever runs. A series of a suspended membership waits until the
 * invoice is paid; one whose membership has ended is ended. Weeks not had are e-mailed, but those
 * in the member's pause.
 */
export async function fillStandingSlots(ctx: AppContext): Promise<{ series: number; weeks: number }> {
  const now = ctx.now();
  const today = helsinkiDate(now);
  const settings = await getSettings(ctx.db);
  const end = windowEnd({ now, slotRules: settings.slotRules });
  const through = helsinkiDate(new Date(end));
  const ids = await standingRepository(ctx.db).dueForFill(through, FILL_BATCH);
  const area = ids.length > 0 ? await primaryArea(ctx.db) : null;
  let seriesCount = 0;
  let weekCount = 0;
  for (const id of ids) {
    const mailId = await ctx.db.transaction(async (tx) => {
      const standing = standingRepository(tx);
      const series = await standing.lock(id);
      if (!series || series.doneAt !== null) return null;
      const dates = weeksToMake(series, series.filledThrough, end);
      if (dates.length === 0) return null;
      const customer = await standing.customerOf(series);
      const access = customer ? await memberAccess(tx, customer, today, settings) : null;
      // Suspended: the weeks wait for the payment. No membership with access: the series ends.
      if (access && "refused" in access && access.refused === "suspended") return null;
      if (!access || "refused" in access || access.sub.id !== series.subscriptionId) {
        await standing.update(id, { endedFrom: dates[0]!, endedBy: "membership", doneAt: now });
        return null;
      }
      const { sub } = access;
      const made = await makeWeeks(tx, {
        customer: customer!,
        sub,
        area: area!,
        series,
        dates,
        now,
        settings,
      });
      await recordWeeks(tx, series, made, now);
      // Weeks in the member's own pause are listed with its reason, not e-mailed (decision 058).
      const missed = made.weeks.filter((w) => w.reservationId === null && !pauseOn(sub, w.date));
      seriesCount += 1;
      weekCount += made.weeks.length;
      if (missed.length === 0 && !made.membershipEndsAt) return null;
      const updated = await standing.bumpSequence(id);
      const weeks = await standing.allWeeksOf(id);
      const to = { name: customer!.name ?? customer!.email, email: customer!.email };
      const common = { series: updated, weeks, to, settings, publicUrl: ctx.config.publicUrl };
      const missedWeeks = weeks.filter((w) => missed.some((m) => m.date === w.date));
      return ctx.mail.enqueue(
        tx,
        missed.length > 0
          ? standingWeeksMissedMail({ ...common, missed: missedWeeks })
          : standingEndedMail({ ...common, cancelled: 0 }),
      );
    });
    await ctx.mail.sendCommitted(ctx.db, mailId);
  }
  return { series: seriesCount, weeks: weekCount };
}
